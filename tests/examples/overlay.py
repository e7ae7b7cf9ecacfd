"""A throwaway virtual environment layered over the one running the tests.

Plugin packages (the examples, a scaffolded game, the tutorial's game) are
installed with pip into the overlay, never into the running environment. The
overlay sees every package of the running environment (cardkit, pytest,
setuptools, open_spiel when present) through a ``.pth`` file, so installs are
offline and fast: ``pip install --no-deps --no-build-isolation -e PATH``.
"""

from __future__ import annotations

import atexit
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def offline_builds() -> bool:
    """True when this environment can build an editable wheel without downloading.

    That takes setuptools 70.1 or newer, or an older setuptools (64 or newer)
    with the ``wheel`` package. Otherwise pip fetches setuptools to build.
    """
    try:
        from importlib.metadata import version

        major, minor = (int(p) for p in version("setuptools").split(".")[:2])
    except Exception:
        return False
    if (major, minor) >= (70, 1):
        return True
    return (major, minor) >= (64, 0) and importlib.util.find_spec("wheel") is not None


class Overlay:
    """A venv at ``root`` whose Python also imports this environment's packages."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.copies: dict[Path, Path] = {}
        """Package folder -> the copy installed here (see :func:`installed`)."""
        subprocess.run(
            [sys.executable, "-m", "venv", "--without-pip", str(root)],
            check=True,
            capture_output=True,
        )
        bindir = "Scripts" if os.name == "nt" else "bin"
        self.python = root / bindir / ("python.exe" if os.name == "nt" else "python")
        purelib = self.run(
            "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"
        ).stdout.strip()
        parents = [p for p in sys.path if Path(p).name in ("site-packages", "dist-packages")]
        line = "import site; " + "; ".join(f"site.addsitedir({p!r})" for p in parents)
        (Path(purelib) / "_running_env.pth").write_text(line + "\n")

    def run(
        self,
        *args: str,
        cwd: Path | None = None,
        check: bool = True,
        timeout: float = 300,
        input: str | None = None,
    ) -> subprocess.CompletedProcess[str]:
        """Run this overlay's Python with ``args`` (``input`` on its stdin); on failure,
        raise with the output."""
        env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1", "PYTHONDONTWRITEBYTECODE": "1"}
        env.pop("PYTHONPATH", None)
        proc = subprocess.run(
            [str(self.python), *args],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            input=input,
            timeout=timeout,
            check=False,
        )
        if check and proc.returncode != 0:
            raise AssertionError(
                f"{' '.join(args)} exited {proc.returncode}\n{proc.stdout}\n{proc.stderr}"
            )
        return proc

    def install(self, *paths: Path) -> None:
        """``pip install -e PATH ...`` into the overlay, offline when setuptools allows."""
        args = ["-m", "pip", "install", "-q", "--no-deps", "--disable-pip-version-check"]
        if offline_builds():
            args.append("--no-build-isolation")
        for path in paths:
            args += ["-e", str(path)]
        self.run(*args)

    def cardkit(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        """The ``cardkit`` command line, run inside the overlay."""
        return self.run("-m", "cli", *args, check=check)


_SHARED: dict[tuple[Path, ...], Overlay] = {}


def installed(*paths: Path) -> Overlay:
    """An overlay with copies of the packages at ``paths`` installed, shared by the tests
    that ask for the same. Copies keep build files out of the repository; everything
    lives in a temporary folder removed when the test run ends.
    """
    key = tuple(p.resolve() for p in paths)
    if key not in _SHARED:
        root = Path(tempfile.mkdtemp(prefix="cardkit-overlay-"))
        atexit.register(shutil.rmtree, root, ignore_errors=True)
        skip = shutil.ignore_patterns("__pycache__", ".*_cache", "*.egg-info", "build")
        copies = [root / "src" / path.name for path in key]
        for path, copy in zip(key, copies, strict=True):
            shutil.copytree(path, copy, ignore=skip)
        overlay = Overlay(root / "venv")
        overlay.install(*copies)
        overlay.copies = dict(zip(key, copies, strict=True))
        _SHARED[key] = overlay
    return _SHARED[key]
