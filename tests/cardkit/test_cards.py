from __future__ import annotations

import copy
import pickle

import pytest

from cardkit import Deck, ParseError, stack
from cardkit.cards import cards_text

DECK = Deck.product("t", "ab", [(1, "1"), (2, "2"), (13, "K")])


def test_text_form_parses_back_to_the_same_card() -> None:
    for card in DECK.cards:
        assert DECK.card(card.text) is card
        assert DECK.card(card.text.upper()) is card
    assert DECK.card("bK").suit == "b"
    assert DECK.card("bK").rank == 13


def test_cards_are_immutable_and_copy_to_themselves() -> None:
    card = DECK.card("a2")
    with pytest.raises(AttributeError):
        card.rank = 5  # type: ignore[misc]
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_decks_share_a_card_only_when_the_whole_face_is_the_same() -> None:
    named = Deck("named", [("r", 7, "seven", "r7")])
    plain = Deck("plain", [("r", 7, "7", "r7")])
    again = Deck("again", [("r", 7, "seven", "r7", 2)])
    assert named.card("r7").label == "seven"
    assert plain.card("r7").label == "7"
    assert named.card("r7") is not plain.card("r7")
    assert again.card("r7") is named.card("r7")
    for deck in (named, plain):
        assert pickle.loads(pickle.dumps(deck.card("r7"))) is deck.card("r7")


def test_unknown_card_text_names_the_text() -> None:
    with pytest.raises(ParseError, match="'z9'"):
        DECK.card("z9")


def test_deck_copies_repeat_the_face() -> None:
    deck = Deck("dup", [("r", 7, "7", "r7", 2), ("w", 0, "wild", "wild", 4)])
    assert len(deck) == 6
    assert deck.cards.count(deck.card("r7")) == 2
    assert deck.suits == ("r", "w")


def test_duplicate_text_is_rejected() -> None:
    with pytest.raises(ValueError, match="duplicate"):
        Deck("bad", [("a", 1, "1", "x"), ("b", 1, "1", "X")])


def test_stack_puts_named_cards_first_then_the_rest_in_deck_order() -> None:
    order = stack(DECK.cards, DECK.cards_of("bK a1"), [DECK.card("b1")])
    assert cards_text(order) == "bK a1 b1 a2 aK b2"
    with pytest.raises(ValueError, match="not left"):
        stack(DECK.cards, DECK.cards_of("a1 a1"))


def test_a_deck_keeps_its_suit_styles_in_the_order_given() -> None:
    deck = Deck.product("styled", "abc", [(1, "1")], styles={"c": "red", "a": "blue"})
    assert list(deck.styles.items()) == [("c", "red"), ("a", "blue")]  # not deck order
    assert DECK.styles == {}  # none given: every suit gets a front end's fallback colour
    plain = Deck("p", [("r", 7, "7", "r7")], styles={"r": "green"})
    assert dict(plain.styles) == {"r": "green"}


def test_a_style_for_a_suit_the_deck_lacks_is_refused() -> None:
    with pytest.raises(ValueError, match="a style for suit 'z', which it does not have"):
        Deck.product("t", "ab", [(1, "1")], styles={"a": "red", "z": "blue"})


def test_a_deck_s_styles_do_not_follow_the_mapping_it_was_given() -> None:
    given = {"a": "red"}
    deck = Deck.product("t", "ab", [(1, "1")], styles=given)
    given["b"] = "blue"
    assert dict(deck.styles) == {"a": "red"}
