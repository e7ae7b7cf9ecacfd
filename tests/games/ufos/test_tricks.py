"""RULINGS 5-6: leading, following suit, the Blue 10s and 12s, who takes a trick."""

from __future__ import annotations

import pytest

from cardkit import IllegalActionError
from games.ufos import DECK, PlayCard, UfosState

from .helpers import SUIT_HANDS, deal, new, play_tricks, run

MIXED = (
    "R1 R2 R3 R4 R5 Y1 Y2 Y3 G1 G2 G3 T1 T2 B10 B12",
    "R6 R7 R8 R9 Y4 Y5 Y6 Y7 G4 G5 G6 T3 T4 B10 B12",
    "R11 R13 Y8 Y9 Y11 G7 G8 G9 G11 T5 T6 T7 T8 B10 B12",
    "R14 R15 Y13 Y14 Y15 G13 G14 G15 T9 T11 T13 T14 T15 B10 B12",
)
"""Four mixed hands, every seat with a Blue 10 and a Blue 12."""


def started(hands: tuple[str, ...], pick0: str, winner: int = 0) -> UfosState:
    """Deal ``hands``; seat ``winner`` picks ``pick0`` and wins the bid for 1."""
    state = new()
    deal(state, *hands)
    picks = ["choose red high"] * 4
    picks[winner] = pick0
    run(state, *picks)
    steps = ["pass"] * 4
    steps[winner] = "bid 1"
    run(state, *steps)
    assert state.view(0).bid_winner == winner
    return state


def plays(state: UfosState, seat: int) -> set[str]:
    return {str(a) for a in state.legal_actions(seat)}


def rejected(state: UfosState, seat: int, action: PlayCard) -> IllegalActionError:
    before = len(state.history)
    with pytest.raises(IllegalActionError) as info:
        state.apply(seat, action)
    assert len(state.history) == before
    return info.value


def test_the_bid_winner_leads() -> None:
    state = started(MIXED, "choose x high", winner=2)
    assert state.to_act() == (2,)


def test_follow_suit_but_a_blue_is_always_legal() -> None:
    state = started(MIXED, "choose x high")
    run(state, "play R5")
    assert plays(state, 1) == {"play R6", "play R7", "play R8", "play R9", "play B10", "play B12"}
    error = rejected(state, 1, PlayCard(DECK.card("Y4")))
    assert error.code == "must-follow-suit"
    assert error.reason == (
        "you hold red cards and must follow suit (a Blue 10 or 12 may always be played)"
    )


def test_without_the_led_suit_any_card() -> None:
    state = started(SUIT_HANDS, "choose x high")
    run(state, "play R1")
    assert plays(state, 1) == {f"play {c}" for c in SUIT_HANDS[1].split()}


def test_blue_ranks_and_the_first_of_two_equal_blues() -> None:
    state = started(MIXED, "choose x high")
    winners = play_tricks(
        state,
        "R5 R9 B10 B10",  # a red 10 beats R9; of the two Blue 10s the first wins
        "R11 B12 R1 R6",  # a red 12 beats R11
        "Y13 B12 Y4 Y8",  # a yellow 12 loses to Y13
        "T11 T1 B10 T5",  # a tan 10 loses to T11
    )
    assert winners == [2, 3, 3, 3]
    assert state.view(0).tricks == (0, 0, 1, 3)


def test_the_trick_winner_leads_next() -> None:
    state = started(MIXED, "choose x high")
    play_tricks(state, "R5 R9 B10 B10")
    assert state.to_act() == (2,)


def test_a_blue_takes_the_led_suit_and_counts_as_following() -> None:
    state = started(MIXED, "choose x high")
    run(state, "play R5", "play B12")
    assert state.view(2).trick[1][2] == "R"
    # seat 2 still must follow red: the Blue did not change the led suit
    assert plays(state, 2) == {"play R11", "play R13", "play B10", "play B12"}


def test_a_led_blue_is_declared() -> None:
    state = started(MIXED, "choose x high")
    assert "play B12" not in plays(state, 0)
    assert {"play B12 as R", "play B12 as Y", "play B12 as G", "play B12 as T"} <= plays(state, 0)
    error = rejected(state, 0, PlayCard(DECK.card("B12")))
    assert error.code == "declare-suit"
    assert error.reason == "a led B12 needs a suit: play B12 as R, Y, G or T"
    assert rejected(state, 0, PlayCard(DECK.card("B12"), "B")).code == "bad-declare"
    assert rejected(state, 0, PlayCard(DECK.card("R1"), "Y")).code == "no-declare"
    run(state, "play B12 as G")
    assert state.view(1).trick == ((0, DECK.card("B12"), "G"),)
    assert plays(state, 1) == {"play G4", "play G5", "play G6", "play B10", "play B12"}
    assert rejected(state, 1, PlayCard(DECK.card("B10"), "G")).code == "no-declare"


def test_a_led_blue_may_be_declared_trump_and_then_is_a_trump() -> None:
    state = started(MIXED, "choose yellow high")
    winners = play_tricks(state, "B12=Y Y7 Y11 B10")  # B12 is a yellow (trump) 12
    assert winners == [0]
    assert state.view(0).last_trick[0][2] == "Y"


def test_a_blue_is_a_trump_only_when_trump_is_led() -> None:
    state = started(SUIT_HANDS, "choose tan high")  # seat 3 holds every tan (trump)
    winners = play_tricks(
        state,
        "R1 B10 B12 T1",  # the Blues are reds: T1, a trump, beats them
        "T2 B10 Y15 G15",  # a Blue on a trump lead is a trump 10: it beats T2
    )
    assert winners == [3, 0]


def test_the_lowest_trump_beats_the_led_suit() -> None:
    state = started(SUIT_HANDS, "choose yellow high")
    winners = play_tricks(state, "R15 Y1 G15 T15")
    assert winners == [1]


def test_highest_trump_wins_among_trumps() -> None:
    hands = (
        "G1 G2 G3 G4 G5 G6 G7 G8 G9 R1 R2 Y1 Y2 T1 T2",
        "R3 R4 R5 R6 R7 Y3 Y4 Y5 Y6 T3 T4 T5 T6 B10 B10",  # no green
        "R8 R9 R11 R13 Y7 Y8 Y9 Y11 T7 T8 T9 T11 B12 B12 B10",  # no green
        "G11 G13 G14 G15 R14 R15 Y13 Y14 Y15 T13 T14 T15 B10 B12 B12",
    )
    state = started(hands, "choose red high")
    winners = play_tricks(state, "G9 R3 R8 G15")  # two trumps: R8 beats R3 and G15
    assert winners == [2]


def test_without_trump_the_highest_of_the_led_suit_wins() -> None:
    state = started(SUIT_HANDS, "choose x high")
    winners = play_tricks(state, "R1 Y15 G15 T15")  # off-suit 15s take nothing
    assert winners == [0]


def test_playing_a_card_not_held_or_out_of_turn() -> None:
    state = started(MIXED, "choose x high")
    assert rejected(state, 0, PlayCard(DECK.card("R15"))).code == "not-in-hand"
    assert rejected(state, 0, PlayCard(DECK.card("R15"))).reason == "you do not hold R15"
    error = rejected(state, 1, PlayCard(DECK.card("R6")))
    assert error.code == "not-your-turn"
    assert error.reason == "it is seat 0's turn to play"
