"""The Universal Card Deck without Galaxy cards, and fast tables over it.

54 cards: suits E, J, M, N, S, V (high to low), each with ranks Sun, Moon and
7 down to 1. A card's text form is ``SUIT:RANK`` (``J:Moon``, ``E:7``).

Card ids run from the weakest card (``V:1``, id 0) to the strongest
(``E:Sun``, id 53): suit tier times nine plus rank. Because the highest suit
played wins a trick whatever was led, and the highest rank within it, the
strongest card of a trick is also the card with the highest id. Hands are
bitmasks (bit ``id`` set for each card held); the core's
:class:`~cardkit.CardTable` lookups below turn them into cards or
:class:`~cardkit.actions.Play` actions without a loop, and :data:`TRICK_ORDER`
says what may be played and who wins.

Cards and plays are listed suit by suit from E down to V, and within a suit
from 1 up to Sun: the order in which front ends show a hand, so a numbered
list of plays reads like the hand.
"""

from __future__ import annotations

from cardkit import Bid, Card, Deck, ParseError, Play, TrickOrder

SUITS_LOW_FIRST = ("V", "S", "N", "M", "J", "E")
"""Suits from the weakest to the strongest; the index is the suit's tier."""

SUITS = tuple(reversed(SUITS_LOW_FIRST))
"""Suits from the strongest (E) to the weakest (V), as the rulebook lists them."""

RANK_LABELS = ("1", "2", "3", "4", "5", "6", "7", "Moon", "Sun")
"""Rank labels from the weakest to the strongest; a card's ``rank`` is index + 1."""

DECK = Deck(
    "universal",
    [
        (suit, r + 1, RANK_LABELS[r], f"{suit}:{RANK_LABELS[r]}")
        for suit in SUITS_LOW_FIRST
        for r in range(9)
    ],
)
"""The 54-card deck, weakest card first."""

CARDS: tuple[Card, ...] = DECK.faces
"""Every card, indexed by id."""

SUIT_TIER: dict[str, int] = {s: i for i, s in enumerate(SUITS_LOW_FIRST)}
"""Suit -> tier (V 0 ... E 5)."""

TRICK_ORDER = TrickOrder(suit_rank=SUIT_TIER, deck=DECK)
"""The trick rule as a core :class:`~cardkit.TrickOrder`: fixed suit hierarchy, then rank."""

ALL_CARDS = (1 << len(CARDS)) - 1
"""Bitmask of the whole deck."""

PLAYS: tuple[Play, ...] = tuple(Play(card) for card in CARDS)
"""The one ``Play`` action of each card, by id."""

MAX_HAND = len(CARDS) // 2
"""The largest hand that can be dealt (two players)."""

BIDS: tuple[Bid, ...] = tuple(Bid(amount) for amount in range(MAX_HAND + 1))
"""The one ``Bid`` action of each amount from 0 to :data:`MAX_HAND`."""


PLAY_TABLE = DECK.table(lambda card: PLAYS[card.id], SUITS)
"""The plays of a bitmask: suits E to V, each from 1 up to Sun (see the module docstring)."""

CARD_TABLE = DECK.table(lambda card: card, SUITS)
"""The cards of a bitmask, in :data:`PLAY_TABLE` order."""

LEGAL_PLAYS = TRICK_ORDER.legal_for(PLAY_TABLE)
"""``LEGAL_PLAYS(hand, led)``: the plays the core allows from a bitmask, in table order."""

cards_in = CARD_TABLE.of
"""``cards_in(mask)``: the cards of a bitmask, suits E to V, each from 1 up to Sun."""

plays_in = PLAY_TABLE.of
"""``plays_in(mask)``: the ``Play`` actions of a bitmask, in :func:`cards_in` order."""

mask_of = DECK.mask
"""``mask_of(cards)``: the bitmask of some cards."""


def suit_plays(mask: int, tier: int) -> tuple[Play, ...]:
    """The ``Play`` actions of the cards of suit ``tier`` in a bitmask, from 1 up to Sun."""
    return PLAY_TABLE.of_suit(mask, SUITS_LOW_FIRST[tier])


_BY_KEY: dict[str, Card] = {card.text.lower(): card for card in CARDS}


def parse_card(text: str) -> Card:
    """The card of a text form: ``J:Moon``, case-insensitive; ``jmoon`` and ``J Moon`` too."""
    raw = text.strip()
    key = raw.lower().replace(" ", "")
    if ":" not in key and len(key) >= 2:
        key = key[0] + ":" + key[1:]
    card = _BY_KEY.get(key)
    if card is None:
        raise ParseError(
            f"unknown card {raw!r}: write SUIT:RANK such as J:Moon or E:7 "
            "(suits E J M N S V, ranks Sun Moon 7 6 5 4 3 2 1)"
        )
    return card
