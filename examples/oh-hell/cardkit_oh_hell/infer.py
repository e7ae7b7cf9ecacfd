"""What a bid says about a hand: the weight of a sampled world (``Game.world_weight``).

A seat bids about the tricks its hand is worth. In a world, each other seat's
hand as it was at the bid (its cards now and those it has played this hand)
is worth an estimate of tricks; the world weighs more the nearer each bid is
to that estimate (a normal curve, one trick wide).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from cardkit import Card

from cardkit_oh_hell.cards import HAND
from cardkit_oh_hell.state import OhHellState


def worth(cards: Iterable[Card], trump: str, ranks: int) -> float:
    """A hand's pull on the tricks: a trump 0.4 to 1 by rank, another card its rank's share
    of the top to the sixth power (an ace 1, a king of 13 ranks 0.59, a queen 0.33)."""
    top = max(ranks - 1, 1)
    return sum(0.4 + 0.6 * c.rank / top if c.suit == trump else (c.rank / top) ** 6 for c in cards)


def bid_weight(world: OhHellState, seat: int) -> float:
    """How likely the bids of the seats other than ``seat`` are with their hands in
    ``world``: exp(-sum of (bid - estimate)^2 / 2), each estimate the seat's share of the
    hand's tricks by :func:`worth` of the hands at the bidding."""
    bids, trump = world.bids, world.trump
    if (
        trump is None
        or world.phase not in ("bid", "play")
        or all(b is None for s, b in enumerate(bids) if s != seat)
    ):
        return 1.0
    n, ranks = world.players, world.options.num_cards_per_suit
    held = [list(world.cards.cards(HAND + s)) for s in range(n)]
    if world.phase == "play":
        done, trick, _ = world.replay()
        for s, card in (p for t in (*done, trick.pairs()) for p in t):
            held[s].append(card)
    worths = [worth(h, trump.suit, ranks) for h in held]
    scale = world.num_tricks / (sum(worths) or 1.0)
    misses = sum(
        (b - worths[s] * scale) ** 2 for s, b in enumerate(bids) if b is not None and s != seat
    )
    return math.exp(-misses / 2)
