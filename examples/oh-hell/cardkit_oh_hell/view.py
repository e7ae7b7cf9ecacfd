"""What one seat may know."""

from __future__ import annotations

import attrs
from cardkit import Card, View


@attrs.frozen(slots=True)
class OhHellView(View):
    """What one seat knows: its hand, the trump card, bids, tricks and scores.

    ``trick`` lists ``(seat, card, suit)`` played to the trick in progress,
    ``played`` the cards of the tricks already taken this hand, ``ranks`` the
    cards per suit.
    """

    hand: tuple[Card, ...]
    trump: Card | None
    dealer: int
    num_tricks: int
    bids: tuple[int | None, ...]
    tricks_won: tuple[int, ...]
    trick: tuple[tuple[int, Card, str], ...]
    played: tuple[Card, ...]
    ranks: int
    scores: tuple[int, ...]
    hand_number: int
    hands: int
