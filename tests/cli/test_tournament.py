"""``cardkit tournament``: balanced tables, ratings, paired differences, stopping, errors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cli.app import app
from tests.cli.conftest import load

TIMING = ("seconds", "matches_per_s", "workers")


def tournament(runner: CliRunner, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["tournament", *args])
    return result.exit_code, result.output


def without_timing(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in TIMING}


FIELD = ["--bot", "random", "--bot", "flaky", "--bot", "random", "--bot", "random"]


def test_a_tournament_rates_every_bot_and_pairs_every_two(
    runner: CliRunner, tmp_path: Path
) -> None:
    out_file = tmp_path / "t.json"
    args = ["tiny-cli", *FIELD, "--players", "3", "-n", "40", "--seed", "2"]
    code, out = tournament(runner, *args, "--json", str(out_file))
    assert code == 0, out
    data = load(out_file)
    # 4 bots at tables of 3: C(4, 3) = 4 tables a pass, 3 rotations a deal;
    # 40 matches round up to 42, whole deals of 3
    assert data["tables_per_pass"] == 4 and data["rotations"] == 3
    assert data["matches"] == 42 and data["deals"] + data["deals_dropped"] == 14
    assert data["bots"] == ["random", "flaky", "random", "random"]
    assert sorted(r["index"] for r in data["ranking"]) == [0, 1, 2, 3]
    assert [r["rank"] for r in data["ranking"]] == [1, 2, 3, 4]
    ratings = [r["rating"] for r in data["ranking"]]
    assert ratings == sorted(ratings, reverse=True)
    assert sum(ratings) == pytest.approx(0.0, abs=1e-6)
    for r in data["ranking"]:
        low, high = r["rating_ci95"]
        assert low <= r["rating"] <= high
    assert len(data["pairs"]) == 6  # every two of 4 bots meet
    assert "Bradley-Terry" in data["model"]
    assert "Ranking over" in out and "Paired differences" in out and "●" in out


def test_results_are_the_same_for_one_and_two_workers(runner: CliRunner, tmp_path: Path) -> None:
    runs = []
    for workers in ("1", "2"):
        out_file = tmp_path / f"w{workers}.json"
        args = ["tiny-cli", *FIELD, "-p", "2", "-n", "48", "--seed", "5", "-w", workers]
        code, out = tournament(runner, *args, "--json", str(out_file))
        assert code == 0, out
        runs.append(without_timing(load(out_file)))
    assert runs[0] == runs[1]


def test_until_separated_stops_once_the_stronger_bot_is_clearly_ahead(
    runner: CliRunner, tmp_path: Path
) -> None:
    out_file = tmp_path / "t.json"
    args = ["universal-bid", "--bot", "heuristic", "--bot", "random", "-p", "2"]
    args += ["--option", "schedule=3", "--seed", "1", "--until-separated", "--max-matches", "2000"]
    code, out = tournament(runner, *args, "--json", str(out_file))
    assert code == 0, out
    data = load(out_file)
    # the ranking is looked at every 20 deals (one table a pass, at least 20 deals)
    # of 2 matches; the heuristic bot is far ahead of random at the first look
    assert data["stopped"] == "separated" and data["separated"] is True
    assert data["matches"] == 40
    assert [r["bot"] for r in data["ranking"]] == ["heuristic", "random"]


def test_two_copies_of_one_bot_never_separate_and_stop_at_the_cap(
    runner: CliRunner, tmp_path: Path
) -> None:
    out_file = tmp_path / "t.json"
    args = ["tiny-cli", "--bot", "random", "--bot", "random", "--seed", "3"]
    code, out = tournament(
        runner, *args, "--until-separated", "--max-matches", "80", "--json", str(out_file)
    )
    assert code == 0, out
    data = load(out_file)
    assert data["stopped"] == "max_matches" and data["separated"] is False
    assert data["matches"] == 80
    (pair,) = data["pairs"]
    assert pair["win_rate_diff"] == 0.0  # seat-seeded copies play every deal alike
    assert "not settled" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bot", "random"], "give at least two --bot, not 1"),
        (["--bot", "random", "--bot", "random", "-p", "3"], "need at least 3 --bot, not 2"),
        (
            ["--bot", "random", "--bot", "random", "--until-separated", "--confidence", "2"],
            "--confidence must be",
        ),
        (["--bot", "random", "--bot", "random", "--backend", "nope"], "--backend must be one of"),
        (["--bot", "random", "--bot", "random", "--address", "auto"], "--address is for"),
        (["--bot", "random", "--bot", "random", "-n", "0"], "--matches must be at least 1"),
    ],
)
def test_user_errors_are_one_line(runner: CliRunner, args: list[str], message: str) -> None:
    code, out = tournament(runner, "tiny-cli", *args)
    assert code == 2
    assert message in out
    assert "Traceback" not in out


def test_failed_matches_keep_their_records_and_each_is_told_once(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    args = ["tiny-cli", "--bot", "random", "--bot", "crash", "-n", "4", "--seed", "1"]
    code, out = tournament(runner, *args)
    assert code == 0, out
    # 2 bots at tables of 2: one table, 2 rotations a deal; the crash bot fails every match
    folders = list(tmp_path.glob("cardkit-tournament-failures-*"))
    assert len(folders) == 1 and len(list(folders[0].glob("*.json"))) == 4
    assert "4 failed (records in" in out
    assert out.count("crash bot always fails") == 4  # matches 0 to 3, one line each
