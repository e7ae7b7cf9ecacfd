"""`cardkit --version`, `list` and `rules`, through Typer's test runner."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.metadata import EntryPoint

import pytest
from typer.testing import CliRunner

from cardkit import __version__, registry
from cli.app import app

runner = CliRunner()


@pytest.fixture
def plugins(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    points = [
        EntryPoint("tiny", "tests.tinygame:GAME", registry.GAMES_GROUP),
        EntryPoint("broken", "tests.no_such_module:GAME", registry.GAMES_GROUP),
    ]
    monkeypatch.setattr(
        registry, "entry_points", lambda group: points if group == registry.GAMES_GROUP else []
    )
    monkeypatch.setattr(registry, "_cache", {})
    yield


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"cardkit {__version__}"


@pytest.mark.usefixtures("plugins")
def test_list_shows_games_and_broken_plugins() -> None:
    result = runner.invoke(app, ["list"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    tiny = next(line for line in lines if "tiny" in line)
    assert "Tiny" in tiny and "2-3" in tiny and "nine-card test game" in tiny
    broken = next(line for line in lines if "broken" in line)
    assert "ModuleNotFoundError" in broken


@pytest.mark.usefixtures("plugins")
def test_rules_explain_the_game_and_its_options() -> None:
    result = runner.invoke(app, ["rules", "tiny"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "Nine cards" in result.output
    hand_size = next(line for line in result.output.splitlines() if "hand_size" in line)
    assert "2" in hand_size and "from 1 to 4" in hand_size
    trump = next(line for line in result.output.splitlines() if line.startswith("│ trump"))
    assert "a, b, none" in trump


@pytest.mark.usefixtures("plugins")
def test_unknown_game_is_one_line_with_a_suggestion_and_exit_2() -> None:
    result = runner.invoke(app, ["rules", "tinyy"], env={"COLUMNS": "300"})
    assert result.exit_code == 2
    assert "did you mean 'tiny'?" in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.usefixtures("plugins")
def test_broken_game_is_named_with_its_error() -> None:
    result = runner.invoke(app, ["rules", "broken"], env={"COLUMNS": "300"})
    assert result.exit_code == 2
    assert "'broken' is installed but failed to load" in result.output
