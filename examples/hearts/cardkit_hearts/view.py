"""What one seat may know."""

from __future__ import annotations

import attrs
from cardkit import Card, View
from cardkit.zones import SeatCards

from cardkit_hearts.rules import HeartsOptions


@attrs.frozen(slots=True)
class HeartsView(View):
    """What one seat knows: its hand and passes, the tricks of this hand, the points.

    ``phase`` is deal, pass, play or over; ``direction`` the hand's pass offset (0 none,
    1 left, 2 across, 3 right); ``passing`` the cards chosen so far, ``passed`` and
    ``received`` the cards exchanged. ``tricks`` lists this hand's finished tricks as
    ``(seat, card)`` plays in order, ``trick`` the one in progress as ``(seat, card,
    suit)``; ``taken`` each seat's points taken this hand, ``scores`` the match totals,
    ``hands`` the points of each hand played, ``steps`` the steps of the match so far.
    ``cards``: what the seat knows of where every card is (its hand, the cards it
    passed, the cards played, and what the play showed a hand lacks), from which
    sampled worlds are dealt.
    """

    phase: str
    hand: tuple[Card, ...]
    direction: int
    passing: tuple[Card, ...]
    passed: tuple[Card, ...]
    received: tuple[Card, ...]
    trick: tuple[tuple[int, Card, str], ...]
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
    hearts_broken: bool
    taken: tuple[int, ...]
    scores: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    hand_number: int
    steps: int
    options: HeartsOptions
    cards: SeatCards | None = None
