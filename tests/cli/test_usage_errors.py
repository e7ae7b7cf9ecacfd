"""Command-line mistakes through the real entry point: one line, exit code 2."""

from __future__ import annotations

import subprocess
import sys

import pytest


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cli", *args],
        capture_output=True,
        text=True,
        check=False,
        env={"COLUMNS": "300", "PATH": "/usr/bin:/bin"},
    )


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (
            ("arena", "universal-bid", "--seed", "abc"),
            ["'--seed'", "whole number", "arena --help"],
        ),
        # ASCII digits only: int() would read these other scripts' digits as 3 and 12
        (("play", "universal-bid", "--seat", "\uff13"), ["'--seat'", "whole number"]),
        (("arena", "universal-bid", "-n", "\u0661\u0662"), ["'--matches'", "whole number"]),
        (("tournament", "universal-bid", "--confidence", "0.\uff19"), ["'--confidence'", "number"]),
        (("replay", "x.json", "--delay", "\uff11"), ["'--delay'", "number"]),
        (("nosuch",), ["No such command 'nosuch'"]),
        (("list", "--bogus"), ["No such option: --bogus"]),
    ],
)
def test_a_usage_error_is_one_line_and_exit_2(args: tuple[str, ...], words: list[str]) -> None:
    proc = run(*args)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("error: ")
    for word in words:
        assert word in lines[0]
    assert "Traceback" not in proc.stderr + proc.stdout


def test_help_and_version_still_exit_0() -> None:
    assert run("--help").returncode == 0
    version = run("--version")
    assert version.returncode == 0 and version.stdout.startswith("cardkit ")
