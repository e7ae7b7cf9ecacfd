"""examples/rl: the training script runs end to end in a reduced form (needs the rl extra)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.examples.overlay import ROOT

pytest.importorskip("pettingzoo")

SCRIPT = ROOT / "examples" / "rl" / "train.py"


def test_the_example_trains_evaluates_and_plays_in_the_arena() -> None:
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--matches", "8", "--eval", "4", "--arena", "2"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout
    assert "trained on 8 matches" in out
    assert re.search(r"linear policy mean score [\d.]+; a random seat [\d.]+", out), out
    assert re.search(r"in cardkit arena, 2 matches against 3 random bots", out), out
    assert re.search(r"linear policy win rate \d+% \(random: 25%\)", out), out


def test_the_weights_can_be_kept(tmp_path: Path) -> None:
    weights = tmp_path / "policy.npz"
    args = ["--matches", "1", "--eval", "1", "--arena", "0", "--out", str(weights)]
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert weights.exists()
