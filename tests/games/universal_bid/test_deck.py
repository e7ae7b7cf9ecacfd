"""The 54-card Universal Deck, card texts and the trick order."""

from __future__ import annotations

import pytest

from cardkit import ParseError
from games.universal_bid import DECK, TRICK_ORDER, parse_card
from games.universal_bid.actions import plays_in, suit_plays
from games.universal_bid.cards import cards_in, mask_of


def test_deck_has_54_cards_six_suits_nine_ranks() -> None:
    assert len(DECK.cards) == 54
    assert len(set(DECK.cards)) == 54
    assert sorted(DECK.suits) == sorted("EJMNSV")
    for suit in "EJMNSV":
        labels = {c.label for c in DECK.cards if c.suit == suit}
        assert labels == {"Sun", "Moon", "7", "6", "5", "4", "3", "2", "1"}


def test_rank_order_sun_moon_then_seven_down_to_one() -> None:
    order = ["Sun", "Moon", "7", "6", "5", "4", "3", "2", "1"]
    ranks = [parse_card(f"J:{label}").rank for label in order]
    assert ranks == sorted(ranks, reverse=True)
    assert len(set(ranks)) == 9


def test_card_texts_round_trip_and_parse_case_insensitively() -> None:
    for card in DECK.cards:
        assert parse_card(card.text) is card
        assert parse_card(card.text.lower()) is card
        assert parse_card(card.text.upper()) is card
    moon = parse_card("J:Moon")
    assert moon.suit == "J" and moon.label == "Moon" and moon.text == "J:Moon"
    assert parse_card("jmoon") is moon
    assert parse_card(" J Moon ") is moon
    assert parse_card("e7").text == "E:7"


@pytest.mark.parametrize("bad", ["X:7", "E:8", "E:0", "E", "Moon", "E:Mars", ""])
def test_unknown_card_names_the_format(bad: str) -> None:
    with pytest.raises(ParseError, match="SUIT:RANK"):
        parse_card(bad)


def test_hand_listing_goes_suit_by_suit_from_e_each_suit_from_1_up() -> None:
    # the order a front end shows a hand in (the deck's styles order, low rank first)
    hand = [parse_card(t) for t in ("V:Sun", "E:1", "J:Moon", "J:7", "S:2", "E:Sun")]
    listed = ["E:1", "E:Sun", "J:7", "J:Moon", "S:2", "V:Sun"]
    assert [c.text for c in cards_in(mask_of(hand))] == listed
    assert [str(a) for a in plays_in(mask_of(hand))] == [f"play {t}" for t in listed]
    assert [str(a) for a in suit_plays(mask_of(hand), 4)] == ["play J:7", "play J:Moon"]


def test_trick_order_highest_suit_then_rank_whatever_is_led() -> None:
    # E > J > M > N > S > V; the led suit has no priority of its own
    n1, s_sun = parse_card("N:1"), parse_card("S:Sun")
    assert TRICK_ORDER.winner([s_sun, n1], ["S", "N"]) == 1
    assert TRICK_ORDER.winner([n1, s_sun], ["N", "S"]) == 0
