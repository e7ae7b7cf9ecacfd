"""What one seat may know."""

from __future__ import annotations

import attrs
from cardkit import Card, View
from cardkit.zones import SeatCards


@attrs.frozen(slots=True)
class OhHellView(View):
    """What one seat knows: its hand, the trump card, bids, tricks and scores.

    ``trick`` lists ``(seat, card, suit)`` played to the trick in progress,
    ``played`` the cards of the tricks already taken this hand, ``ranks`` the
    cards per suit. The match's settings and its finished hands (their tricks and
    points) close the view: a sampled world needs them, and ``cards``, what the seat
    knows of where every card is (its hand, the cards played, the suits a seat has
    shown it lacks), from which a world's cards are dealt.
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
    num_suits: int = 4
    num_tricks_fixed: int = -1
    off_bid_penalty: bool = False
    points_per_trick: int = 1
    hand_sizes: tuple[int, ...] = ()
    hand_points: tuple[tuple[int, ...], ...] = ()
    cards: SeatCards | None = None
