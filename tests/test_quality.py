"""Strict type checking and lint over the shipped packages."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ["cardkit", "games", "cli"]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)


def test_mypy_strict() -> None:
    proc = _run(sys.executable, "-m", "mypy", "--strict", *PACKAGES)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ruff() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    proc = _run(ruff, "check", *PACKAGES)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    proc = _run(ruff, "format", "--check", *PACKAGES)
    assert proc.returncode == 0, proc.stdout + proc.stderr
