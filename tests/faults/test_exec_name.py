"""A plugin bot (or a game's own bot) named ``exec`` is refused with one line: the name is
that of external programs, which it would otherwise shadow without a word."""

from __future__ import annotations

from collections.abc import Sequence
from importlib.metadata import EntryPoint
from typing import ClassVar

import pytest
from typer.testing import CliRunner

from cardkit import registry
from cardkit.actions import Action
from cardkit.bots import RandomBot
from cardkit.extbot import ExecBot
from cardkit.game import View
from cli import common
from cli.app import app
from tests.tinygame import GAME, TinyGame

POINT = EntryPoint("exec", "tests.faults.test_exec_name:ExecNamed", registry.BOTS_GROUP)
MESSAGE = "a bot may not be named 'exec': exec:COMMAND runs an external program; rename the bot"


class ExecNamed(RandomBot):
    """A plugin bot that takes the name of external bots."""

    name = "exec"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return legal[0]


def use_bots(monkeypatch: pytest.MonkeyPatch, *points: EntryPoint) -> None:
    listed = list(points)
    monkeypatch.setattr(registry, "entry_points", lambda group: listed if "bots" in group else [])
    monkeypatch.setattr(registry, "_cache", {})
    monkeypatch.setattr(registry, "_extra_games", {GAME.id: GAME})
    monkeypatch.setattr(common, "_consoles", {})


def test_a_plugin_bot_named_exec_is_broken_and_exec_stays_external(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    use_bots(monkeypatch, POINT)
    assert registry.all_bots() == [registry.Broken("exec", MESSAGE)]
    assert registry.bots_for(GAME)["exec"] is ExecBot


def test_a_plugin_bot_class_named_exec_under_another_entry_name_is_broken(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    use_bots(monkeypatch, EntryPoint("mine", POINT.value, registry.BOTS_GROUP))
    assert registry.all_bots() == [registry.Broken("mine", MESSAGE)]
    assert "mine" not in registry.bots_for(GAME)


def test_cardkit_bots_names_the_refused_bot_on_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    use_bots(monkeypatch, POINT)
    monkeypatch.setenv("COLUMNS", "300")
    result = CliRunner().invoke(app, ["bots", GAME.id])
    assert result.exit_code == 0, result.output
    row = next(line for line in result.output.splitlines() if "broken" in line)
    assert row.split()[0] == "exec" and MESSAGE in row


class ExecBotGame(TinyGame):
    bots: ClassVar[dict[str, type[RandomBot]]] = {"exec": ExecNamed}


def test_a_game_with_its_own_bot_named_exec_is_refused() -> None:
    refused = registry._as_game(GAME.id, ExecBotGame())
    assert refused == registry.Broken(GAME.id, f"its bots include one named 'exec': {MESSAGE}")
