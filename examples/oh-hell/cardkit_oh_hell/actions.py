"""Actions and their text forms: ``bid 2``, ``play HQ``."""

from __future__ import annotations

from cardkit import Action, Bid, Deck, ParseError, Play
from cardkit.actions import parse_int, words

from cardkit_oh_hell.cards import RANKS, SUITS

BIDS = tuple(Bid(n) for n in range(len(SUITS) * len(RANKS)))
"""Every bid there can be, built once: ``BIDS[n]`` is ``bid n``."""


def parse(text: str, deck: Deck) -> Action:
    """The action written ``text``; cards are read from ``deck``."""
    parts = words(text)
    if parts[0] == "bid" and len(parts) == 2:
        amount = parse_int(parts[1], "a bid")
        if not 0 <= amount < len(BIDS):
            raise ParseError(f"a bid is a number of tricks from 0 to {len(BIDS) - 1}")
        return BIDS[amount]
    if parts[0] == "play" and len(parts) == 2:
        return Play(deck.card(parts[1]))
    raise ParseError(f"cannot read {text!r}: actions look like 'bid 2' or 'play HQ'")
