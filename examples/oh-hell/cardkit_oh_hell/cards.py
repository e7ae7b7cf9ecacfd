"""The deck: cards suit by suit, then the counters chance shuffles, for each setting.

Chance draws the hand's number of tricks (when it is not fixed) and the first
dealer. Those draws are shuffles of counters kept in the deck beside the
cards: trick counters ``#1``, ``#2``, ... (the top one gives the number of
tricks) and seat counters ``@0``, ``@1``, ... (the top one deals first).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache

import attrs
from cardkit import Card, Deck, Play, TrickOrder
from cardkit.zones import Layout, Place, layout

SUITS = "CDSH"
RANKS = "23456789TJQKA"
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "S": "spades", "H": "hearts"}
STYLES = {"C": "green", "D": "yellow", "S": "blue", "H": "red"}
"""The colour each suit is shown in (the counters, which no hand holds, get none)."""
TRICK_COUNTER = "#"
SEAT_COUNTER = "@"

PLACES = (
    Place("stock"),
    Place("trump card", "all"),
    Place("trick", "all"),
    Place("played", "all"),
    Place("counters", "all"),
    Place("hand", "owner", per_seat=True),
)
"""Where the cards are: the undealt cards (seen by nobody), the card turned for trump, the
trick in progress, the cards of this hand's finished tricks, the counters, then the hand
of each seat (zone ``HAND + seat``)."""
STOCK, TRUMP, TRICK, PLAYED, COUNTERS, HAND = range(len(PLACES))


@attrs.frozen(slots=True)
class Trumps:
    """The trick order with one trump suit, and its legal plays: ``legal(hand, led)``."""

    order: TrickOrder
    legal: Callable[[int, str | None], tuple[Play, ...]]


@attrs.frozen(slots=True)
class Table:
    """The deck and sizes that the settings and the player count give (shared, immutable)."""

    deck: Deck
    layout: Layout
    """The zones of :data:`PLACES` for this deck and player count."""
    cards: tuple[Card, ...]
    trick_counters: tuple[Card, ...]
    seat_counters: tuple[Card, ...]
    max_tricks: int
    trumps: Mapping[str, Trumps]
    """Per trump suit: its trick order and legal plays."""

    def holds(self, hand: int, card: Card) -> bool:
        """Whether the bitmask ``hand`` holds ``card`` (a card of this deck)."""
        faces = self.deck.faces
        return bool(hand & card.bit) and card.id < len(faces) and faces[card.id] is card


def max_tricks(players: int, num_suits: int, per_suit: int) -> int:
    """The most tricks a hand can have: one card is kept back to turn for trump."""
    return (num_suits * per_suit - 1) // players


@cache
def table_for(players: int, num_suits: int, per_suit: int, random_tricks: bool) -> Table:
    """The deck for these settings, built once: the cards, suit by suit, then the counters.
    Every match with the same settings shares it (and so its cards and zones)."""
    top = max_tricks(players, num_suits, per_suit)
    faces: list[tuple[str, int, str, str]] = [
        (s, r, RANKS[r], s + RANKS[r]) for s in SUITS[:num_suits] for r in range(per_suit)
    ]
    if random_tricks:
        faces += [(TRICK_COUNTER, n, str(n), f"{TRICK_COUNTER}{n}") for n in range(1, top + 1)]
    faces += [(SEAT_COUNTER, s, str(s), f"{SEAT_COUNTER}{s}") for s in range(players)]
    styles = {s: STYLES[s] for s in SUITS[:num_suits]}
    deck = Deck(f"oh-hell-{num_suits}x{per_suit}", faces, styles=styles)
    plays = deck.table_of(lambda c: (Play(c),) if c.suit in SUITS else ())
    trumps = {}
    for suit in SUITS[:num_suits]:
        order = TrickOrder(trump=suit, deck=deck)
        trumps[suit] = Trumps(order, order.legal_for(plays))
    return Table(
        deck=deck,
        layout=layout(deck, PLACES, players),
        cards=tuple(c for c in deck.cards if c.suit in SUITS),
        trick_counters=tuple(c for c in deck.cards if c.suit == TRICK_COUNTER),
        seat_counters=tuple(c for c in deck.cards if c.suit == SEAT_COUNTER),
        max_tricks=top,
        trumps=trumps,
    )
