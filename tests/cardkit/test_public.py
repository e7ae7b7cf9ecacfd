"""A state's record (cardkit.public): written as JSON values and read back by the fields'
declared types, each wrong value named."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardkit import CHANCE, Card, PositionError, Scoreboard, Trick
from cardkit.public import read_record, write_record
from cardkit.seats import ResponseWindow, SealedChoice, TurnOrder
from cardkit.zones import Cards, Place, layout
from tests.tinygame import DECK, GAME, WILD, Pick, TinyState

PLACES = (Place("hand", "owner", per_seat=True), Place("trick", "all"), Place("stock"))


class Recorded(TinyState):
    """Tiny with a record: the core writes and reads these fields."""

    phase: str
    mode: str | None
    drawn: tuple[Card, ...]
    board: Scoreboard
    trick: Trick
    cards: Cards
    past: tuple[tuple[tuple[int, Card], ...], ...]
    record = ("phase", "mode", "drawn", "board", "trick", "cards", "past")

    def setup(self) -> None:
        super().setup()
        self.trick = Trick(0, order=self.trick_order, size=self.players)
        self.cards = layout(DECK, PLACES, self.players).new("stock")
        self.past = ()


def fresh() -> Recorded:
    return Recorded(GAME, 2, 1, GAME.make_options({}), auto_chance=False)


def played() -> Recorded:
    """A tiny match two steps in: dealt, both picks made, the wild led as suit b."""
    state = fresh()
    state.apply(CHANCE, state.deal_shuffle([DECK.cards_of(h) for h in ["a1 b4", "a3 w"]]))
    state.apply(0, Pick("high"))
    state.apply(1, Pick("low"))
    state.trick.play(1, WILD, "b")
    state.board.add_hand((2, -1))
    state.cards.deal(3, [(0, DECK.cards_of("a1 b4")), (1, DECK.cards_of("a3"))])
    state.cards.move(WILD, 3, 2)  # from the stock (zone 3) to the trick (zone 2)
    state.past = (((0, DECK.card("a2")), (1, DECK.card("b1"))),)
    return state


def through_json(part: dict[str, Any]) -> Any:
    return json.loads(json.dumps(part))


def test_a_record_read_back_equals_the_state_it_was_written_from() -> None:
    state = played()
    copy = fresh()
    read_record(copy, through_json(write_record(state)))
    assert copy.phase == state.phase and copy.mode == "high"
    assert copy.drawn == state.drawn
    assert copy.board == state.board and copy.board.hands == [(2, -1)]
    assert copy.trick == state.trick and copy.trick.led == "b"  # the wild's declared suit
    assert copy.cards == state.cards
    assert copy.past == state.past


def test_a_seats_record_shows_only_the_cards_it_knows() -> None:
    state = played()
    part = write_record(state, 0)
    assert part["cards"] == state.cards.seen_by(0).write()
    assert part["mode"] == "high"


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("mode", 3, "'mode' is not valid"),
        ("drawn", ["a1", "z9"], "'drawn' is not valid: unknown card 'z9'"),
        ("drawn", "a1", "'drawn' is not valid: a list was expected"),
        ("past", [[[0, "a2", "b1"]]], "'past' is not valid: 2 items were expected, not 3"),
        ("trick", {"leader": 1}, "'trick' is not valid: a trick is an object"),
        ("board", {"totals": [1, True], "hands": []}, "'board' is not valid: a whole number"),
    ],
)
def test_a_wrong_value_is_refused_naming_its_field(key: str, value: Any, said: str) -> None:
    part = through_json(write_record(played()))
    part[key] = value
    with pytest.raises(PositionError, match=said):
        read_record(fresh(), part)


def test_a_missing_or_unknown_key_is_named() -> None:
    part = through_json(write_record(played()))
    del part["mode"]
    with pytest.raises(PositionError, match="lacks 'mode'"):
        read_record(fresh(), part)
    part = through_json(write_record(played()))
    part["extra"] = 1
    with pytest.raises(PositionError, match="unknown keys 'extra'"):
        read_record(fresh(), part)


def test_a_trick_in_the_record_plays_on_to_its_winner() -> None:
    copy = fresh()
    read_record(copy, through_json(write_record(played())))
    assert copy.trick.play(0, DECK.card("b4")) == 0  # b led (the wild as b): b4 beats it


class Seated(TinyState):
    """Tiny with the core's seat parts, a set and a dict in its record."""

    order: TurnOrder
    window: ResponseWindow | None
    sealed: SealedChoice[int]
    seen: set[int]
    names: dict[int, str]
    record = ("order", "window", "sealed", "seen", "names")


def test_seat_parts_sets_and_dicts_are_written_and_read_back() -> None:
    state = Seated(GAME, 3, 1, GAME.make_options({}), auto_chance=False)
    state.order = TurnOrder(3, dealer=2, current=1, direction=-1)
    state.window = ResponseWindow("catch", (0, 2), subject=1, done={2})
    state.sealed = SealedChoice((0, 1, 2), {1: 5})
    state.seen, state.names = {2, 0}, {1: "one", 0: "zero"}
    part = through_json(write_record(state))
    assert part["window"] == {"kind": "catch", "seats": [0, 2], "subject": 1, "done": [2]}
    assert part["seen"] == [0, 2] and part["names"] == {"0": "zero", "1": "one"}
    again = Seated(GAME, 3, 1, GAME.make_options({}), auto_chance=False)
    read_record(again, part)
    assert again.order == state.order and again.window == state.window
    assert again.sealed == state.sealed and again.sealed.pending == (0, 2)
    assert again.seen == {0, 2} and again.names == {0: "zero", 1: "one"}


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("seen", [1, 1], "without repeats"),
        ("names", {"x": "a"}, "'names' is not valid"),
        ("sealed", {"seats": [0], "picks": {"0": "five"}}, "a whole number was expected"),
        ("order", {"players": 3}, "an object with players, dealer, current, direction"),
    ],
)
def test_a_wrong_seat_part_set_or_dict_is_named(field: str, value: Any, words: str) -> None:
    state = Seated(GAME, 3, 1, GAME.make_options({}), auto_chance=False)
    state.order, state.window = TurnOrder(3), None
    state.sealed, state.seen, state.names = SealedChoice((0,)), set(), {}
    part = through_json(write_record(state)) | {field: value}
    with pytest.raises(PositionError, match=words):
        read_record(state, part)
