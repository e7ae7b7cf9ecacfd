"""``cardkit list`` and its cache: whole processes, with a plugin installed in a temporary
directory (a ``.dist-info`` with its entry point, found through ``PYTHONPATH``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardkit import registry
from cli import listing
from cli.listing import GameRow, format_rows

ROOT = Path(__file__).resolve().parents[2]

# Prints the listing, then (on stderr) whether the plugins were loaded through the registry.
PROBE = (
    "import atexit, sys\n"
    "atexit.register(lambda: print('imported' if 'cardkit.registry' in sys.modules else 'cached',"
    " file=sys.stderr))\n"
    "from cli.app import main\n"
    "main()\n"
)


def install_plugin(
    site: Path,
    name: str,
    entry: str = "fakeplugin:GAME",
    registered: str = "fake",
    game_id: str = "fake",
) -> Path:
    """A plugin distribution ``fakeplugin`` whose game ``game_id``, registered as the entry
    point ``registered``, is called ``name`` (a text kept in ``fakeplugin/texts.py``);
    returns the file of its game class."""
    dist = site / "fakeplugin-1.0.dist-info"
    dist.mkdir(parents=True, exist_ok=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: fakeplugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(f"[cardkit.games]\n{registered} = {entry}\n")
    package = site / "fakeplugin"
    package.mkdir(exist_ok=True)
    (package / "__init__.py").write_text("from fakeplugin.game import GAME\n")
    (package / "texts.py").write_text(f"NAME = {name!r}\n")
    source = package / "game.py"
    source.write_text(
        "from fakeplugin.texts import NAME\n"
        "from tests.tinygame import TinyGame\n\n\n"
        "class Fake(TinyGame):\n"
        f"    id = {game_id!r}\n"
        "    name = NAME\n\n\n"
        "GAME = Fake()\n"
    )
    return source


def cardkit_list(site: Path, home: Path) -> tuple[str, str]:
    """(stdout, how the plugin was listed: 'imported' or 'cached')."""
    env = {**os.environ, "PYTHONPATH": f"{site}{os.pathsep}{ROOT}", "CARDKIT_HOME": str(home)}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, "list"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout, done.stderr.strip().splitlines()[-1]


def fake_line(out: str) -> str:
    return next(line for line in out.splitlines() if line.startswith("fake "))


def test_second_listing_imports_no_plugin_and_a_changed_plugin_is_reloaded(
    tmp_path: Path,
) -> None:
    site, home = tmp_path / "site", tmp_path / "home"
    source = install_plugin(site, "Fake One")
    out, how = cardkit_list(site, home)
    assert how == "imported" and "Fake One" in fake_line(out) and "2-3" in fake_line(out)
    assert "uno-star-trek" in out  # the built-in games are listed beside it
    again, how = cardkit_list(site, home)
    assert how == "cached" and again == out
    install_plugin(site, "Fake Two")
    later(source.parent / "texts.py")
    out, how = cardkit_list(site, home)
    assert how == "imported" and "Fake Two" in fake_line(out)


def later(path: Path) -> None:
    """Date ``path`` a second after its modification time, as an edit would."""
    stamp = path.stat().st_mtime_ns + 1_000_000_000
    os.utime(path, ns=(stamp, stamp))


def test_a_name_kept_in_another_module_of_the_package_is_reread(tmp_path: Path) -> None:
    site, home = tmp_path / "site", tmp_path / "home"
    install_plugin(site, "Fake One", entry="fakeplugin.game:GAME")  # the entry is one module
    assert "Fake One" in fake_line(cardkit_list(site, home)[0])
    assert cardkit_list(site, home)[1] == "cached"
    texts = site / "fakeplugin" / "texts.py"  # only this file changes, not game.py
    texts.write_text("NAME = 'Fake Two'\n")
    later(texts)
    out, how = cardkit_list(site, home)
    assert how == "imported" and "Fake Two" in fake_line(out)


def test_a_removed_plugin_leaves_the_listing(tmp_path: Path) -> None:
    site, home = tmp_path / "site", tmp_path / "home"
    install_plugin(site, "Fake One")
    cardkit_list(site, home)
    (site / "fakeplugin-1.0.dist-info" / "entry_points.txt").write_text("")
    out, _ = cardkit_list(site, home)
    assert "fake " not in out and "ufos" in out


def test_a_broken_plugin_is_never_cached(tmp_path: Path) -> None:
    site, home = tmp_path / "site", tmp_path / "home"
    source = install_plugin(site, "Fake One")
    source.write_text("raise RuntimeError('no deck here')\n")
    for _ in range(2):
        out, how = cardkit_list(site, home)
        assert how == "imported"
        assert "(failed to load)" in fake_line(out) and "RuntimeError: no deck here" in out


def test_a_damaged_cache_is_rebuilt(tmp_path: Path) -> None:
    site, home = tmp_path / "site", tmp_path / "home"
    install_plugin(site, "Fake One")
    cardkit_list(site, home)
    (home / "cache" / "games.json").write_text('{"version": 1, "games": {"fake": [')
    out, how = cardkit_list(site, home)
    assert how == "imported" and "Fake One" in fake_line(out)
    _, how = cardkit_list(site, home)
    assert how == "cached"


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"version": 1, "games": {}, "pad": "' + "x" * (2 << 20) + '"}',
    ],
)
def test_a_nested_or_huge_cache_is_rebuilt_without_a_traceback(tmp_path: Path, text: str) -> None:
    site, home = tmp_path / "site", tmp_path / "home"
    install_plugin(site, "Fake One")
    cardkit_list(site, home)
    (home / "cache" / "games.json").write_text(text)
    out, how = cardkit_list(site, home)
    assert how == "imported" and "Fake One" in fake_line(out)


@pytest.mark.parametrize("width", [40, 80, 200])
def test_rows_are_aligned_and_summaries_wrap_to_the_width(width: int) -> None:
    rows = [
        GameRow("a", "Alpha", "2-4", "word " * 30),
        GameRow("longer-id", "B", "3-10", "short"),
        GameRow("gone", "", "", "", "ImportError: no module named gone"),
    ]
    lines = format_rows(rows, width)
    assert lines[0] == ("id         name              players  summary", True)
    column = lines[0][0].index("summary")  # every summary line starts in this column
    body = [text for text, header in lines[1:]]
    assert not any(header for _, header in lines[1:])
    assert all(len(text) <= max(width, column + 21) for text in body)
    second = next(i for i, text in enumerate(body) if text.startswith("longer-id"))
    first, rest = body[:second], body[second:]
    assert first[0].startswith("a          Alpha             2-4      word")
    assert all(text[:column].isspace() for text in first[1:])
    assert " ".join(text[column:] for text in first) == " ".join(["word"] * 30)
    assert rest[0] == "longer-id  B                 3-10     short"
    assert rest[1].startswith("gone       (failed to load)  -        ImportError:")
    assert " ".join(text[column:] for text in rest[1:]) == "ImportError: no module named gone"


def test_the_listing_reads_the_registrys_entry_point_group() -> None:
    # cli.listing names the group itself, so that listing need not import the core
    assert listing.GAMES_GROUP == registry.GAMES_GROUP


def lines_starting(out: str, word: str) -> list[str]:
    return [line for line in out.splitlines() if line.split(" ", 1)[0] == word]


def test_a_game_whose_id_is_not_its_entry_point_name_is_a_broken_row(tmp_path: Path) -> None:
    # the entry point "my-game" names a game whose id is "ufos", a built-in game's id
    site, home = tmp_path / "site", tmp_path / "home"
    install_plugin(site, "Not UFOs", registered="my-game", game_id="ufos")
    for _ in range(2):  # never cached: the second listing loads it again
        out, how = cardkit_list(site, home)
        assert how == "imported"
        assert len(lines_starting(out, "ufos")) == 1 and "Not UFOs" not in out
        (row,) = lines_starting(out, "my-game")
        assert "(failed to load)" in row
        words = " ".join(out.split())
        assert "its Game.id is 'ufos' but it is registered as 'my-game'" in words


def test_a_cached_row_under_another_id_is_not_trusted(tmp_path: Path) -> None:
    site, home = tmp_path / "site", tmp_path / "home"
    install_plugin(site, "Fake One")
    cardkit_list(site, home)
    cache = home / "cache" / "games.json"
    data = json.loads(cache.read_text(encoding="utf-8"))
    (row,) = data["games"]["fake"].values()
    row[0] = "ufos"  # as a cache written before ids were checked could hold
    cache.write_text(json.dumps(data), encoding="utf-8")
    out, how = cardkit_list(site, home)
    assert how == "imported"
    assert len(lines_starting(out, "ufos")) == 1 and "Fake One" in fake_line(out)
    assert cardkit_list(site, home) == (out, "cached")
