"""The plugin registry: games and bots found through entry points.

Games come from the ``cardkit.games`` group, bots from ``cardkit.bots``; the
built-in games register exactly as a third-party package does. An entry point
is loaded only when it is asked for, and one that fails to load is reported by
name with its error without breaking the others: one that raises, calls
``sys.exit`` or does not finish importing within :data:`IMPORT_TIME_LIMIT`
seconds. A game's ``Game.id`` must equal its entry-point name (the name a
record and ``cardkit play GAME`` look it up by); a game that differs is shown
as broken, naming both, so no two games can share an id.
"""

from __future__ import annotations

import inspect
import threading
from collections.abc import Mapping
from importlib.metadata import EntryPoint, entry_points
from typing import Any

import attrs

from cardkit.bots import BaseBot, BotSpec
from cardkit.errors import OptionError, UnknownNameError
from cardkit.game import Game

GAMES_GROUP = "cardkit.games"
BOTS_GROUP = "cardkit.bots"
IMPORT_TIME_LIMIT = 15.0
"""Seconds a plugin may take to import before it is shown as broken (it is not waited for)."""
RESERVED_BOT_PARAMS = ("game", "seat", "seed")
"""Names a bot spec may not use: the runner passes them to every bot itself."""


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


def _failure(name: str, exc: BaseException) -> Broken:
    """A plugin's error as one line."""
    if isinstance(exc, SystemExit):
        return Broken(name, f"the plugin called sys.exit({exc.code!r}) while loading")
    text = f"{type(exc).__name__}: {exc}".splitlines()
    return Broken(name, text[0] if text else type(exc).__name__)


def _load(group: str, ep: EntryPoint) -> object:
    """``ep`` loaded once, in a daemon thread so that a plugin that hangs is given up on
    after :data:`IMPORT_TIME_LIMIT` seconds; a failure becomes :class:`Broken`."""
    key = f"{group}:{ep.name}"
    if key not in _cache:
        done: list[object] = []

        def load() -> None:
            try:
                done.append(ep.load())
            except (Exception, SystemExit) as exc:  # a broken plugin must never break the others
                done.append(_failure(ep.name, exc))

        loader = threading.Thread(target=load, name=f"load {key}", daemon=True)
        loader.start()
        loader.join(IMPORT_TIME_LIMIT)
        if done:
            _cache[key] = done[0]
        else:
            limit = f"{IMPORT_TIME_LIMIT:g}"
            _cache[key] = Broken(ep.name, f"the plugin did not finish loading within {limit} s")
    return _cache[key]


def _as_game(name: str, obj: object) -> Game | Broken:
    if isinstance(obj, Broken):
        return obj
    if isinstance(obj, type) and issubclass(obj, Game):
        try:
            obj = obj()
        except (Exception, SystemExit) as exc:
            return _failure(name, exc)
    if not isinstance(obj, Game):
        return Broken(name, f"entry point does not name a cardkit Game (got {type(obj).__name__})")
    if obj.id != name:
        return Broken(
            name,
            f"its Game.id is {obj.id!r} but it is registered as {name!r}: "
            "a game's id must be its entry-point name",
        )
    if EXEC_NAME in obj.bots:
        return Broken(name, f"its bots include one named 'exec': {EXEC_TAKEN}")
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


EXEC_NAME = "exec"
"""The bot name of external programs (``exec:COMMAND``): no plugin bot may take it."""
EXEC_TAKEN = "a bot may not be named 'exec': exec:COMMAND runs an external program; rename the bot"


def all_bots() -> list[type[Any] | Broken]:
    """Every bot class from the ``cardkit.bots`` group, plus directly registered ones.

    A bot named ``exec`` (entry point or class) is :class:`Broken`: the name is
    that of external programs, which it would otherwise shadow unseen.
    """
    out: list[type[Any] | Broken] = [
        Broken(EXEC_NAME, EXEC_TAKEN) if name == EXEC_NAME else bot
        for name, bot in _extra_bots.items()
    ]
    for ep in _entry_points(BOTS_GROUP):
        if ep.name in _extra_bots:
            continue
        obj = _load(BOTS_GROUP, ep)
        if isinstance(obj, type) and hasattr(obj, "choose"):
            named = EXEC_NAME in (ep.name, str(getattr(obj, "name", "")))
            out.append(Broken(ep.name, EXEC_TAKEN) if named else obj)
        elif isinstance(obj, Broken):
            out.append(obj)
        else:
            out.append(Broken(ep.name, "entry point does not name a bot class"))
    return out


def bots_for(game: Game) -> dict[str, type[Any]]:
    """Bot classes that play ``game``, by name: the game's own first, then generic ones."""
    from cardkit.extbot import ExecBot

    found: dict[str, type[Any]] = {EXEC_NAME: ExecBot}
    for bot in all_bots():
        if isinstance(bot, Broken):
            continue
        games = getattr(bot, "games", None)
        if games is None or game.id in games:
            found.setdefault(str(bot.name), bot)
    found.update((name, bot) for name, bot in game.bots.items() if name != EXEC_NAME)
    return found


def bot_params_text(cls: type[Any]) -> str:
    """The parameter names of a bot class, for messages: those it declares in ``params``,
    else the keyword parameters of its constructor after game, seat and seed (or ``none``)."""
    declared = getattr(cls, "params", None)
    if declared is not None:
        names = [str(getattr(p, "name", p)) for p in declared]
    else:
        try:
            signature = inspect.signature(cls)
        except (TypeError, ValueError):
            return "unknown"
        kinds = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
        names = [p.name for p in list(signature.parameters.values())[3:] if p.kind in kinds]
    return ", ".join(names) or "none"


def make_bot(spec: str | BotSpec, game: Game, seat: int, seed: int) -> BaseBot:
    """Build the bot of ``spec`` for ``seat``; ``UnknownNameError`` or ``OptionError`` if bad
    (a reserved parameter name, or parameters the bot's constructor refuses)."""
    parsed = BotSpec.parse(spec) if isinstance(spec, str) else spec
    known = bots_for(game)
    cls = known.get(parsed.name)
    if cls is None:
        raise UnknownNameError(f"bot for {game.id}", parsed.name, sorted(known))
    allowed = f"the parameters of bot {parsed.name!r} are {bot_params_text(cls)}"
    reserved = [name for name in parsed.params if name in RESERVED_BOT_PARAMS]
    if reserved:
        raise OptionError(
            f"bot parameter {reserved[0]!r} is reserved (cardkit sets game, seat and seed "
            f"itself): {allowed}"
        )
    params: Mapping[str, Any] = dict(parsed.params)
    try:
        bot: BaseBot = cls(game, seat, seed, **params)
    except TypeError as exc:
        if not params:
            raise  # not the spec's fault: the bot itself is broken
        given = ",".join(f"{k}={v}" for k, v in parsed.params.items())
        raise OptionError(f"bot {parsed.name!r} refused the parameters {given}: {allowed}") from exc
    return bot


def check_bot_spec(spec: str, game: Game) -> BotSpec:
    """Parse and validate a bot spec for ``game`` without keeping the bot."""
    parsed = BotSpec.parse(spec)
    make_bot(parsed, game, 0, 0)
    return parsed
