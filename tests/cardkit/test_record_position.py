"""Records that start from a position: written only when there is one, read back, rebuilt."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardkit.errors import RecordError
from cardkit.record import FIELDS, Record, replay, start
from games.universal_bid import GAME

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "positions" / "universal-bid.json"


def test_a_record_from_the_start_is_written_as_before() -> None:
    state = GAME.create(4, seed=3)
    data = Record.of(state).to_json()
    assert "position" not in data
    assert list(data) == [k for k in FIELDS if k != "position"]
    assert Record.from_json(data).position is None


def test_a_record_of_a_state_from_a_position_starts_from_it() -> None:
    position = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    state = GAME.from_position(position)
    seat = state.to_act()[0]
    state.apply(seat, state.legal_actions(seat)[-1])
    record = Record.from_json(json.loads(json.dumps(Record.of(state).to_json())))
    assert record.position == position
    assert record.actions == ((seat, str(state.history[0][1])),)
    assert start(record, GAME).steps == position["step"]
    again = replay(record, GAME)
    assert again.steps == state.steps == position["step"] + 1
    assert [again.view(s) for s in range(3)] == [state.view(s) for s in range(3)]


def test_a_copy_of_a_state_keeps_the_position_it_started_from() -> None:
    position = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    state = GAME.from_position(position)
    assert state.clone().start_position is position
    assert GAME.create(3).start_position is None


@pytest.mark.parametrize("bad", [[1], "text", 3])
def test_a_position_that_is_not_an_object_is_a_damaged_record(bad: object) -> None:
    data = Record.of(GAME.create(3)).to_json() | {"position": bad}
    with pytest.raises(RecordError, match="position must be a position"):
        Record.from_json(data)


def test_a_position_that_cannot_be_set_up_is_named() -> None:
    position = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    position["hand"] = 9
    record = Record(
        "universal-bid", 3, position["seed"], position["options"], (), position=position
    )
    with pytest.raises(RecordError, match="the record's position cannot be set up: hand is 9 but"):
        start(record, GAME)


def test_a_world_built_without_a_position_has_no_record() -> None:
    import random

    state = GAME.create(4, seed=2)
    world = GAME.sample_world(state.view(1), random.Random(0))  # built directly from the view
    assert world.steps > 0 and world.start_position is None
    with pytest.raises(RecordError, match="without a position: it has no record"):
        Record.of(world)
