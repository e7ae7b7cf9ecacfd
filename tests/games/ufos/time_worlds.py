"""Microseconds of ``GAME.sample_world`` and of ``state.clone()`` for U.F.O.s at 4 players.

Run from the repository root: ``python -m tests.games.ufos.time_worlds [SEED]``. It
plays a seeded 4-player RandomBot match, takes 20 evenly spaced decisions and times,
at each, a world drawn again from the same view (what a search bot pays per world),
the first world of a fresh view (once per decision) and a copy of the state. The
timer is the process's CPU time (best of 5), which a busy machine disturbs less than
the wall clock. Not a test: it asserts nothing.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
import timeit
from collections.abc import Callable
from functools import partial

from cardkit import RandomBot
from cardkit.bots import bot_seed
from games.ufos import GAME, UfosState

DECISIONS = 20


def decisions(seed: int, players: int = 4) -> list[UfosState]:
    """Copies of the state at ``DECISIONS`` evenly spaced decisions of a seeded match."""
    state = GAME.create(players, seed)
    bots = [RandomBot(GAME, s, bot_seed(seed, s)) for s in range(players)]
    seen: list[UfosState] = []
    while not state.is_over():
        seen.append(state.clone())
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    step = len(seen) // DECISIONS
    return [seen[i * step] for i in range(DECISIONS)]


def micros(fn: Callable[[], object], number: int) -> float:
    best = min(timeit.repeat(fn, number=number, repeat=5, timer=time.process_time))
    return best / number * 1e6


def main(seed: int) -> None:
    rng = random.Random(0)
    again: list[float] = []
    fresh: list[float] = []
    copies: list[float] = []
    for state in decisions(seed):
        seat = state.to_act()[0]
        view = state.view(seat)
        again.append(micros(partial(GAME.sample_world, view, rng), 2000))
        views = [state.view(seat) for _ in range(200)]  # equal views, each a new object
        it = iter(views)
        fresh.append(micros(lambda it=it: GAME.sample_world(next(it), rng), 40))
        copies.append(micros(state.clone, 2000))
    for name, values in (
        ("sample_world, same view", again),
        ("sample_world, first of a view", fresh),
        ("clone", copies),
    ):
        print(
            f"{name:30} median {statistics.median(values):5.1f} us, "
            f"max {max(values):5.1f} us over {DECISIONS} decisions"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
