from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardkit import CHANCE, Record, RecordError, Shuffle, State, replay, stack
from cardkit.bots import RandomBot
from cardkit.record import start
from cardkit.runner import play_match
from cardkit.testing import states_equal
from tests.tinygame import DECK, GAME


def finished_match(seed: int) -> Record:
    bots = [RandomBot(GAME, s, seed + s) for s in range(3)]
    outcome = play_match(GAME, bots, seed)
    assert outcome.failure is None
    return Record.of(outcome.state, meta={"bots": ["random"] * 3})


def test_record_holds_the_shuffles_and_rebuilds_the_same_state(tmp_path: Path) -> None:
    record = finished_match(5)
    assert record.actions[0][0] == CHANCE
    assert record.actions[0][1].startswith("shuffle ")
    path = tmp_path / "m.json"
    record.save(path)
    loaded = Record.load(path)
    assert loaded == record
    rebuilt = replay(loaded, GAME)
    bots = [RandomBot(GAME, s, 5 + s) for s in range(3)]
    original = play_match(GAME, bots, 5).state
    assert states_equal(rebuilt, original)
    assert rebuilt.result() == original.result()


def test_same_seed_same_match_and_different_seed_differs() -> None:
    assert finished_match(9).actions == finished_match(9).actions
    assert finished_match(9).actions != finished_match(10).actions


def test_an_explicit_deal_replaces_the_shuffle_in_the_record() -> None:
    state = GAME.create(2, seed=0, auto_chance=False)
    order = stack(DECK.cards, DECK.cards_of("a4 a3 b1 b2"))
    state.apply(CHANCE, Shuffle(order))
    record = Record.of(state)
    assert record.actions[0] == (CHANCE, "shuffle " + " ".join(c.text for c in order))
    assert replay(record, GAME, auto_chance_after=False).view(1).hand == DECK.cards_of("a3 a4")


def test_partial_record_resumes_where_it_stopped() -> None:
    full = finished_match(11)
    part = Record(full.game, full.players, full.seed, full.options, full.actions[:7])
    state = replay(part, GAME)
    assert [str(a) for _, a in state.history] == [t for _, t in full.actions[:7]]


def test_on_step_sees_only_legal_steps() -> None:
    record = finished_match(4)
    actions = list(record.actions)
    index = next(i for i, (s, t) in enumerate(actions) if t.startswith("play"))
    actions[index] = (7, actions[index][1])  # there is no seat 7
    bad = Record(record.game, record.players, record.seed, record.options, tuple(actions))
    seen: list[int] = []

    def on_step(before: State, step: int, seat: int, action: object) -> None:
        assert 0 <= seat < before.players or seat == CHANCE, "an illegal step reached on_step"
        seen.append(step)

    with pytest.raises(RecordError, match=f"step {index + 1} .*by seat 7"):
        replay(bad, GAME, on_step)
    assert seen == list(range(1, index + 1))


def test_tampered_record_fails_at_the_step_with_its_reason() -> None:
    record = finished_match(4)
    actions = list(record.actions)
    # find the first card play and make another seat play it
    index = next(i for i, (s, t) in enumerate(actions) if t.startswith("play"))
    seat, text = actions[index]
    actions[index] = ((seat + 1) % 3, text)
    bad = Record(record.game, record.players, record.seed, record.options, tuple(actions))
    with pytest.raises(RecordError) as info:
        replay(bad, GAME)
    assert info.value.step == index + 1
    assert f"step {index + 1}" in str(info.value)
    assert text in str(info.value)
    assert "not seat" in str(info.value)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("players", 2.5, "players must be a whole number, not 2.5"),
        ("seed", True, "seed must be a whole number, not True"),
        ("actions", [[0]], "actions must be [seat, text] pairs"),
        ("actions", [["0", "pick high"]], "actions must be [seat, text] pairs"),
        ("options", [1], "options must map names to values"),
        ("meta", [1], "meta must map names to values"),
        ("game", 7, "game must be a game id"),
        ("seed", None, "seed must be a whole number, not None"),
    ],
)
def test_a_damaged_record_names_the_field(field: str, value: object, message: str) -> None:
    data = finished_match(1).to_json()
    data[field] = value
    with pytest.raises(RecordError, match=re.escape(f"damaged cardkit record: {message}")):
        Record.from_json(data)


@pytest.mark.parametrize("version", [99, 0, "1", None, True, 1.0])
def test_a_record_of_another_version_is_refused(version: object) -> None:
    data = finished_match(1).to_json()
    assert data["version"] == 1
    data["version"] = version
    with pytest.raises(RecordError, match=re.escape(f"version {version!r} is not one")):
        Record.from_json(data)


def test_a_record_without_its_fields_names_them_and_meta_is_optional() -> None:
    data = finished_match(1).to_json()
    del data["meta"]
    assert Record.from_json(data).meta == {}
    del data["seed"], data["actions"]
    with pytest.raises(RecordError, match=r"damaged cardkit record: no seed, actions$"):
        Record.from_json(data)


def test_unreadable_files_get_one_line_errors(tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text("hello")
    with pytest.raises(RecordError, match="not JSON"):
        Record.load(junk)
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"a": 1}))
    with pytest.raises(RecordError, match="not a cardkit record"):
        Record.load(other)
    with pytest.raises(RecordError, match="cannot read"):
        Record.load(tmp_path / "missing.json")
    with pytest.raises(RecordError, match="cannot read"):
        Record.load(tmp_path)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RecordError, match="not UTF-8"):
        Record.load(binary)
    record = finished_match(1).to_json()
    record["game"] = "chess"
    with pytest.raises(RecordError, match="'chess'"):
        replay(Record.from_json(record), GAME)


def test_unknown_top_level_fields_are_kept_through_load_and_save(tmp_path: Path) -> None:
    data = finished_match(2).to_json()
    data["comment"] = {"by": "a newer cardkit", "list": [1, 2]}
    data["format"] = "cardkit-record"
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data))
    record = Record.load(path)
    assert record.extra == {"comment": {"by": "a newer cardkit", "list": [1, 2]}}
    record.save(tmp_path / "again.json")
    assert json.loads((tmp_path / "again.json").read_text()) == data
    # an extra field never replaces a known one
    clash = Record(record.game, record.players, record.seed, {}, (), extra={"game": "other"})
    assert clash.to_json()["game"] == record.game


def test_start_refuses_a_record_whose_settings_are_not_valid() -> None:
    record = finished_match(1)
    assert start(record, GAME).history == []
    for bad in (
        Record(GAME.id, 0, 1, {}, ()),
        Record(GAME.id, 3, 1, {"colour": "red"}, ()),
        Record("other", 3, 1, {}, ()),
    ):
        with pytest.raises(RecordError) as info:
            start(bad, GAME)
        assert info.value.step is None
