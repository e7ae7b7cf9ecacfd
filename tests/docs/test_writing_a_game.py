"""docs/writing-a-game.md, run: every code block of the tutorial is used here.

Each fenced block in the page follows a marker comment:

- ``<!-- file: PATH -->``: the block is appended to PATH of the tutorial's package
  (``pyproject.toml``, ``cardkit_trump_call/game.py``, ``tests/...``);
- ``<!-- run: python -->``: run in order in one namespace, once the package imports;
- ``<!-- run: shell -->``: each line is run in an overlay venv from the package folder;
- ``<!-- check: layout -->``: the package tree, compared with the files built.
"""

from __future__ import annotations

import importlib
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardkit.testing import check_game
from tests.examples.overlay import ROOT, Overlay

DOC = ROOT / "docs" / "writing-a-game.md"
BLOCK = re.compile(r"<!-- (file|run|check): (\S+) -->\n```(\w*)\n(.*?)^```$", re.S | re.M)
FENCE = re.compile(r"^```", re.M)
PACKAGE = "cardkit_trump_call"


def blocks() -> list[tuple[str, str, str]]:
    """``(kind, target, text)`` for every marked block, in page order."""
    return [(kind, target, text) for kind, target, _, text in BLOCK.findall(DOC.read_text())]


def build(root: Path) -> Path:
    """Write the tutorial's package under ``root``; return its folder."""
    package = root / "trump-call"
    (package / PACKAGE).mkdir(parents=True)
    (package / PACKAGE / "__init__.py").write_text("")  # "an empty __init__.py"
    files: dict[str, list[str]] = {}
    for kind, target, text in blocks():
        if kind == "file":
            files.setdefault(target, []).append(text)
    for target, parts in files.items():
        text = parts[0].rstrip("\n")
        for part in parts[1:]:  # one blank line after imports and before a method, else two
            last = text.rsplit("\n", 1)[-1]
            one = part.startswith(" ") or last.startswith(("from ", "import "))
            text += ("\n\n" if one else "\n\n\n") + part.rstrip("\n")
        path = package / target
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text + "\n")
    return package


def test_every_code_block_is_marked() -> None:
    fences = len(FENCE.findall(DOC.read_text())) // 2
    assert fences == len(blocks()), "a code block in the tutorial has no marker comment"
    kinds = {(kind, target) for kind, target, _ in blocks()}
    assert ("run", "python") in kinds and ("run", "shell") in kinds
    assert ("file", "pyproject.toml") in kinds


def test_the_layout_names_the_files_built(tmp_path: Path) -> None:
    package = build(tmp_path)
    built = {p.name for p in package.rglob("*") if p.is_file()}
    (layout,) = [text for kind, _, text in blocks() if kind == "check"]
    named = set(re.findall(r"[\w.]+\.(?:py|toml)\b", layout))
    assert built == named


@pytest.fixture
def importable(tmp_path: Path) -> Iterator[Path]:
    """The built package on ``sys.path`` for the test, and forgotten afterwards."""
    package = build(tmp_path)
    sys.path.insert(0, str(package))
    try:
        yield package
    finally:
        sys.path.remove(str(package))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def test_the_python_blocks_run_and_the_game_conforms(importable: Path) -> None:
    game = importlib.import_module(PACKAGE + ".game").GAME
    namespace: dict[str, object] = {"__name__": "tutorial"}
    for kind, target, text in blocks():
        if (kind, target) == ("run", "python"):
            exec(compile(text, str(DOC), "exec"), namespace)
    report = check_game(game, matches=3)
    assert report.matches == {3: 3, 4: 3}


def test_the_tutorial_package_passes_ruff_and_mypy_strict(tmp_path: Path) -> None:
    package = build(tmp_path)
    ruff = str(Path(sys.executable).parent / "ruff")
    for args in (["check"], ["format", "--check"]):
        proc = subprocess.run(
            [ruff, *args, "--no-cache", "--line-length", "100", "."],
            cwd=package,
            capture_output=True,
            text=True,
        )
        assert proc.returncode == 0, proc.stdout + proc.stderr
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"), "."],
        cwd=package,
        capture_output=True,
        text=True,
        env={"MYPYPATH": str(ROOT), "PATH": ""},
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_shell_steps_work_as_written(tmp_path: Path) -> None:
    package = build(tmp_path)
    overlay = Overlay(tmp_path / "venv")
    (script,) = [text for kind, target, text in blocks() if (kind, target) == ("run", "shell")]
    outputs: list[str] = []
    for line in script.splitlines():
        words = shlex.split(line)
        if words == ["pip", "install", "-e", "."]:
            overlay.install(package)
        elif words[0] == "cardkit":
            outputs.append(overlay.run("-m", "cli", *words[1:], cwd=package).stdout)
        elif words == ["python", "-m", "pytest"]:
            proc = overlay.run("-m", "pytest", "-p", "no:cacheprovider", cwd=package)
            assert " passed" in proc.stdout and " failed" not in proc.stdout, proc.stdout
        else:
            pytest.fail(f"the tutorial runs a command this test does not know: {line!r}")
    listed = next(out for out in outputs if out.startswith("id "))
    row = next(line for line in listed.splitlines() if line.startswith("trump-call "))
    assert "Trump Call" in row
