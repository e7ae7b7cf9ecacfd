"""The compiled build's switch, module list and fallbacks, checked without compiling."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]

NEVER = {
    "cardkit.game": "Game is subclassed by plugins in plain Python",
    "cardkit.state": "State is subclassed by plugins in plain Python",
    "cardkit.options": "Options is subclassed by plugins' attrs records",
    "cardkit.bots": "BaseBot and RandomBot are subclassed by plugins' bots",
    "cardkit.testing": "the conformance kit subclasses a builtin type",
}
"""Modules the compiled build must leave pure, and why."""

SOURCES = ("cardkit", "games", "cli", "build_backend", "setup.py", "pyproject.toml", "README.md")
"""What a wheel is built from."""


@pytest.fixture(scope="module")
def backend() -> Iterator[ModuleType]:
    """build_backend/cardkit_build.py, imported as pip imports it."""
    spec = importlib.util.spec_from_file_location(
        "cardkit_build", ROOT / "build_backend" / "cardkit_build.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    yield module


def test_every_listed_module_exists_once_in_a_shipped_package(backend: ModuleType) -> None:
    listed = backend.modules()
    assert listed, "pyproject.toml lists no module to compile"
    assert len(set(listed)) == len(listed)
    for name in listed:
        assert name.split(".")[0] in ("cardkit", "games"), name
        assert backend.source(name).is_file(), f"{name}: no {backend.source(name)}"


def test_modules_plugins_subclass_stay_pure(backend: ModuleType) -> None:
    for name in backend.modules():
        assert name not in NEVER, f"{name} is compiled, but {NEVER[name]}"


def test_listed_modules_define_no_attrs_class(backend: ModuleType) -> None:
    """A compiled module's attrs classes lose their fields' type arguments, which options,
    records and messages read at run time."""
    for name in backend.modules():
        text = backend.source(name).read_text()
        assert "\n@attrs." not in text, f"{name} defines an attrs class"


def test_listed_modules_have_no_unreachable_code(backend: ModuleType) -> None:
    """Code mypy thinks unreachable (an attribute narrowed to None that a call changes)
    becomes a failed type check at run time once compiled."""
    paths = [str(backend.source(m).relative_to(ROOT)) for m in backend.modules()]
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--warn-unreachable", *paths],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stdout


@pytest.mark.parametrize(
    ("value", "compiled"), [(None, False), ("", False), ("0", False), (" 1 ", True)]
)
def test_only_one_compiles(backend: ModuleType, value: str | None, compiled: bool) -> None:
    environ = {} if value is None else {"CARDKIT_COMPILE": value}
    assert backend.requested(environ) is compiled


def test_a_bad_setting_is_one_line(backend: ModuleType) -> None:
    with pytest.raises(backend.BuildError, match=r"^CARDKIT_COMPILE must be 1 .* not 'yes'$"):
        backend.requested({"CARDKIT_COMPILE": "yes"})


def test_without_mypyc_the_build_is_pure(
    backend: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "mypyc", None)  # import mypyc fails
    monkeypatch.setitem(sys.modules, "mypyc.build", None)
    monkeypatch.setattr(backend, "_compiling", True)
    assert backend.extensions() == []
    err = capsys.readouterr().err
    assert err == "cardkit: mypyc is not installed (it comes with mypy): installing pure Python\n"


def test_without_a_compiler_the_build_is_pure(
    backend: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("mypyc.build")
    monkeypatch.setenv("CC", "/nonexistent/cc")
    monkeypatch.setattr(backend, "_compiling", True)
    assert backend.extensions() == []
    err = capsys.readouterr().err
    assert err == "cardkit: no C compiler (/nonexistent/cc not found): installing pure Python\n"


def test_nothing_compiles_outside_a_wheel_build(backend: ModuleType) -> None:
    assert backend._compiling is False
    assert backend.extensions() == []


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of what a wheel is built from (a build writes into its source folder)."""
    pytest.importorskip("mypyc.build")
    pytest.importorskip("setuptools")
    folder = tmp_path_factory.mktemp("src")
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, folder / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(path, folder / name)
    return folder


def test_a_wheel_without_a_compiler_installs_pure(source: Path, tmp_path: Path) -> None:
    """The whole path pip takes, through the backend and setup.py: one line, a pure wheel."""
    out = _wheel(source, tmp_path, CARDKIT_COMPILE="1", CC="/nonexistent/cc")
    assert out.returncode == 0, out.stderr[-2000:]
    said = [
        ln.strip()
        for ln in (out.stdout + out.stderr).splitlines()
        if ln.strip().startswith("cardkit:")
    ]
    assert said == ["cardkit: no C compiler (/nonexistent/cc not found): installing pure Python"]
    (wheel,) = tmp_path.glob("*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as z:
        assert not [n for n in z.namelist() if n.endswith(".so")]


def test_a_bad_setting_stops_the_build_in_one_line(source: Path, tmp_path: Path) -> None:
    out = _wheel(source, tmp_path, CARDKIT_COMPILE="yes")
    assert out.returncode != 0
    line = "cardkit: error: CARDKIT_COMPILE must be 1 (compiled) or 0 (pure Python), not 'yes'"
    assert line in out.stderr
    assert "Traceback" not in out.stderr


def _wheel(source: Path, dest: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``pip wheel`` of ``source`` into ``dest`` with this environment's setuptools and mypy."""
    argv = [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "--no-build-isolation"]
    environ = {k: v for k, v in os.environ.items() if k != "CARDKIT_COMPILE"}
    return subprocess.run(
        [*argv, "--wheel-dir", str(dest), str(source)],
        env={**environ, **env},
        capture_output=True,
        text=True,
        check=False,
    )
