"""Plugins that misbehave while loading: they show as broken, named, and never take the
listing, the picker or the process down with them."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardkit import registry
from cli import common
from cli.app import app
from tests.cli.test_listing import cardkit_list, fake_line, install_plugin
from tests.tinygame import GAME

TINY = EntryPoint("tiny", "tests.tinygame:GAME", registry.GAMES_GROUP)
MISSING = EntryPoint("broken", "tests.no_such_module:GAME", registry.GAMES_GROUP)


def use_games(monkeypatch: pytest.MonkeyPatch, *points: EntryPoint) -> None:
    """Only ``points`` are installed games (no bots beyond the game's own), none loaded yet."""
    listed = list(points)
    monkeypatch.setattr(registry, "entry_points", lambda group: listed if "games" in group else [])
    monkeypatch.setattr(registry, "_cache", {})
    monkeypatch.setattr(common, "_consoles", {})


def test_a_plugin_that_exits_at_import_is_a_broken_row_of_cardkit_list(tmp_path: Path) -> None:
    site, home = tmp_path / "site", tmp_path / "home"
    source = install_plugin(site, "Fake One")
    source.write_text("import sys\n\nsys.exit(3)\n")
    out, how = cardkit_list(site, home)  # it checks the exit code is 0
    assert how == "imported"
    row = fake_line(out)
    assert "(failed to load)" in row
    assert "the plugin called sys.exit(3) while loading" in " ".join(out.split())
    assert "ufos" in out and "uno-star-trek" in out  # the others are still listed


def test_a_plugin_that_exits_at_import_does_not_end_the_process(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "exiting_plugin.py").write_text("raise SystemExit('no thanks')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    use_games(monkeypatch, EntryPoint("gone", "exiting_plugin:GAME", registry.GAMES_GROUP), TINY)
    broken, tiny = registry.all_games()
    assert broken == registry.Broken(
        "gone", "the plugin called sys.exit('no thanks') while loading"
    )
    assert tiny is GAME
    assert "exiting_plugin" not in sys.modules


@pytest.fixture
def hanging_plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[EntryPoint]:
    """A plugin whose import waits until the test is over (a file appears), so that the
    registry gives up on it; its loading thread is released and joined afterwards."""
    release = tmp_path / "release"
    (tmp_path / "hanging_plugin.py").write_text(
        "import os, time\n\n"
        f"while not os.path.exists({str(release)!r}):\n"
        "    time.sleep(0.01)\n"
        "GAME = None\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "IMPORT_TIME_LIMIT", 0.2)
    point = EntryPoint("hang", "hanging_plugin:GAME", registry.GAMES_GROUP)
    yield point
    release.touch()
    for thread in threading.enumerate():
        if thread.name == f"load {registry.GAMES_GROUP}:hang":
            thread.join(10)
    sys.modules.pop("hanging_plugin", None)


def test_a_plugin_that_hangs_at_import_is_given_up_on(
    monkeypatch: pytest.MonkeyPatch, hanging_plugin: EntryPoint
) -> None:
    use_games(monkeypatch, hanging_plugin, TINY)
    hang, tiny = registry.all_games()
    assert hang == registry.Broken("hang", "the plugin did not finish loading within 0.2 s")
    assert tiny is GAME
    # asked for again, it is not waited for a second time: the answer is kept
    assert registry.all_games()[0] is hang


def test_the_game_picker_names_broken_plugins_below_the_games_it_offers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    use_games(monkeypatch, MISSING, TINY)
    result = CliRunner().invoke(app, ["play"], input="")  # the list, then end of input
    assert result.exit_code == 2
    lines = result.output.splitlines()
    offered = lines.index("  1) Tiny (tiny, 2-3 players): a nine-card test game for the core")
    assert lines[offered + 1 : offered + 3] == [
        "Not offered, failed to load:",
        "  broken: ModuleNotFoundError: No module named 'tests.no_such_module'",
    ]
    assert not any(line.startswith("  2)") for line in lines)


def test_the_game_picker_with_only_broken_plugins_names_them_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    use_games(monkeypatch, MISSING)
    result = CliRunner().invoke(app, ["play"], input="1\n")
    assert result.exit_code == 2
    assert result.output.strip() == (
        "error: no installed game could be loaded: "
        "broken: ModuleNotFoundError: No module named 'tests.no_such_module'"
    )


@pytest.mark.parametrize("name", ["seed", "game", "seat"])
def test_a_reserved_bot_parameter_is_one_line_and_exit_2(name: str) -> None:
    result = CliRunner().invoke(app, ["arena", "ufos", "--bot", f"random:{name}=5", "-n", "1"])
    assert result.exit_code == 2
    assert result.output.strip() == (
        f"error: bot parameter {name!r} is reserved (cardkit sets game, seat and seed "
        "itself): the parameters of bot 'random' are none"
    )
