"""The Universal Card Deck without Galaxy cards, and fast tables over it.

54 cards: suits E, J, M, N, S, V (high to low), each with ranks Sun, Moon and
7 down to 1. A card's text form is ``SUIT:RANK`` (``J:Moon``, ``E:7``).

Card ids run from the weakest card (``V:1``, id 0) to the strongest
(``E:Sun``, id 53): suit tier times nine plus rank. Because the highest suit
played wins a trick whatever was led, and the highest rank within it, the
strongest card of a trick is also the card with the highest id. Hands are
bitmasks (bit ``id`` set for each card held); the core's
:class:`~cardkit.CardTable` lookups below turn them into cards without a loop
(:mod:`games.universal_bid.actions` does the same for plays), and
:data:`TRICK_ORDER` says what may be played and who wins.

Cards are listed suit by suit from E down to V, and within a suit from 1 up to
Sun: the order in which front ends show a hand.
"""

from __future__ import annotations

from cardkit import Card, Deck, ParseError, TrickOrder

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
    styles={
        "E": "bold blue",
        "J": "bold dark_orange",
        "M": "bold red",
        "N": "bold cyan",
        "S": "bold yellow",
        "V": "bold green",
    },
)
"""The 54-card deck, weakest card first; front ends show the strongest suit (E) first."""

CARDS: tuple[Card, ...] = DECK.faces
"""Every card, indexed by id."""

SUIT_TIER: dict[str, int] = {s: i for i, s in enumerate(SUITS_LOW_FIRST)}
"""Suit -> tier (V 0 ... E 5)."""

TRICK_ORDER = TrickOrder(suit_rank=SUIT_TIER, deck=DECK)
"""The trick rule as a core :class:`~cardkit.TrickOrder`: fixed suit hierarchy, then rank."""

ALL_CARDS = (1 << len(CARDS)) - 1
"""Bitmask of the whole deck."""

MAX_HAND = len(CARDS) // 2
"""The largest hand that can be dealt (two players)."""

CARD_TABLE = DECK.table(lambda card: card, SUITS)
"""The cards of a bitmask: suits E to V, each from 1 up to Sun (see the module docstring)."""

cards_in = CARD_TABLE.of
"""``cards_in(mask)``: the cards of a bitmask, suits E to V, each from 1 up to Sun."""

mask_of = DECK.mask
"""``mask_of(cards)``: the bitmask of some cards."""


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
