"""The leak test's chance level counts the faces a deck holds several copies of."""

from __future__ import annotations

from collections import Counter

from cardkit.testing import chance_overlap
from games.ufos import DECK


def test_distinct_cards_come_back_size_over_hidden_times() -> None:
    # 3 hidden cards, places of 2 and 1: each card of the pair is back in its place with
    # probability 2/3, the single one with 1/3: 2 x 2/3 + 1/3 = 5/3
    truth = {"a": Counter(DECK.cards_of("R1 R2")), "b": Counter(DECK.cards_of("R3"))}
    assert abs(chance_overlap(truth) - 5 / 3) < 1e-12


def test_copies_of_one_face_always_come_back() -> None:
    # four Blue 10s in two places of two: every deal puts two in each place, so all four
    # come back every time (counting each card alone would say 2)
    truth = {"a": Counter(DECK.cards_of("B10 B10")), "b": Counter(DECK.cards_of("B10 B10"))}
    assert chance_overlap(truth) == 4.0


def test_a_copy_among_distinct_cards() -> None:
    # B10 B10 R1 in places of 2 and 1: place b gets R1 with probability 1/3 (overlap 1 for
    # the truth b = {R1}); place a holds both B10s then (overlap 2), else one B10 and R1
    # (overlap 1): 1/3 x (2 + 1) + 2/3 x (1 + 0) = 5/3
    truth = {"a": Counter(DECK.cards_of("B10 B10")), "b": Counter(DECK.cards_of("R1"))}
    assert abs(chance_overlap(truth) - 5 / 3) < 1e-12
