"""The plugin registry: games and bots found through entry points.

Games come from the ``cardkit.games`` group, bots from ``cardkit.bots``; the
built-in games register exactly as a third-party package does. An entry point
is loaded only when it is asked for, and one that fails to load is reported by
name with its error without breaking the others: one that raises, calls
``sys.exit`` or does not finish importing within :data:`IMPORT_TIME_LIMIT`
seconds. A game's ``Game.id`` must equal its entry-point name (the name a
record and ``cardkit play GAME`` look it up by), and a bot class's ``name`` its
entry-point name; one that differs is shown as broken, naming both, so no two
games (or bots) can share an id. A game whose metadata (id, name, summary, rules,
player counts, options, bots) raises or has the wrong type when read is broken too:
it is read once at load, so listing, the game picker, ``cardkit rules`` and
``cardkit bots`` never meet the error.

Built-ins keep their ids. An entry point is *built-in* when the module it names
is in the ``cardkit`` or ``games`` package, cardkit's own (Python imports each
package from one place, so no other distribution adds modules to them without
writing into cardkit's own install). When several entry points of a group share
a name with different targets, a built-in one is used and the others are left
out; with no built-in among them all are left out (which one was meant cannot
be told). A left-out entry point is never loaded: it is reported as
:class:`Broken` (``status`` "left out") naming its target and distribution.
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
from cardkit.extbot import ExecBot
from cardkit.game import Game
from cardkit.options import Option

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
    status: str = "failed to load"
    """``failed to load``, or ``left out`` for an entry point whose name another one
    (a built-in) holds."""


BUILTIN_PACKAGES = ("cardkit", "games")
"""The packages whose entry points are built-in (see the module's text)."""


_extra_games: dict[str, Game] = {}
_extra_bots: dict[str, type[Any]] = {}
_cache: dict[str, object] = {}


def register_game(game: Game) -> None:
    """Register a game object directly (tests, notebooks); entry points are the usual way."""
    _extra_games[game.id] = game


def register_bot(bot: type[Any]) -> None:
    """Register a bot class directly (tests, notebooks)."""
    _extra_bots[str(bot.name)] = bot


def is_builtin(ep: EntryPoint) -> bool:
    """Whether ``ep`` names a module of cardkit's own packages (:data:`BUILTIN_PACKAGES`)."""
    module = ep.value.partition(":")[0].strip()
    return module.partition(".")[0] in BUILTIN_PACKAGES


def _origin(ep: EntryPoint) -> str:
    """``NAME = TARGET (from DIST)``: an entry point as a message names it."""
    dist = getattr(ep, "dist", None)
    where = f" (from {dist.name} {dist.version})" if dist is not None else ""
    return f"{ep.name} = {ep.value}{where}"


def _sorted_points(group: str) -> tuple[list[EntryPoint], list[Broken]]:
    """The entry points of ``group`` to use, one per name, sorted by name, and those left
    out (as :class:`Broken`, never loaded) because another one holds their name."""
    claims: dict[str, dict[str, EntryPoint]] = {}
    for ep in entry_points(group=group):  # the same target found twice is one claim
        claims.setdefault(ep.name, {}).setdefault(ep.value, ep)
    used: list[EntryPoint] = []
    left_out: list[Broken] = []
    for name in sorted(claims):
        points = list(claims[name].values())
        if len(points) == 1:
            used.append(points[0])
            continue
        builtin = next((ep for ep in points if is_builtin(ep)), None)
        if builtin is not None:
            used.append(builtin)
            why = f"{name!r} is built-in ({builtin.value}); another plugin may not replace it"
        else:
            targets = "; ".join(_origin(ep) for ep in points)
            why = f"{len(points)} plugins register {name!r} ({targets}); uninstall all but one"
        for ep in points:
            if ep is not builtin:
                left_out.append(Broken(name, f"{_origin(ep)}: {why}", "left out"))
    return used, left_out


def _entry_points(group: str) -> list[EntryPoint]:
    return _sorted_points(group)[0]


def _failure(name: str, exc: BaseException) -> Broken:
    """A plugin's error as one line."""
    if isinstance(exc, SystemExit):
        return Broken(name, f"the plugin called sys.exit({exc.code!r}) while loading")
    if not isinstance(exc, Exception):  # KeyboardInterrupt and the like, raised by its code
        return Broken(name, f"the plugin raised {type(exc).__name__} while loading")
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
            except BaseException as exc:  # a broken plugin must never break the others
                # (in this thread even KeyboardInterrupt is the plugin's: signals go to the
                # main thread)
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
    wrong = _metadata_error(obj)
    if wrong is not None:
        return Broken(name, wrong)
    if obj.id != name:
        return Broken(
            name,
            f"its Game.id is {obj.id!r} but it is registered as {name!r}: "
            "a game's id must be its entry-point name",
        )
    if EXEC_NAME in obj.bots:
        return Broken(name, f"its bots include one named 'exec': {EXEC_TAKEN}")
    return obj


_GAME_TEXTS = ("id", "name", "summary", "rules", "help")
_GAME_COUNTS = ("min_players", "max_players", "default_players")


def _metadata_error(game: Game) -> str | None:
    """Why ``game``'s metadata cannot be used, or None: every attribute that listing, the
    game picker, ``cardkit rules`` and ``cardkit bots`` read is read here once, so a
    property that raises (or exits) or gives the wrong type makes the game broken."""
    values: dict[str, Any] = {}
    for attr in (*_GAME_TEXTS, *_GAME_COUNTS, "options", "bots"):
        try:
            value = getattr(game, attr)
            if attr == "options":
                value = tuple(value)
            elif attr == "bots":
                value = dict(value)
        except (Exception, SystemExit) as exc:
            failure = _failure("", exc).error.replace(" while loading", "")
            return f"reading its {attr} failed: {failure}"
        values[attr] = value
    for attr in _GAME_TEXTS:
        if not isinstance(values[attr], str):
            return f"its {attr} is not text (got {type(values[attr]).__name__})"
    for attr in _GAME_COUNTS:
        if isinstance(values[attr], bool) or not isinstance(values[attr], int):
            return f"its {attr} is not a whole number (got {type(values[attr]).__name__})"
    low, high, usual = (values[attr] for attr in ("min_players", "max_players", "default_players"))
    if not 1 <= low <= usual <= high:
        return (
            f"its player counts are wrong: min_players {low}, default_players {usual}, "
            f"max_players {high} (1 <= min <= default <= max)"
        )
    if not all(isinstance(o, Option) for o in values["options"]):
        return "its options are not all cardkit Option declarations"
    return None


def game_names() -> list[str]:
    """Ids of every installed game (broken and left-out ones included), without loading them."""
    used, left_out = _sorted_points(GAMES_GROUP)
    names = {ep.name for ep in used} | {b.name for b in left_out} | set(_extra_games)
    return sorted(names)


def game_entry(ep: EntryPoint) -> Game | Broken:
    """The game a ``cardkit.games`` entry point names, loaded once; :class:`Broken` if it fails."""
    return _as_game(ep.name, _load(GAMES_GROUP, ep))


def all_games() -> list[Game | Broken]:
    """Every installed game, loaded; a plugin that fails or is left out (its id taken, see
    the module's text) shows as :class:`Broken`, after the game that holds its id."""
    used, left_out = _sorted_points(GAMES_GROUP)
    out: list[Game | Broken] = list(_extra_games.values())
    for ep in used:
        if ep.name not in _extra_games:
            out.append(game_entry(ep))
    out.extend(b for b in left_out if b.name not in _extra_games)
    return sorted(out, key=lambda g: (g.id, 0) if isinstance(g, Game) else (g.name, 1))


def get_game(name: str) -> Game:
    """The game registered as ``name``; ``UnknownNameError`` (with a suggestion) if none.

    A game that fails to load raises ``OptionError`` naming it and its error.
    """
    if name in _extra_games:
        return _extra_games[name]
    used, left_out = _sorted_points(GAMES_GROUP)
    for ep in used:
        if ep.name == name:
            game = _as_game(name, _load(GAMES_GROUP, ep))
            if isinstance(game, Broken):
                raise OptionError(f"game {name!r} is installed but failed to load: {game.error}")
            return game
    for broken in left_out:
        if broken.name == name:
            raise OptionError(f"game {name!r} is installed but left out: {broken.error}")
    raise UnknownNameError("game", name, game_names())


EXEC_NAME = "exec"
"""The bot name of external programs (``exec:COMMAND``): no plugin bot may take it."""
EXEC_TAKEN = "a bot may not be named 'exec': exec:COMMAND runs an external program; rename the bot"


def all_bots() -> list[type[Any] | Broken]:
    """Every bot class from the ``cardkit.bots`` group, plus directly registered ones.

    A bot named ``exec`` (entry point or class) is :class:`Broken`: the name is
    that of external programs, which it would otherwise shadow unseen. So is a
    class whose ``name`` is not its entry-point name (or cannot be read), and an
    entry point left out because a built-in bot holds its name (see the module's text).
    """
    used, left_out = _sorted_points(BOTS_GROUP)
    out: list[type[Any] | Broken] = [
        Broken(EXEC_NAME, EXEC_TAKEN) if name == EXEC_NAME else bot
        for name, bot in _extra_bots.items()
    ]
    for ep in used:
        if ep.name in _extra_bots:
            continue
        out.append(_as_bot(ep.name, _load(BOTS_GROUP, ep)))
    out.extend(b for b in left_out if b.name not in _extra_bots)
    return out


def _as_bot(name: str, obj: object) -> type[Any] | Broken:
    """The bot class an entry point ``name`` loaded, or :class:`Broken` saying why not."""
    if isinstance(obj, Broken):
        return obj
    if not isinstance(obj, type):
        return Broken(name, "entry point does not name a bot class")
    try:
        chooses = hasattr(obj, "choose")
        own = getattr(obj, "name", "")
    except (Exception, SystemExit) as exc:
        failure = _failure("", exc).error.replace(" while loading", "")
        return Broken(name, f"reading its name failed: {failure}")
    if not chooses:
        return Broken(name, "entry point does not name a bot class")
    if EXEC_NAME in (name, str(own)):
        return Broken(name, EXEC_TAKEN)
    if own != name:
        return Broken(
            name,
            f"its name is {own!r} but it is registered as {name!r}: "
            "a bot's name must be its entry-point name",
        )
    return obj


def bots_for(game: Game) -> dict[str, type[Any]]:
    """Bot classes that play ``game``, by name: the game's own first, then generic ones."""
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
        broken = [b for b in all_bots() if isinstance(b, Broken) and b.name == parsed.name]
        if broken:
            raise OptionError(f"bot plugin {parsed.name!r} {broken[0].status}: {broken[0].error}")
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
