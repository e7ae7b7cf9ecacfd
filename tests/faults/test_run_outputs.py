"""What arena and tournament runs leave behind: results and records never replaced or mixed
(issue 35 point 3), a checked ``--move-time`` and workers that cannot play (point 9), the
matches finished before Ctrl-C or SIGTERM all counted, with as many records (point 11),
and no empty failures folder, no ``--logs ''`` (point 12)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest
from typer.testing import CliRunner

import cardkit.arena
import cardkit.pool
import cli.runs
from cardkit import Action, RandomBot, View, arena, registry
from cardkit.arena import Plan, Report, make_plan, reports
from cardkit.record import Record
from cli.app import app
from tests.cli.conftest import fresh_consoles, load, runner, tiny_games  # noqa: F401
from tests.tinygame import GAME

TINY = ["tiny-cli", "--bot", "random", "--bot", "random", "--seed", "4"]


def invoke(runner: CliRunner, *args: str) -> tuple[int, str]:  # noqa: F811
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.strip()]


def records(folder: Path, skip: str = "") -> dict[str, int]:
    """The match records in ``folder`` (but ``skip``): file name -> the match it holds."""
    return {
        p.name: int(Record.load(p).meta["arena"]["match"])
        for p in folder.glob("match-*.json")
        if p.name != skip
    }


# -- point 3: concurrent runs, files made during a run -----------------------------------


def test_a_json_file_made_during_the_run_is_kept_and_the_results_go_beside_it(
    runner: CliRunner,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out_file = tmp_path / "conc.json"
    real_run = cli.runs.run_matches

    def run_then_another_run_writes(*args: Any) -> Any:
        done = real_run(*args)
        # after the check before the run, before the results are written: another run
        # (or the user) takes the name, and the next free one too
        out_file.write_text("the other run's results\n")
        (tmp_path / "conc-2.json").write_text("the user's notes\n")
        return done

    monkeypatch.setattr(cli.runs, "run_matches", run_then_another_run_writes)
    code, out = invoke(runner, "arena", *TINY, "-n", "6", "--json", str(out_file))
    assert code == 0, out
    assert out_file.read_text() == "the other run's results\n"
    assert (tmp_path / "conc-2.json").read_text() == "the user's notes\n"
    moved = tmp_path / "conc-3.json"
    assert load(moved)["matches"] == 6
    assert f"{out_file} was made during the run, and is kept; results written to {moved}" in out
    assert f"Results written to {moved}" in out


def test_a_match_record_made_during_the_run_is_kept_and_the_record_goes_beside_it(
    runner: CliRunner,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    logs = tmp_path / "logs"
    mine = logs / "match-000002.json"
    real_play = cardkit.pool.play_one

    def user_writes_before_match_2(plan: Plan, index: int) -> Any:
        if index == 2:  # after the check before the run, while it runs
            mine.write_text("the user's file\n")
        return real_play(plan, index)

    monkeypatch.setattr(cardkit.pool, "play_one", user_writes_before_match_2)
    args = ["arena", *TINY, "-n", "4", "--logs", str(logs), "--json", str(tmp_path / "r.json")]
    code, out = invoke(runner, *args)
    assert code == 0, out
    assert mine.read_text() == "the user's file\n"
    moved = logs / "match-000002-2.json"
    assert f"{mine} was made during the run, and is kept; the record of match 2 is {moved}" in out
    assert records(logs, skip=mine.name) == {
        "match-000000.json": 0,
        "match-000001.json": 1,
        "match-000002-2.json": 2,
        "match-000003.json": 3,
    }
    assert load(tmp_path / "r.json")["matches"] == 4
    assert not (logs / cli.runs.RUN_MARKER).exists()


def test_a_second_run_cannot_write_to_the_logs_folder_of_a_run_under_way(
    runner: CliRunner,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    logs = tmp_path / "logs"
    real_play = cardkit.pool.play_one
    second: list[tuple[int, str]] = []

    def second_run_starts_during_match_1(plan: Plan, index: int) -> Any:
        if index == 1:
            second.append(invoke(runner, "arena", *TINY, "-n", "3", "--logs", str(logs)))
        return real_play(plan, index)

    monkeypatch.setattr(cardkit.pool, "play_one", second_run_starts_during_match_1)
    code, out = invoke(runner, "arena", *TINY, "-n", "3", "--logs", str(logs))
    assert code == 0, out
    [(second_code, second_out)] = second
    assert second_code == 2
    assert lines(second_out) == [
        f"error: --logs {logs} is in use by another run ({cli.runs.RUN_MARKER} in it; remove "
        "that file if no run writes there); give another folder"
    ]
    # the folder holds the first run's records only, and is free again
    assert records(logs) == {f"match-{i:06d}.json": i for i in range(3)}
    assert sorted(p.name for p in logs.iterdir()) == [f"match-{i:06d}.json" for i in range(3)]
    monkeypatch.setattr(cardkit.pool, "play_one", real_play)
    other = tmp_path / "other"
    code, out = invoke(runner, "arena", *TINY, "-n", "1", "--logs", str(other))
    assert code == 0 and not (other / cli.runs.RUN_MARKER).exists()


def test_the_python_api_never_replaces_a_record(tmp_path: Path) -> None:
    (tmp_path / "match-000000.json").write_text("kept\n")
    tally = arena.run(GAME, [RandomBot, RandomBot], 2, seed=1, logs=tmp_path)
    assert tally.played == 2
    assert (tmp_path / "match-000000.json").read_text() == "kept\n"
    assert Record.load(tmp_path / "match-000000-2.json").meta["arena"]["match"] == 0


# -- point 9: --move-time's range; workers that cannot play -------------------------------

OUT_OF_RANGE = ["1e308", "4e10", "86400.5", "2e-5", "1e-6", "0.0009", "nan", "inf", "-1"]


@pytest.mark.parametrize("command", ["arena", "tournament"])
@pytest.mark.parametrize("value", OUT_OF_RANGE)
def test_a_move_time_out_of_range_is_one_line(
    runner: CliRunner,  # noqa: F811
    command: str,
    value: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = invoke(runner, command, *TINY, "-n", "2", "--workers", "2", "--move-time", value)
    assert code == 2
    if value in ("nan", "inf"):  # not numbers in digits: refused as the option is read
        assert f"'{value}' is not a number (digits 0-9)" in out
    else:
        assert lines(out) == [
            "error: --move-time must be a number of seconds, 0 (no limit) or from 0.001 to "
            f"86400, not {float(value)}"
        ]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("value", ["0", "0.001", "86400"])
def test_the_ends_of_the_move_time_range_are_accepted(
    runner: CliRunner,  # noqa: F811
    value: str,
) -> None:
    code, out = invoke(runner, "arena", *TINY, "-n", "2", "--move-time", value)
    assert code == 0, out


@pytest.mark.parametrize("move_time", [1e308, 4e10, 2e-5, 1e-6, 0.0, -1.0, float("nan")])
def test_the_python_api_refuses_a_move_time_out_of_range(move_time: float) -> None:
    with pytest.raises(ValueError, match="move_time must be a positive number of seconds"):
        arena.run(GAME, [RandomBot, RandomBot], 2, move_time=move_time)
    plan = make_plan(GAME, [RandomBot, RandomBot], seed=1)
    bad = Plan(plan.game, 2, plan.options, 1, plan.entrants, move_time=move_time)
    for workers in (1, 2):
        with pytest.raises(ValueError, match="move_time must be"):
            next(reports(bad, 2, workers))


def test_a_run_whose_workers_cannot_play_fails_with_one_line_and_no_folder(
    runner: CliRunner,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))

    @contextlib.contextmanager
    def broken_clock(limit: float | None) -> Iterator[None]:
        raise OverflowError("timestamp too large to convert to C _PyTime_t")
        yield  # a generator, as the real one

    # every worker process dies setting up its move clock (as 1e308 did)
    monkeypatch.setattr(cardkit.pool, "move_clock", broken_clock)
    code, out = invoke(runner, "arena", *TINY, "-n", "6", "--workers", "2")
    assert code == 1, out
    errors = [line for line in lines(out) if line.startswith("error:")]
    assert errors == [
        "error: a worker process failed: OverflowError: "
        "timestamp too large to convert to C _PyTime_t"
    ]
    assert "records in" not in out and "failed" not in out.replace(errors[0], "")
    assert list(tmp_path.iterdir()) == []  # no failures folder, empty or not


def test_failed_matches_without_records_name_no_folder(
    runner: CliRunner,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    real_play = cardkit.pool.play_one

    def worker_lost(plan: Plan, index: int) -> Any:
        return cardkit.arena.Report(index, (), (), False, f"match {index}: its worker died")

    monkeypatch.setattr(cardkit.pool, "play_one", worker_lost)
    code, out = invoke(runner, "arena", *TINY, "-n", "2")
    monkeypatch.setattr(cardkit.pool, "play_one", real_play)
    assert code == 0, out
    assert "Not counted above: 2 failed (no records kept)" in out
    assert list(tmp_path.iterdir()) == []


# -- point 11 and 12: Ctrl-C and SIGTERM count what finished, as many records -------------


class SignalBot(RandomBot):
    """Random; in a worker process, its ``AFTER``-th match there sends ``SIGNAL`` to the
    run (the parent), once in the whole run (the first worker to get there)."""

    name = "signaller"
    AFTER = 10
    SIGNAL: ClassVar[int] = signal.SIGINT
    marker: ClassVar[str] = ""
    made: ClassVar[int] = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        SignalBot.made += 1  # one per match (one seat): per worker, as each has its copy
        if SignalBot.made == self.AFTER:
            with contextlib.suppress(FileExistsError):
                os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
                os.kill(os.getppid(), self.SIGNAL)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return super().choose(view, legal)


@pytest.fixture
def signaller(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> type[SignalBot]:
    monkeypatch.setattr(SignalBot, "marker", str(tmp_path / "signalled"))
    monkeypatch.setattr(SignalBot, "made", 0)
    monkeypatch.setitem(registry._extra_bots, "signaller", SignalBot)
    return SignalBot


@pytest.mark.parametrize(
    ("sig", "code", "said"),
    [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")],
)
def test_an_arena_stopped_by_a_signal_counts_every_record_it_wrote(
    runner: CliRunner,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    signaller: type[SignalBot],
    sig: int,
    code: int,
    said: str,
) -> None:
    monkeypatch.setattr(signaller, "SIGNAL", sig)
    logs, out_file = tmp_path / "logs", tmp_path / "r.json"
    args = ["arena", "tiny-cli", "--bot", "signaller", "--bot", "random", "--seed", "3"]
    exit_code, out = invoke(
        runner, *args, "-n", "20000", "-w", "2", "--logs", str(logs), "--json", str(out_file)
    )
    assert exit_code == code, out
    data = load(out_file)
    assert data["interrupted"] is True
    counted = data["matches"]
    # the signalling worker had finished 9 matches and finishes the 10th; chunks are
    # 200 matches (20000 // (2 * 16), at most 200), so few were whole when it came
    assert 10 <= counted < 20000
    assert f"{said}: {counted:,} of 20000 matches finished".replace(",", "") in out.replace(",", "")
    on_disk = records(logs)
    assert len(on_disk) == counted
    assert sorted(p.name for p in logs.iterdir()) == sorted(on_disk)  # no marker, no temp file
    assert sorted(on_disk) == [f"match-{i:06d}.json" for i in sorted(on_disk.values())]


def test_a_sigterm_to_the_whole_process_group_winds_the_run_down(tmp_path: Path) -> None:
    """A job scheduler cancelling a run signals every process of it: the workers leave
    the signal to the run, which counts every match whose record it wrote."""
    logs, out_file = tmp_path / "logs", tmp_path / "r.json"
    argv = [sys.executable, "-m", "cli", "arena", "universal-bid", "--bot", "random"]
    argv += ["-n", "1000000", "-w", "2", "--logs", str(logs), "--json", str(out_file)]
    root = Path(__file__).resolve().parents[2]
    with subprocess.Popen(
        argv,
        cwd=root,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    ) as run:
        deadline = time.monotonic() + 120
        while not (logs.is_dir() and len(list(logs.iterdir())) >= 20):
            assert run.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        os.killpg(run.pid, signal.SIGTERM)
        assert run.wait(timeout=120) == 143
    data = load(out_file)
    assert data["interrupted"] is True and 20 <= data["matches"] < 1000000
    on_disk = records(logs)
    assert len(on_disk) == data["matches"]  # a record for each match counted, no other
    assert sorted(p.name for p in logs.iterdir()) == sorted(on_disk)  # no temp file
    assert sorted(on_disk) == [f"match-{i:06d}.json" for i in sorted(on_disk.values())]


def test_a_tournament_interrupted_counts_the_matches_of_chunks_under_way(
    runner: CliRunner,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    signaller: type[SignalBot],
) -> None:
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    out_file = tmp_path / "t.json"
    args = ["tournament", "tiny-cli", "--bot", "signaller", "--bot", "random", "--seed", "3"]
    code, out = invoke(runner, *args, "-n", "20000", "-w", "2", "--json", str(out_file))
    assert code == 130, out
    data = load(out_file)
    assert data["stopped"] == "interrupted"
    assert 10 <= data["matches"] < 20000  # not 0: the first chunks (200 matches) were not done
    assert list((tmp_path / "tmp").iterdir()) == []  # no empty failures folder


def test_wind_down_reports_every_match_under_way_and_no_more(tmp_path: Path) -> None:
    plan = make_plan(GAME, [RandomBot, RandomBot], seed=6, logs=tmp_path)
    asked: list[bool] = []
    got: list[Report] = []
    with contextlib.closing(reports(plan, 20000, 2, wind_down=lambda: bool(asked))) as stream:
        for report in stream:
            got.append(report)
            asked.append(True)  # Ctrl-C as the first report comes in
    indices = [r.index for r in got]
    assert indices == sorted(set(indices)) and len(got) < 20000
    assert sorted(records(tmp_path).values()) == indices  # a record for each, and no more
    # each is the match a run without the interruption plays (one worker, no records)
    whole = list(reports(make_plan(GAME, [RandomBot, RandomBot], seed=6), indices[-1] + 1, 1))
    assert [attrs.evolve(r, saved=None) for r in got] == [whole[i] for i in indices]


# -- point 12: --logs '' ------------------------------------------------------------------


def test_an_empty_logs_name_is_refused(
    runner: CliRunner,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = invoke(runner, "arena", *TINY, "-n", "2", "--logs", "")
    assert code == 2
    assert lines(out) == [
        "error: --logs needs a folder name, not an empty text (give . for the current folder)"
    ]
    assert list(tmp_path.iterdir()) == []
