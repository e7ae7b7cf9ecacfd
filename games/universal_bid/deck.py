"""The Universal Card Deck without Galaxy cards, and fast tables over it.

54 cards: suits E, J, M, N, S, V (high to low), each with ranks Sun, Moon and
7 down to 1. A card's text form is ``SUIT:RANK`` (``J:Moon``, ``E:7``).

Card ids run from the weakest card (``V:1``, id 0) to the strongest
(``E:Sun``, id 53): suit tier times nine plus rank. Because the highest suit
played wins a trick whatever was led, and the highest rank within it, the
winner of a trick is simply the card with the highest id. Hands are bitmasks
(bit ``id`` set for each card held); the tables below turn the nine bits of
one suit into cards or :class:`~cardkit.actions.Play` actions without a loop.

Cards and plays are listed suit by suit from E down to V, and within a suit
from 1 up to Sun: the order in which front ends show a hand, so a numbered
list of plays reads like the hand.
"""

from __future__ import annotations

from collections.abc import Iterable

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

TRICK_ORDER = TrickOrder(suit_rank=SUIT_TIER)
"""The trick rule as a core :class:`~cardkit.TrickOrder`: fixed suit hierarchy, then rank.

The state uses the equivalent "highest id wins" shortcut; a test checks they agree.
"""

ALL_CARDS = (1 << len(CARDS)) - 1
"""Bitmask of the whole deck."""

PLAYS: tuple[Play, ...] = tuple(Play(card) for card in CARDS)
"""The one ``Play`` action of each card, by id."""

MAX_HAND = len(CARDS) // 2
"""The largest hand that can be dealt (two players)."""

BIDS: tuple[Bid, ...] = tuple(Bid(amount) for amount in range(MAX_HAND + 1))
"""The one ``Bid`` action of each amount from 0 to :data:`MAX_HAND`."""


def _chunk_tables() -> tuple[
    tuple[tuple[tuple[Card, ...], ...], ...], tuple[tuple[tuple[Play, ...], ...], ...]
]:
    cards_by_tier = []
    plays_by_tier = []
    for tier in range(6):
        cards_rows = []
        plays_rows = []
        for chunk in range(512):
            ids = [9 * tier + r for r in range(9) if chunk >> r & 1]
            cards_rows.append(tuple(CARDS[i] for i in ids))
            plays_rows.append(tuple(PLAYS[i] for i in ids))
        cards_by_tier.append(tuple(cards_rows))
        plays_by_tier.append(tuple(plays_rows))
    return tuple(cards_by_tier), tuple(plays_by_tier)


_SUIT_CARDS, SUIT_PLAYS = _chunk_tables()
"""``SUIT_PLAYS[tier][chunk]``: the plays of the cards whose rank bits are set in ``chunk``."""
E_, J_, M_, N_, S_, V_ = (_SUIT_CARDS[t] for t in (5, 4, 3, 2, 1, 0))
EP, JP, MP, NP, SP, VP = (SUIT_PLAYS[t] for t in (5, 4, 3, 2, 1, 0))


def cards_in(mask: int) -> tuple[Card, ...]:
    """The cards of a bitmask: suits E to V, each from 1 up to Sun."""
    return (
        E_[mask >> 45 & 511]
        + J_[mask >> 36 & 511]
        + M_[mask >> 27 & 511]
        + N_[mask >> 18 & 511]
        + S_[mask >> 9 & 511]
        + V_[mask & 511]
    )


def plays_in(mask: int) -> tuple[Play, ...]:
    """The ``Play`` actions of the cards of a bitmask, in :func:`cards_in` order."""
    return (
        EP[mask >> 45 & 511]
        + JP[mask >> 36 & 511]
        + MP[mask >> 27 & 511]
        + NP[mask >> 18 & 511]
        + SP[mask >> 9 & 511]
        + VP[mask & 511]
    )


def suit_plays(mask: int, tier: int) -> tuple[Play, ...]:
    """The ``Play`` actions of the cards of suit ``tier`` in a bitmask, from 1 up to Sun."""
    return SUIT_PLAYS[tier][mask >> (9 * tier) & 511]


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of some cards."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


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
