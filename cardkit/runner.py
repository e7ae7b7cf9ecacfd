"""Running matches: :func:`drive`, the one loop every front end plays through."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from typing import Any

import attrs

from cardkit.actions import Action
from cardkit.bots import Bot, RandomBot, bot_seed
from cardkit.errors import CardkitError
from cardkit.events import Event
from cardkit.game import Game, Result, State, View
from cardkit.options import OptionValue
from cardkit.seats import CHANCE


@attrs.frozen(slots=True)
class BotFailure:
    """A bot raised or answered with an illegal action: who, what and why.

    ``action`` is the text of the illegal action, None when the bot raised.
    """

    seat: int
    bot: str
    action: str | None
    reason: str

    def __str__(self) -> str:
        return f"bot {self.bot!r} in seat {self.seat} failed: {self.reason}{self.chose()}"

    def chose(self) -> str:
        """`` (action 'TEXT')`` for an illegal action, else nothing."""
        return "" if self.action is None else f" (action {self.action!r})"


@attrs.frozen(slots=True)
class MatchOutcome:
    """A played match: its final state, its result, or the bot failure that ended it."""

    state: State
    result: Result | None
    failure: BotFailure | None = None


class Stuck(Exception):
    """A match that is not over offers no way on: a bug in the game, never in a bot."""

    def __init__(self, state: State) -> None:
        to_act = state.to_act()
        who = ", ".join(str(s) for s in to_act) or "nobody"
        super().__init__(
            f"{state.game.id} is stuck: the match is not over, but seats to act ({who}) "
            "have no legal action; this is a bug in the game"
        )
        self.state = state


class GameFault(Exception):
    """The game refused (or failed to apply) an action its own ``legal_actions`` listed: a
    bug in the game (the plugin), never in the seat that chose it. The state may hold the
    step half applied: only what came before it is to be trusted."""

    def __init__(self, state: State, seat: int, action: Action, reason: str) -> None:
        super().__init__(
            f"game {state.game.id!r} failed on the action {_text(action)!r} of seat {seat} "
            f"that its own legal_actions listed ({reason}); this is a bug in the game"
        )
        self.state = state
        self.seat = seat
        self.action = action


BOT_EXITS = (SystemExit, GeneratorExit)
"""What a contained bot's ``choose`` may raise besides ``Exception`` and still be contained:
a plugin calling ``sys.exit()`` ends its match, not the run. ``KeyboardInterrupt`` (and
any other ``BaseException``, such as a front end's signal to end) is never taken for the
bot's: it is the user's, and propagates."""


BeforeChoice = Callable[[State, int, tuple[Action, ...]], None]
"""``(state, seat, legal)``, called before a seat chooses."""
AfterStep = Callable[[State, int, Action, tuple[Event, ...]], None]
"""``(state, seat, action, events)``, called after each step is applied."""


def drive(
    state: State,
    seats: Sequence[Bot],
    *,
    contained: Collection[int] | None = None,
    before: BeforeChoice | None = None,
    after: AfterStep | None = None,
    max_steps: int | None = None,
) -> MatchOutcome:
    """The one loop that plays a match: the arena, ``cardkit play``, the conformance kit
    and the benchmarks all play through it.

    Each step the first seat of ``state.to_act()`` acts: its entry in ``seats``
    gets the seat's view (a bare ``View(seat, to_act)`` if it declares
    ``reads_view = False``) and the legal actions, and returns one of them. A
    chance step that is due (a state made with ``auto_chance=False``) is
    sampled from the state's own generator. ``before`` and ``after`` see each
    step; ``after`` gets the step's events (empty unless the state records
    them). A bot that declares ``observes = True`` (an external bot) is told
    ``join(players, options, events)`` first and ``observe(events)`` after each
    step; the state then records events from there on.

    A seat in ``contained`` (default: every seat) that raises (an ``Exception``,
    or ``SystemExit`` / ``GeneratorExit``: :data:`BOT_EXITS`) or returns an
    illegal action ends the match with a :class:`BotFailure`; the state keeps
    every step before it. ``KeyboardInterrupt`` is the user's and propagates, as
    do exceptions of other seats (a person at a front end who leaves) and of the
    hooks. A match that offers no way on raises :class:`Stuck`; an action that
    ``legal_actions`` listed but ``apply`` refuses or fails on raises
    :class:`GameFault` (whichever seat chose it); a match that runs past
    ``max_steps`` (default: the game's bound) raises ``RuntimeError``.
    """
    game = state.game
    bound = game.max_steps(state.players, state.options) if max_steps is None else max_steps
    guarded = frozenset(range(state.players)) if contained is None else frozenset(contained)
    reads = [getattr(b, "reads_view", True) for b in seats]
    observers: list[Any] = [b for b in seats if getattr(b, "observes", False)]
    if observers:  # bots that follow the match's events (external bots) learn it first
        if state.log is None:
            state.log = []
        fresh = all(s == CHANCE for s, _ in state.history)
        for b in observers:
            b.join(state.players, state.options, tuple(state.log) if fresh else ())
    while not state.is_over():
        if len(state.history) > bound:
            raise RuntimeError(f"{game.id}: match ran past its bound of {bound} steps")
        if not state.auto_chance and state.chance_cards():  # else apply dealt it already
            shuffle = state.sample_chance()
            events = state.apply(CHANCE, shuffle)
            for b in observers:
                b.observe(events)
            if after is not None:
                after(state, CHANCE, shuffle, events)
            continue
        to_act = state.to_act()
        seat = to_act[0] if to_act else CHANCE
        legal = state.legal_actions(seat) if seat != CHANCE else ()
        if not legal:
            raise Stuck(state)
        if before is not None:
            before(state, seat, legal)
        bot = seats[seat]
        view = state.view(seat) if reads[seat] else View(seat, to_act)
        if seat in guarded:
            try:
                action = bot.choose(view, legal)
            except (Exception, *BOT_EXITS) as exc:
                name = _name(bot)
                return MatchOutcome(state, None, BotFailure(seat, name, None, _why(exc)))
        else:
            action = bot.choose(view, legal)
        try:
            events = state.apply(seat, action)
        except Exception as exc:
            reason = (
                getattr(exc, "reason", str(exc)) if isinstance(exc, CardkitError) else _why(exc)
            )
            if _listed(action, legal):  # the game's own offer failed: its bug
                raise GameFault(state, seat, action, reason) from exc
            if seat not in guarded:
                raise
            failure = BotFailure(seat, _name(bot), _text(action), reason)
            return MatchOutcome(state, None, failure)
        for b in observers:
            b.observe(events)
        if after is not None:
            after(state, seat, action, events)
    return MatchOutcome(state, state.result())


def _name(bot: Bot) -> str:
    return str(getattr(bot, "name", type(bot).__name__))


def _why(exc: BaseException) -> str:
    if isinstance(exc, SystemExit):
        return f"the bot called sys.exit({exc.code!r})"
    return f"{type(exc).__name__}: {exc}"


def _listed(action: object, legal: Sequence[Action]) -> bool:
    """Whether ``action`` is one of ``legal``: of the very type of one and equal to it, so
    that an object of a bot's own making cannot pass for a listed action."""
    try:
        return any(type(a) is type(action) and a == action for a in legal)
    except Exception:  # an action whose comparison fails is no listed one
        return False


def _text(action: object) -> str:
    """The text of what a bot answered, even if its ``str()`` fails."""
    try:
        return str(action)
    except Exception:
        return f"<{type(action).__name__} whose text cannot be shown>"


def play_match(
    game: Game,
    bots: Sequence[Bot],
    seed: int,
    options: Mapping[str, OptionValue] | None = None,
    state: State | None = None,
) -> MatchOutcome:
    """Play one match (or continue ``state``) with one bot per seat, through :func:`drive`.

    ``seed`` and ``options`` only create the match; with ``state`` given they are
    not used (the state has its own). A bot that raises or returns an illegal
    action ends the match with a :class:`BotFailure`. A new match records its
    events when a bot follows them (``observes``), so such a bot is told the deal.
    """
    if state is None:
        observed = any(getattr(b, "observes", False) for b in bots)
        state = game.create(len(bots), seed, options, events=observed)
    return drive(state, bots)


def versus_random(
    game: Game,
    bot: Callable[[Game, int, int], Bot],
    matches: int,
    players: int | None = None,
    options: Mapping[str, OptionValue] | None = None,
    seed: int = 0,
) -> Iterator[tuple[int, MatchOutcome]]:
    """Play ``bot`` (a bot class) against random bots, its seat moving round the table.

    Match ``m`` is seeded ``seed + m`` and puts ``bot`` in seat ``m % players``;
    every bot in seat ``s`` is seeded ``bot_seed(seed + m, s)``. Yields the
    bot's seat and the outcome of each match, so a caller can take the win
    share (``outcome.result.share(seat)``) or anything else it measures.
    """
    n = game.default_players if players is None else players
    for m in range(matches):
        match_seed = seed + m
        hero = m % n
        bots = [
            bot(game, s, bot_seed(match_seed, s))
            if s == hero
            else RandomBot(game, s, bot_seed(match_seed, s))
            for s in range(n)
        ]
        yield hero, play_match(game, bots, match_seed, options)
