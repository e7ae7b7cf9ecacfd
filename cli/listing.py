"""What ``cardkit list`` shows, kept in a small cache so that listing loads no plugin.

Importing every game package (and the core under it) costs more than the rest
of the command. So the listing of each game is cached in
``CARDKIT_HOME/cache/games.json`` (``~/.cardkit`` by default), under a key
made of the entry point, its distribution's version and the newest
modification time among the source files of the plugin's top-level package and
of cardkit's own. Any change to those, a new or removed plugin included,
reloads the games; a plugin that fails to load is never cached, so its error
shows every time. So is one whose ``Game.id`` is not its entry-point name (the
registry shows it as broken), and a cached row whose id is not the name it is
cached under is not trusted: each row's id is its entry-point name, so no id is
listed twice. Two entry points of one name (a plugin claiming a built-in's id)
are left to the registry's rule (:mod:`cardkit.registry`): the listing then
loads the games and shows the one left out, and why, on a line of its own.
Every cell is shown as text (:func:`cli.common.safe_text`): a name from a plugin
or the cache writes no terminal escape.
"""

from __future__ import annotations

import json
import os
import sys
from importlib.metadata import EntryPoint, entry_points
from importlib.util import find_spec
from pathlib import Path
from typing import Any, NamedTuple

from cli.common import cardkit_home, safe_text

GAMES_GROUP = "cardkit.games"  # the same group as cardkit.registry.GAMES_GROUP
CACHE_VERSION = 1


class GameRow(NamedTuple):
    """One line of ``cardkit list``; ``error`` is set for a broken plugin, whose ``name`` is
    then its status (``(failed to load)``, ``(left out)``)."""

    id: str
    name: str
    players: str
    summary: str
    error: str = ""


def cache_path() -> Path:
    """The listing cache file."""
    return cardkit_home() / "cache" / "games.json"


def installed_games() -> list[GameRow]:
    """One row per installed game, sorted by id: from the cache when nothing changed."""
    if "cardkit.registry" in sys.modules:  # loaded already; may hold in-process games
        return loaded_rows()
    points: dict[str, EntryPoint] = {}
    for ep in entry_points(group=GAMES_GROUP):
        if points.setdefault(ep.name, ep).value != ep.value:  # two claim one id
            return loaded_rows()
    core = source_stamp("cardkit")
    keys = {name: entry_key(ep, core) for name, ep in points.items()}
    cached = read_cache(cache_path())
    hits = [cached.get(name, {}).get(key) if key else None for name, key in keys.items()]
    if all(row is not None and row[0] == name for name, row in zip(keys, hits, strict=True)):
        return sorted((GameRow(*row) for row in hits if row), key=lambda r: r.id)
    from cardkit.registry import game_entry

    loaded = {name: row_of(game_entry(ep)) for name, ep in points.items()}
    entries: dict[str, dict[str, list[str]]] = {}
    for name, row in loaded.items():
        key = keys[name]
        if key is not None and not row.error and row.id == name:
            entries[name] = {key: list(row[:4])}
    write_cache(cache_path(), entries)
    return sorted(loaded.values(), key=lambda r: r.id)


def format_rows(rows: list[GameRow], width: int) -> list[tuple[str, bool]]:
    """The lines of ``cardkit list`` (a header, then one game per line, its summary wrapped
    to ``width``), each with whether it is the header."""
    header = GameRow("id", "name", "players", "summary")
    shown = [header] + [
        GameRow(*(safe_text(cell) for cell in row[:4]))
        if not row.error
        else GameRow(safe_text(row.id), row.name or "(failed to load)", "-", safe_text(row.error))
        for row in rows
    ]
    lines: list[tuple[str, bool]] = []
    for i, block in enumerate(hanging_rows([list(row[:4]) for row in shown], width)):
        lines.extend((line, i == 0 and n == 0) for n, line in enumerate(block))
    return lines


MIN_LAST_COLUMN = 20
"""The narrowest the wrapped last column of :func:`hanging_rows` gets."""


def hanging_rows(rows: list[list[str]], width: int, gap: int = 2) -> list[list[str]]:
    """``rows`` of cells as aligned columns, each row's lines: the first columns as wide as
    their widest cell, the last one wrapped at word boundaries to what is left of
    ``width`` (at least :data:`MIN_LAST_COLUMN`), its further lines indented under it. A
    last cell of several lines (``\\n``) starts each on a line of its own, indented alike."""
    import textwrap

    if not rows:
        return []
    count = len(rows[0])
    widths = [max(len(row[i]) for row in rows) for i in range(count - 1)]
    indent = sum(widths) + gap * len(widths)
    room = max(MIN_LAST_COLUMN, width - indent - 1)
    out: list[list[str]] = []
    for row in rows:
        left = "".join(cell.ljust(w + gap) for cell, w in zip(row[:-1], widths, strict=True))
        text = [
            piece
            for paragraph in row[-1].split("\n")
            for piece in textwrap.wrap(paragraph, room, break_on_hyphens=False) or [""]
        ] or [""]
        out.append([(left + text[0]).rstrip()] + [(" " * indent + more) for more in text[1:]])
    return out


def loaded_rows() -> list[GameRow]:
    """Rows from the registry, every game loaded."""
    from cardkit.registry import all_games

    return [row_of(game) for game in all_games()]


def row_of(game: object) -> GameRow:
    """The row of a loaded game, or of a plugin that failed to load."""
    from cardkit.game import Game
    from cardkit.registry import Broken

    if isinstance(game, Game):
        players = f"{game.min_players}-{game.max_players}"
        return GameRow(game.id, game.name, players, game.summary)
    assert isinstance(game, Broken)
    return GameRow(game.name, f"({game.status})", "", "", game.error)


def entry_key(ep: EntryPoint, core: str | None) -> str | None:
    """What the cached row of ``ep`` depends on; None if its source cannot be found.

    The stamp covers the whole top-level package of the entry point's module
    (``games`` for ``games.ufos:GAME``): a game's texts may live in any module of it.
    """
    package = ep.value.split(":")[0].strip().split(".")[0]
    try:
        stamp = source_stamp(package)
    except Exception:  # a parent package that fails to import: load it and show why
        return None
    if stamp is None or core is None:
        return None
    dist = ep.dist
    version = f"{dist.name} {dist.version}" if dist is not None else "-"
    return f"{ep.value}|{version}|{stamp}|{core}"


def source_stamp(module: str) -> str | None:
    """The newest modification time among ``module``'s source files (a package: all of
    them, below its directory), found without importing it; None if it cannot be found."""
    spec = find_spec(module)  # imports nothing for a top-level name
    if spec is None or spec.origin is None:
        return None
    origin = Path(spec.origin)
    if not spec.submodule_search_locations:
        return str(origin.stat().st_mtime_ns)
    newest = 0
    for root, dirs, files in os.walk(origin.parent):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in files:
            if name.endswith(".py"):
                newest = max(newest, os.stat(os.path.join(root, name)).st_mtime_ns)
    return str(newest)


CACHE_LIMIT = 1 << 20
"""The largest cache file read (bytes); a bigger one is rebuilt."""


def read_cache(path: Path) -> dict[str, dict[str, list[str]]]:
    """The cached rows by entry-point name and key; empty if the file is missing or damaged."""
    try:
        if path.stat().st_size > CACHE_LIMIT:
            return {}
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):  # a damaged or hostile cache is rebuilt
        return {}
    if not isinstance(data, dict) or data.get("version") != CACHE_VERSION:
        return {}
    games = data.get("games")
    if not isinstance(games, dict):
        return {}
    out: dict[str, dict[str, list[str]]] = {}
    for name, entry in games.items():
        if isinstance(entry, dict):
            out[name] = {
                key: row
                for key, row in entry.items()
                if isinstance(row, list) and len(row) == 4 and all(isinstance(x, str) for x in row)
            }
    return out


def write_cache(path: Path, games: dict[str, dict[str, list[str]]]) -> None:
    """Replace the cache; a cache that cannot be written is simply not kept."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"version": CACHE_VERSION, "games": games}), encoding="utf-8")
        try:
            os.replace(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)  # left only when the replace failed
    except OSError:
        pass
