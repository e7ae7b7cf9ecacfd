"""The plugin registry: games and bots found through entry points.

Games come from the ``cardkit.games`` group, bots from ``cardkit.bots``; the
built-in games register exactly as a third-party package does. An entry point
is loaded only when it is asked for, and one that fails to load is reported by
name with its error without breaking the others.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib.metadata import EntryPoint, entry_points
from typing import Any

import attrs

from cardkit.bots import BaseBot, BotSpec
from cardkit.errors import OptionError, UnknownNameError
from cardkit.game import Game

GAMES_GROUP = "cardkit.games"
BOTS_GROUP = "cardkit.bots"


@attrs.frozen(slots=True)
class Broken:
    """A plugin that failed to load: its entry-point name and the error in one line."""

    name: str
    error: str


_extra_games: dict[str, Game] = {}
_extra_bots: dict[str, type[Any]] = {}
_cache: dict[str, object] = {}


def register_game(game: Game) -> None:
    """Register a game object directly (tests, notebooks); entry points are the usual way."""
    _extra_games[game.id] = game


def register_bot(bot: type[Any]) -> None:
    """Register a bot class directly (tests, notebooks)."""
    _extra_bots[str(bot.name)] = bot


def _entry_points(group: str) -> list[EntryPoint]:
    seen: dict[str, EntryPoint] = {}
    for ep in entry_points(group=group):
        seen.setdefault(ep.name, ep)
    return sorted(seen.values(), key=lambda e: e.name)


def _load(group: str, ep: EntryPoint) -> object:
    key = f"{group}:{ep.name}"
    if key not in _cache:
        try:
            _cache[key] = ep.load()
        except Exception as exc:  # a broken plugin must never break the others
            _cache[key] = Broken(ep.name, f"{type(exc).__name__}: {exc}".splitlines()[0])
    return _cache[key]


def _as_game(name: str, obj: object) -> Game | Broken:
    if isinstance(obj, Broken):
        return obj
    if isinstance(obj, type) and issubclass(obj, Game):
        try:
            obj = obj()
        except Exception as exc:
            return Broken(name, f"{type(exc).__name__}: {exc}")
    if not isinstance(obj, Game):
        return Broken(name, f"entry point does not name a cardkit Game (got {type(obj).__name__})")
    return obj


def game_names() -> list[str]:
    """Ids of every installed game (broken ones included), without loading them."""
    names = {ep.name for ep in _entry_points(GAMES_GROUP)} | set(_extra_games)
    return sorted(names)


def game_entry(ep: EntryPoint) -> Game | Broken:
    """The game a ``cardkit.games`` entry point names, loaded once; :class:`Broken` if it fails."""
    return _as_game(ep.name, _load(GAMES_GROUP, ep))


def all_games() -> list[Game | Broken]:
    """Every installed game, loaded; a plugin that fails shows as :class:`Broken`."""
    out: list[Game | Broken] = list(_extra_games.values())
    for ep in _entry_points(GAMES_GROUP):
        if ep.name not in _extra_games:
            out.append(game_entry(ep))
    return sorted(out, key=lambda g: g.id if isinstance(g, Game) else g.name)


def get_game(name: str) -> Game:
    """The game registered as ``name``; ``UnknownNameError`` (with a suggestion) if none.

    A game that fails to load raises ``OptionError`` naming it and its error.
    """
    if name in _extra_games:
        return _extra_games[name]
    for ep in _entry_points(GAMES_GROUP):
        if ep.name == name:
            game = _as_game(name, _load(GAMES_GROUP, ep))
            if isinstance(game, Broken):
                raise OptionError(f"game {name!r} is installed but failed to load: {game.error}")
            return game
    raise UnknownNameError("game", name, game_names())


def all_bots() -> list[type[Any] | Broken]:
    """Every bot class from the ``cardkit.bots`` group, plus directly registered ones."""
    out: list[type[Any] | Broken] = list(_extra_bots.values())
    for ep in _entry_points(BOTS_GROUP):
        if ep.name in _extra_bots:
            continue
        obj = _load(BOTS_GROUP, ep)
        if isinstance(obj, Broken) or (isinstance(obj, type) and hasattr(obj, "choose")):
            out.append(obj)
        else:
            out.append(Broken(ep.name, "entry point does not name a bot class"))
    return out


def bots_for(game: Game) -> dict[str, type[Any]]:
    """Bot classes that play ``game``, by name: the game's own first, then generic ones."""
    found: dict[str, type[Any]] = {}
    for bot in all_bots():
        if isinstance(bot, Broken):
            continue
        games = getattr(bot, "games", None)
        if games is None or game.id in games:
            found.setdefault(str(bot.name), bot)
    found.update(game.bots)
    return found


def make_bot(spec: str | BotSpec, game: Game, seat: int, seed: int) -> BaseBot:
    """Build the bot of ``spec`` for ``seat``; ``UnknownNameError`` or ``OptionError`` if bad."""
    parsed = BotSpec.parse(spec) if isinstance(spec, str) else spec
    known = bots_for(game)
    cls = known.get(parsed.name)
    if cls is None:
        raise UnknownNameError(f"bot for {game.id}", parsed.name, sorted(known))
    params: Mapping[str, Any] = dict(parsed.params)
    bot: BaseBot = cls(game, seat, seed, **params)
    return bot


def check_bot_spec(spec: str, game: Game) -> BotSpec:
    """Parse and validate a bot spec for ``game`` without keeping the bot."""
    parsed = BotSpec.parse(spec)
    make_bot(parsed, game, 0, 0)
    return parsed
