"""``cardkit replay``: events, one seat's view, JSON, tampered and bad records."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cardkit.actions import Action
from cardkit.bots import RandomBot
from cardkit.events import Event
from cardkit.game import State
from cardkit.record import Record, replay
from cardkit.runner import play_match
from cli.app import app
from tests.cli.tinycli import GAME


def saved_match(tmp_path: Path, seed: int = 4) -> tuple[Path, Record]:
    bots = [RandomBot(GAME, seat, seed + seat) for seat in range(2)]
    outcome = play_match(GAME, bots, seed)
    record = Record.of(outcome.state, {"arena": {"bots": ["random", "random"]}})
    path = tmp_path / "match.json"
    record.save(path)
    return path, record


def run(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["replay", *args])
    return result.exit_code, result.stdout, result.stderr


def step_events(record: Record) -> list[str]:
    """Each step's line for an all-seeing viewer, from the events the step records."""
    lines: list[str] = []

    def after(
        state: State, step: int, seat: int, action: Action, events: tuple[Event, ...]
    ) -> None:
        lines.append("; ".join(str(e) for e in events if e.seen_by(None)))

    replay(record, GAME, auto_chance_after=False, after_step=after)
    return lines


def test_prints_every_step_and_the_result(runner: CliRunner, tmp_path: Path) -> None:
    path, record = saved_match(tmp_path)
    code, out, err = run(runner, str(path))
    assert code == 0, out + err
    steps = [line for line in out.splitlines() if line[:4].strip().isdigit()]
    assert len(steps) == len(record.actions)
    assert steps[0].split(None, 1)[1].startswith("hand 1 of 2: seat 0 deals 2 cards each")
    assert "Result" in out and "wins" in out
    code, out, _ = run(runner, str(path), "--json")
    shown = [entry["event"] for entry in json.loads(out)["steps"]]
    assert shown == step_events(record)
    picks = [(s, t) for s, t in record.actions if t.startswith("pick")]
    for seat, text in picks:  # an all-seeing viewer gets each pick itself, not its cover
        assert f"seat {seat} picks {text.split()[1]}" in shown[record.actions.index((seat, text))]


def test_one_seats_view_hides_the_others_secrets(runner: CliRunner, tmp_path: Path) -> None:
    path, record = saved_match(tmp_path)
    code, out, _ = run(runner, str(path), "--seat", "1")
    assert code == 0
    picks = [(seat, text) for seat, text in record.actions if text.startswith("pick")]
    assert picks
    for seat, text in picks:
        if seat == 0:
            assert "seat 0 picks in secret" in out
        else:
            assert f"seat 1 picks {text.split()[1]}" in out
    assert "seat 0 picks high" not in out and "seat 0 picks low" not in out
    dealt = [line for line in out.splitlines() if "receives" in line]
    assert dealt and all("seat 0 receives" not in line for line in dealt)


def test_json_output(runner: CliRunner, tmp_path: Path) -> None:
    path, record = saved_match(tmp_path)
    code, out, _ = run(runner, str(path), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["game"] == "tiny-cli" and data["over"] is True
    assert [s["step"] for s in data["steps"]] == list(range(1, len(record.actions) + 1))
    assert [(s["seat"], s["action"]) for s in data["steps"]] == list(record.actions)
    assert set(data["result"]) == {"scores", "winners", "finished", "note"}
    code, out, _ = run(runner, str(path), "--json", "--seat", "0")
    hidden = json.loads(out)["steps"]
    assert all("action" not in s for s in hidden if s["seat"] != 0)
    assert all(s["action"] for s in hidden if s["seat"] == 0)


def test_a_tampered_record_fails_at_the_changed_step(runner: CliRunner, tmp_path: Path) -> None:
    path, record = saved_match(tmp_path)
    data = json.loads(path.read_text())
    plays = [i for i, (seat, text) in enumerate(record.actions) if text.startswith("play")]
    k = plays[1]
    seat, text = record.actions[k]
    data["actions"][k] = [1 - seat, text]  # the other seat plays out of turn
    path.write_text(json.dumps(data))
    code, out, err = run(runner, str(path))
    assert code == 1
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert f"step {k + 1} ({text!r} by seat {1 - seat})" in lines[0]
    assert "not seat" in lines[0] and "turn" in lines[0]
    assert f"{k + 1:>4}  " not in out  # the failing step is not shown as an event
    assert f"{k:>4}  " in out

    data["actions"][k] = [seat, "play zz"]
    path.write_text(json.dumps(data))
    code, _, err = run(runner, str(path), "--json")
    assert code == 1
    assert f"step {k + 1} ('play zz' by seat {seat}): unknown card 'zz'" in err
    assert len(err.strip().splitlines()) == 1


def test_files_that_are_not_records_get_one_line(runner: CliRunner, tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("just some notes\n")
    other = tmp_path / "other.json"
    other.write_text('{"hello": 1}')
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "cardkit-record", "version": 1}')
    cases = {
        text: "is not a cardkit record (not JSON)",
        other: "not a cardkit record",
        broken: "damaged cardkit record",
        tmp_path / "missing.json": "cannot read",
    }
    for path, message in cases.items():
        code, out, err = run(runner, str(path))
        assert code == 2, (path, out, err)
        assert out == ""
        assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_a_record_of_the_deal_alone_is_one_step(runner: CliRunner, tmp_path: Path) -> None:
    _, record = saved_match(tmp_path)
    path = tmp_path / "deal.json"
    Record(record.game, record.players, record.seed, record.options, record.actions[:1]).save(path)
    code, out, _ = run(runner, str(path))
    assert code == 0
    assert "seed 4, 1 step; showing everything" in out
    assert "The match is not over after 1 step." in out


def test_unknown_game_and_bad_seat(runner: CliRunner, tmp_path: Path) -> None:
    path, _ = saved_match(tmp_path)
    Record("tiny-clu", 2, 1, {}, ()).save(tmp_path / "g.json")
    code, _, err = run(runner, str(tmp_path / "g.json"))
    assert code == 2 and "did you mean 'tiny-cli'?" in err
    for bad in ("2", "-1"):
        code, out, err = run(runner, str(path), "--seat", bad)
        assert code == 2 and out == "" and err.count("\n") == 1
        assert f"--seat must be from 0 to 1 for 2 players, not {bad}" in err


def test_an_unfinished_save_replays_to_where_it_stopped(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    result = runner.invoke(
        app, ["play", "tiny-cli", "--seed", "1", "--save", str(save)], input="1\nquit\n"
    )
    assert result.exit_code == 0
    code, out, _ = run(runner, str(save))
    assert code == 0
    assert "The match is not over after" in out
    assert "to act: seat" in out


def test_a_record_that_cannot_start_is_bad_input(runner: CliRunner, tmp_path: Path) -> None:
    # tiny-cli takes 2 or 3 players and knows no option "colour": each record is refused
    # before anything is printed, like an unknown game, with exit code 2
    cases = {
        "zero.json": (Record("tiny-cli", 0, 1, {}, ()), "players"),
        "many.json": (Record("tiny-cli", 9, 1, {}, ()), "players"),
        "option.json": (Record("tiny-cli", 2, 1, {"colour": "red"}, ()), "colour"),
        "value.json": (Record("tiny-cli", 2, 1, {"hands": 99}, ()), "hands"),
    }
    for name, (record, named) in cases.items():
        record.save(tmp_path / name)
        for args in ((), ("--json",), ("--seat", "0")):
            code, out, err = run(runner, str(tmp_path / name), *args)
            assert code == 2, (name, args, out, err)
            assert out == "", (name, args)
            assert err.count("\n") == 1 and named in err and str(tmp_path / name) in err


def test_a_deeply_nested_file_is_one_line(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100000 + "]" * 100000)
    code, out, err = run(runner, str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "nested deeper than" in err and "Traceback" not in err


def test_one_seats_replay_does_not_show_the_seed(runner: CliRunner, tmp_path: Path) -> None:
    path, _ = saved_match(tmp_path, seed=987654)
    code, out, _ = run(runner, str(path), "--seat", "1")
    assert code == 0 and "987654" not in out
    code, out, _ = run(runner, str(path), "--seat", "1", "--json")
    assert code == 0 and json.loads(out)["seed"] is None
    code, out, _ = run(runner, str(path))
    assert "seed 987654" in out
