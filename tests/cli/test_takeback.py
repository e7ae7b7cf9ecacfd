"""``undo`` and ``hint`` at the card table, and the record a take-back leaves."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardkit import Action, BaseBot, Game, View, registry
from cardkit.options import Option
from cardkit.record import Record, replay
from cardkit.registry import get_game
from cli.app import app

# universal-bid, 3 players, seed 7: two chance steps (the draw for the deal, the deal),
# then seat 0 bids first; seats 1 and 2 bid; then seat 0 leads the first trick.
START = ["play", "universal-bid", "--players", "3", "--seed", "7", "--delay", "0"]


def _play(runner: CliRunner, save: Path, answers: str, resume: bool = False) -> str:
    args = ["play", "--resume", str(save)] if resume else [*START, "--save", str(save)]
    result = runner.invoke(app, args, input=answers)
    assert result.exit_code == 0, result.output
    return result.output


def _check_takeback(save: Path) -> None:
    record = Record.load(save)
    mine = [text for seat, text in record.actions if seat == 0]
    assert mine == ["bid 2"]  # the bid taken back is gone; the one made instead stands
    (takeback,) = record.meta["play"]["takebacks"]
    assert takeback["step"] == 2  # after the two chance steps
    assert takeback["undone"][0] == [0, "bid 0"]
    assert [seat for seat, _ in takeback["undone"]] == [0, 1, 2]  # your bid and the bots'


def test_undo_takes_back_to_your_previous_decision(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    out = _play(runner, save, "1\nundo\n3\nquit\n")  # bid 0, undo, bid 2
    assert "you took back your move (3 steps undone)" in out
    _check_takeback(save)


def test_undo_after_resume_reaches_before_it(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    _play(runner, save, "1\nquit\n")
    out = _play(runner, save, "undo\n3\nquit\n", resume=True)
    assert "before you left" in out  # the recap of the moves before the resume
    _check_takeback(save)


def test_a_record_with_a_takeback_replays_as_finally_played(
    runner: CliRunner, tmp_path: Path
) -> None:
    save = tmp_path / "m.json"
    _play(runner, save, "1\nundo\n3\nquit\n")
    result = runner.invoke(app, ["replay", str(save)])
    assert result.exit_code == 0, result.output
    assert "seat 0 bids 2" in result.output and "seat 0 bids 0" not in result.output
    game = get_game("universal-bid")
    state = replay(Record.load(save), game)
    assert not state.is_over()


def test_undo_before_any_move_changes_nothing(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    out = _play(runner, save, "undo\nquit\n")
    assert "nothing to take back: you have not moved yet" in out
    record = Record.load(save)
    assert [seat for seat, _ in record.actions] == [-1, -1]
    assert "takebacks" not in record.meta["play"]


def test_hint_names_a_legal_move_and_plays_nothing(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    out = _play(runner, save, "hint\nquit\n")
    # the input is not echoed: the hint follows the prompt on its line
    line = "hint from " + out.split("hint from ", 1)[1].splitlines()[0]
    # universal-bid has sampled worlds: the pimc search bot answers
    assert line.startswith("hint from pimc: bid ")
    bid = int(line.split("bid ")[1].split()[0])
    assert 0 <= bid <= 9 and f"(type {bid + 1} to play it)" in line  # bid N is listed N+1
    assert [seat for seat, _ in Record.load(save).actions] == [-1, -1]  # nothing played


class _LastBot(BaseBot):
    """Stands in for the search bot: always the last legal action."""

    name = "pimc"
    summary = "test stand-in"
    games = frozenset({"universal-bid"})
    params = (Option("worlds", "int", 0, "worlds per move"),)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return legal[-1]


def test_hint_asks_the_search_bot_when_one_is_registered(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(registry._extra_bots, "pimc", _LastBot)
    out = _play(runner, tmp_path / "m.json", "hint\nquit\n")
    # the first decision offers bid 0 to bid 9: the last is bid 9, listed 10th
    assert "hint from pimc: bid 9 (type 10 to play it)" in out


def test_hint_asks_the_heuristic_where_the_game_has_no_sampled_worlds(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = get_game("universal-bid")
    # a game without sampled worlds: the base Game's sample_world and public_state
    monkeypatch.setattr(type(game), "sample_world", Game.sample_world)
    monkeypatch.setattr(type(game), "public_state", Game.public_state)
    assert not game.has_positions
    out = _play(runner, tmp_path / "m.json", "hint\nquit\n")
    assert "hint from heuristic: bid " in out


def test_scores_shows_the_score_sheet_and_plays_nothing(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    out = _play(runner, save, "scores\nquit\n")
    assert "No hand has been scored yet." in out
    assert [seat for seat, _ in Record.load(save).actions] == [-1, -1]  # nothing played


def test_the_score_sheet_lists_each_finished_hand_by_seat(
    runner: CliRunner, tmp_path: Path
) -> None:
    save = tmp_path / "m.json"
    args = [*START[:-2], "--option", "schedule=1,1", "--delay", "0", "--save", str(save)]
    # hand 1 holds one card each: bid 0, then the one card (Enter); at hand 2: the sheet
    result = runner.invoke(app, args, input="1\n\nscores\nquit\n")
    assert result.exit_code == 0, result.output
    sheet = result.output.split("score sheet", 1)[1]
    header, row = sheet.splitlines()[1:3]
    assert header.split() == ["hand", "you", "seat", "1", "seat", "2"]
    cells = row.split()
    assert cells[0] == "1" and len(cells) == 1 + 2 * 3
    # after the first hand each seat's total is that hand's points: "+p (p)"
    for points, total in zip(cells[1::2], cells[2::2], strict=True):
        assert total == f"({int(points)})"
