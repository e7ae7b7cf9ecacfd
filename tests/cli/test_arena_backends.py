"""``cardkit arena --backend ray`` from the command line, and the progress bar on a terminal
for both backends. The Ray test is skipped where Ray is not installed."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from cli import common
from cli.app import app
from tests.cli.conftest import load

RUN = ["universal-bid", "--bot", "heuristic", "--bot", "random", "--bot", "random"]
SMALL = ["-o", "schedule=3", "-n", "30", "--seed", "4", "--duplicate", "--workers", "2"]
TIMING = ("seconds", "matches_per_s", "backend")
RAY_ARGS = ["universal-bid", "--bot", "heuristic", "--bot", "random", "--bot", "random"]
RAY_ARGS += ["--matches", "600", "--seed", "1", "--workers", "2", "--backend", "ray"]


def on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command's console is a terminal (so it draws its progress bar) writing to the
    runner's captured output."""
    terminal = Console(force_terminal=True, highlight=False, width=160)
    monkeypatch.setattr(common, "_consoles", {False: terminal})


def run(runner: CliRunner, out_file: Path, *more: str) -> tuple[str, dict[str, Any]]:
    result = runner.invoke(app, ["arena", *RUN, *SMALL, "--json", str(out_file), *more])
    assert result.exit_code == 0, result.output
    data = load(out_file)
    return result.output, {k: v for k, v in data.items() if k not in TIMING}


def test_the_local_backend_draws_a_progress_bar_on_a_terminal(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    on_a_terminal(monkeypatch)
    output, _ = run(runner, tmp_path / "local.json")
    assert "playing" in output and "30/30" in output


def test_arena_on_ray_gives_the_local_results_with_a_progress_bar(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ray = pytest.importorskip("ray")
    # Ray's logger wraps sys.stdout when first imported: let it wrap this one, not the
    # runner's, which is closed (and would be written to at exit) once the command ends
    pytest.importorskip("ray.autoscaler._private.cli_logger")
    _, local = run(runner, tmp_path / "local.json")
    on_a_terminal(monkeypatch)
    output, on_ray = run(runner, tmp_path / "ray.json", "--backend", "ray")
    assert not ray.is_initialized()  # the Ray the command started is shut down
    assert on_ray == local and on_ray["deals"] == 10
    assert "2 workers on ray" in output
    assert "starting Ray" in output  # the bar says why it waits while the workers start
    assert "playing" in output and "30/30" in output


def sample_after(lines: list[str], command: str) -> tuple[list[str], list[list[str]]]:
    """The command's words and the figure rows (entrant and seat rows) of its docs sample."""
    start = next(i for i, line in enumerate(lines) if line.startswith(f"$ {command}"))
    end = lines.index("```", start)
    rows = [line.split() for line in lines[start + 1 : end] if re.match(r"\s+\d+\s", line)]
    return lines[start].split(), rows


def test_the_documented_ray_sample_has_the_figures_of_the_local_sample() -> None:
    # the local sample is checked against a real run (tests/cli/test_arena.py), and one seed
    # gives the same results on every backend (tests/cardkit/test_backends.py)
    lines = (Path(__file__).parents[2] / "docs" / "cli.md").read_text(encoding="utf-8")
    local_words, local_rows = sample_after(lines.splitlines(), "cardkit arena universal-bid")
    ray_words, ray_rows = sample_after(lines.splitlines(), "cardkit arena " + " ".join(RAY_ARGS))
    json_at = local_words.index("--json")
    assert ray_words == local_words[:json_at] + local_words[json_at + 2 :] + ["--backend", "ray"]
    assert ray_rows == local_rows and len(ray_rows) == 6
