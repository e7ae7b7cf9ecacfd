"""The deck (52 cards, suit by suit), its trick order, and the card sets the rules name."""

from __future__ import annotations

from cardkit import Deck, TrickOrder

SUITS = "CDSH"
RANKS = "23456789TJQKA"
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "S": "spades", "H": "hearts"}
STYLES = {"C": "green", "D": "yellow", "S": "blue", "H": "red"}

DECK = Deck.product("hearts", SUITS, list(enumerate(RANKS)), styles=STYLES)
"""Cards read suit then rank (``SQ``, ``H2``, ``CT``); ids run suit by suit from the 2."""
ORDER = TrickOrder(deck=DECK)
"""No trump: the highest card of the suit led wins."""

TWO_OF_CLUBS = DECK.card("C2")
QUEEN_OF_SPADES = DECK.card("SQ")
JACK_OF_DIAMONDS = DECK.card("DJ")
CLUBS = DECK.suit_mask("C")
HEARTS = DECK.suit_mask("H")
POINT_CARDS = HEARTS | QUEEN_OF_SPADES.bit
"""The cards that score against their taker: each heart 1, the queen of spades 13."""
MOON = 26
"""The points of every heart and the queen of spades together."""


def points(cards: int, jd_bonus: bool = False) -> int:
    """The points of the bitmask ``cards``: 1 a heart, 13 the queen of spades, and with
    ``jd_bonus`` -10 the jack of diamonds."""
    total = (cards & HEARTS).bit_count() + (13 if cards & QUEEN_OF_SPADES.bit else 0)
    return total - 10 if jd_bonus and cards & JACK_OF_DIAMONDS.bit else total
