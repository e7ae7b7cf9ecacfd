"""``cardkit position``: a record's position at a step, whole or as one seat knows it."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cardkit.bots import RandomBot
from cardkit.game import Game
from cardkit.record import Record
from cardkit.runner import play_match
from cli.app import app
from games.universal_bid import GAME
from tests.cli.tinycli import GAME as TINY


def saved(tmp_path: Path, game: Game = GAME, players: int = 4) -> Path:
    bots = [RandomBot(game, seat, 10 + seat) for seat in range(players)]
    outcome = play_match(game, bots, 6)
    path = tmp_path / "match.json"
    Record.of(outcome.state).save(path)
    return path


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["position", *args])
    return result.exit_code, result.stdout, result.stderr


def test_the_position_at_a_step_sets_up_that_state(tmp_path: Path) -> None:
    path = saved(tmp_path)
    code, out, _ = run(str(path), "--step", "30")
    assert code == 0
    data = json.loads(out)
    assert data["format"] == "cardkit-position/2" and data["step"] == 30
    state = GAME.from_position(data)
    assert state.history == [] and state.steps == 30  # it starts at step 30
    assert len(Record.load(path).actions) > 30


def test_one_seat_sees_only_its_cards(tmp_path: Path) -> None:
    code, out, _ = run(str(saved(tmp_path)), "--step", "30", "--seat", "1")
    assert code == 0
    data = json.loads(out)
    assert data["seat"] == 1 and data["seed"] is None
    cards = data["state"]["cards"]
    assert cards["zones"]["hand 1"] and "hand 1" not in cards["unseen"]
    # every other hand and the cards out of play: unseen, none named
    assert all(cards["zones"][f"hand {s}"] == [] for s in (0, 2, 3))
    assert cards["zones"]["out of play"] == [] and cards["unseen"]["out of play"] > 0


def test_bad_steps_and_seats_are_one_line(tmp_path: Path) -> None:
    path = str(saved(tmp_path))
    for args in (["--step", "100000"], ["--step", "-1"], ["--step", "3", "--seat", "4"]):
        code, out, err = run(path, *args)
        assert code == 2 and out == "", args
        assert err.count("\n") == 1 and "must be from 0 to" in err


def test_a_game_without_positions_says_so(tmp_path: Path) -> None:
    code, _, err = run(str(saved(tmp_path, TINY, 2)), "--step", "1")
    assert code == 2 and "has no positions" in err
