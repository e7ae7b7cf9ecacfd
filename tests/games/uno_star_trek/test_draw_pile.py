"""The empty draw pile (RULING 8): reshuffles are chance steps, the top discard is never
reshuffled, named colours are forgotten, and with no card anywhere the draw is skipped."""

from __future__ import annotations

from collections import Counter

import pytest

from cardkit import CHANCE
from games.uno_star_trek import DECK, UnoState
from games.uno_star_trek.actions import KEEP
from tests.games.uno_star_trek.support import act, cards, drain, hand, pass_round, shuffle_in, start

# Two players: 112 - 14 - 1 = 97 cards in the draw pile after the deal.
SEAT0 = "wild rd2 wd4 tribble r2 r3 r4"
SEAT1 = "y1 y2 y3 y4 y6 y7 y8"


def emptied() -> UnoState:
    """Seat 0 plays a Wild (naming red); then the players draw all 97 cards in turn.

    Seat 1 draws first, so it draws 49 cards and seat 0 draws 48, and it is seat 0's turn
    with an empty draw pile and the discard pile r5, wild.
    """
    state = start([SEAT0, SEAT1], "r5")
    act(state, 0, "play wild red")
    drain(state, 0)
    assert state.to_act() == (0,)
    assert len(state.hands[1]) == 7 + 49
    assert len(state.hands[0]) == 6 + 48
    return state


@pytest.mark.parametrize(
    "play, command",
    [("play rd2", "draw2"), ("play wd4 red", "wd4"), ("play tribble red", "tribble")],
)
def test_a_draw_command_on_an_empty_pile_reshuffles_all_but_the_top(
    play: str, command: str
) -> None:
    state = emptied()
    act(state, 0, play)
    assert state.view(1).command == command
    act(state, 1, "accept")
    # a reshuffle is due: a chance step over the discard pile except its top card
    assert state.to_act() == (CHANCE,)
    assert Counter(state.chance_cards()) == hand("r5 wild")
    top = state.discard[-1]
    shuffle_in(state, "wild r5")
    assert state.discard == [top]
    # the reshuffle held two cards: seat 1 drew them (a Draw 2 in full, the others cut
    # short because no card is left anywhere), then was skipped
    assert len(state.hands[1]) == 56 + 2
    assert state.to_act() == (0,)
    assert state.view(0).draw_pile == 0
    # the reshuffled Wild's named colour is forgotten: red is in force from the top card
    assert state.view(0).colour == "red"
    assert DECK.card("wild") in state.hands[1]


def test_with_no_card_anywhere_a_draw_is_skipped() -> None:
    state = emptied()
    act(state, 0, "play rd2")
    act(state, 1, "accept")
    shuffle_in(state)
    # draw pile empty and the discard pile is only its top card
    assert state.view(0).draw_pile == 0 and len(state.discard) == 1
    size = len(state.hands[0])
    act(state, 0, "draw")
    assert len(state.hands[0]) == size
    assert state.to_act() == (1,)
    assert state.chance_cards() == ()


def test_live_long_and_prosper_at_a_nearly_empty_draw_pile() -> None:
    state = start(["llap r1 r2 r3 r4 r6 r7", SEAT1], "r5")
    act(state, 0, "play r1")
    # 95 draws from seat 1 on: seat 1 draws 48, seat 0 draws 47; two cards are left
    drain(state, 2)
    assert state.to_act() == (0,)
    assert len(state.hands[0]) == 6 + 47
    act(state, 0, "play llap")
    # 52 cards went under the top discard; 2 were drawn, then the pile ran out
    assert state.to_act() == (CHANCE,)
    due = state.chance_cards()
    assert len(due) == 2 + 52
    assert DECK.card("llap") not in due
    shuffle_in(state)
    assert len(state.hands[0]) == 52
    assert state.view(0).draw_pile == 54 - 50
    assert [str(c) for c in state.discard] == ["llap"]
    assert state.view(0).phase == "colour"


def test_double_tribble_at_a_nearly_empty_draw_pile() -> None:
    state = start(["tribble r1 r2 r3 r4 r6 r7", SEAT1], "r5")
    act(state, 0, "play r1")
    drain(state, 2)
    assert len(state.hands[1]) == 7 + 48
    act(state, 0, "play tribble blue")
    act(state, 1, "accept")
    # seat 1 must draw 55: two from the pile, then the reshuffle of r5 and r1, then nothing
    assert Counter(state.chance_cards()) == hand("r5 r1")
    shuffle_in(state)
    assert len(state.hands[1]) == 55 + 4
    assert state.to_act() == (0,)
    assert state.view(0).colour == "blue"


def test_plain_draw_and_uno_penalty_finish_after_a_reshuffle() -> None:
    others = [c.text for c in DECK.cards if c.suit != "r"]
    hands = ["r1 r2 r3 r4 r6 r7 r8"] + [" ".join(others[i * 7 : i * 7 + 7]) for i in range(9)]
    state = start(hands, "r9")
    assert state.view(0).draw_pile == 112 - 70 - 1
    for card in ("r1", "r2", "r3", "r4"):
        act(state, 0, f"play {card}")
        pass_round(state, 0)  # nine draws a round: 41, 32, 23, 14, then 5 cards left
    assert state.view(0).draw_pile == 5
    act(state, 0, "play r6")

    def draw_turn(seat: int) -> None:
        act(state, seat, "draw")
        if KEEP in state.legal_actions(seat):
            state.apply(seat, KEEP)

    for seat in range(1, 6):
        draw_turn(seat)
    assert state.view(0).draw_pile == 0
    act(state, 6, "draw")
    # the plain draw waits for the reshuffle of r9 r1 r2 r3 r4 (the top r6 stays)
    assert state.to_act() == (CHANCE,)
    assert Counter(state.chance_cards()) == hand("r9 r1 r2 r3 r4")
    shuffle_in(state, "r9 r1 r2 r3 r4")
    assert state.view(6).drawn == "r9"  # red on red: seat 6 may play it or keep it
    state.apply(6, KEEP)
    for seat in (7, 8, 9):
        draw_turn(seat)  # r1, r2, r3
    # seat 0 plays its second-to-last card without calling and is caught
    act(state, 0, "play r7")
    act(state, 0, "decline")
    act(state, 1, "catch 0")
    # the penalty draws r4, then the reshuffle of r6, then no card is left
    assert state.to_act() == (CHANCE,)
    assert state.chance_cards() == cards("r6")
    shuffle_in(state)
    assert Counter(state.hands[0]) == hand("r8 r4 r6")
    assert state.to_act() == (1,)
