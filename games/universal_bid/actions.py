"""The bid-exact game's actions: ``bid N`` and ``play CARD``, their constants and parsing.

Every action a state lists is one of the constants here (one ``Bid`` per amount,
one ``Play`` per card), so the core's identity check accepts it at once. Plays
of a bitmask are listed like :func:`~games.universal_bid.cards.cards_in`: suits
E to V, each from 1 up to Sun, so a numbered list of plays reads like the hand.
"""

from __future__ import annotations

from cardkit import Action, Bid, ParseError, Pass, Play
from cardkit.actions import parse_int, words
from games.universal_bid.cards import (
    CARDS,
    DECK,
    MAX_HAND,
    SUITS,
    SUITS_LOW_FIRST,
    TRICK_ORDER,
    parse_card,
)

PLAYS: tuple[Play, ...] = tuple(Play(card) for card in CARDS)
"""The one ``Play`` action of each card, by id."""

BIDS: tuple[Bid, ...] = tuple(Bid(amount) for amount in range(MAX_HAND + 1))
"""The one ``Bid`` action of each amount from 0 to :data:`MAX_HAND`."""

BID_RANGES: tuple[tuple[Bid, ...], ...] = tuple(BIDS[: size + 1] for size in range(MAX_HAND + 1))
"""The bids ``0 .. size`` for each hand size."""

PASS = Pass()
"""What ``pass`` reads as: never legal (nobody may pass), so the state says why."""

PLAY_TABLE = DECK.table(lambda card: PLAYS[card.id], SUITS)
"""The plays of a bitmask: suits E to V, each from 1 up to Sun."""


PLAYS_INTO = TRICK_ORDER.legal_into(PLAY_TABLE)
"""``PLAYS_INTO(hand, trick)``: the plays the core allows from a bitmask, in table order
(for a trick played with ``Trick.play``)."""

plays_in = PLAY_TABLE.of
"""``plays_in(mask)``: the ``Play`` actions of a bitmask, in ``cards_in`` order."""


def suit_plays(mask: int, tier: int) -> tuple[Play, ...]:
    """The ``Play`` actions of the cards of suit ``tier`` in a bitmask, from 1 up to Sun."""
    return PLAY_TABLE.of_suit(mask, SUITS_LOW_FIRST[tier])


def parse_action(text: str) -> Action:
    """The action typed as ``text``: ``bid N``, ``play CARD`` or ``pass`` (never legal)."""
    parts = words(text)
    if parts[0] == "bid" and len(parts) == 2:
        amount = parse_int(parts[1], "a bid")
        return BIDS[amount] if 0 <= amount <= MAX_HAND else Bid(amount)
    if parts[0] == "play" and len(parts) in (2, 3):
        return PLAYS[parse_card("".join(parts[1:])).id]
    if parts == ["pass"]:
        return PASS  # never legal: the state explains that nobody may pass
    raise ParseError(
        f"cannot read {text.strip()!r}: "
        "type bid N (for example bid 2) or play CARD (for example play J:Moon)"
    )
