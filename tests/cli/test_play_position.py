"""``cardkit play --position FILE``: a match from a position file, saved as a record that
starts from it, which ``cardkit replay`` and ``cardkit play --resume`` read.

Every example position in docs/positions/ is played, so each game's file is covered.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardkit.record import Record, replay, start
from cardkit.registry import get_game
from cli.app import app

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "docs" / "positions").glob("*.json"))


def run(*args: str, input: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), input=input)
    return result.exit_code, result.output


def one_line(output: str) -> str:
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1, output
    assert "Traceback" not in output
    return lines[0]


def data_of(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def with_positions(path: Path) -> dict[str, Any]:
    data = data_of(path)
    if not get_game(data["game"]).has_positions:
        pytest.skip(f"{data['game']} has no positions yet")
    return data


def test_every_game_with_positions_has_an_example_file() -> None:
    assert ROOT / "docs" / "positions" / "universal-bid.json" in FILES


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
@pytest.mark.parametrize("named", [False, True], ids=["game-from-file", "game-named"])
def test_play_from_a_position_saves_a_record_that_starts_from_it(
    path: Path, named: bool, tmp_path: Path
) -> None:
    data = with_positions(path)
    game = get_game(data["game"])
    save = tmp_path / "from-position.json"
    name = [data["game"]] if named else []
    # a few answers, then the input ends: the match is saved and left
    code, out = run("play", *name, "--position", str(path), "--save", str(save), input="1\n" * 4)
    assert code == 0, out
    assert f"From the position in {path} (step {data['step']})" in out
    record = Record.load(save)
    assert record.position == data  # the whole position, as the file gives it
    assert (record.game, record.players, record.seed) == (
        data["game"],
        data["players"],
        data["seed"],
    )
    first = start(record, game)
    expected = game.from_position(data, auto_chance=False)
    assert first.steps == data["step"] and first.history == []
    for seat in range(record.players):
        assert first.view(seat) == expected.view(seat)
    # the record's steps are those taken after the position, and they replay
    state = replay(record, game, auto_chance_after=False)
    assert state.steps == data["step"] + len(record.actions)

    code, out = run("replay", str(save))
    assert code == 0, out
    assert f"from a position at step {data['step']}" in out

    code, out = run("position", str(save), "--step", "0")  # the record's first state
    assert code == 0, out
    assert json.loads(out) == game.position(expected)

    code, out = run("play", "--resume", str(save), input="quit\n")
    assert code == 0, out
    resumed = Record.load(save)
    assert resumed.position == data
    assert resumed.actions[: len(record.actions)] == record.actions


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_position_of_another_game_is_refused_and_nothing_written(
    path: Path, tmp_path: Path, cardkit_home: Path
) -> None:
    data = with_positions(path)
    code, out = run("play", "tiny-cli", "--position", str(path))
    assert code == 2
    assert f"is a position of {data['game']}, not tiny-cli" in one_line(out)
    assert not (cardkit_home / "saves").exists()


def damaged(data: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """Damaged copies of a position (as file text), each with a part of its one line."""
    seat_only = {**data, "seat": 0}
    players = {**data, "players": "four"}
    fmt = {**data, "format": "cardkit-position/9"}
    text = json.dumps(data)
    return {
        "truncated": (text[: len(text) // 2], "ends early"),
        "not-an-object": ("[1, 2]", "names no game"),
        "seat-position": (json.dumps(seat_only), "only a full position can be set up"),
        "bad-players": (json.dumps(players), "players must be a whole number"),
        "bad-format": (json.dumps(fmt), "'format' must be"),
    }


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_bad_position_file_is_one_line_and_nothing_is_written(
    path: Path, tmp_path: Path, cardkit_home: Path
) -> None:
    data = with_positions(path)
    for label, (text, message) in damaged(data).items():
        bad = tmp_path / f"{label}.json"
        bad.write_text(text, encoding="utf-8")
        save = tmp_path / f"{label}-save.json"
        for args in (["--save", str(save)], []):
            code, out = run("play", "--position", str(bad), *args)
            assert code == 2, (label, out)
            assert message in one_line(out), label
            assert not save.exists(), label
            assert not (cardkit_home / "saves").exists(), label


def test_a_position_that_breaks_the_rules_is_one_line(tmp_path: Path) -> None:
    data = data_of(ROOT / "docs" / "positions" / "universal-bid.json")
    hands = data["state"]["hands"]
    hands[1] = [hands[0][0], *hands[1][1:]]  # seat 0's first card twice, one card missing
    bad = tmp_path / "twice.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    save = tmp_path / "save.json"
    code, out = run("play", "--position", str(bad), "--save", str(save))
    assert code == 2
    line = one_line(out)
    assert f"{bad}: 'cards' is not valid: zone 'hand 1': " in line and "placed more times" in line
    assert not save.exists()


def test_position_conflicts_with_resume_seed_players_and_options(tmp_path: Path) -> None:
    path = str(ROOT / "docs" / "positions" / "universal-bid.json")
    code, out = run("play", "--position", path, "--resume", str(tmp_path / "x.json"))
    assert code == 2 and "--position to start from a position, or --resume" in one_line(out)
    code, out = run("play", "--position", path, "--seed", "1", "-o", "schedule=3", "-p", "3")
    assert code == 2
    assert "drop --players, --seed, --option" in one_line(out)
    code, out = run("play", "--position", str(tmp_path))
    assert code == 2 and "is not a regular file" in one_line(out)
    code, out = run("play", "--position", str(tmp_path / "none.json"))
    assert code == 2 and "cannot read" in one_line(out)
    assert list(tmp_path.iterdir()) == []


def test_a_record_whose_settings_differ_from_its_position_is_refused(tmp_path: Path) -> None:
    data = data_of(ROOT / "docs" / "positions" / "universal-bid.json")
    record = Record(
        "universal-bid", data["players"], data["seed"] + 1, data["options"], (), position=data
    )
    path = tmp_path / "r.json"
    record.save(path)
    code, out = run("replay", str(path))
    assert code == 2
    assert f"seed {data['seed'] + 1} but its position gives {data['seed']}" in one_line(out)
