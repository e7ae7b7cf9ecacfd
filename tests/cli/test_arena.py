"""``cardkit arena``: results, determinism across workers, logs, failing bots, statistics."""

from __future__ import annotations

import math
import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import cli.runs
from cardkit.arena import Entrant, Plan, Report, Tally, match_seed
from cardkit.record import Record, replay
from cardkit.registry import bots_for
from cardkit.stats import Running, wilson
from cli.app import app
from cli.runs import progress_line
from tests.cli.conftest import load
from tests.cli.tinycli import GAME

TIMING = ("seconds", "matches_per_s", "workers")


def arena(runner: CliRunner, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["arena", *args])
    return result.exit_code, result.output


def without_timing(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in TIMING}


def test_results_are_the_same_for_one_and_two_workers(runner: CliRunner, tmp_path: Path) -> None:
    runs = []
    for workers in ("1", "2"):
        out_file = tmp_path / f"w{workers}.json"
        args = ["tiny-cli", "--bot", "random", "--bot", "flaky", "--matches", "60"]
        code, out = arena(
            runner, *args, "--seed", "9", "--workers", workers, "--json", str(out_file)
        )
        assert code == 0, out
        runs.append(load(out_file))
    assert without_timing(runs[0]) == without_timing(runs[1])
    assert runs[0]["workers"] == 1 and runs[1]["workers"] == 2


def test_json_holds_the_documented_keys(runner: CliRunner, tmp_path: Path) -> None:
    out_file = tmp_path / "r.json"
    args = ["tiny-cli", "--bot", "random", "--bot", "flaky", "-n", "40", "--seed", "3"]
    code, out = arena(runner, *args, "--option", "hands=3", "--json", str(out_file))
    assert code == 0, out
    data = load(out_file)
    for key in ("game", "players", "matches", "seed", "options", "entrants", "unfinished"):
        assert key in data
    assert "matches_per_s" in data and "failed" in data
    assert data["game"] == "tiny-cli" and data["players"] == 2 and data["matches"] == 40
    assert data["seed"] == 3 and data["options"]["hands"] == 3 and data["options"]["trump"] == "a"
    assert [e["bot"] for e in data["entrants"]] == ["random", "flaky"]
    for entrant in data["entrants"]:
        assert set(entrant) >= {"bot", "matches", "wins", "win_rate", "win_rate_ci95"}
        assert "mean_score" in entrant
        low, high = entrant["win_rate_ci95"]
        assert 0 <= low <= entrant["win_rate"] <= high <= 1
        assert entrant["matches"] == 40
    # every finished match hands out exactly one win in all (shared wins are split)
    assert math.isclose(sum(e["wins"] for e in data["entrants"]), 40)
    assert data["unfinished"] == 0 and data["failed"] == 0
    assert "results over 40 finished matches" in out
    assert "matches/s" in out
    assert "playing" not in out  # no progress bar when the output is not a terminal


def test_seats_rotate_so_each_entrant_sits_everywhere_equally() -> None:
    entrants = tuple(Entrant(n, bots_for(GAME)["random"], {}) for n in ("x", "y", "z"))
    plan = Plan(GAME, 3, {}, 0, entrants, None, "unused")
    counts = {(seat, e): 0 for seat in range(3) for e in range(3)}
    for index in range(30):
        seating = plan.seating(index)
        assert sorted(seating) == [0, 1, 2]
        for seat, e in enumerate(seating):
            counts[seat, e] += 1
    assert set(counts.values()) == {10}


def test_match_seeds_differ_by_run_and_index() -> None:
    seeds = {match_seed(run, i) for run in range(5) for i in range(200)}
    assert len(seeds) == 1000


def test_shared_wins_count_one_over_k() -> None:
    entrants = tuple(Entrant(n, bots_for(GAME)["random"], {}) for n in ("x", "y", "z"))
    tally = Tally(Plan(GAME, 3, {}, 0, entrants, None, "unused"))
    tally.add(Report(0, (2.0, 2.0, 1.0), (0.5, 0.5, 0.0), True))
    tally.add(Report(1, (1.0, 1.0, 1.0), (1 / 3, 1 / 3, 1 / 3), True))
    tally.add(Report(2, (), (), False, "match 2: bot x failed"))
    tally.add(Report(3, (5.0, 0.0, 0.0), (1.0, 0.0, 0.0), False))
    rows = tally.entrants()
    # match 0: seats hold entrants 0, 1, 2; match 1: seat s holds entrant (s - 1) % 3
    assert [r["wins"] for r in rows] == pytest.approx([0.5 + 1 / 3, 0.5 + 1 / 3, 1 / 3])
    assert [r["matches"] for r in rows] == [2, 2, 2]
    assert tally.failed == 1 and tally.unfinished == 1 and tally.finished == 2


def test_wilson_interval_and_mean_interval() -> None:
    # 5 wins in 10: p = 0.5, z = 1.96; centre 0.5, half-width 0.2634 (hand computed)
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 20)
    assert low == 0.0 and 0 < high < 0.2
    # 1, 2, 3, 4: mean 2.5, sample sd 1.2910, se 0.6455, half-width 1.2652
    running = Running()
    for x in (1, 2, 3, 4):
        running.add(x)
    ci = running.ci95()
    assert running.mean == 2.5 and ci is not None
    assert ci[0] == pytest.approx(1.2348, abs=1e-4) and ci[1] == pytest.approx(3.7652, abs=1e-4)


def test_logs_hold_every_match_and_replay(runner: CliRunner, tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    code, out = arena(
        runner, "tiny-cli", "--bot", "random", "-n", "6", "--seed", "2", "--logs", str(logs)
    )
    assert code == 0, out
    files = sorted(logs.glob("match-*.json"))
    assert [f.name for f in files] == [f"match-{i:06d}.json" for i in range(6)]
    for f in files:
        record = Record.load(f)
        assert record.meta["arena"]["bots"] == ["random", "random"]
        assert replay(record, GAME).is_over()
        result = runner.invoke(app, ["replay", str(f)])
        assert result.exit_code == 0, result.output


def test_a_failing_bot_ends_its_match_only(runner: CliRunner, tmp_path: Path) -> None:
    out_file = tmp_path / "r.json"
    logs = tmp_path / "logs"
    args = ["tiny-cli", "--bot", "flaky:percent=10", "--bot", "random", "-n", "40"]
    code, out = arena(runner, *args, "--seed", "1", "--logs", str(logs), "--json", str(out_file))
    assert code == 0, out
    data = load(out_file)
    assert data["failed"] > 0 and data["failed"] + data["entrants"][0]["matches"] == 40
    assert "bot flaky:percent=10 in seat" in out and "flaky bot gave up" in out
    failed = [
        Record.load(f)
        for f in sorted(logs.glob("*.json"))
        if "failure" in Record.load(f).meta["arena"]
    ]
    assert len(failed) == data["failed"]
    assert "failed" in out and str(logs) in out


def test_an_illegal_action_is_named_and_its_record_kept(runner: CliRunner) -> None:
    code, out = arena(
        runner, "tiny-cli", "--bot", "illegal", "--bot", "random", "-n", "2", "--seed", "5"
    )
    assert code == 0, out
    assert "match 0: bot illegal in seat 0 failed" in out
    assert "(action 'pick sideways')" in out
    assert "match 1: bot illegal in seat 1 failed" in out
    folder = Path(out.split("failed (records in ")[1].split(")")[0])
    try:
        saved = sorted(p.name for p in folder.glob("*.json"))
        assert saved == ["match-000000.json", "match-000001.json"]
        record = Record.load(folder / "match-000000.json")
        assert record.actions[0][0] == -1  # the deal is kept: the failure came after it
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_user_errors_are_one_line(runner: CliRunner, tmp_path: Path) -> None:
    cases = {
        ("tiny-clj",): "did you mean 'tiny-cli'?",
        ("tiny-cli", "--bot", "flaky", "--bot", "flaky", "--bot", "flaky", "-p", "2"): (
            "at most one --bot per seat (2), not 3"
        ),
        ("tiny-cli", "--bot", "hueristic"): "unknown bot for tiny-cli 'hueristic'",
        ("tiny-cli", "--bot", "flaky:nope=1"): "unknown option 'nope'",
        ("tiny-cli", "--matches", "0"): "--matches must be at least 1",
        ("tiny-cli", "--workers", "0"): "--workers must be at least 1",
        ("tiny-cli", "--option", "order=up"): "bad value up for option 'order'",
        ("tiny-cli", "--json", str(tmp_path)): f"cannot write {tmp_path}: Is a directory",
        ("tiny-cli", "--json", str(tmp_path / "file" / "r.json")): "file is not a folder",
    }
    (tmp_path / "file").write_text("")
    for args, message in cases.items():
        code, out = arena(runner, *args)
        assert code == 2, (args, out)
        lines = [line for line in out.splitlines() if line.strip()]
        assert len(lines) == 1 and message in lines[0], (args, out)


def test_one_bot_in_every_seat_is_shown_by_seat(runner: CliRunner, tmp_path: Path) -> None:
    out_file = tmp_path / "r.json"
    args = ["tiny-cli", "--bot", "random", "-n", "6", "--seed", "4", "--json", str(out_file)]
    code, out = arena(runner, *args)
    assert code == 0, out
    assert "Tiny CLI: results over 6 finished matches, by seat" in out
    assert "random plays every seat" in out
    assert "By seat" not in out
    assert "  1   random" not in out  # no per-entrant row: it played only itself
    data = load(out_file)
    assert data["self_play"] is True
    [entrant] = data["entrants"]
    assert entrant["bot"] == "random" and entrant["matches"] == 6
    for key in ("wins", "win_rate", "win_rate_ci95", "mean_score", "mean_score_ci95"):
        assert entrant[key] is None
    assert math.isclose(sum(s["wins"] for s in data["seats"]), 6)
    code, out = arena(runner, "tiny-cli", "--bot", "random", "--bot", "random", "-n", "4")
    assert code == 0 and "plays every seat" not in out and "By seat" in out


def test_figures_without_data_are_a_dash_and_null(runner: CliRunner, tmp_path: Path) -> None:
    out_file = tmp_path / "r.json"
    args = ["tiny-cli", "--bot", "crash", "--bot", "random", "-n", "3", "--seed", "1"]
    code, out = arena(runner, *args, "--logs", str(tmp_path / "logs"), "--json", str(out_file))
    assert code == 0, out
    assert "results over 0 finished matches" in out
    tables = out.split("Not counted above")[0]
    assert "0.0%" not in tables and "0.00" not in tables and "100.0%" not in tables
    rows = [line.split() for line in out.splitlines() if line.strip().startswith(("1 ", "2 "))]
    assert rows and all(row[-3:] == ["-", "-", "-"] for row in rows), out
    data = load(out_file)
    assert data["finished"] == 0 and data["failed"] == 3
    for row in data["entrants"] + data["seats"]:
        assert row["wins"] == 0
        for key in ("win_rate", "win_rate_ci95", "mean_score"):
            assert row[key] is None, (key, row)
    # one finished match: a mean score but no interval for it
    tally = Tally(
        Plan(GAME, 2, {}, 0, (Entrant("x", object, {}), Entrant("y", object, {})), None, "")
    )
    tally.add(Report(0, (3.0, 1.0), (1.0, 0.0), True))
    assert (
        tally.entrants()[0]["mean_score"] == 3.0 and tally.entrants()[0]["mean_score_ci95"] is None
    )


def test_json_is_written_whole_before_the_tables(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import cli.arena
    import cli.runs

    out_file = tmp_path / "new" / "deeper" / "r.json"  # missing folders are made
    seen_during_run = []
    real_run = cli.runs.run_matches

    def run(*args: Any) -> Any:
        seen_during_run.append(sorted(p.name for p in out_file.parent.iterdir()))
        return real_run(*args)

    def cut_off(*args: Any) -> Any:
        raise BrokenPipeError  # as when the output is piped to `head`

    monkeypatch.setattr(cli.runs, "run_matches", run)
    monkeypatch.setattr(cli.arena, "_entrant_table", cut_off)
    args = ["tiny-cli", "--bot", "random", "--bot", "flaky", "-n", "8", "--seed", "1"]
    result = runner.invoke(app, ["arena", *args, "--json", str(out_file)])
    assert isinstance(result.exception, BrokenPipeError)
    assert seen_during_run == [[]]  # checked early, but no empty file left during the run
    assert load(out_file)["matches"] == 8
    assert [p.name for p in out_file.parent.iterdir()] == ["r.json"]  # no temporary file left
    umask = os.umask(0)
    os.umask(umask)
    assert out_file.stat().st_mode & 0o777 == 0o666 & ~umask


def test_counts_of_one_are_singular(runner: CliRunner) -> None:
    from cli.runs import counted

    assert counted(1, "match", "matches") == "1 match"
    assert counted("1", "match/s", "matches/s") == "1 match/s"
    assert counted("1.0", "match/s", "matches/s") == "1.0 matches/s"
    assert counted(0, "match", "matches") == "0 matches"
    assert counted("1,000", "match/s", "matches/s") == "1,000 matches/s"
    code, out = arena(runner, "tiny-cli", "--bot", "random", "--bot", "flaky", "-n", "1")
    assert code == 0, out
    assert "): 1 match, 2 players" in out
    assert re.search(r"results over 1 finished match *\n", out), out
    assert "\n1 match in " in out
    assert not re.search(r"(?<![\d,.])1 matches", out), out


def test_each_run_has_its_own_failures_folder(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    folders = []
    for matches in ("3", "2"):  # the same seed twice: the records must not mix
        args = ["tiny-cli", "--bot", "illegal", "--bot", "random", "-n", matches, "--seed", "5"]
        code, out = arena(runner, *args)
        assert code == 0, out
        folder = Path(out.split("failed (records in ")[1].split(")")[0])
        assert folder.parent == tmp_path
        assert folder.name.startswith("cardkit-arena-failures-tiny-cli-")
        folders.append(folder)
    assert folders[0] != folders[1]
    assert len(list(folders[0].glob("match-*.json"))) == 3
    assert len(list(folders[1].glob("match-*.json"))) == 2
    # a run where nothing fails leaves no folder behind
    code, out = arena(runner, "tiny-cli", "--bot", "random", "-n", "3", "--seed", "5")
    assert code == 0 and "failed" not in out
    assert sorted(tmp_path.iterdir()) == sorted(folders)


def test_logs_refuses_a_folder_with_earlier_match_records(
    runner: CliRunner, tmp_path: Path
) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "notes.txt").write_text("kept\n")  # other files do not matter
    args = ["tiny-cli", "--bot", "random", "-n", "2", "--seed", "2", "--logs", str(logs)]
    code, out = arena(runner, *args)
    assert code == 0, out
    assert sorted(p.name for p in logs.iterdir()) == [
        "match-000000.json",
        "match-000001.json",
        "notes.txt",
    ]
    code, out = arena(runner, *args)
    lines = [line for line in out.splitlines() if line.strip()]
    assert code == 2 and len(lines) == 1, out
    assert f"--logs {logs} already holds match records" in lines[0]
    assert "empty or new folder" in lines[0]


def test_json_keys_are_the_ones_docs_cli_md_names(runner: CliRunner, tmp_path: Path) -> None:
    out_file = tmp_path / "r.json"
    args = ["tiny-cli", "--bot", "random", "--bot", "flaky", "-n", "10", "--seed", "3"]
    code, out = arena(runner, *args, "--json", str(out_file))
    assert code == 0, out
    data = load(out_file)
    entrant, seat = data["entrants"][0], data["seats"][0]
    assert set(seat) == {"seat"} | set(entrant) - {"bot", "matches"}
    assert seat["mean_score_ci95"] is not None
    low, high = seat["mean_score_ci95"]
    assert low <= seat["mean_score"] <= high
    docs = (Path(__file__).parents[2] / "docs" / "cli.md").read_text(encoding="utf-8")
    section = docs.split("## `cardkit arena")[1].split("\n## ")[0]
    described = section.split("- `--json FILE` writes")[1].split("\n- ")[0].split("```")[0]
    named = set(re.findall(r"`(\w+)`", described))
    for keys in (data, entrant, seat):
        assert set(keys) <= named, set(keys) - named
    assert "mean score ±95%" in out.split("By seat")[1]


DOCUMENTED = "cardkit arena universal-bid --bot heuristic --bot random --bot random --matches 600"


def _figure_rows(lines: list[str]) -> list[list[str]]:
    """The table rows of an arena output: they start with an entrant or seat number."""
    return [line.split() for line in lines if re.match(r"\s+\d+\s", line)]


@pytest.mark.parametrize("doc", ["docs/cli.md", "README.md"])
def test_the_documented_arena_sample_is_the_real_output(
    runner: CliRunner, tmp_path: Path, doc: str
) -> None:
    from cardkit.errors import CardkitError
    from cardkit.registry import get_game

    try:
        get_game("universal-bid")
    except CardkitError as exc:
        pytest.skip(f"universal-bid does not load: {exc}")
    lines = (Path(__file__).parents[2] / doc).read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if DOCUMENTED in line)
    command = lines[start].split("$ cardkit ")[1].split()
    sample = []
    for line in lines[start + 1 :]:
        if line.strip() == "```" or (line and not line.startswith(" ") and doc == "README.md"):
            break
        sample.append(line.removeprefix("    ") if doc == "README.md" else line)
    if "--json" in command:
        command[command.index("--json") + 1] = str(tmp_path / "results.json")
    result = runner.invoke(app, command)
    assert result.exit_code == 0, result.output
    real = result.output.splitlines()

    # the first line, wrapped at the terminal's width (80 here), however wide the sample's was
    def head(lines: list[str]) -> list[str]:
        ends = ("results over", "playing", "...")
        end = next(i for i, line in enumerate(lines) if any(e in line for e in ends))
        return " ".join(lines[:end]).split()

    assert head(sample) == head(real)
    shown = _figure_rows(sample)
    assert shown and all(row in _figure_rows(real) for row in shown), (shown, real)


def test_long_bot_specs_are_named_short_with_a_key_in_a_narrow_table(runner: CliRunner) -> None:
    spec = "flaky:percent=0"
    args = ["arena", "tiny-cli", "--matches", "4", "--seed", "1", "--bot", spec, "--bot", "random"]
    result = runner.invoke(app, args, env={"COLUMNS": "80"})  # the whole spec does not fit
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any(line.split()[:2] == ["1", "flaky*"] for line in lines)  # the bot's name
    assert f"*: 1 {spec}" in lines  # and, in the key, its whole spec on one line
    assert all(len(line) <= 80 for line in lines) and "…" not in result.output


def one_line(out: str) -> str:
    lines = [line for line in out.splitlines() if line.strip()]
    assert len(lines) == 1, out
    return lines[0]


def test_json_refuses_an_existing_file_unless_forced(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    save.write_text('{"a play save": true}\n')
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    link = tmp_path / "link.json"
    link.symlink_to(notes)
    args = ["tiny-cli", "--bot", "random", "-n", "2", "--seed", "1"]
    for path in (save, notes, link, tmp_path / "dangling.json"):
        if path.name == "dangling.json":
            path.symlink_to(tmp_path / "nowhere")
        code, out = arena(runner, *args, "--json", str(path))
        assert code == 2, out
        line = one_line(out)
        assert f"--json {path} already exists" in line and "--force" in line
    assert save.read_text() == '{"a play save": true}\n'
    assert notes.read_text() == "my notes\n" and link.is_symlink()
    assert not (tmp_path / "nowhere").exists()
    code, out = arena(runner, *args, "--json", str(save), "--force")
    assert code == 0, out
    assert load(save)["matches"] == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "dangling.json",
        "link.json",
        "notes.txt",
        "save.json",
    ]  # written through a temporary file, renamed: none left


def test_logs_refuses_a_file(runner: CliRunner, tmp_path: Path) -> None:
    file = tmp_path / "logs"
    file.write_text("not a folder\n")
    json_file = str(tmp_path / "r.json")
    code, out = arena(
        runner, "tiny-cli", "-n", "2", "--logs", str(file), "--json", json_file, "--force"
    )
    assert code == 2
    assert f"--logs {file} exists and is not a folder" in one_line(out)
    assert file.read_text() == "not a folder\n"


def test_workers_are_capped(runner: CliRunner) -> None:
    from cardkit.arena import max_workers

    limit = max_workers()
    assert limit == max(8, 4 * (os.cpu_count() or 1))
    code, out = arena(runner, "tiny-cli", "-n", "2", "--workers", str(limit + 1))
    assert code == 2
    line = one_line(out)
    assert f"--workers must be at most {limit}" in line and f"not {limit + 1}" in line
    code, out = arena(runner, "tiny-cli", "-n", "2", "--workers", "100000")
    assert code == 2 and "at most" in one_line(out)


def test_move_time_ends_a_hanging_bot_s_match_and_the_run_goes_on(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile
    import time as clock

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the failures folder goes here

    from cardkit import registry
    from cardkit.bots import BaseBot

    class SleeperBot(BaseBot):
        name = "sleeper"
        summary = "sleeps for ever"

        def choose(self, view: Any, legal: Any) -> Any:
            while True:
                clock.sleep(60)

    monkeypatch.setitem(registry._extra_bots, "sleeper", SleeperBot)
    out_file = tmp_path / "r.json"
    args = ["tiny-cli", "--bot", "sleeper", "--bot", "random", "-n", "2", "--seed", "1"]
    code, out = arena(runner, *args, "--move-time", "0.1", "--json", str(out_file))
    assert code == 0, out
    assert "match 0: bot sleeper in seat 0 failed: MoveTimeout: no move within 0.1 s" in out
    assert "match 1: bot sleeper in seat 1 failed" in out
    assert load(out_file)["failed"] == 2
    code, out = arena(runner, *args, "--move-time", "-1")
    assert code == 2 and "--move-time must be a number of seconds" in one_line(out)
    for bad in ("nan", "inf"):  # not numbers in digits: refused as the option is read
        code, out = arena(runner, *args, "--move-time", bad)
        assert code == 2 and f"'{bad}' is not a number (digits 0-9)" in out


def test_an_unwritable_logs_folder_is_one_line_before_the_run(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    logs = tmp_path / "logs"
    logs.mkdir()
    real_open = os.open

    def read_only(path: Any, *args: Any, **kwargs: Any) -> int:
        if Path(path).parent == logs:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", read_only)
    code, out = arena(runner, "tiny-cli", "-n", "2", "--logs", str(logs))
    assert code == 2
    assert one_line(out) == f"error: cannot write {logs}: Permission denied"
    assert list(logs.iterdir()) == []


def test_a_full_disk_under_logs_stops_the_run_with_one_line(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    logs = tmp_path / "logs"
    writes: list[int] = []
    real_fsync = os.fsync

    def fills_up(fd: int) -> None:
        writes.append(fd)
        if len(writes) > 3:  # three records fit, then the disk is full
            raise OSError(errno.ENOSPC, "No space left on device")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fills_up)
    args = ["tiny-cli", "--bot", "random", "--bot", "random", "-n", "10", "--seed", "1"]
    code, out = arena(runner, *args, "--logs", str(logs))
    assert code == 1, out
    assert "Traceback" not in out
    errors = [line for line in out.splitlines() if line.startswith("error:")]
    path = logs / "match-000003.json"
    assert errors == [f"error: cannot write {path}: No space left on device"]
    assert out.rstrip().endswith(errors[0])
    assert "results over 3 finished matches" in out  # the matches played are reported
    assert sorted(p.name for p in logs.iterdir()) == [f"match-{i:06d}.json" for i in range(3)]


def test_duplicate_deals_report_paired_differences(runner: CliRunner, tmp_path: Path) -> None:
    out_file = tmp_path / "d.json"
    args = ["tiny-cli", "--bot", "random", "--bot", "random", "--bot", "random", "-n", "30"]
    code, out = arena(runner, *args, "--seed", "4", "--duplicate", "--json", str(out_file))
    assert code == 0, out
    data = load(out_file)
    # 30 matches of 3 rotations: 10 deals, each two of the 3 entrants paired in each
    assert data["duplicate"] is True and data["rotations"] == 3
    assert data["deals"] + data["deals_dropped"] == 10
    assert [(p["a_index"], p["b_index"]) for p in data["pairs"]] == [(0, 1), (0, 2), (1, 2)]
    assert all(p["unit"] == "deal" and p["units"] == data["deals"] for p in data["pairs"])
    # one bot class seeded by deal and seat: every rotation of a deal is the same
    # match with the entrants moved, so every two entrants tie every deal exactly
    assert all(p["win_rate_diff"] == 0.0 and p["win_rate_diff_sd"] == 0.0 for p in data["pairs"])
    assert "Paired differences over" in out and "3 seat rotations each" in " ".join(out.split())


def test_an_incomplete_last_deal_is_named(runner: CliRunner) -> None:
    code, out = arena(
        runner,
        "tiny-cli",
        "--bot",
        "random",
        "--bot",
        "random",
        "-n",
        "5",
        "--duplicate",
        "--seed",
        "1",
    )
    assert code == 0, out
    assert "5 is not a multiple of 2" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--backend", "nope"], "--backend must be one of: local, ray; not 'nope'"),
        (["--address", "auto"], "--address is for --backend ray only"),
        (["--players", "7", "--permutations"], "--permutations: at most 6 players, not 7"),
    ],
)
def test_bad_duplicate_and_backend_settings_are_one_line(
    runner: CliRunner, args: list[str], message: str
) -> None:
    code, out = arena(runner, "uno-star-trek", "--bot", "random", *args)
    assert code == 2
    assert message in out and "Traceback" not in out


def test_a_progress_line_says_how_far_and_how_long_is_left() -> None:
    # 2,460 s for 120 matches is 20.5 s a match: 1,880 more take 38,540 s, 10 h 42 min.
    assert progress_line(120, 2000, 2460.0) == (
        "played 120 of 2,000 matches in 41 min, about 10 h 42 min left"
    )
    assert progress_line(3, 4, 12.4) == "played 3 of 4 matches in 12 s, about 4 s left"
    assert progress_line(0, 10, 5.0) == "played 0 of 10 matches in 5 s"


def test_a_run_to_a_log_prints_progress_lines_on_stderr(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli.runs, "PROGRESS_LINE_EVERY", 0.0)  # a line after every match
    args = ["tiny-cli", "--bot", "random", "--bot", "flaky", "-n", "4", "--seed", "3"]
    result = runner.invoke(app, ["arena", *args])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stderr.splitlines() if line.startswith("played")]
    assert [line.split(" matches")[0] for line in lines] == [
        "played 1 of 4",
        "played 2 of 4",
        "played 3 of 4",
    ]
    assert "played" not in result.stdout
    assert "results over 4 finished matches" in result.stdout
