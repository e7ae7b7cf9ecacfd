"""A compiled cardkit beside the pure one: ``CARDKIT_COMPILE=1`` built into a throwaway
virtual environment, from a copy of this checkout's sources.

Used by ``python -m benchmarks --compiled`` (which reports the build's CPU time) and by
tests/compiled (which checks that compiled and pure matches give identical records).
Building from a copy keeps the checkout's own ``build/`` folder out of it.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import venv
from dataclasses import dataclass
from pathlib import Path

from benchmarks.measure import run_process

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("cardkit", "games", "cli", "build_backend", "setup.py", "pyproject.toml", "README.md")
"""What a wheel is built from."""

PROBE = (
    "import importlib, sys\n"
    "for name in sys.argv[1:]:\n"
    "    print(name, importlib.import_module(name).__file__)\n"
)


@dataclass(frozen=True)
class Compiled:
    """A virtual environment holding a compiled cardkit."""

    python: Path
    """Its interpreter."""
    cardkit: Path
    """Its ``cardkit`` command."""
    build_cpu: float
    """CPU seconds of ``pip install`` of cardkit itself (mypyc and the C compiler)."""
    wall: float
    """Wall seconds of the same."""


class BuildFailed(Exception):
    """The compiled build could not be made: its message is one line."""


def listed_modules(root: Path = ROOT) -> list[str]:
    """The modules pyproject.toml lists for the compiled build."""
    with open(root / "pyproject.toml", "rb") as f:
        modules: list[str] = tomllib.load(f)["tool"]["cardkit"]["compiled"]["modules"]
    return modules


def build(dest: Path, *, isolated: bool = True, extra: tuple[str, ...] = ()) -> Compiled:
    """Make a virtual environment in ``dest`` (replaced) and install cardkit into it with
    ``CARDKIT_COMPILE=1``; ``extra`` packages are installed first (peers, pytest).

    ``isolated``: build as a user's ``CARDKIT_COMPILE=1 pip install .`` does (pip fetches
    the build's requirements into an environment of its own); else mypy and setuptools are
    installed into ``dest`` first, so that the time measured is the build alone.
    ``BuildFailed`` when the build fails or installs pure Python.
    """
    if dest.exists():
        shutil.rmtree(dest)
    venv.EnvBuilder(with_pip=True).create(dest)
    python = dest / "bin" / "python"
    pip = [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    first = [*extra] if isolated else [*extra, "mypy>=1.10", "setuptools>=70.1", "wheel"]
    first += ["attrs>=23.1", "typer>=0.12", "rich>=13"]
    _run([*pip, *first])
    source = dest / "src"
    source.mkdir()
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(path, source / name)
    flags = ["--no-deps"] if isolated else ["--no-deps", "--no-build-isolation"]
    try:
        run = run_process(["env", "CARDKIT_COMPILE=1", *pip, *flags, str(source)])
    except RuntimeError as exc:
        raise BuildFailed(f"the compiled build failed: {exc}") from None
    shutil.rmtree(source)
    built = compiled_modules(python)
    missing = [m for m in listed_modules() if m not in built]
    if missing:
        raise BuildFailed(f"the build installed pure Python ({', '.join(missing[:3])} ...)")
    return Compiled(python, dest / "bin" / "cardkit", run.cpu, run.wall)


def compiled_modules(python: Path, modules: list[str] | None = None) -> list[str]:
    """Which of ``modules`` (the listed ones by default) ``python`` imports compiled."""
    names = listed_modules() if modules is None else modules
    out = subprocess.run(
        [str(python), "-c", PROBE, *names],
        capture_output=True,
        text=True,
        cwd=python.parent,  # not the checkout, whose pure sources would be imported
        check=False,
    )
    if out.returncode != 0:
        why = (out.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise BuildFailed(f"the compiled cardkit does not import: {why}")
    files = dict(line.split(" ", 1) for line in out.stdout.splitlines())
    return [m for m in names if not files.get(m, "").endswith(".py")]


def _run(argv: list[str]) -> None:
    out = subprocess.run(argv, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        why = (out.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise BuildFailed(f"{' '.join(argv[:5])} ... failed: {why}")


def main(argv: list[str] | None = None) -> int:
    """``python -m benchmarks.compiled DEST``: build a compiled cardkit into ``DEST``."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m benchmarks.compiled DEST", file=sys.stderr)
        return 2
    try:
        built = build(Path(args[0]).resolve(), isolated=False)
    except BuildFailed as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"{built.python}: built in {built.build_cpu:.0f} s CPU ({built.wall:.0f} s wall)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
