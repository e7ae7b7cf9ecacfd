"""docs/writing-a-game.md, run: every code block of the tutorial is used here.

The page builds one package, Trump Call, and grows it: blocks are appended to its
files or replace parts of them (see :mod:`tests.docs.tutorial_build`). The package
is checked as it stands at every shell step (the first game installs and plays,
and conforms), and the finished one passes its tests, ruff and mypy --strict.
"""

from __future__ import annotations

import importlib
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from cardkit.testing import check_game
from tests.docs.tutorial_build import DOC, FENCE, PACKAGE, blocks, build, replace
from tests.examples.overlay import ROOT, Overlay

FIRST_GAME_BY_LINE = 280
"""The first game installs and plays within this many lines of the page."""


def marks(kind: str, target: str | None = None) -> list[int]:
    """Indexes of the blocks of ``kind`` (and ``target``)."""
    return [
        i for i, (k, t, _) in enumerate(blocks()) if k == kind and (target is None or t == target)
    ]


def test_every_code_block_is_marked() -> None:
    fences = len(FENCE.findall(DOC.read_text())) // 2
    assert fences == len(blocks()), "a code block in the tutorial has no marker comment"
    kinds = {(kind, target) for kind, target, _ in blocks()}
    assert ("run", "python") in kinds and ("run", "shell") in kinds
    assert ("file", "pyproject.toml") in kinds


def test_the_first_game_installs_and_plays_early() -> None:
    text = DOC.read_text()
    first = text.index("<!-- run: shell -->")
    assert text[:first].count("\n") < FIRST_GAME_BY_LINE
    script = blocks()[marks("run", "shell")[0]][2]
    assert "pip install -e ." in script and "cardkit play trump-call" in script


def test_replacing_keeps_the_rest_and_inserts_new_items() -> None:
    text = 'class A:\n    """A."""\n\n    def f(self) -> int:\n        return 1\n\n\nX = 1\n'
    out = replace(
        text,
        "    def g(self) -> int:\n        return 2\n\n    def f(self) -> int:\n        return 3\n",
    )
    assert out == (
        'class A:\n    """A."""\n\n    def g(self) -> int:\n        return 2\n\n'
        "    def f(self) -> int:\n        return 3\n\n\nX = 1\n"
    )
    with pytest.raises(AssertionError):
        replace(text, "def nowhere() -> None:\n    pass\n")


def test_each_layout_names_the_files_built(tmp_path: Path) -> None:
    checks, steps = marks("check", "layout"), marks("run", "shell")
    assert len(checks) >= 2
    for n, index in enumerate(checks):  # a layout shows the package at the next shell step
        upto = next((step for step in steps if step > index), None)
        package = build(tmp_path / str(n), upto)
        built = {p.name for p in package.rglob("*") if p.is_file()}
        named = set(re.findall(r"[\w.]+\.(?:py|toml)\b", blocks()[index][2]))
        assert built == named, f"layout block {n}"


@contextmanager
def importable(package: Path) -> Iterator[None]:
    """The built package on ``sys.path`` for a while, and forgotten afterwards."""
    sys.path.insert(0, str(package))
    try:
        yield
    finally:
        sys.path.remove(str(package))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def test_the_package_conforms_at_every_step(tmp_path: Path) -> None:
    steps = marks("run", "shell")
    for n, index in enumerate(steps):
        package = build(tmp_path / str(n), index)
        with importable(package):
            game = importlib.import_module(PACKAGE).GAME
            report = check_game(game, matches=2)
        assert report.matches == {3: 2, 4: 2}


def test_the_python_blocks_run(tmp_path: Path) -> None:
    runs = marks("run", "python")
    assert runs
    for n, index in enumerate(runs):
        package = build(tmp_path / str(n), index)
        with importable(package):
            namespace: dict[str, object] = {"__name__": "tutorial"}
            exec(compile(blocks()[index][2], str(DOC), "exec"), namespace)


@pytest.mark.parametrize("step", ["first", "last"])
def test_the_package_passes_ruff_and_mypy_strict(step: str, tmp_path: Path) -> None:
    upto = marks("run", "shell")[0] if step == "first" else None
    package = build(tmp_path, upto)
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
    overlay = Overlay(tmp_path / "venv")
    outputs: list[str] = []
    played = 0
    for index in marks("run", "shell"):
        package = build(tmp_path, index)  # the same folder, grown: the install is editable
        for line in blocks()[index][2].splitlines():
            words = shlex.split(line)
            if words == ["pip", "install", "-e", "."]:
                overlay.install(package)
            elif words[:2] == ["cardkit", "play"]:  # a person who always types 1
                proc = overlay.run("-m", "cli", *words[1:], cwd=package, input="1\n" * 500)
                assert "the match is over" in proc.stdout, proc.stdout
                played += 1
            elif words[0] == "cardkit":
                outputs.append(overlay.run("-m", "cli", *words[1:], cwd=package).stdout)
            elif words == ["python", "-m", "pytest"]:
                proc = overlay.run("-m", "pytest", "-p", "no:cacheprovider", cwd=package)
                assert " passed" in proc.stdout and " failed" not in proc.stdout, proc.stdout
            else:
                pytest.fail(f"the tutorial runs a command this test does not know: {line!r}")
    assert played >= 1
    listed = next(out for out in outputs if out.startswith("id "))
    row = next(line for line in listed.splitlines() if line.startswith("trump-call "))
    assert "Trump Call" in row
    assert any("caller" in out for out in outputs)  # the arena ran the tutorial's bot
