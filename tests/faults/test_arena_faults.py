"""The arena under faults: hanging, raising and illegal bots, killed workers, huge runs."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import time
import tracemalloc
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

import pytest

from cardkit import Action, BaseBot, Game, RandomBot, View, arena
from cardkit.arena import Plan, Report, make_plan, reports
from cardkit.bots import bot_seed
from tests.tinygame import GAME, Pick


class SleeperBot(BaseBot):
    """Sleeps for ever on every move."""

    name = "sleeper"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        while True:
            time.sleep(60)


class StubbornBot(BaseBot):
    """Catches the time-out and keeps thinking, then answers anyway."""

    name = "stubborn"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        timeouts = 0
        while timeouts < 3:
            try:
                time.sleep(60)
            except arena.MoveTimeout:
                timeouts += 1
        return legal[0]


class RaiserBot(BaseBot):
    name = "raiser"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        raise RuntimeError("raiser always fails")


class IllegalBot(BaseBot):
    name = "illegal"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return Pick("sideways")


class SuicideBot(RandomBot):
    """Random, but kills its own process on its first move while ``marker`` is missing."""

    name = "suicide"
    marker: ClassVar[str] = ""

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        with contextlib.suppress(FileExistsError):
            os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            os.kill(os.getpid(), signal.SIGKILL)  # once only: the marker now exists
        return super().choose(view, legal)


class KillerBot(RandomBot):
    """Random, but kills its own process in every match whose seed is ``doomed``."""

    name = "killer"
    doomed: ClassVar[set[int]] = set()

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if self.seed in self.doomed:
            os.kill(os.getpid(), signal.SIGKILL)
        return super().choose(view, legal)

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        super().__init__(game, seat, seed)
        self.seed = seed


def no_children_left() -> bool:
    return not multiprocessing.active_children()


def outcomes(plan: Plan, matches: int, workers: int) -> list[Report]:
    return list(reports(plan, matches, workers))


@pytest.mark.parametrize("workers", [1, 2])
def test_a_bot_that_sleeps_for_ever_fails_its_matches_and_the_run_goes_on(workers: int) -> None:
    tally = arena.run(GAME, [SleeperBot, RandomBot], 2, seed=3, workers=workers, move_time=0.1)
    assert tally.played == 2 and tally.failed == 2
    for index, line in enumerate(tally.failures):
        seat = index % 2  # the sleeper sits in seat 0, then 1: seats rotate
        assert line.startswith(f"match {index}: bot sleeper in seat {seat} failed: MoveTimeout")
        assert "no move within 0.1 s" in line
    assert no_children_left()


def test_a_bot_that_catches_the_time_out_still_fails() -> None:
    tally = arena.run(GAME, [StubbornBot, RandomBot], 1, seed=3, move_time=0.05)
    assert tally.failed == 1 and "MoveTimeout: no move within 0.05 s" in tally.failures[0]


def test_the_move_clock_is_gone_after_the_run() -> None:
    before = signal.getsignal(signal.SIGALRM)
    arena.run(GAME, [RandomBot, RandomBot], 2, seed=3, move_time=5)
    assert signal.getsignal(signal.SIGALRM) is before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


@pytest.mark.parametrize("workers", [1, 2])
def test_raising_and_illegal_bots_fail_their_matches_only(workers: int) -> None:
    for bot, reason in ((RaiserBot, "RuntimeError: raiser always fails"), (IllegalBot, "sideways")):
        tally = arena.run(GAME, [bot, RandomBot, RandomBot], 6, seed=1, workers=workers)
        assert tally.played == 6 and tally.failed == 6, tally.failures
        assert all(f"bot {bot.name} in seat" in line and reason in line for line in tally.failures)
    # the same bots beside good ones: the good matches are counted as ever
    plan = make_plan(GAME, [RandomBot, RandomBot], seed=1)
    good = outcomes(plan, 6, workers)
    assert all(r.failure is None for r in good)


def test_a_killed_worker_s_matches_are_played_again_with_the_same_results(
    tmp_path: Path,
) -> None:
    marker = tmp_path / "killed-once"
    SuicideBot.marker = str(marker)
    plan = make_plan(GAME, [SuicideBot, RandomBot], seed=7)
    marker.touch()  # no kill: the reference run, in this process
    expected = outcomes(plan, 40, 1)
    marker.unlink()
    got = outcomes(plan, 40, 2)  # the first worker to move kills itself, once
    assert marker.exists()
    assert got == expected
    assert no_children_left()


def test_a_match_that_kills_every_worker_it_meets_is_reported_failed() -> None:
    plan = make_plan(GAME, [KillerBot, RandomBot], seed=5)
    doomed_match = 13  # the killer sits in seat 1 then (seats rotate) and gets this seed
    KillerBot.doomed = {bot_seed(arena.match_seed(5, doomed_match), 1)}
    got = outcomes(plan, 30, 2)
    KillerBot.doomed = set()
    expected = outcomes(plan, 30, 1)
    assert [r.index for r in got] == list(range(30))
    failed = [r for r in got if r.failure is not None]
    assert [r.index for r in failed] == [doomed_match]
    assert "its worker process died (killed by SIGKILL)" in str(failed[0].failure)
    assert [r for r in got if r.index != doomed_match] == [
        r for r in expected if r.index != doomed_match
    ]
    assert no_children_left()


def test_workers_end_when_the_caller_stops_reading() -> None:
    plan = make_plan(GAME, [RandomBot, RandomBot], seed=2)
    stream = reports(plan, 10**9, 2)
    next(stream)
    assert len(multiprocessing.active_children()) == 2
    stream.close()
    assert no_children_left()


def test_workers_end_when_the_caller_raises() -> None:
    plan = make_plan(GAME, [RandomBot, RandomBot], seed=2)
    with pytest.raises(KeyboardInterrupt), contextlib.closing(reports(plan, 10**9, 2)) as stream:
        for _ in stream:
            raise KeyboardInterrupt
    assert no_children_left()


def test_chunks_are_made_lazily() -> None:
    chunks = arena.chunks(10**18, 200)
    assert next(chunks) == (0, 200) and next(chunks) == (200, 400)


def test_memory_stays_flat_however_many_matches_a_pooled_run_has() -> None:
    # 10**12 matches: a list of every chunk (5 * 10**9 of them) would not fit in memory;
    # handed out lazily, at most 4 chunks of 200 per worker are out at once (1600 matches,
    # fewer than the 2000 read)
    plan = make_plan(GAME, [RandomBot, RandomBot], seed=2)
    seen: list[Report] = []
    tracemalloc.start()
    try:
        for report in reports(plan, 10**12, 2, stop=lambda: len(seen) >= 2000):
            seen.append(report)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [r.index for r in seen] == list(range(2000))
    # the 2000 reports kept here and 1600 in flight, a few hundred bytes each, and the pipes
    assert peak < 8 * 2**20
    assert no_children_left()
