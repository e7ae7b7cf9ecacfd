"""Running matches between bots."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence

import attrs

from cardkit.bots import Bot, RandomBot, bot_seed
from cardkit.errors import CardkitError
from cardkit.game import Game, Result, State, View
from cardkit.options import OptionValue


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


def play_match(
    game: Game,
    bots: Sequence[Bot],
    seed: int,
    options: Mapping[str, OptionValue] | None = None,
    state: State | None = None,
) -> MatchOutcome:
    """Play one match (or continue ``state``) with one bot per seat.

    ``seed`` and ``options`` only create the match; with ``state`` given they are
    not used (the state has its own).

    Each step, the first seat in ``state.to_act()`` acts. Its bot gets the
    seat's view, or a bare ``View(seat, to_act)`` if it declares
    ``reads_view = False``. A bot that raises or returns an illegal action ends the
    match with a :class:`BotFailure`; the state keeps every step before it.
    """
    if state is None:
        state = game.create(len(bots), seed, options)
    bound = game.max_steps(state.players, state.options)
    names = [getattr(b, "name", type(b).__name__) for b in bots]
    reads = [getattr(b, "reads_view", True) for b in bots]
    while not state.is_over():
        if len(state.history) > bound:
            raise RuntimeError(f"{game.id}: match ran past its bound of {bound} steps")
        to_act = state.to_act()
        seat = to_act[0]
        legal = state.legal_actions(seat)
        view = state.view(seat) if reads[seat] else View(seat, to_act)
        try:
            action = bots[seat].choose(view, legal)
        except Exception as exc:
            failure = BotFailure(seat, str(names[seat]), None, f"{type(exc).__name__}: {exc}")
            return MatchOutcome(state, None, failure)
        try:
            state.apply(seat, action)
        except CardkitError as exc:
            reason = getattr(exc, "reason", str(exc))
            return MatchOutcome(
                state, None, BotFailure(seat, str(names[seat]), str(action), reason)
            )
    return MatchOutcome(state, state.result())


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
