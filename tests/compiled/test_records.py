"""The compiled build plays exactly as the pure one: run only when asked.

``CARDKIT_TEST_COMPILED=1 python -m pytest tests/compiled`` builds cardkit with
``CARDKIT_COMPILE=1`` into a throwaway virtual environment (a C compiler and the
network to fetch mypy are needed), then checks that 36 seeded arena matches (every
built-in game at its fewest and most players, 6 matches each) give byte-identical
records pure and compiled, that the compiled ``cardkit`` replays them, and that the
games' rules tests and conformance kit pass on the compiled build.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks.compiled import Compiled, build
from cardkit.registry import get_game

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("universal-bid", "ufos", "uno-star-trek")
MATCHES = 6

pytestmark = pytest.mark.skipif(
    os.environ.get("CARDKIT_TEST_COMPILED") != "1",
    reason="builds the compiled cardkit: set CARDKIT_TEST_COMPILED=1",
)


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Compiled]:
    """A virtual environment with the compiled cardkit (and pytest, for the games' tests)."""
    yield build(tmp_path_factory.mktemp("compiled") / "venv", extra=("pytest>=8", "pexpect>=4.8"))


def _arena(
    command: list[str], game: str, players: int, logs: Path, cwd: Path, bot: str = "heuristic"
) -> None:
    argv = [*command, "arena", game, "-p", str(players), "-n", str(MATCHES), "--seed", "11"]
    argv += ["--bot", bot, "--bot", "random", "--logs", str(logs)]
    out = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr[-2000:]


@pytest.mark.parametrize("game", GAMES)
def test_seeded_matches_give_identical_records(
    compiled: Compiled, game: str, tmp_path: Path
) -> None:
    loaded = get_game(game)
    for players in sorted({loaded.min_players, loaded.max_players}):
        pure, fast = tmp_path / f"pure-{players}", tmp_path / f"compiled-{players}"
        _arena([sys.executable, "-m", "cli"], game, players, pure, ROOT)
        _arena([str(compiled.cardkit)], game, players, fast, tmp_path)
        names = sorted(p.name for p in pure.iterdir())
        assert len(names) == MATCHES
        assert names == sorted(p.name for p in fast.iterdir())
        for name in names:
            same = (pure / name).read_bytes() == (fast / name).read_bytes()
            assert same, f"{game}, {players} players: {name} differs"
        replay = subprocess.run(
            [str(compiled.cardkit), "replay", str(fast / names[-1])],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=False,
        )
        assert replay.returncode == 0, replay.stderr[-2000:]


def _compiled_modules_tests() -> list[str]:
    """The core's tests of each compiled module ``cardkit.X``: tests/cardkit/test_X.py."""
    modules = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["cardkit"]["compiled"]
    names = [m.removeprefix("cardkit.") for m in modules["modules"] if m.startswith("cardkit.")]
    found = [f"tests/cardkit/test_{name}.py" for name in names]
    return [path for path in found if (ROOT / path).exists()]


def test_the_compiled_modules_have_tests() -> None:
    assert "tests/cardkit/test_zones.py" in _compiled_modules_tests()


def test_the_games_tests_pass_compiled(compiled: Compiled, tmp_path: Path) -> None:
    """tests/games (each game's rules tests and its conformance test) and the core's tests
    of each compiled module, run from a copy so that the compiled cardkit is imported, not
    this checkout's sources."""
    for name in ("tests", "docs", "examples", "pyproject.toml", "README.md"):
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(path, tmp_path / name)
    out = subprocess.run(
        [
            str(compiled.python),
            *("-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/games"),
            *_compiled_modules_tests(),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stdout[-3000:]


@pytest.mark.parametrize("example", ["oh-hell", "hearts", "new-game"])
def test_a_plain_python_plugin_plays_on_the_compiled_core(
    compiled: Compiled, example: str, tmp_path: Path
) -> None:
    """An example plugin, or the game ``cardkit new-game`` makes, installed unchanged,
    passes its own tests (its conformance kit included) on the compiled core, and plays
    in the compiled ``cardkit arena``."""
    folder = tmp_path / example
    if example == "new-game":  # made by the compiled cardkit itself
        made = subprocess.run(
            [str(compiled.cardkit), "new-game", example, "--dir", str(folder)],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=False,
        )
        assert made.returncode == 0, made.stderr[-2000:]
    else:
        skip = shutil.ignore_patterns("*.egg-info", "__pycache__")
        shutil.copytree(ROOT / "examples" / example, folder, ignore=skip)
    pip = [str(compiled.python), "-m", "pip", "install", "-q", "--no-deps", str(folder)]
    assert subprocess.run(pip, capture_output=True, check=False).returncode == 0
    tests = subprocess.run(
        [str(compiled.python), "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
    )
    assert tests.returncode == 0, tests.stdout[-3000:]
    bot = "greedy" if example == "new-game" else "heuristic"  # the new game's own bot
    _arena([str(compiled.cardkit)], example, 4, tmp_path / "logs", tmp_path, bot)
