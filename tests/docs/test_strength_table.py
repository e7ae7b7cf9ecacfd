"""The strength tables' rows and commands come from the arena's JSON results."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from benchmarks.strength import command, main, row


def _result() -> dict[str, Any]:
    hero = {"bot": "ismcts:iterations=20", "wins": 46.5, "win_rate": 0.465}
    hero |= {"win_rate_ci95": [0.4, 0.5], "mean_score": 70.25}
    others = [{"bot": "heuristic", "mean_score": m} for m in (60.0, 61.0, 62.0)]
    pair = {"a_index": 0, "b_index": 1, "mean_score_diff": 10.25}
    pair |= {"mean_score_diff_ci95": [8.0, 12.5]}
    return {
        "game": "universal-bid",
        "players": 4,
        "requested": 100,
        "finished": 100,
        "seed": 3,
        "duplicate": True,
        "workers": 2,
        "seconds": 600.0,
        "entrants": [hero, *others],
        "pairs": [pair],
    }


def test_a_row_gives_the_bots_figures_and_the_opponents_mean() -> None:
    assert row(_result()) == (
        "| `ismcts:iterations=20` | 3 heuristic | 100 | 46.5 | 0.465 | 0.400 - 0.500 | "
        "70.2 | 61.0 | +10.2 (8.0 - 12.5) | 10 (2) |"
    )


def test_the_command_plays_the_same_run_again() -> None:
    assert command(_result()) == (
        "cardkit arena universal-bid -p 4 --bot ismcts:iterations=20 --bot heuristic "
        "--bot heuristic --bot heuristic -n 100 --seed 3 --duplicate --workers 2"
    )


def test_a_stopped_run_says_how_many_of_its_matches_finished() -> None:
    result = _result() | {"finished": 37, "interrupted": True}
    assert "| 3 heuristic | 37 of 100 (stopped) | 46.5 |" in row(result)


def test_a_missing_or_foreign_file_is_one_line_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nothing.json"
    assert main([str(missing)]) == 2
    err = capsys.readouterr()
    assert err.out == ""
    assert err.err == f"benchmarks.strength: {missing}: No such file or directory\n"
    other = tmp_path / "other.json"
    other.write_text('{"game": "ufos"}')
    assert main([str(other)]) == 2
    assert capsys.readouterr().err == (
        f"benchmarks.strength: {other}: not an arena --json result\n"
    )
