"""The example plugin packages, installed with pip into an overlay venv and tested there.

``examples/oh-hell`` and ``examples/hearts`` are game plugins (each with a
differential test against OpenSpiel, skipped when open_spiel is not
installed); ``examples/bot-plugin`` registers two bots. Each package's own
test suite runs inside the overlay, so its entry points are real.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.examples.overlay import ROOT, Overlay, installed

OH_HELL = ROOT / "examples" / "oh-hell"
HEARTS = ROOT / "examples" / "hearts"
BOTS = ROOT / "examples" / "bot-plugin"


@pytest.fixture
def overlay() -> Overlay:
    return installed(OH_HELL, HEARTS, BOTS)


def run_tests(overlay: Overlay, package: Path) -> str:
    """Run the test suite of the installed copy of ``package``."""
    copy = overlay.copies[package.resolve()]
    return overlay.run("-m", "pytest", "-p", "no:cacheprovider", "-rs", cwd=copy).stdout


def test_oh_hell_passes_its_own_tests(overlay: Overlay) -> None:
    out = run_tests(overlay, OH_HELL)
    assert " passed" in out and " failed" not in out, out
    if importlib.util.find_spec("pyspiel") is not None:
        assert "skipped" not in out, out


def test_hearts_passes_its_own_tests(overlay: Overlay) -> None:
    out = run_tests(overlay, HEARTS)
    assert " passed" in out and " failed" not in out, out
    if importlib.util.find_spec("pyspiel") is not None:
        assert "skipped" not in out, out


def test_the_bot_plugin_passes_its_own_tests(overlay: Overlay) -> None:
    out = run_tests(overlay, BOTS)
    assert " passed" in out and " failed" not in out and "skipped" not in out, out


def test_cardkit_lists_and_explains_the_plugin(overlay: Overlay) -> None:
    listed = overlay.cardkit("list").stdout
    row = next(line for line in listed.splitlines() if line.startswith("oh-hell "))
    assert "Oh Hell" in row and "3-7" in row
    rules = overlay.cardkit("rules", "oh-hell").stdout
    for option in ("num_suits", "num_cards_per_suit", "num_tricks_fixed", "off_bid_penalty"):
        assert option in rules
    row = next(line for line in listed.splitlines() if line.startswith("hearts "))
    assert "Hearts" in row and "4" in row
    rules = overlay.cardkit("rules", "hearts").stdout
    for option in ("target", "pass_cards", "no_pts_on_first_trick", "qs_breaks_hearts"):
        assert option in rules


def test_a_match_between_plugin_bots_plays_through_the_registry(overlay: Overlay) -> None:
    script = (
        "from cardkit.registry import get_game, make_bot\n"
        "from cardkit.runner import play_match\n"
        "game = get_game('oh-hell')\n"
        "specs = ['heuristic', 'ducker:bid=1', 'lowball', 'random']\n"
        "bots = [make_bot(s, game, seat, seat) for seat, s in enumerate(specs)]\n"
        "outcome = play_match(game, bots, 3, {'hands': 4})\n"
        "assert outcome.failure is None, outcome.failure\n"
        "print(outcome.result.finished, len(outcome.result.scores))\n"
    )
    assert overlay.run("-c", script).stdout.split() == ["True", "4"]


def test_a_hearts_match_plays_through_the_registry(overlay: Overlay) -> None:
    script = (
        "from cardkit.registry import get_game, make_bot\n"
        "from cardkit.runner import play_match\n"
        "game = get_game('hearts')\n"
        "specs = ['heuristic', 'random', 'heuristic', 'random']\n"
        "bots = [make_bot(s, game, seat, seat) for seat, s in enumerate(specs)]\n"
        "outcome = play_match(game, bots, 3, {'target': 50})\n"
        "assert outcome.failure is None, outcome.failure\n"
        "print(outcome.result.finished, max(outcome.result.scores) >= 50)\n"
    )
    assert overlay.run("-c", script).stdout.split() == ["True", "True"]


def test_the_examples_pass_ruff_and_mypy_strict(tmp_path: Path) -> None:
    ruff = str(Path(sys.executable).parent / "ruff")
    for package in (OH_HELL, HEARTS, BOTS):
        for args in (["check"], ["format", "--check"]):
            proc = subprocess.run(
                [ruff, *args, "--no-cache", "."], cwd=package, capture_output=True, text=True
            )
            assert proc.returncode == 0, proc.stdout + proc.stderr
    for package, path in ((OH_HELL, [ROOT]), (HEARTS, [ROOT]), (BOTS, [ROOT, OH_HELL])):
        proc = subprocess.run(
            [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path), "."],
            cwd=package,
            capture_output=True,
            text=True,
            env={"MYPYPATH": os.pathsep.join(map(str, path)), "PATH": ""},
        )
        assert proc.returncode == 0, proc.stdout + proc.stderr
