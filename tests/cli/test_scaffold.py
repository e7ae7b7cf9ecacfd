"""``cardkit new-game``: names, never overwriting, and a package that installs and plays.

The end-to-end tests install the new package with pip into an overlay venv
(never into the running environment), then use ``cardkit list``, ``cardkit
arena`` and the package's own tests there.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardkit import registry
from cli.app import app
from cli.scaffold import MAX_NAME, Names
from tests.examples.overlay import ROOT, Overlay

runner = CliRunner()


def new_game(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["new-game", *args], env={"COLUMNS": "200"})
    return result.exit_code, result.output


@pytest.mark.parametrize(
    "name", ["My-Game", "9lives", "my--game", "my_game", "-x", "x-", "a b", "", "x" * 31]
)
def test_a_bad_name_is_one_line_and_writes_nothing(name: str, tmp_path: Path) -> None:
    code, out = new_game("--dir", str(tmp_path / "out"), "--", name)
    assert code == 2
    assert out.count("\n") == 1 and "bad game name" in out and "lowercase letters" in out
    assert f"{MAX_NAME} characters" in out
    assert not (tmp_path / "out").exists()


def test_an_installed_game_name_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "game_names", lambda: ["taken"])
    code, out = new_game("taken", "--dir", str(tmp_path / "out"))
    assert code == 2
    assert "already installed" in out
    assert not (tmp_path / "out").exists()


def test_an_existing_folder_is_never_overwritten(tmp_path: Path) -> None:
    target = tmp_path / "mine"
    target.mkdir()
    (target / "pyproject.toml").write_text("keep me")
    code, out = new_game("my-game", "--dir", str(target))
    assert code == 2
    assert out.count("\n") == 1 and "already exists" in out
    assert (target / "pyproject.toml").read_text() == "keep me"
    assert [p.name for p in target.iterdir()] == ["pyproject.toml"]
    afile = tmp_path / "afile"
    afile.write_text("x")
    assert new_game("my-game", "--dir", str(afile))[0] == 2
    assert afile.read_text() == "x"


def test_the_package_goes_to_dot_name_or_an_empty_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = new_game("my-game")
    assert code == 0, out
    made = sorted(
        str(p.relative_to(tmp_path / "my-game")) for p in (tmp_path / "my-game").rglob("*")
    )
    assert made == [
        "README.md",
        "cardkit_my_game",
        "cardkit_my_game/__init__.py",
        "cardkit_my_game/actions.py",
        "cardkit_my_game/bot.py",
        "cardkit_my_game/cards.py",
        "cardkit_my_game/events.py",
        "cardkit_my_game/game.py",
        "cardkit_my_game/py.typed",
        "cardkit_my_game/rules.py",
        "cardkit_my_game/state.py",
        "cardkit_my_game/view.py",
        "pyproject.toml",
        "tests",
        "tests/test_cardkit_my_game.py",
    ]
    meta = tomllib.loads((tmp_path / "my-game" / "pyproject.toml").read_text())
    assert meta["project"]["name"] == "cardkit-my-game"
    assert meta["project"]["entry-points"]["cardkit.games"] == {"my-game": "cardkit_my_game:GAME"}
    assert "pip install -e ." in out and "cardkit arena my-game" in out
    (tmp_path / "empty").mkdir()
    assert new_game("other", "--dir", "empty")[0] == 0
    assert (tmp_path / "empty" / "cardkit_other" / "game.py").exists()


def test_names() -> None:
    names = Names.of("oh-my-3")
    assert (names.package, names.dist, names.title, names.camel) == (
        "cardkit_oh_my_3",
        "cardkit-oh-my-3",
        "Oh My 3",
        "OhMy3",
    )


@pytest.mark.parametrize("name", ["trick-a", "x" * 10 + "-" + "y" * (MAX_NAME - 11)])
def test_the_package_passes_ruff_and_mypy_strict(name: str, tmp_path: Path) -> None:
    target = tmp_path / "pkg"
    assert new_game(name, "--dir", str(target))[0] == 0
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    for args in (["check", "."], ["format", "--check", "."]):
        proc = subprocess.run(
            [ruff, *args, "--no-cache"], cwd=target, capture_output=True, text=True
        )
        assert proc.returncode == 0, proc.stdout + proc.stderr
    if len(name) == MAX_NAME:
        return  # the long name is for line lengths; types do not depend on the name
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"), "."],
        cwd=target,
        capture_output=True,
        text=True,
        env={"MYPYPATH": str(ROOT), "PATH": ""},
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Overlay, Path]]:
    """A new game ``trick-test`` made by the command, pip-installed into an overlay venv."""
    base = tmp_path_factory.mktemp("scaffold")
    target = base / "trick-test"
    code, out = new_game("trick-test", "--dir", str(target))
    assert code == 0, out
    overlay = Overlay(base / "venv")
    overlay.install(target)
    yield overlay, target


def test_cardkit_lists_the_new_game(installed: tuple[Overlay, Path]) -> None:
    overlay, _ = installed
    listed = overlay.cardkit("list").stdout
    row = next(line for line in listed.splitlines() if line.startswith("trick-test "))
    assert "Trick Test" in row and "2-4" in row
    assert "hand_size" in overlay.cardkit("rules", "trick-test").stdout


def test_cardkit_arena_plays_it(installed: tuple[Overlay, Path]) -> None:
    overlay, _ = installed
    proc = overlay.cardkit(
        "arena", "trick-test", "--bot", "greedy", "--bot", "random", "--matches", "6"
    )
    assert "greedy" in proc.stdout and "6 finished matches" in proc.stdout


def test_search_bots_play_it_from_sampled_worlds(installed: tuple[Overlay, Path]) -> None:
    overlay, _ = installed
    proc = overlay.cardkit(
        "arena", "trick-test", "--bot", "ismcts:iterations=20", "--bot", "random", "-n", "4"
    )
    assert "ismcts" in proc.stdout and "4 finished matches" in proc.stdout
    script = (
        "from cardkit.registry import get_game; g = get_game('trick-test'); "
        "print(g.has_positions, g.has_worlds)"
    )
    assert overlay.run("-c", script).stdout.split() == ["True", "True"]


def test_its_own_tests_pass(installed: tuple[Overlay, Path]) -> None:
    overlay, target = installed
    proc = overlay.run("-m", "pytest", "-p", "no:cacheprovider", cwd=target)
    assert "7 passed" in proc.stdout, proc.stdout
