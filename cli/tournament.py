"""Many bot matches, in one process or several, with results in match order.

Match ``i`` of a run seeded ``s`` is played with the seed
:func:`match_seed` ``(s, i)`` and the seating :meth:`Plan.seating` ``(i)``, so
its outcome depends on nothing else: the same run gives the same results
whatever the number of worker processes. Workers play chunks of consecutive
matches and send back one small :class:`Report` per match; nothing else of a
match is kept (its record is written to disk when asked for, or when it failed).
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Iterator
from multiprocessing.pool import Pool
from pathlib import Path
from typing import Any

import attrs

from cardkit.bots import bot_seed
from cardkit.game import Game, State
from cardkit.options import OptionValue
from cardkit.record import Record
from cardkit.runner import play_match
from cardkit.stats import Running, wilson

MASK64 = (1 << 64) - 1


def match_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` of a run seeded ``seed`` (a splitmix64 mix)."""
    z = (seed * 0x9E3779B97F4A7C15 + (index + 1) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return (z ^ (z >> 31)) >> 17


@attrs.frozen(slots=True)
class Entrant:
    """One ``--bot``: its spec as typed, its class and parameters."""

    spec: str
    cls: type[Any]
    params: dict[str, str]


@attrs.frozen(slots=True)
class Plan:
    """Everything a worker needs to play any match of the run."""

    game: Game
    players: int
    options: dict[str, OptionValue]
    seed: int
    entrants: tuple[Entrant, ...]
    logs: str | None
    failures: str

    @property
    def self_play(self) -> bool:
        """True when one entrant fills every seat: it plays only against itself."""
        return len(self.entrants) == 1

    def seating(self, index: int) -> tuple[int, ...]:
        """Which entrant sits in each seat in match ``index``: seats rotate every match."""
        if len(self.entrants) == 1:
            return (0,) * self.players
        return tuple((seat - index) % self.players for seat in range(self.players))

    def record_path(self, index: int, failed: bool) -> Path | None:
        """Where match ``index``'s record goes: the logs, or the failures folder, or nowhere."""
        if self.logs is not None:
            return Path(self.logs) / f"match-{index:06d}.json"
        if failed:
            return Path(self.failures) / f"match-{index:06d}.json"
        return None


@attrs.frozen(slots=True)
class Report:
    """The outcome of one match: scores and win shares per seat, or why it failed."""

    index: int
    scores: tuple[float, ...]
    shares: tuple[float, ...]
    finished: bool
    failure: str | None = None
    saved: str | None = None


def play_one(plan: Plan, index: int) -> Report:
    """Play match ``index`` of ``plan``."""
    seed = match_seed(plan.seed, index)
    seating = plan.seating(index)
    game = plan.game
    bots = []
    for seat, who in enumerate(seating):
        entrant = plan.entrants[who]
        bots.append(entrant.cls(game, seat, bot_seed(seed, seat), **entrant.params))
    state: State | None = None
    failure: str | None = None
    try:
        state = game.create(plan.players, seed, plan.options)
        outcome = play_match(game, bots, seed, state=state)
    except Exception as exc:  # a game error ends this match only
        failure = f"match {index}: game error: {type(exc).__name__}: {exc}"
        report = Report(index, (), (), False, failure)
    else:
        if outcome.failure is not None:
            f = outcome.failure
            spec = plan.entrants[seating[f.seat]].spec
            failure = f"match {index}: bot {spec} in seat {f.seat} failed: {f.reason}{f.chose()}"
            report = Report(index, (), (), False, failure)
        else:
            result = outcome.result
            assert result is not None
            shares = tuple(result.share(s) for s in range(plan.players))
            report = Report(index, tuple(result.scores), shares, result.finished)
    path = plan.record_path(index, failure is not None)
    if path is not None and state is not None:
        meta = {
            "arena": {
                "seed": plan.seed,
                "match": index,
                "bots": [plan.entrants[w].spec for w in seating],
            }
        }
        if failure is not None:
            meta["arena"]["failure"] = failure
        Record.of(state, meta).save(path)
        report = attrs.evolve(report, saved=str(path))
    return report


_PLAN: Plan | None = None


def _init_worker(plan: Plan) -> None:
    global _PLAN
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    _PLAN = plan


def _run_chunk(bounds: tuple[int, int]) -> list[Report]:
    assert _PLAN is not None
    return [play_one(_PLAN, i) for i in range(*bounds)]


def chunk_size(matches: int, workers: int) -> int:
    """Matches per task: enough to keep overhead low, small enough to balance and report."""
    return max(1, min(200, matches // (workers * 16)))


def start_pool(plan: Plan, workers: int) -> Pool | None:
    """Worker processes for ``plan`` (None for one worker: matches run in this process)."""
    if workers <= 1:
        return None
    return multiprocessing.get_context().Pool(workers, _init_worker, (plan,))


def reports(
    plan: Plan,
    matches: int,
    pool: Pool | None,
    workers: int,
    stop: Callable[[], bool] = lambda: False,
) -> Iterator[Report]:
    """Every match's report, in match order, until ``stop()`` says to end early.

    ``stop`` is asked between matches, and while waiting for workers (every
    0.2 s), so a run ends between whole reports.
    """
    if pool is None:
        for index in range(matches):
            if stop():
                return
            yield play_one(plan, index)
        return
    size = chunk_size(matches, workers)
    chunks = [(start, min(start + size, matches)) for start in range(0, matches, size)]
    results = pool.imap(_run_chunk, chunks)
    while not stop():
        try:
            batch = results.next(timeout=0.2)
        except multiprocessing.TimeoutError:
            continue
        except StopIteration:
            return
        yield from batch


class Tally:
    """Results so far: per entrant and per seat, over finished matches."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        n = len(plan.entrants)
        self.matches = [0] * n
        self.wins = [0.0] * n
        self.scores = [Running() for _ in range(n)]
        self.seat_wins = [0.0] * plan.players
        self.seat_scores = [Running() for _ in range(plan.players)]
        self.finished = 0
        self.unfinished = 0
        self.failed = 0
        self.played = 0

    def add(self, report: Report) -> None:
        """Count one match."""
        self.played += 1
        if report.failure is not None:
            self.failed += 1
            return
        if not report.finished:
            self.unfinished += 1
            return
        self.finished += 1
        seating = self.plan.seating(report.index)
        for who in set(seating):
            self.matches[who] += 1
        for seat, who in enumerate(seating):
            score = report.scores[seat]
            share = report.shares[seat]
            self.wins[who] += share
            self.scores[who].add(score)
            self.seat_wins[seat] += share
            self.seat_scores[seat].add(score)

    def entrants(self) -> list[dict[str, Any]]:
        """Per entrant: bot, matches, wins, win rate and its 95% interval, mean score and its.

        A figure with no data (no finished match) is None. When one entrant
        fills every seat (:attr:`Plan.self_play`) it only plays itself: its
        wins, win rate and mean score say nothing about it, so they are None
        (the results are by seat, :meth:`seats`).
        """
        out: list[dict[str, Any]] = []
        for i, entrant in enumerate(self.plan.entrants):
            n = self.matches[i]
            if self.plan.self_play:
                figures = ("wins", "win_rate", "win_rate_ci95", "mean_score", "mean_score_ci95")
                out.append({"bot": entrant.spec, "matches": n} | dict.fromkeys(figures))
                continue
            out.append(
                {
                    "bot": entrant.spec,
                    "matches": n,
                    "wins": self.wins[i],
                    "win_rate": self.wins[i] / n if n else None,
                    "win_rate_ci95": list(wilson(self.wins[i], n)) if n else None,
                    "mean_score": _mean(self.scores[i]),
                    "mean_score_ci95": _list(self.scores[i].ci95()),
                }
            )
        return out

    def seats(self) -> list[dict[str, Any]]:
        """Per seat, over finished matches: wins, win rate and mean score with their intervals."""
        n = self.finished
        return [
            {
                "seat": seat,
                "wins": self.seat_wins[seat],
                "win_rate": self.seat_wins[seat] / n if n else None,
                "win_rate_ci95": list(wilson(self.seat_wins[seat], n)) if n else None,
                "mean_score": _mean(self.seat_scores[seat]),
                "mean_score_ci95": _list(self.seat_scores[seat].ci95()),
            }
            for seat in range(self.plan.players)
        ]


def _mean(running: Running) -> float | None:
    return running.mean if running.n else None


def _list(pair: tuple[float, float] | None) -> list[float] | None:
    return None if pair is None else list(pair)
