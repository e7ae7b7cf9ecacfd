"""The arena: many bot matches, in one process or several, with results in match order.

Match ``i`` of a run seeded ``s`` is played with the seed :func:`match_seed`
``(s, i)`` and the seating :meth:`Plan.seating` ``(i)``, so its outcome depends
on nothing else: a run gives the same results whatever the number of worker
processes and the backend. Workers play chunks of consecutive matches and send back one small
:class:`Report` as each match ends; nothing else of a match is kept (its record
is written to disk when asked for, or when it failed, and never over a file
already there: see :func:`write_new`). Chunks are handed out lazily with a
bounded number in flight, so memory stays flat however many matches a run has.

From Python::

    from cardkit import arena

    tally = arena.run("universal-bid", ["heuristic", "random", "random"], 600, seed=1)
    for row in tally.entrants():
        print(row["bot"], row["win_rate"], row["win_rate_ci95"])

:func:`reports` streams the reports of a :class:`Plan` one match at a time,
for a caller that wants to show progress or stop early; its ``wind_down``
ends a run the way Ctrl-C should: the matches under way finish and are
reported, so every match whose record was written is counted.

Faults stay inside their match: a bot that raises, answers illegally or takes
longer than :attr:`Plan.move_time` on one move fails that match (a
:class:`~cardkit.runner.BotFailure`) and the run goes on. A worker process that
dies (killed, out of memory) has its chunk played again by a new worker, so the
results are those of a run without the loss; a match that kills its worker
each time it is played is reported as failed. Worker processes end with the
run, however it ends.

This module is the arena's front: :func:`run`, and the names a caller needs
from the modules that hold them, one concern each: :mod:`cardkit.plan` (the
plan, the seating and seeds, one match played), :mod:`cardkit.clock` (the
move clock), :mod:`cardkit.pool` (the local backend), :mod:`cardkit.backends`
(the choice of backend, and Ray), :mod:`cardkit.chunks` (chunks of matches,
shared by the backends), :mod:`cardkit.tally` (the results) and
:func:`cardkit.record.write_new` (a record file never written over another).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping, Sequence
from typing import Any

from cardkit.backends import stream
from cardkit.bots import BotSpec
from cardkit.chunks import IN_FLIGHT_PER_WORKER, chunk_size, chunks, in_order
from cardkit.clock import MoveTimeout, move_clock
from cardkit.game import Game
from cardkit.plan import (
    ArenaError,
    Entrant,
    Plan,
    Report,
    check_move_time,
    make_plan,
    match_seed,
    play_one,
)
from cardkit.pool import MIN_MAX_WORKERS, WORKERS_PER_CPU, max_workers, reports
from cardkit.record import write_new
from cardkit.tally import Tally

__all__ = [
    "IN_FLIGHT_PER_WORKER",
    "MIN_MAX_WORKERS",
    "WORKERS_PER_CPU",
    "ArenaError",
    "Entrant",
    "MoveTimeout",
    "Plan",
    "Report",
    "Tally",
    "check_move_time",
    "chunk_size",
    "chunks",
    "in_order",
    "make_plan",
    "match_seed",
    "max_workers",
    "move_clock",
    "play_one",
    "reports",
    "run",
    "write_new",
]


def run(
    game: Game | str,
    bots: Sequence[str | BotSpec | type[Any]],
    matches: int,
    *,
    seed: int = 0,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    move_time: float | None = None,
    logs: str | os.PathLike[str] | None = None,
    duplicate: bool = False,
    permutations: bool = False,
    backend: str = "local",
    address: str | None = None,
) -> Tally:
    """Play ``matches`` matches of ``game`` between ``bots`` and return their :class:`Tally`.

    The arguments are those of :func:`make_plan` and
    :func:`cardkit.backends.stream`. The result for a seed is the same
    whatever ``workers`` and ``backend`` are. A failed match (a bot raised,
    answered illegally or ran past ``move_time`` seconds on a move) is counted
    in ``tally.failed`` and its line kept in ``tally.failures``; its record is
    kept only with ``logs`` (a folder, made if missing). With ``duplicate``,
    each deal is played once per seat rotation (``tally.pairs()`` gives the
    paired differences per deal); give a multiple of the rotations as
    ``matches`` to count every deal.
    """
    if matches < 0:
        raise ValueError(f"matches must be at least 0, not {matches}")
    plan = make_plan(
        game,
        bots,
        seed=seed,
        players=players,
        options=options,
        logs=logs,
        move_time=move_time,
        duplicate=duplicate,
        permutations=permutations,
    )
    tally = Tally(plan)
    with contextlib.closing(
        stream(plan, matches, workers, backend=backend, address=address)
    ) as reports_:
        for report in reports_:
            tally.add(report)
    return tally
