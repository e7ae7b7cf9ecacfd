"""The endgame solver on a game's own small endgames, against brute force.

:func:`check_endgames` plays seeded random matches of a game into endgames of a
few cards a hand and checks that :class:`~cardkit.endgame.EndgameSolver` gives
each the value plain minimax does (no pruning, no move ordering), for the
whole position and for each move of the seat to act, and leaves the state as
it was. Where one seat does not act at a time, or chance acts before the
horizon, the solver must refuse exactly where brute force does.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

from cardkit.endgame import EndgameSolver, largest_hand
from cardkit.game import Game, State
from cardkit.seats import CHANCE
from cardkit.testing.errors import ConformanceError

ENDGAMES = 200
"""Endgames :func:`check_endgames` compares by default."""

TOLERANCE = 1e-12
"""How far the solver's value may lie from brute force's (float sums in other orders)."""


class Refused(Exception):
    """Brute force met several seats to act, or chance, before the horizon."""


def brute(state: State, seat: int, start: State, horizon: int) -> float:
    """Plain minimax with every card open, no pruning: ``seat`` maximises its value
    (``state.value(seat, start)``) at the horizon, every other seat minimises it."""
    acting = state.to_act()
    if len(acting) != 1 or acting[0] == CHANCE:
        raise Refused
    mover = acting[0]
    values = [
        _child_value(state, mover, action, seat, start, horizon)
        for action in state.legal_actions(mover)
    ]
    return max(values) if mover == seat else min(values)


def brute_actions(state: State, seat: int) -> list[float]:
    """:func:`brute`'s value for ``seat`` of each legal action of the seat to act."""
    mover, horizon = state.to_act()[0], state.horizon()
    return [
        _child_value(state, mover, action, seat, state, horizon)
        for action in state.legal_actions(mover)
    ]


def _child_value(
    state: State, mover: int, action: Any, seat: int, start: State, horizon: int
) -> float:
    child = state.clone()
    steps = len(child.history)
    child.apply(mover, action)
    if child.is_over() or child.horizon() != horizon:
        return child.value(seat, start)
    if len(child.history) != steps + 1:  # chance acted inside the hand
        raise Refused
    return brute(child, seat, start, horizon)


def random_endgame(
    game: Game[Any],
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    cards: int = 3,
    hand: int = 0,
) -> State:
    """A match played at random (seeded) into its hand ``hand`` (from 0) until every hand
    holds at most ``cards`` cards and one seat is to act, then up to ``players - 1``
    random moves more inside that hand."""
    state: State = game.create(players, seed, dict(options or {}))
    rng = random.Random(seed)
    while not (
        state.horizon() == hand and len(state.to_act()) == 1 and largest_hand(state) <= cards
    ):
        if state.is_over():
            raise ConformanceError(f"seed {seed}: the match ended before hand {hand}")
        _random_step(state, rng)
    horizon = state.horizon()
    for _ in range(rng.randrange(players)):
        trial = state.clone()
        _random_step(trial, rng)
        if trial.is_over() or trial.horizon() != horizon or len(trial.to_act()) != 1:
            break
        state = trial
    return state


def _random_step(state: State, rng: random.Random) -> None:
    seat = rng.choice(state.to_act())
    state.apply(seat, rng.choice(state.legal_actions(seat)))


def check_endgame(state: State, seat: int, refusals: bool = False) -> bool:
    """The solver's value of ``state`` for ``seat``, and of each move of the seat to act,
    equal brute force's, and the state is unchanged. With ``refusals`` brute force may
    refuse, and then the solver must too. Whether the endgame was solved."""
    solver = EndgameSolver(10**8)
    try:
        expected = brute(state, seat, state, state.horizon())
    except Refused:
        if not refusals:
            raise ConformanceError("brute force met chance or several seats to act") from None
        if solver.value(state, seat) is not None or solver.reason not in ("chance", "simultaneous"):
            raise ConformanceError(
                f"the solver gave a value where chance or several seats act ({solver.reason!r})"
            ) from None
        return False
    before = len(state.history)
    value = solver.value(state, seat)
    if value is None or not math.isclose(value, expected, abs_tol=TOLERANCE):
        raise ConformanceError(
            f"the solver's value {value} for seat {seat}, brute force's {expected}"
        )
    mover = state.to_act()[0]
    values, want = solver.action_values(state, mover), brute_actions(state, mover)
    if values is None or any(
        not math.isclose(a, b, abs_tol=TOLERANCE) for a, b in zip(values, want, strict=True)
    ):
        raise ConformanceError(
            f"the solver's values of seat {mover}'s moves {values}, brute force's {want}"
        )
    if len(state.history) != before:
        raise ConformanceError("the solver changed the state it solved")
    return True


def check_endgames(
    game: Game[Any],
    players: int,
    options: Mapping[str, Any] | None = None,
    *,
    cards: int = 3,
    endgames: int = ENDGAMES,
    first_seed: int = 0,
    refusals: bool = False,
) -> int:
    """:func:`check_endgame` on ``endgames`` random endgames of ``game`` (seeds from
    ``first_seed``), each in the first hand with 2 to ``cards`` cards a hand, for a random
    seat. Raises :class:`ConformanceError` naming the seed of the first that disagrees;
    returns how many were solved (all, unless ``refusals``)."""
    if cards < 2 or endgames < 1:
        raise ValueError(
            f"cards must be at least 2 and endgames at least 1, not {cards}, {endgames}"
        )
    solved = 0
    for seed in range(first_seed, first_seed + endgames):
        rng = random.Random(seed)
        state = random_endgame(game, players, seed, options, rng.randint(2, cards))
        try:
            solved += check_endgame(state, rng.randrange(players), refusals)
        except ConformanceError as error:
            raise ConformanceError(f"{game.id}, {players} players, seed {seed}: {error}") from None
    return solved
