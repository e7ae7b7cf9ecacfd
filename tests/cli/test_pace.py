"""Pace and memory at the card table: the bots' moves paused, the hand's summary by seat,
the final table, watch mode."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardkit.record import Record
from cli.app import app
from tests.cli.test_pty import PROMPT, spawn

pexpect = pytest.importorskip("pexpect")


def _whole_match(runner: CliRunner, save: Path) -> str:
    """The output of a whole tiny-cli match (2 hands) saved to ``save``, the person
    answering 1 each time."""
    result = runner.invoke(
        app,
        ["play", "tiny-cli", "--seed", "3", "--save", str(save)],
        input="1\n" * 60,
    )
    assert result.exit_code == 0, result.output
    return result.output


def test_each_hand_ends_with_its_summary_by_seat(runner: CliRunner, tmp_path: Path) -> None:
    # tiny-cli: 2 hands; the summary names each seat, "you" for the person's
    output = _whole_match(runner, tmp_path / "m.json")
    summaries = re.findall(r"^  hand (\d) scored: (.*)$", output, re.MULTILINE)
    assert [n for n, _ in summaries] == ["1", "2"]
    for _, line in summaries:
        assert re.fullmatch(r"you [+-]\d+ \(-?\d+\), seat 1 [+-]\d+ \(-?\d+\)", line), line


def test_the_match_ends_with_the_final_table(runner: CliRunner, tmp_path: Path) -> None:
    output = _whole_match(runner, tmp_path / "m.json")
    end = output.split("── Tiny CLI: the match is over · final table", 1)[1]
    assert "you" in end.splitlines()[1] and "seat 1" in end.splitlines()[2]  # the seats
    assert "Result" in end


def test_any_key_skips_the_pause_after_a_bots_move(tmp_path: Path) -> None:
    # a minute's pause per bot move: the match goes on within the timeout only if keys skip it
    child = spawn(
        "play", "tiny-cli", "--seed", "2", "--save", str(tmp_path / "m.json"), "--delay", "60"
    )
    child.expect(PROMPT)
    child.sendline("1")
    paused = 0
    while child.expect(["any key goes on at once", PROMPT]) == 0:  # each bot's move
        paused += 1
        child.send("x")
    assert paused >= 1  # the bot moved after the pick, and its move was paused on
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_watch_plays_every_seat_and_q_quits(tmp_path: Path) -> None:
    save = tmp_path / "w.json"
    child = spawn(
        "play", "tiny-cli", "--seed", "2", "--watch", "--delay", "60", "--save", str(save)
    )
    child.expect("seat 0.s view · space pause/go on · n next step · q quit")
    child.send("n")  # the next step at once
    child.expect("seat 0.s view · space pause/go on · n next step · q quit")
    child.send("q")
    child.expect("Resume with: cardkit play --resume")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    record = Record.load(save)
    assert record.meta["play"]["watch"] is True
    assert None not in record.meta["play"]["bots"]  # every seat is a bot
    assert any(seat >= 0 for seat, _ in record.actions)


def test_watch_to_the_end_without_a_pause(tmp_path: Path) -> None:
    save = tmp_path / "w.json"
    child = spawn("play", "tiny-cli", "--seed", "4", "--watch", "--save", str(save))  # --delay 0
    child.expect("final table")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert Record.load(save).meta["play"]["watch"] is True


def _finished_record(runner: CliRunner, path: Path) -> Path:
    _whole_match(runner, path)
    return path


def test_replay_watch_steps_with_n_pauses_with_space_and_q_stops(
    runner: CliRunner, tmp_path: Path
) -> None:
    record = _finished_record(runner, tmp_path / "m.json")
    child = spawn("replay", str(record), "--watch", "--delay", "60")
    child.expect(r"replay (\d+)/(\d+)")
    first, total = int(child.match.group(1)), int(child.match.group(2))
    assert total == len(Record.load(record).actions)
    child.expect("space pause/go on · n next step · q quit")
    child.send(" ")  # paused: nothing moves until a key
    child.send("n")  # one step
    child.expect(r"replay (\d+)/")
    assert int(child.match.group(1)) > first
    child.send("q")
    child.expect(r"stopped at step \d+ of \d+")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_replay_watch_to_the_end_shows_the_final_table(runner: CliRunner, tmp_path: Path) -> None:
    record = _finished_record(runner, tmp_path / "m.json")
    child = spawn("replay", str(record), "--watch", "--delay", "0", "--seat", "1")
    child.expect("seat 1's view")
    child.expect("final table")
    child.expect("Result")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_replay_watch_and_json_together_are_refused(runner: CliRunner, tmp_path: Path) -> None:
    record = _finished_record(runner, tmp_path / "m.json")
    result = runner.invoke(app, ["replay", str(record), "--watch", "--json"])
    assert result.exit_code == 2
    assert "give one of them" in result.output


def test_a_watched_match_resumes_watched(tmp_path: Path) -> None:
    save = tmp_path / "w.json"
    child = spawn(
        "play", "tiny-cli", "--seed", "2", "--watch", "--delay", "60", "--save", str(save)
    )
    child.expect("n next step · q quit")
    child.send("q")
    child.expect(pexpect.EOF)
    child.close()
    steps = len(Record.load(save).actions)
    child = spawn("play", "--resume", str(save))  # --delay 0: it runs to the end by itself
    child.expect("watching")
    child.expect("the match is over")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    record = Record.load(save)
    assert len(record.actions) > steps and record.meta["play"]["watch"] is True


@pytest.mark.parametrize("value", ["-1", "61", "nan"])
def test_a_bad_delay_is_one_line_and_exit_2(value: str, runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    result = runner.invoke(app, ["play", "tiny-cli", "--delay", value, "--save", str(save)])
    assert result.exit_code == 2
    if value == "nan":  # not a number in digits: refused as the option is read
        assert "'nan' is not a number (digits 0-9)" in result.output
    else:
        assert "--delay must be from 0 to 60 seconds" in result.output
    assert not save.exists()  # nothing written


def test_watch_with_resume_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    runner.invoke(app, ["play", "tiny-cli", "--seed", "1", "--save", str(save)], input="quit\n")
    result = runner.invoke(app, ["play", "--resume", str(save), "--watch"])
    assert result.exit_code == 2
    assert "a watched match resumes watched" in result.output
