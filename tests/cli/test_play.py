"""``cardkit play`` through Typer's test runner (the pty tests are in test_pty.py)."""

from __future__ import annotations

import json
import os
import threading
from datetime import datetime, tzinfo
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardkit.errors import CardkitError
from cardkit.game import Game
from cardkit.record import Record, replay
from cardkit.registry import all_games
from cli import saves
from cli.app import app
from cli.session import QUIT_WORDS
from tests.cli.tinycli import GAME

ONES = "1\n" * 60


def play(runner: CliRunner, *args: str, input: str = ONES) -> tuple[int, str]:
    result = runner.invoke(app, ["play", *args], input=input)
    return result.exit_code, result.output


def test_plays_a_whole_match_and_saves_a_replayable_record(
    runner: CliRunner, tmp_path: Path
) -> None:
    save = tmp_path / "m.json"
    code, out = play(runner, "tiny-cli", "--seed", "3", "--save", str(save))
    assert code == 0, out
    assert "the match is over" in out
    assert f"Saving to {save}" in out
    record = Record.load(save)
    assert record.game == "tiny-cli" and record.seed == 3 and record.players == 2
    assert record.meta["play"] == {"human": 0, "bots": [None, "flaky"]}
    state = replay(record, GAME)
    assert state.is_over()
    # every step of seat 0 is one of the person's answers: always the first listed action
    assert all(text != "" for seat, text in record.actions if seat == 0)


def test_shows_only_the_persons_view(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    code, out = play(runner, "tiny-cli", "--seed", "5", "--save", str(save), input="quit\n")
    assert code == 0, out
    state = replay(Record.load(save), GAME)
    mine = {c.text for c in state.hands[0]}  # type: ignore[attr-defined]
    theirs = {c.text for c in state.hands[1]}  # type: ignore[attr-defined]
    shown = out.split("your move [")[0]
    hand_line = next(line for line in shown.splitlines() if line.startswith("hand "))
    assert set(hand_line.split()[1:]) == mine
    assert not theirs & set(shown.split())


def test_bad_input_gives_the_reason_and_changes_nothing(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    answers = "nonsense\n99\n0\n\u00b2\nplay zz\ncheer\nplay a1\nquit\n"
    code, out = play(runner, "tiny-cli", "--seed", "2", "--save", str(save), input=answers)
    assert code == 0, out
    assert "cannot read 'nonsense'" in out
    assert "no action 99: type a number from 1 to 2" in out
    assert "no action 0" in out
    assert "cannot read '\u00b2'" in out  # a superscript two is not a number to pick
    assert "unknown card 'zz'" in out
    assert "cheer is not allowed" in out
    assert "play a1 is not allowed" in out
    # only the deal happened: the person never acted
    assert [seat for seat, _ in Record.load(save).actions] == [-1]


def test_help_lists_the_legal_actions_and_the_rules_summary(
    runner: CliRunner, tmp_path: Path
) -> None:
    save = tmp_path / "m.json"
    code, out = play(runner, "tiny-cli", "--seed", "2", "--save", str(save), input="help\nquit\n")
    assert code == 0, out
    after = out.split("help", 1)[-1]
    assert GAME.summary in after
    assert "1) pick high" in after and "2) pick low" in after
    assert "cardkit rules tiny-cli" in after
    assert "'quit' (or q, exit) saves and leaves" in after


@pytest.mark.parametrize("word", ["quit", "q", "exit", "Q", "EXIT"])
def test_quit_q_and_exit_save_and_leave(runner: CliRunner, tmp_path: Path, word: str) -> None:
    save = tmp_path / "m.json"
    code, out = play(runner, "tiny-cli", "--seed", "2", "--save", str(save), input=f"{word}\n1\n")
    assert code == 0, out
    assert f"saved: {save}" in out and "input closed" not in out
    assert "is not" not in out and "cannot read" not in out
    assert [seat for seat, _ in Record.load(save).actions] == [-1]  # the deal only


def test_no_game_reads_a_quit_word_as_an_action() -> None:
    for game in all_games():
        if isinstance(game, Game):
            state = game.create(game.default_players, 1, {})
            for word in QUIT_WORDS:
                with pytest.raises(CardkitError):
                    game.parse_action(word, state)


def test_an_action_typed_as_text_is_played(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    code, out = play(
        runner, "tiny-cli", "--seed", "2", "--save", str(save), input="PICK LOW\nquit\n"
    )
    assert code == 0, out
    assert (0, "pick low") in Record.load(save).actions


def test_quit_then_resume_ends_exactly_as_an_unbroken_match(
    runner: CliRunner, tmp_path: Path
) -> None:
    whole = tmp_path / "whole.json"
    code, out = play(runner, "tiny-cli", "--seed", "8", "--save", str(whole))
    assert code == 0, out
    parts = tmp_path / "parts.json"
    code, out = play(runner, "tiny-cli", "--seed", "8", "--save", str(parts), input="1\n1\nquit\n")
    assert code == 0, out
    assert f"Resume with: cardkit play --resume {parts}" in out
    stopped = Record.load(parts)
    assert not replay(stopped, GAME).is_over()
    code, out = play(runner, "--resume", str(parts))
    assert code == 0, out
    assert f"resumed {parts} at step {len(stopped.actions)}" in out
    assert Record.load(parts).actions == Record.load(whole).actions


def test_end_of_input_saves_and_resume_continues(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    code, out = play(runner, "tiny-cli", "--seed", "4", "--save", str(save), input="1\n")
    assert code == 0, out
    assert "input closed; saved" in out
    before = Record.load(save).actions
    assert (0, "pick high") in before
    code, out = play(runner, "--resume", str(save))
    assert code == 0, out
    after = Record.load(save).actions
    assert after[: len(before)] == before and replay(Record.load(save), GAME).is_over()


def test_out_of_turn_windows_reach_the_person(runner: CliRunner, tmp_path: Path) -> None:
    # With three cards each over three hands, seat 1 wins some trick before a hand's
    # last one in some of these matches; seat 0 is then asked whether to cheer.
    cheered = 0
    for seed in range(6):
        save = tmp_path / f"m{seed}.json"
        args = ["tiny-cli", "--seed", str(seed), "--save", str(save)]
        args += ["--option", "hand_size=3", "--option", "hands=3"]
        code, out = play(runner, *args)
        assert code == 0, out
        cheered += Record.load(save).actions.count((0, "cheer"))
    assert cheered > 0


def test_seat_and_bots_for_three_players(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    args = ["tiny-cli", "-p", "3", "--seat", "2", "--bot", "random", "--bot", "flaky"]
    code, out = play(runner, *args, "--seed", "1", "--save", str(save))
    assert code == 0, out
    assert "you are seat 2; bots: seat 0 random, seat 1 flaky" in out
    record = Record.load(save)
    assert record.meta["play"] == {"human": 2, "bots": ["random", "flaky", None]}


def test_without_a_game_the_person_chooses_from_a_list(runner: CliRunner, tmp_path: Path) -> None:
    games = [g for g in all_games() if isinstance(g, Game)]
    number = [g.id for g in games].index("tiny-cli") + 1
    save = tmp_path / "m.json"
    answers = f"x\n\u00b2\n{number}\n\u00b9\n7\n3\nquit\n"
    code, out = play(runner, "--seed", "1", "--save", str(save), input=answers)
    assert code == 0, out
    assert f"{number}) Tiny CLI (tiny-cli, 2-3 players)" in out
    assert "x is not a choice" in out
    assert "\u00b2 is not a choice" in out
    assert "\u00b9 is not allowed" in out
    assert "7 is not allowed: type a number from 2 to 3" in out
    assert Record.load(save).players == 3


def test_the_list_takes_a_game_by_its_id_too(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    answers = "tinny\nTiny-CLI\n3\nquit\n"  # no game is "tinny"; an id in any case is
    code, out = play(runner, "--seed", "1", "--save", str(save), input=answers)
    assert code == 0, out
    assert "tinny is not a choice: type a number from 1 to" in out
    assert "or a name (" in out and "tiny-cli" in out.split("or a name (", 1)[1].split(")")[0]
    assert Record.load(save).game == "tiny-cli"


@pytest.mark.parametrize("setting", ["", "elsewhere"])
def test_default_save_file_is_printed(runner: CliRunner, tmp_path: Path, setting: str) -> None:
    """Saves go to CARDKIT_HOME/saves, or ~/.cardkit/saves when it is unset or empty."""
    env = {"HOME": str(tmp_path), "CARDKIT_HOME": setting and str(tmp_path / setting)}
    result = runner.invoke(app, ["play", "tiny-cli", "--seed", "1"], input="quit\n", env=env)
    assert result.exit_code == 0, result.output
    home = tmp_path / setting if setting else tmp_path / ".cardkit"
    saves = list((home / "saves").glob("tiny-cli-*.json"))
    assert len(saves) == 1
    assert f"Saving to {saves[0]}" in result.output


class FrozenClock(datetime):
    @classmethod
    def now(cls, tz: tzinfo | None = None) -> FrozenClock:
        return cls(2024, 1, 2, 3, 4, 5)


def test_matches_started_in_the_same_second_get_their_own_files(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(saves, "datetime", FrozenClock)
    env = {"CARDKIT_HOME": str(tmp_path)}
    printed = []
    for answers in ("quit\n", "1\nquit\n", "1\n1\nquit\n"):
        result = runner.invoke(app, ["play", "tiny-cli", "--seed", "7"], input=answers, env=env)
        assert result.exit_code == 0, result.output
        line = next(x for x in result.output.splitlines() if x.startswith("Saving to "))
        printed.append(Path(line.split()[2]))
    first = tmp_path / "saves" / "tiny-cli-20240102-030405-seed7.json"
    assert printed == [
        first,
        first.with_name(first.stem + "-2.json"),
        first.with_name(first.stem + "-3.json"),
    ]
    assert [sum(seat == 0 for seat, _ in Record.load(p).actions) for p in printed] == [0, 1, 2]


def test_a_file_where_the_saves_folder_should_be(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "saves").write_text("in the way\n")
    env = {"CARDKIT_HOME": str(tmp_path)}
    result = runner.invoke(app, ["play", "tiny-cli"], input="quit\n", env=env)
    assert result.exit_code == 2
    line = one_line_error(result.output)
    assert f"cannot write {tmp_path / 'saves'}" in line and "Not a directory" in line
    assert "give --save FILE, or set CARDKIT_HOME" in line  # the two ways out
    assert (tmp_path / "saves").read_text() == "in the way\n"


def test_a_failing_bot_stops_the_match_with_its_name_seat_and_action(
    runner: CliRunner, tmp_path: Path
) -> None:
    save = tmp_path / "m.json"
    code, out = play(runner, "tiny-cli", "--bot", "illegal", "--seed", "1", "--save", str(save))
    assert code == 1
    assert "bot illegal in seat 1 chose an illegal action 'pick sideways'" in out
    assert Record.load(save).actions[0][0] == -1


def one_line_error(output: str) -> str:
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1, output
    assert "Traceback" not in output
    return lines[0]


def test_user_errors_are_one_line_with_exit_code_2(runner: CliRunner, tmp_path: Path) -> None:
    cases = {
        ("tiny-clj",): "did you mean 'tiny-cli'?",
        ("tiny-cli", "--players", "5"): "tiny-cli is for 2 to 3 players, not 5",
        ("tiny-cli", "--seat", "2"): "--seat must be from 0 to 1",
        ("tiny-cli", "--bot", "randon"): "did you mean 'random'?",
        ("tiny-cli", "-p", "3", "--bot", "random", "--bot", "random", "--bot", "random"): (
            "give one --bot for all other seats, or one per other seat (2), not 3"
        ),
        ("tiny-cli", "--bot", "flaky:percent=200"): "bad value 200 for option 'percent'",
        ("tiny-cli", "--option", "trump=c"): "bad value c for option 'trump'",
        ("tiny-cli", "--option", "hands=0"): "bad value 0 for option 'hands'",
        ("tiny-cli", "--option", "nope=1"): "unknown option 'nope' for tiny-cli",
    }
    for args, message in cases.items():
        code, out = play(runner, *args, "--save", str(tmp_path / "x.json"))
        assert code == 2, (args, out)
        assert message in one_line_error(out), (args, out)
    code, out = play(runner, "tiny-cli", "--save", str(tmp_path))  # a folder: nothing printed first
    assert code == 2 and f"--save {tmp_path} is not a regular file" in one_line_error(out)


def test_resume_errors_are_one_line(runner: CliRunner, tmp_path: Path) -> None:
    junk = tmp_path / "junk.txt"
    junk.write_text("hello\n")
    code, out = play(runner, "--resume", str(junk))
    assert code == 2 and "is not a cardkit record" in one_line_error(out)
    save = tmp_path / "m.json"
    play(runner, "tiny-cli", "--seed", "1", "--save", str(save), input="quit\n")
    code, out = play(runner, "--resume", str(save), "--players", "3")
    assert code == 2 and "drop --players" in one_line_error(out)
    code, out = play(runner, "--resume", str(save), "--seed", "0", "--seat", "0")
    assert code == 2 and "drop --seat, --seed" in one_line_error(out)  # 0 is given too
    code, out = play(runner, "tiny", "--resume", str(save))
    assert code == 2 and "is a tiny-cli match, not tiny" in one_line_error(out)
    code, out = play(runner, "--resume", str(save), "--save", str(tmp_path))
    assert code == 2 and f"--save {tmp_path} is not a regular file" in one_line_error(out)
    record = Record.load(save)
    Record(record.game, record.players, record.seed, record.options, record.actions).save(junk)
    code, out = play(runner, "--resume", str(junk))
    assert code == 2 and "not a `cardkit play` save" in one_line_error(out)
    meta = {"play": {"human": True, "bots": [None, "flaky"]}}
    Record(record.game, record.players, record.seed, record.options, record.actions, meta).save(
        junk
    )
    code, out = play(runner, "--resume", str(junk))
    assert code == 2 and "damaged seat settings" in one_line_error(out)
    Record(record.game, 1000, record.seed, record.options, record.actions, record.meta).save(junk)
    code, out = play(runner, "--resume", str(junk))  # the count is named, not the seats
    assert code == 2 and "tiny-cli is for 2 to 3 players, not 1000" in one_line_error(out)


def test_a_new_match_never_replaces_what_is_at_its_save_path(
    runner: CliRunner, tmp_path: Path
) -> None:
    done = tmp_path / "keep.json"
    code, out = play(runner, "tiny-cli", "--seed", "3", "--save", str(done))
    assert code == 0, out
    kept = done.read_bytes()
    notes = tmp_path / "notes.txt"
    notes.write_text("not a record\n")
    for path in (done, notes):
        code, out = play(runner, "tiny-cli", "--seed", "4", "--save", str(path), input="quit\n")
        assert code == 2
        assert one_line_error(out).endswith(
            f"--save {path} already exists; choose another path, "
            f"or continue its match with --resume {path}"
        )
    assert done.read_bytes() == kept and notes.read_text() == "not a record\n"
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    (tmp_path / "gone").symlink_to(tmp_path / "nowhere")  # a link to nothing is not replaced
    for path in (pipe, tmp_path / "gone"):
        code, out = play(runner, "tiny-cli", "--save", str(path))
        assert code == 2
        assert f"--save {path} is not a regular file" in one_line_error(out)
    assert pipe.is_fifo() and (tmp_path / "gone").is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gone", "keep.json", "notes.txt", "pipe"]


def test_resume_saves_to_its_file_or_to_a_new_one(runner: CliRunner, tmp_path: Path) -> None:
    start = tmp_path / "start.json"
    code, out = play(runner, "tiny-cli", "--seed", "8", "--save", str(start), input="1\nquit\n")
    assert code == 0, out
    stopped = start.read_bytes()
    branch = tmp_path / "branch.json"
    code, out = play(runner, "--resume", str(start), "--save", str(branch))
    assert code == 0, out
    assert f"Saving to {branch}" in out
    assert start.read_bytes() == stopped  # the match went on in branch.json only
    assert replay(Record.load(branch), GAME).is_over()
    finished = branch.read_bytes()
    code, out = play(runner, "--resume", str(start), "--save", str(branch))
    assert code == 2
    assert f"--save {branch} already exists" in one_line_error(out)
    assert branch.read_bytes() == finished
    # --save naming the resumed file itself is the same as leaving it out
    code, out = play(runner, "--resume", str(start), "--save", str(tmp_path / "." / "start.json"))
    assert code == 0, out
    assert Record.load(start).actions == Record.load(branch).actions


def test_resume_refuses_a_file_that_is_not_regular(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    play(runner, "tiny-cli", "--seed", "1", "--save", str(save), input="quit\n")
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)

    def feed() -> None:  # a record in the pipe, should anything read it
        pipe.write_bytes(save.read_bytes())

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    code, out = play(runner, "--resume", str(pipe))
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)  # lets a waiting writer finish
    writer.join(5)
    os.close(reader)
    assert code == 2
    assert f"--resume {pipe} is not a regular file" in one_line_error(out)
    assert pipe.is_fifo()


def test_resume_keeps_the_fields_it_does_not_know(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    code, out = play(runner, "tiny-cli", "--seed", "8", "--save", str(save), input="1\nquit\n")
    assert code == 0, out
    data = json.loads(save.read_text())
    data["comment"] = "the long one against flaky"  # a top-level field cardkit does not know
    data["meta"]["note"] = {"by": "hand"}  # and meta besides play's own
    save.write_text(json.dumps(data))
    code, out = play(runner, "--resume", str(save), input="1\nquit\n")
    assert code == 0, out
    again = json.loads(save.read_text())
    assert again["comment"] == "the long one against flaky"
    assert again["meta"]["note"] == {"by": "hand"}
    assert again["meta"]["play"] == data["meta"]["play"]
    assert len(again["actions"]) > len(data["actions"])
    branch = tmp_path / "branch.json"  # a copy continued elsewhere keeps them too
    code, out = play(runner, "--resume", str(save), "--save", str(branch), input="quit\n")
    assert code == 0, out
    assert json.loads(branch.read_text())["comment"] == "the long one against flaky"


def test_save_into_a_missing_folder_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such"
    code, out = play(runner, "tiny-cli", "--save", str(missing / "m.json"))
    assert code == 2
    line = one_line_error(out)
    assert f"--save {missing / 'm.json'}: the folder {missing} does not exist" in line
    assert not (tmp_path / "no").exists()
    start = tmp_path / "start.json"
    assert play(runner, "tiny-cli", "--seed", "1", "--save", str(start), input="quit\n")[0] == 0
    before = start.read_bytes()
    code, out = play(runner, "--resume", str(start), "--save", str(missing / "b.json"))
    assert code == 2 and f"the folder {missing} does not exist" in one_line_error(out)
    assert not (tmp_path / "no").exists() and start.read_bytes() == before
