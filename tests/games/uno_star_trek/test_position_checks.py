"""UNO: Star Trek positions of this version: each rule a position is checked against,
refused on an explicit position, and the version 1 reader (both forms of its part)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from cardkit.positions import PositionError, load_position
from games.uno_star_trek import GAME
from tests.games.uno_star_trek.test_positions import EXAMPLE, HANDS, done_when, play_out, position


def written() -> dict[str, Any]:
    """The issue's example (hands of 2, 5 and 9, yellow in force on a Wild, seat 0 to
    play) written in this version's form."""
    return GAME.position(GAME.from_position(done_when()))


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(PositionError) as caught:
        GAME.from_position(data)
    message = str(caught.value)
    assert "\n" not in message
    return message


def zones(data: dict[str, Any]) -> dict[str, list[str]]:
    zones: dict[str, list[str]] = data["state"]["cards"]["zones"]
    return zones


def to_draw_pile(data: dict[str, Any], zone: str) -> None:
    """Move every card of ``zone`` to the bottom of the draw pile."""
    zones(data)["draw pile"][:0] = zones(data)[zone]
    zones(data)[zone] = []


def edit(**changes: Any) -> Callable[[dict[str, Any]], None]:
    return lambda data: data["state"].update(changes)


def scores(totals: list[int], hands: list[list[int]]) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["state"]["board"] = {"totals": totals, "hands": hands}
        data["scores"], data["hand"] = totals, len(hands) + 1

    return change


def dealer_phase(data: dict[str, Any]) -> None:
    data["state"]["phase"] = "dealer"
    data["dealer"], data["to_act"] = None, [-1]


def seat_0_empty(data: dict[str, Any]) -> None:
    to_draw_pile(data, "hand 0")


def no_discard(data: dict[str, Any]) -> None:
    to_draw_pile(data, "discard pile")


def yellow_9_on_top(data: dict[str, Any]) -> None:
    zones(data)["discard pile"] = ["b9", "b2", "y2", "wild", "y9"]
    data["state"]["phase"] = "colour"


def window(seats: list[int], done: list[int]) -> Callable[[dict[str, Any]], None]:
    return edit(window={"kind": "catch", "seats": seats, "subject": 0, "done": done})


RULES: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("phase", edit(phase="nap"), "phase must be one of dealer, deal, turn-up, play, drawn"),
    ("order", edit(order={"players": 3, "dealer": 2, "current": 0, "direction": 2}), "order"),
    ("colour", edit(colour="purple"), "a colour is one of red, yellow, green, blue, or null"),
    ("first draw", edit(first_draw=[1, 2]), "first_draw must list 3 seats, each 0 to 9"),
    ("tie", edit(first_draw=[9, 9, 1]), "the draw for the first dealer goes on while the"),
    ("board", scores([0, 0, 0], [[0, 0]]), "board must list 3 seats in its totals and in"),
    ("sums", scores([10, 0, 0], [[0, 0, 10]]), "the totals [10, 0, 0] are not the sums of"),
    ("stopped", edit(stopped="tea time"), "the match is over when a score reaches target"),
    ("dealer", dealer_phase, "before the first deal every card is in the draw pile"),
    ("turn-up", edit(phase="turn-up"), "the first discard went back: the discard pile"),
    ("under order", edit(under=[[0, 3, 2]]), "under entries lie under the top discard, in"),
    ("under cards", edit(under=[[0, 1, 2]]), "the under entries do not place every card"),
    ("drawn", edit(drawn="y7"), "drawn names the card just drawn, in the drawn phase only"),
    ("previous colour", edit(previous_colour="red"), "previous_colour is the colour before"),
    ("turns", edit(turns=-1), "turns is -1: 0 to max_turns (10000)"),
    ("waits", edit(phase="deal", called=True), "no draw, catch window or UNO call waits in"),
    ("top", no_discard, "in the play phase the discard pile has a top card"),
    ("reshuffle", edit(reshuffle={"seat": 0, "count": 1, "then": "draw"}), "a reshuffle is"),
    ("empty", seat_0_empty, "seat 0 holds no cards, but the hand is not over"),
    ("named", yellow_9_on_top, "a colour is not named on a yellow 9"),
    ("no colour yet", edit(phase="colour"), "a colour cannot be in force on a Wild"),
    ("uno", edit(phase="colour", colour=None, called=True), "seat 0 calls UNO with two cards"),
    ("window seats", window([0, 2, 1], []), "a catch window is on a seat, the others in play"),
    ("window closed", window([0, 1, 2], [0, 1, 2]), "every seat has answered the catch window"),
    ("fair", edit(fair=True), "fair is true or false for a pending Wild Draw 4, else null"),
    ("shown", edit(shown=[{"seat": 1}]), "shown entry 1 must be an object of seat, to and"),
    ("shown to", edit(shown=[{"seat": 1, "to": 1, "cards": ["r1"]}]), "shown to the other"),
    ("call on", edit(call_on=[[0, "b9"]]), "call_on entry 1 is [seat, top card, colour]"),
    # seat 0 holds g4 and y7: neither can be played on b9 with blue in force
    ("called with", edit(call_on=[[0, "b9", "blue"]]), "seat 0's UNO call on b9 with blue in"),
]


@pytest.mark.parametrize(("change", "words"), [r[1:] for r in RULES], ids=[r[0] for r in RULES])
def test_a_position_breaking_a_rule_is_refused(
    change: Callable[[dict[str, Any]], None], words: str
) -> None:
    data = written()
    GAME.from_position(copy.deepcopy(data))  # as written, it is set up
    change(data)
    assert words in refused(data)


def test_what_an_uno_call_shows_is_read_written_and_in_the_view() -> None:
    data = written()
    assert "call_on" not in data["state"]  # written when a call still says something
    data["state"]["call_on"] = [[0, "y9", "yellow"]]  # seat 0's y7 could be played on it
    state = GAME.from_position(data)
    assert state.view(2).call_on == ((0, "y9", "yellow"),)
    assert GAME.position(state)["state"]["call_on"] == [[0, "y9", "yellow"]]


# -- version 1 ---------------------------------------------------------------------------


def test_both_forms_of_a_version_1_part_read_as_this_version() -> None:
    earlier = load_position(EXAMPLE)
    part = copy.deepcopy(earlier["state"])
    hands, discard, draw = part.pop("hands"), part.pop("discard"), part.pop("draw")
    cards = {f"hand {s}": hand for s, hand in enumerate(hands)}
    cards |= {"draw pile": draw[::-1], "discard pile": discard, "under": []}
    with_cards = {**earlier, "state": {**part, "cards": {"zones": cards}}}
    now = GAME.position(GAME.from_position(earlier))
    assert GAME.position(GAME.from_position(with_cards)) == now
    assert now["format"] == "cardkit-position/2" and GAME.from_position(now).view(0).turn == 0


def test_a_version_1_window_direction_and_score_sheet_are_translated() -> None:
    # hand 3, seat 0 holds one card without having called UNO; play goes right, so the
    # window runs 0, 2, 1; seat 1 declined already and it is seat 1's turn
    hands = [["g4"], *HANDS[1:]]
    data = position(
        hands,
        ["b9", "b2", "y2", "y9", "y7"],
        colour="yellow",
        turn=1,
        direction="right",
        window={"subject": 0, "answered": [1]},
        last_hand=[0, 0, 30],
        scores=[120, 0, 30],
        to_act=[0, 2, 1],
    )
    data["hand"] = 3
    state = GAME.from_position(data)
    assert state.window is not None and state.window.seats == (0, 2, 1)
    assert state.board.hands == [(120, 0, 0), (0, 0, 30)] and state.last_hand == (0, 0, 30)
    assert state.view(2).hand_number == 3 and state.view(2).direction == "right"
    part = GAME.position(state)["state"]
    assert part["window"] == {"kind": "catch", "seats": [0, 2, 1], "subject": 0, "done": [1]}
    assert part["order"] == {"players": 3, "dealer": 2, "current": 1, "direction": -1}
    assert GAME.position(GAME.from_position(GAME.position(state))) == GAME.position(state)
    play_out(state, 4)
    assert state.is_over()


def test_a_version_1_part_still_refuses_what_it_did() -> None:
    data = done_when()
    data["state"]["direction"] = "up"
    assert "direction 1 or -1" in refused(data)
    data = done_when()
    data["state"]["last_hand"] = [0, 0, 30]
    data["scores"], data["hand"] = [0, 0, 20], 2  # the last hand scored more than the total
    assert refused(data) == "the totals [0, 0, 20] are not the sums of the hands' points"
    data["hand"] = 3  # the hands before the last would have scored -10
    assert refused(data) == "scores cannot be negative, in a hand or in total: [0, 0, 20]"
