"""The leak test's chance level counts the copies of a face (UNO holds two of most)."""

from __future__ import annotations

from collections import Counter

from cardkit import Deck
from cardkit.testing import chance_overlap

DECK = Deck("two-faces", [("s", 1, "A", "a", 2), ("s", 2, "B", "b", 1)])
A, B = DECK.card("a"), DECK.card("b")


def test_one_copy_of_each_card_gives_size_squared_over_the_hidden_cards() -> None:
    # two places of one card each from {a, b}: each is right half the time
    assert chance_overlap({"x": Counter([A]), "y": Counter([B])}) == 1.0


def test_two_copies_of_a_face_always_come_back() -> None:
    # both hidden cards are a: whatever the deal, each place holds an a, as in the truth
    # (size**2 / hidden would say 1)
    assert chance_overlap({"x": Counter([A]), "y": Counter([A])}) == 2.0


def test_a_place_of_two_from_two_copies_and_one_other() -> None:
    # hidden {a, a, b}; the truth has {a, a} in x and {b} in y. x draws 2 of 3: both a
    # (1 way in 3, overlap 2) or one a (2 ways, overlap 1): 4/3; y holds b 1 time in 3
    expected = 4 / 3 + 1 / 3
    assert abs(chance_overlap({"x": Counter([A, A]), "y": Counter([B])}) - expected) < 1e-12
