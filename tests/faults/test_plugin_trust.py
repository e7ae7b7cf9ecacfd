"""Plugins are contained and named (issue 35, point 8): a game whose metadata raises, an
entry point that takes a built-in's name, a bot that calls ``sys.exit``, a game that lists
an action it then fails on, a bot plugin that cannot be imported and a plugin that raises
``KeyboardInterrupt`` at import are each left out (or end their match) with one line
naming them, and the built-in games and bots keep their ids."""

from __future__ import annotations

import sys
import threading
from collections.abc import Sequence
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardkit import registry
from cardkit.actions import Action
from cardkit.bots import BaseBot, RandomBot
from cardkit.errors import OptionError
from cardkit.game import View
from cardkit.runner import GameFault, drive, play_match
from cli import common
from cli.app import app
from games.ufos import GAME as UFOS
from tests.tinygame import CHEER, GAME, TinyGame, TinyState

HERE = "tests.faults.test_plugin_trust"
TINY = EntryPoint("tiny", "tests.tinygame:GAME", registry.GAMES_GROUP)


def install(monkeypatch: pytest.MonkeyPatch, *points: EntryPoint) -> None:
    """Only ``points`` are installed (games and bots by their group), none loaded yet."""
    listed = list(points)
    monkeypatch.setattr(
        registry, "entry_points", lambda group: [p for p in listed if p.group == group]
    )
    monkeypatch.setattr(registry, "_cache", {})
    monkeypatch.setattr(registry, "_extra_games", {})
    monkeypatch.setattr(registry, "_extra_bots", {})
    monkeypatch.setattr(common, "_consoles", {})


def plugin_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, body: str) -> Path:
    """A module ``name`` on the path whose import runs ``body``; returns the file that its
    import creates first thing, so a test can tell whether it was ever imported."""
    marker = tmp_path / f"{name}.imported"
    (tmp_path / f"{name}.py").write_text(
        f"from pathlib import Path\nPath({str(marker)!r}).touch()\n{body}"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, name, raising=False)
    return marker


def cli(*args: str, input: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), input=input)
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, KeyboardInterrupt | GameFault), result.exception
    return result.exit_code, result.output


# -- a game whose metadata raises ------------------------------------------------------------


class SummaryRaises(TinyGame):
    id = "no-summary"

    @property
    def summary(self) -> str:  # type: ignore[override]
        raise RuntimeError("no summary today")


NO_SUMMARY = SummaryRaises()
NO_SUMMARY_POINT = EntryPoint("no-summary", f"{HERE}:NO_SUMMARY", registry.GAMES_GROUP)
SUMMARY_ERROR = "reading its summary failed: RuntimeError: no summary today"


def test_a_game_whose_summary_raises_is_broken_and_named(monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, NO_SUMMARY_POINT, TINY)
    broken, tiny = registry.all_games()
    assert broken == registry.Broken("no-summary", SUMMARY_ERROR)
    assert tiny is GAME


def test_list_bots_rules_and_the_picker_name_the_game_whose_summary_raises(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    install(monkeypatch, NO_SUMMARY_POINT, TINY)
    monkeypatch.setenv("COLUMNS", "200")
    code, out = cli("list")
    assert code == 0
    row = next(line for line in out.splitlines() if line.startswith("no-summary "))
    assert "(failed to load)" in row
    assert SUMMARY_ERROR in row
    assert any(line.startswith("tiny ") for line in out.splitlines())  # the others stay
    code, out = cli("bots")
    assert code == 0 and "no-summary" in out
    code, out = cli("rules", "no-summary")
    assert code == 2
    assert out.strip() == (
        f"error: game 'no-summary' is installed but failed to load: {SUMMARY_ERROR}"
    )
    code, out = cli("play", input="")  # the picker, then end of input
    assert code == 2
    lines = out.splitlines()
    assert "Not offered, failed to load:" in lines
    assert f"  no-summary: {SUMMARY_ERROR}" in lines


# -- names taken from the built-ins ---------------------------------------------------------

BUILTIN_UFOS = EntryPoint("ufos", "games.ufos:GAME", registry.GAMES_GROUP)


@pytest.mark.parametrize("plugin_first", [True, False])
def test_a_plugin_game_named_like_a_built_in_is_left_out_and_never_imported(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, plugin_first: bool
) -> None:
    marker = plugin_module(tmp_path, monkeypatch, "fake_ufos", "GAME = None\n")
    fake = EntryPoint("ufos", "fake_ufos:GAME", registry.GAMES_GROUP)
    install(monkeypatch, *((fake, BUILTIN_UFOS) if plugin_first else (BUILTIN_UFOS, fake)))
    assert registry.get_game("ufos") is UFOS
    games = registry.all_games()
    assert games[0] is UFOS
    assert games[1] == registry.Broken(
        "ufos",
        "ufos = fake_ufos:GAME: 'ufos' is built-in (games.ufos:GAME); "
        "another plugin may not replace it",
        "left out",
    )
    assert len(games) == 2
    assert not marker.exists()  # left out without running a line of it
    monkeypatch.setenv("COLUMNS", "300")
    code, out = cli("list")
    assert code == 0
    rows = [line for line in out.splitlines() if line.startswith("ufos ")]
    assert len(rows) == 2
    assert UFOS.name in rows[0]
    assert "(left out)" in rows[1] and "fake_ufos:GAME" in rows[1]


def test_two_plugins_claiming_one_id_are_both_left_out(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    one = plugin_module(tmp_path, monkeypatch, "claim_one", "GAME = None\n")
    two = plugin_module(tmp_path, monkeypatch, "claim_two", "GAME = None\n")
    install(
        monkeypatch,
        EntryPoint("mine", "claim_one:GAME", registry.GAMES_GROUP),
        EntryPoint("mine", "claim_two:GAME", registry.GAMES_GROUP),
    )
    games = registry.all_games()
    assert [(g.name, g.status) for g in games if isinstance(g, registry.Broken)] == [
        ("mine", "left out"),
        ("mine", "left out"),
    ]
    with pytest.raises(OptionError, match=r"'mine' is installed but left out: .*2 plugins"):
        registry.get_game("mine")
    assert not one.exists() and not two.exists()


class Sneaky(RandomBot):
    """A plugin bot whose class takes the built-in name ``random``."""

    name = "random"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return legal[0]


BUILTIN_RANDOM = EntryPoint("random", "cardkit.bots:RandomBot", registry.BOTS_GROUP)


def test_a_plugin_bot_named_random_does_not_replace_the_built_in(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    marker = plugin_module(tmp_path, monkeypatch, "fake_random", "Bot = None\n")
    fake = EntryPoint("random", "fake_random:Bot", registry.BOTS_GROUP)
    # "aardvark" sorts before "random": its class named random would be found first
    alias = EntryPoint("aardvark", f"{HERE}:Sneaky", registry.BOTS_GROUP)
    install(monkeypatch, TINY, fake, alias, BUILTIN_RANDOM)
    assert registry.bots_for(GAME)["random"] is RandomBot
    assert isinstance(registry.make_bot("random", GAME, 0, 1), RandomBot)
    broken = {b.name: b for b in registry.all_bots() if isinstance(b, registry.Broken)}
    assert broken["random"].status == "left out"
    assert "fake_random:Bot" in broken["random"].error
    assert broken["aardvark"].error == (
        "its name is 'random' but it is registered as 'aardvark': "
        "a bot's name must be its entry-point name"
    )
    assert not marker.exists()
    monkeypatch.setenv("COLUMNS", "300")
    code, out = cli("bots", "tiny")
    assert code == 0
    assert any(line.split()[:2] == ["random", "left"] for line in out.splitlines()), out


# -- a bot that exits -------------------------------------------------------------------------


class Exiting(BaseBot):
    name = "exiting"
    games = None

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        sys.exit(7)


class Interrupting(BaseBot):
    name = "interrupting"
    games = None

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        raise KeyboardInterrupt


def test_a_bot_calling_sys_exit_ends_its_match_with_a_named_failure() -> None:
    outcome = play_match(GAME, [RandomBot(GAME, 0, 1), Exiting(GAME, 1, 2)], 3)
    assert outcome.result is None and outcome.failure is not None
    assert str(outcome.failure) == "bot 'exiting' in seat 1 failed: the bot called sys.exit(7)"


def test_a_keyboard_interrupt_while_a_bot_thinks_is_the_users() -> None:
    with pytest.raises(KeyboardInterrupt):
        play_match(GAME, [Interrupting(GAME, 0, 1), RandomBot(GAME, 1, 2)], 3)


def test_play_and_arena_name_a_bot_that_exits(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    install(monkeypatch, BUILTIN_RANDOM)
    registry.register_game(GAME)
    registry.register_bot(Exiting)
    code, out = cli(
        "play",
        "tiny",
        "--bot",
        "exiting",
        "--seed",
        "3",
        "--save",
        str(tmp_path / "m.json"),
        input="1\n" * 40,
    )
    assert code == 1, out
    assert "bot exiting in seat 1 failed: the bot called sys.exit(7)" in out
    code, out = cli(
        "arena",
        "tiny",
        "--bot",
        "exiting",
        "--bot",
        "random",
        "-n",
        "2",
        "--seed",
        "1",
        "--workers",
        "1",
    )
    assert code == 0, out
    assert "bot exiting in seat" in out and "the bot called sys.exit(7)" in out


# -- a game that lists an action it cannot apply -------------------------------------------


class ListsCheer(TinyState):
    """Offers ``cheer`` on every turn, although it is only allowed in a cheer window."""

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        legal = super()._legal_actions(seat)
        return legal if CHEER in legal else (*legal, CHEER)


class ListsCheerGame(TinyGame):
    id = "lists-cheer"
    state = ListsCheer


LISTS_CHEER = ListsCheerGame()


class Cheerful(BaseBot):
    """Always takes the last listed action (cheer, in the faulty game)."""

    name = "cheerful"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return legal[-1]


@pytest.mark.parametrize("contained", [None, ()])
def test_a_listed_action_the_game_fails_on_is_the_games_fault(
    contained: tuple[int, ...] | None,
) -> None:
    state = LISTS_CHEER.create(2, 1)
    bots: list[Any] = [Cheerful(LISTS_CHEER, s, s) for s in range(2)]
    with pytest.raises(GameFault, match=r"game 'lists-cheer' failed on the action 'cheer'"):
        drive(state, bots, contained=contained)


def test_play_names_the_game_that_lists_an_action_it_fails_on(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    install(monkeypatch, BUILTIN_RANDOM)
    registry.register_game(LISTS_CHEER)
    save = tmp_path / "m.json"
    code, out = cli(
        "play",
        "lists-cheer",
        "--bot",
        "random",
        "--seed",
        "1",
        "--save",
        str(save),
        input="3\n" * 40,
    )  # pick high, pick low, cheer: the person cheers
    assert code == 1, out
    faults = [line for line in out.splitlines() if "lists-cheer" in line and "bug" in line]
    assert len(faults) == 1, out
    assert "failed on the action 'cheer'" in faults[0]
    assert save.exists()


# -- plugins that fail to load -----------------------------------------------------------------


def test_a_bot_plugin_that_fails_to_import_is_named_not_guessed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    crashy = EntryPoint("crashy", "tests.no_such_bots:Bot", registry.BOTS_GROUP)
    install(monkeypatch, TINY, crashy, BUILTIN_RANDOM)
    message = (
        "bot plugin 'crashy' failed to load: "
        "ModuleNotFoundError: No module named 'tests.no_such_bots'"
    )
    with pytest.raises(OptionError) as info:
        registry.make_bot("crashy", GAME, 0, 1)
    assert str(info.value) == message
    code, out = cli("arena", "tiny", "--bot", "crashy", "--bot", "random", "-n", "1")
    assert code == 2
    assert out.strip() == f"error: {message}"


def test_a_plugin_raising_keyboard_interrupt_at_import_is_named_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    plugin_module(tmp_path, monkeypatch, "interrupting_plugin", "raise KeyboardInterrupt\n")
    unhandled: list[object] = []
    monkeypatch.setattr(threading, "excepthook", unhandled.append)
    install(monkeypatch, EntryPoint("kbd", "interrupting_plugin:GAME", registry.GAMES_GROUP), TINY)
    kbd, tiny = registry.all_games()
    assert kbd == registry.Broken("kbd", "the plugin raised KeyboardInterrupt while loading")
    assert tiny is GAME
    assert unhandled == []  # no thread died with it (its traceback would be printed)
