"""cardkit.arena from Python, and the intervals of cardkit.stats."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from cardkit import RandomBot, arena, pool
from cardkit.errors import CardkitError
from cardkit.plan import Plan
from cardkit.record import Record
from cardkit.stats import Running, wilson
from tests.tinygame import GAME


def test_all_wins_and_no_wins_give_intervals_that_hold_the_rate() -> None:
    # 400 of 400: rate 1.0; the upper end came out as 0.9999999999999999 by rounding
    low, high = wilson(400, 400)
    assert high == 1.0 and low <= 1.0
    # 0 of 400: rate 0.0; the lower end came out as 8.7e-19
    low, high = wilson(0, 400)
    assert low == 0.0 and high >= 0.0


@pytest.mark.parametrize("n", [1, 2, 3, 7, 10, 400, 1000, 10**6])
def test_every_wilson_interval_holds_its_rate_within_0_and_1(n: int) -> None:
    for wins in sorted({0, 1, n // 3, n // 2, n - 1, n, n - 0.5, 0.5}):
        if not 0 <= wins <= n:
            continue
        low, high = wilson(wins, n)
        assert 0.0 <= low <= wins / n <= high <= 1.0, (wins, n, low, high)


def test_a_mean_interval_holds_its_mean() -> None:
    running = Running()
    for _ in range(10):
        running.add(0.1)  # equal values: a zero-width interval, around the mean itself
    ci = running.ci95()
    assert ci is not None and ci[0] <= running.mean <= ci[1]


def test_merged_runnings_are_one_running_over_all_the_values() -> None:
    # 1, 2, 3 and 4, 5: together 1 to 5, mean 3, squared deviations 4 + 1 + 0 + 1 + 4 = 10
    first, second = Running(), Running()
    for x in (1.0, 2.0, 3.0):
        first.add(x)
    for x in (4.0, 5.0):
        second.add(x)
    first.merge(second)
    assert (first.n, first.mean, first.m2) == (5, pytest.approx(3.0), pytest.approx(10.0))
    first.merge(Running())  # nothing to take in
    assert (first.n, first.mean) == (5, pytest.approx(3.0))
    empty = Running()
    empty.merge(second)  # into an empty one: the other's figures
    assert (empty.n, empty.mean, empty.m2) == (2, pytest.approx(4.5), pytest.approx(0.5))


def test_run_from_python_gives_the_same_tally_for_any_number_of_workers() -> None:
    rows = []
    for workers in (1, 2):
        tally = arena.run(GAME, ["random", RandomBot], 50, seed=4, workers=workers)
        assert tally.played == 50 and tally.finished + tally.unfinished == 50
        rows.append((tally.entrants(), tally.seats()))
    assert rows[0] == rows[1]
    entrants, _ = rows[0]
    assert [e["bot"] for e in entrants] == ["random", "random"]
    assert sum(e["wins"] for e in entrants) == pytest.approx(rows[0][0][0]["matches"])


def test_run_keeps_records_in_logs(tmp_path: Path) -> None:
    tally = arena.run(GAME, ["random"], 3, seed=1, players=3, logs=tmp_path / "logs")
    assert tally.plan.self_play and tally.plan.players == 3
    files = sorted((tmp_path / "logs").glob("match-*.json"))
    assert [f.name for f in files] == [f"match-{i:06d}.json" for i in range(3)]
    assert Record.load(files[0]).meta["arena"]["bots"] == ["random"] * 3


def test_make_plan_checks_its_settings() -> None:
    with pytest.raises(CardkitError, match="one bot per seat"):
        arena.make_plan(GAME, ["random", "random"], players=3)
    with pytest.raises(CardkitError, match="unknown option 'nope'"):
        arena.make_plan(GAME, ["random"], options={"nope": 1})
    with pytest.raises(CardkitError, match="move_time must be a positive number"):
        arena.make_plan(GAME, ["random"], move_time=0)
    plan = arena.make_plan(GAME, ["random"], options={"hands": "3"})
    assert plan.options["hands"] == 3


def test_workers_outside_the_cap_are_refused() -> None:
    plan = arena.make_plan(GAME, ["random"])
    for workers in (0, arena.max_workers() + 1):
        with pytest.raises(ValueError, match="workers must be from 1 to"):
            next(arena.reports(plan, 10, workers))


def test_workers_end_when_told_even_under_a_handler_for_sigterm(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A run's workers end at its end as told (exit code 0), not killed, even when the
    process that runs it handles SIGTERM itself (as ``cardkit arena`` does)."""
    started: list[pool._Worker] = []
    start = pool._Worker.start

    def recorded(plan: Plan) -> pool._Worker:
        worker = start(plan)
        started.append(worker)
        return worker

    monkeypatch.setattr(pool._Worker, "start", staticmethod(recorded))
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: None)
    try:
        plan = arena.make_plan(GAME, ["random"])
        assert sum(1 for _ in arena.reports(plan, 40, 2)) == 40
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert len(started) == 2
    assert [w.process.exitcode for w in started] == [0, 0]
