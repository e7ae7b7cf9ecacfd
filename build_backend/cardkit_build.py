"""cardkit's build backend: setuptools, plus mypyc when ``CARDKIT_COMPILE=1``.

``CARDKIT_COMPILE=1 pip install .`` compiles the modules listed under
``[tool.cardkit.compiled]`` in pyproject.toml into C extensions with mypyc, from
the same sources; every other install, an editable one included, is pure Python.
A build that cannot compile (no mypyc, or no C compiler that builds against
Python's headers) says so in one line and installs pure Python. This module only
adds mypy to a compiled build's requirements and tells ``setup.py`` when to
compile; setuptools does the rest (see docs/compiled.md).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import sysconfig
import tempfile
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (
    build_sdist,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

__all__ = [
    "build_editable",
    "build_sdist",
    "build_wheel",
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
    "prepare_metadata_for_build_editable",
    "prepare_metadata_for_build_wheel",
]

ROOT = Path(__file__).resolve().parent.parent
VARIABLE = "CARDKIT_COMPILE"
COMPILE_REQUIRES = ("mypy>=1.10", "attrs>=23.1")
"""What a compiled build needs besides setuptools: mypyc (part of mypy), and attrs for
the type check that mypyc compiles from."""

_compiling = False
"""True while :func:`build_wheel` builds a compiled wheel: the one step that compiles."""


class BuildError(Exception):
    """A build setting that is wrong: its message is one line."""


def requested(environ: Any = None) -> bool:
    """Whether ``CARDKIT_COMPILE`` asks for the compiled build: ``1`` yes; unset, empty or
    ``0`` no; any other value is a :class:`BuildError`."""
    value = (os.environ if environ is None else environ).get(VARIABLE, "").strip()
    if value in ("", "0"):
        return False
    if value == "1":
        return True
    raise BuildError(f"{VARIABLE} must be 1 (compiled) or 0 (pure Python), not {value!r}")


def modules(root: Path = ROOT) -> list[str]:
    """The modules a compiled build compiles, as pyproject.toml lists them."""
    with open(root / "pyproject.toml", "rb") as f:
        data = tomllib.load(f)
    listed = data.get("tool", {}).get("cardkit", {}).get("compiled", {}).get("modules")
    if not isinstance(listed, list) or not all(isinstance(m, str) for m in listed):
        raise BuildError("pyproject.toml: [tool.cardkit.compiled] modules must be a list of names")
    return listed


def source(module: str, root: Path = ROOT) -> Path:
    """The source file of ``module`` (a package's ``__init__.py``)."""
    base = root.joinpath(*module.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def why_not() -> str | None:
    """Why this machine cannot compile (no mypyc, no working C compiler), or None."""
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed (it comes with mypy)"
    return _compiler_missing()


def _compiler_missing() -> str | None:
    """Why no C extension can be built here, or None: a one-file probe through setuptools'
    own compiler set-up (``CC`` and the interpreter's flags), against Python's headers."""
    from setuptools._distutils import ccompiler
    from setuptools._distutils import sysconfig as build_config

    try:
        compiler: Any = ccompiler.new_compiler()
        build_config.customize_compiler(compiler)
    except Exception as exc:  # a platform setuptools cannot drive
        return f"no C compiler ({type(exc).__name__}: {exc})"
    name = str((getattr(compiler, "compiler", None) or ["cc"])[0])
    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp, "probe.c")
        probe.write_text("#include <Python.h>\nint cardkit_probe(void) { return 0; }\n")
        include = sysconfig.get_paths()["include"]
        try:
            with _silenced():
                compiler.compile([str(probe)], output_dir=tmp, include_dirs=[include])
        except Exception:
            if shutil.which(name) is None:
                return f"no C compiler ({name} not found)"
            return f"the C compiler {name} cannot build Python extensions (Python's headers?)"
    return None


@contextlib.contextmanager
def _silenced() -> Iterator[None]:
    """The probe's compiler writes nothing (file descriptors 1 and 2 go to /dev/null)."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 1)
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in saved:
            os.close(fd)


def say(message: str) -> None:
    """One line of the build's output (pip shows it with ``-v``)."""
    print(f"cardkit: {message}", file=sys.stderr, flush=True)


def extensions() -> list[Any]:
    """The C extensions of this build, for setup.py: none (pure Python) unless a compiled
    wheel is being built and this machine can compile."""
    if not _compiling:
        return []
    why = why_not()
    if why is not None:
        say(f"{why}: installing pure Python")
        return []
    from mypyc.build import mypycify

    paths = [source(m).relative_to(ROOT).as_posix() for m in modules()]
    say(f"compiling {len(paths)} modules with mypyc")
    return list(mypycify(paths, opt_level="3", target_dir=os.path.join("build", "mypyc")))


def get_requires_for_build_wheel(config_settings: Any = None) -> list[str]:
    """setuptools' requirements, and mypy's for a compiled build."""
    found = list(_setuptools.get_requires_for_build_wheel(config_settings))
    return found + list(COMPILE_REQUIRES) if _checked() else found


def get_requires_for_build_editable(config_settings: Any = None) -> list[str]:
    """setuptools' requirements: an editable install is never compiled."""
    return list(_setuptools.get_requires_for_build_editable(config_settings))


def build_wheel(
    wheel_directory: str, config_settings: Any = None, metadata_directory: str | None = None
) -> str:
    """A wheel: compiled when asked for and possible, else pure Python."""
    global _compiling
    _compiling = _checked()
    try:
        return str(_setuptools.build_wheel(wheel_directory, config_settings, metadata_directory))
    finally:
        _compiling = False


def build_editable(
    wheel_directory: str, config_settings: Any = None, metadata_directory: str | None = None
) -> str:
    """An editable wheel, always pure Python (so that edits to the sources take effect)."""
    if _checked():
        say(f"an editable install is pure Python ({VARIABLE}=1 applies to pip install .)")
    return str(_setuptools.build_editable(wheel_directory, config_settings, metadata_directory))


def _checked() -> bool:
    """:func:`requested`, with a bad setting stopping the build in one line."""
    try:
        return requested()
    except BuildError as exc:
        say(f"error: {exc}")
        raise SystemExit(2) from None
