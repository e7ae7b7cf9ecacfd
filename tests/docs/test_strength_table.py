"""The strength tables' rows and commands come from the arena's JSON results."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from benchmarks.strength import command, main, row
from cardkit.stats import Z95


def _result() -> dict[str, Any]:
    hero = {"bot": "ismcts:iterations=20", "wins": 46.5, "win_rate": 0.465}
    hero |= {"win_rate_ci95": [0.4, 0.5], "mean_score": 70.25}
    others = [{"bot": "heuristic", "mean_score": m} for m in (60.0, 61.0, 62.0)]
    pair: dict[str, Any] = {"a_index": 0, "b_index": 1, "mean_score_diff": 10.25}
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


def test_the_command_gives_the_options_that_differ_from_the_defaults() -> None:
    text = command(_result() | {"options": {"schedule": [12]}})  # as the JSON holds it
    assert "cardkit arena universal-bid -p 4 -o schedule=12 --bot" in text
    default = command(_result() | {"options": {"schedule": [9, 7, 5, 3, 1, 2, 4, 6, 8, 10]}})
    assert "cardkit arena universal-bid -p 4 --bot" in default
    unknown = command(_result() | {"game": "no-such-game", "options": {"x": True}})
    assert "cardkit arena no-such-game -p 4 -o x=true --bot" in unknown


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


def _part(seed: int, wins: float, mean: float, theirs: float, diff: float) -> dict[str, Any]:
    """One run of 100 matches (25 deals) whose paired difference has a standard error of 1."""
    hero = {"bot": "pimc:worlds=2", "matches": 100, "wins": wins, "mean_score": mean}
    others = [
        {"bot": "heuristic", "matches": 100, "wins": (100 - wins) / 3, "mean_score": theirs}
        for _ in range(3)
    ]
    pair: dict[str, Any] = {"a_index": 0, "b_index": 1, "units": 25, "mean_score_diff": diff}
    pair |= {"mean_score_diff_ci95": [diff - Z95, diff + Z95]}
    return {
        "game": "ufos",
        "players": 4,
        "options": {},
        "duplicate": True,
        "permutations": False,
        "requested": 100,
        "finished": 100,
        "seed": seed,
        "workers": 2,
        "seconds": 1800.0,
        "entrants": [hero, *others],
        "pairs": [pair],
    }


def test_runs_on_other_seeds_pool_into_one_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.write_text(json.dumps(_part(1, 46.5, 70.25, 60.0, 10.0)))
    second.write_text(json.dumps(_part(2, 53.5, 74.25, 62.0, 12.0)))
    assert main([f"{first}+{second}"]) == 0
    out = capsys.readouterr().out.splitlines()
    # 100 wins of 200: Wilson's interval 0.5 +- 1.96 * sqrt(0.25/200 + 1.96^2/160000) / 1.0192.
    # The differences: 50 deals, mean 11; each run's sum of squares 1 * 25 * 24 = 600, and
    # 600 + 600 + (12 - 10)^2 * 25 * 25 / 50 = 1250, so 1.96 * sqrt(1250 / 49 / 50) = 1.40.
    assert out[2] == (
        "| `pimc:worlds=2` | 3 heuristic | 200 | 100 | 0.500 | 0.431 - 0.569 | "
        "72.2 | 61.0 | +11.0 (9.6 - 12.4) | 60 (2) |"
    )
    assert out[4].endswith("-n 100 --seed 1 --duplicate --workers 2")
    assert out[5].endswith("-n 100 --seed 2 --duplicate --workers 2")


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"seed": 1}, "two runs have the same seed, so the same deals: [1, 1]"),
        ({"game": "uno-star-trek"}, "the runs differ in game"),
        ({"entrants": [{"bot": "ismcts"}]}, "the runs differ in their bots"),
    ],
)
def test_runs_that_differ_do_not_pool(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: dict[str, Any], reason: str
) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.write_text(json.dumps(_part(1, 46.5, 70.25, 60.0, 10.0)))
    second.write_text(json.dumps(_part(2, 53.5, 74.25, 62.0, 12.0) | change))
    assert main([f"{first}+{second}"]) == 2
    err = capsys.readouterr()
    assert err.out == ""
    assert err.err == f"benchmarks.strength: {first}+{second}: {reason}\n"


def _versus() -> dict[str, Any]:
    bots = ["pimc", "exec:python -m peer", "pimc", "exec:python -m peer"]
    wins = [30.0, 20.0 + 1 / 3, 25.0, 24.0]
    pair: dict[str, Any] = {"a": "pimc", "b": "exec:python -m peer", "units": 25}
    pair |= {"win_rate_diff": 0.1, "win_rate_diff_ci95": [0.02, 0.18]}
    pair |= {"mean_score_diff": 1.5, "mean_score_diff_ci95": [0.25, 2.75]}
    return {
        "game": "oh-hell",
        "players": 4,
        "requested": 100,
        "finished": 100,
        "seed": 1,
        "duplicate": True,
        "workers": 2,
        "seconds": 1200.0,
        "entrants": [{"bot": b, "wins": w} for b, w in zip(bots, wins, strict=True)],
        "pairs": [],
        "bot_pairs": [pair],
    }


def test_a_run_of_two_bots_two_of_each_is_a_versus_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "versus.json"
    path.write_text(json.dumps(_versus()))
    assert main([str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("| bot a | bot b |")
    # each bot's seats won 30 + 25 and 20 1/3 + 24 (a shared win is a fraction) = 44.3
    assert out[2] == (
        "| `pimc` | `exec:python -m peer` | 100 (25 deals) | 55 : 44.3 | +10.0 (2.0 - 18.0) | "
        "+1.50 (0.25 - 2.75) | 20 (2) |"
    )
    assert out[-1].endswith(
        "--bot pimc --bot 'exec:python -m peer' --bot pimc --bot "
        "'exec:python -m peer' -n 100 --seed 1 --duplicate --workers 2"
    )
