from __future__ import annotations

import pytest

from cardkit import Deck, Trick, TrickOrder

DECK = Deck(
    "t",
    [(s, r, str(r), f"{s}{r}") for s in "RYG" for r in (1, 9, 11, 13)]
    + [("B", 10, "10", "B10", 2), ("B", 12, "12", "B12", 2)],
)
C = DECK.card
BLUES = frozenset({C("B10"), C("B12")})


def play(order: TrickOrder, cards: str, declared: str | None = None) -> int:
    trick = Trick(leader=0)
    for seat, text in enumerate(cards.split()):
        trick.add(seat, C(text), order, declared if seat == 0 else None)
    return trick.winner()


def test_highest_of_led_suit_wins_without_trump() -> None:
    assert play(TrickOrder(), "R9 Y13 R11 G13") == 2


def test_trump_beats_the_led_suit() -> None:
    order = TrickOrder(trump="G")
    assert play(order, "R13 G1 R11") == 1
    assert play(order, "R13 G1 G9") == 2


def test_fixed_hierarchy_gives_the_led_suit_no_priority() -> None:
    order = TrickOrder(suit_rank={"R": 3, "Y": 2, "G": 1})
    assert play(order, "G13 R1 Y13") == 1
    assert play(order, "Y1 G13") == 0


def test_adopter_takes_the_led_suit_and_ranks_by_number() -> None:
    order = TrickOrder(trump="G", adopters=BLUES)
    assert play(order, "R9 B10 R1") == 1  # blue 10 counts as red, above the 9
    assert play(order, "R11 B10") == 0
    assert play(order, "R11 B12 R13") == 2  # blue 12 sits between 11 and 13
    assert play(order, "R13 G1 B12") == 1  # a blue is red here, never trump


def test_led_adopter_takes_the_declared_suit_and_may_be_trump() -> None:
    order = TrickOrder(trump="G", adopters=BLUES)
    assert play(order, "B10 G9 R13", declared="G") == 0
    assert play(order, "B10 G11 R13", declared="G") == 1
    assert play(order, "B10 Y13 R13", declared="Y") == 1
    with pytest.raises(ValueError, match="declared suit"):
        play(order, "B10 R1")


def test_the_winner_follows_the_order_the_cards_were_added_with() -> None:
    trick = Trick(leader=0)
    for seat, text in enumerate(["R9", "G1"]):
        trick.add(seat, C(text), TrickOrder())
    # an order given to winner() is ignored: green was not trump when G1 was added
    assert trick.winner(TrickOrder(trump="G")) == trick.winner() == 0


def test_first_played_wins_between_equal_cards() -> None:
    order = TrickOrder(adopters=BLUES)
    assert play(order, "R1 B12 B12") == 1
    assert play(order, "B10 B10 R9", declared="R") == 0


def test_follow_suit_with_adopters_always_playable() -> None:
    order = TrickOrder(adopters=BLUES)
    hand = DECK.cards_of("R1 Y9 B10 G13")
    assert order.playable(hand, "R") == list(DECK.cards_of("R1 B10"))
    assert order.playable(hand, "Y") == list(DECK.cards_of("Y9 B10"))
    # no natural card of the led suit: anything goes, the blue included
    assert order.playable(DECK.cards_of("Y9 B10"), "R") == list(DECK.cards_of("Y9 B10"))
    assert order.playable(hand, None) == list(hand)
