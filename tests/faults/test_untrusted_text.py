"""Text and files from others are data (issue 35, points 10 and 12): names from a record,
a bot or a plugin reach the terminal as text (no escape sequence, no rich markup), a FIFO
given as a record is refused at once, numbers are read in ASCII digits only, and the RL
environment says to call reset() first."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardkit import registry
from cardkit.actions import parse_int
from cardkit.bots import BaseBot, RandomBot
from cardkit.errors import OptionError, ParseError
from cardkit.options import Option, decimal_number, whole_number
from cardkit.record import Record, read_json
from cardkit.registry import check_bot_spec, get_game
from cardkit.runner import play_match
from cli import common
from cli.app import app
from cli.listing import GameRow, format_rows
from tests.tinygame import GAME, TinyGame

ROOT = Path(__file__).resolve().parents[2]
EVIL = "\x1b]0;TITLE\x07\x1b[2J\x1b[31mEVIL"
MARKUP = "[bold red]x[/bold red]"


@pytest.fixture(autouse=True)
def tiny(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry._extra_games, GAME.id, GAME)
    monkeypatch.setattr(common, "_consoles", {})
    monkeypatch.setenv("COLUMNS", "200")
    yield


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def no_controls(text: str) -> bool:
    return not any((ord(c) < 0x20 and c != "\n") or 0x7F <= ord(c) <= 0x9F for c in text)


# -- point 10: text from a record, a bot, a plugin ---------------------------------------


def test_replay_shows_the_bot_names_of_a_record_as_text(tmp_path: Path) -> None:
    outcome = play_match(GAME, [RandomBot(GAME, s, s) for s in range(2)], 4)
    path = tmp_path / "evil.json"
    Record.of(outcome.state, {"arena": {"bots": [EVIL, MARKUP]}}).save(path)
    code, out = invoke("replay", str(path))
    assert code == 0, out
    assert no_controls(out), repr(out)
    assert "\x1b" not in out and "\x07" not in out
    assert MARKUP in out  # the literal text, not bold red "x"
    assert "\\x1b]0;TITLE\\x07\\x1b[2J\\x1b[31mEVIL" in out  # the escape made visible


def test_an_error_line_quoting_a_file_writes_no_escape(tmp_path: Path) -> None:
    path = tmp_path / f"{EVIL}.json"
    code, out = invoke("replay", str(path))
    assert code == 2
    assert no_controls(out) and "\\x1b[2J" in out


class EvilBot(BaseBot):
    name = "evil"
    summary = f"{EVIL} {MARKUP}"
    games = None


def test_cardkit_bots_shows_a_plugin_bots_texts_as_text(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._extra_bots, "evil", EvilBot)
    code, out = invoke("bots", GAME.id)
    assert code == 0, out
    assert no_controls(out)
    assert MARKUP in out


def test_cardkit_list_and_rules_show_a_plugin_games_texts_as_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lines = format_rows([GameRow("evil", EVIL, "2-3", MARKUP)], 200)
    assert all(no_controls(line) for line, _ in lines)
    assert MARKUP in lines[1][0] and "\\x1b[2J" in lines[1][0]

    class EvilGame(TinyGame):
        id = "evil-game"
        name = EVIL
        summary = MARKUP

    monkeypatch.setitem(registry._extra_games, "evil-game", EvilGame())
    code, out = invoke("rules", "evil-game")
    assert code == 0, out
    assert no_controls(out) and "\\x1b[2J" in out


def test_the_shared_console_writes_no_control_character_whatever_it_is_given() -> None:
    out = common.console()
    with out.capture() as captured:
        out.print(f"a {EVIL} b", markup=False)
    assert no_controls(captured.get()) and "\\x1b[31mEVIL" in captured.get()
    assert common.safe_text("tab\there\u202eline\nnext") == "tab\\x09here\\u202eline\\x0anext"
    assert common.safe_text("tab\there\nnext", lines=True) == "tab\there\nnext"
    assert common.safe_markup(MARKUP) == "\\[bold red]x\\[/bold red]"


# -- point 12: a FIFO is not a record ------------------------------------------------------


def test_replay_of_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "match.json"
    os.mkfifo(fifo)  # with no writer, a blocking open waits for ever: run it apart
    done = subprocess.run(
        [sys.executable, "-m", "cli", "replay", str(fifo)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip() == (
        f"error: cannot read {fifo}: it is not a regular file (a folder, FIFO or device); "
        "give the path of a cardkit record"
    )


def test_a_folder_is_not_a_record(tmp_path: Path) -> None:
    with pytest.raises(ParseError, match=r"cannot read .*: it is not a regular file"):
        read_json(tmp_path)


# -- point 12: ASCII digits only -----------------------------------------------------------

ARABIC_12 = "\u0661\u0662"  # Arabic-Indic one, two: int() reads 12
FULL_3 = "\uff13"  # full-width three: int() reads 3


@pytest.mark.parametrize("text", [ARABIC_12, FULL_3, "1_0", "", "-", "3.0", "\u00b2"])
def test_whole_numbers_are_ascii_digits_only(text: str) -> None:
    with pytest.raises(ValueError):
        whole_number(text)
    with pytest.raises(ParseError, match="a bid must be a whole number"):
        parse_int(text, "a bid")


def test_ascii_numbers_still_read() -> None:
    assert [whole_number(t) for t in ("12", " 3 ", "-4", "+5", "007")] == [12, 3, -4, 5, 7]
    assert [decimal_number(t) for t in ("1.5", "-2", ".5", "1e-3")] == [1.5, -2.0, 0.5, 0.001]
    for text in (f"1.{FULL_3}", "inf", "nan", "1_0.5"):
        with pytest.raises(ValueError):
            decimal_number(text)


def test_option_values_in_other_digits_are_refused() -> None:
    count = Option("count", "int", 1, "how many", low=0, high=20)
    with pytest.raises(OptionError, match=r"bad value .* for option 'count'"):
        count.parse(ARABIC_12)
    series = Option("series", "ints", (1,), "a list")
    with pytest.raises(OptionError, match="option 'series'"):
        series.parse(f"1,{FULL_3}")
    assert count.parse("12") == 12 and series.parse("1, 3") == (1, 3)
    code, out = invoke("arena", GAME.id, "--option", f"hand_size={FULL_3}", "-n", "1")
    assert code == 2 and "option 'hand_size'" in out


def test_bot_parameters_in_other_digits_are_refused() -> None:
    ufos = get_game("ufos")
    for spec in (f"ismcts:iterations={ARABIC_12}", f"ismcts:c=0.{FULL_3}", "ismcts:keep=1_0"):
        with pytest.raises(OptionError, match="bad value"):
            check_bot_spec(spec, ufos)
    check_bot_spec("ismcts:iterations=12,c=0.3", ufos)


@pytest.mark.parametrize("game_id", ["ufos", "universal-bid"])
def test_a_bid_in_other_digits_is_no_action(game_id: str) -> None:
    game = get_game(game_id)
    assert str(game.parse_action("bid 3")) == "bid 3"
    with pytest.raises(ParseError):
        game.parse_action(f"bid {FULL_3}")


def test_a_record_with_a_bid_in_full_width_digits_fails_its_check(tmp_path: Path) -> None:
    game = get_game("universal-bid")
    outcome = play_match(game, [RandomBot(game, s, s) for s in range(3)], 5)
    data = Record.of(outcome.state).to_json()
    steps = data["actions"]
    at = next(i for i, (_, text) in enumerate(steps) if text.startswith("bid "))
    amount = steps[at][1].split()[1]
    full = "".join(chr(0xFF10 + int(d)) for d in amount)  # the same number, full width
    steps[at][1] = f"bid {full}"
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out = invoke("replay", str(path))
    assert code == 1, out
    assert f"error: step {at + 1} ('bid {full}' by seat" in out  # steps count from 1


# -- point 12: the RL environment before reset() ----------------------------------------


def test_rl_step_before_reset_says_to_call_reset() -> None:
    pytest.importorskip("pettingzoo")
    from cardkit.rl import CardkitEnv

    env = CardkitEnv(GAME)
    with pytest.raises(RuntimeError, match=r"call reset\(\) before"):
        env.step(0)
