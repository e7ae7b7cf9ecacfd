"""Oh Hell's own events; the deal, plays, tricks, scores and the end are cardkit's."""

from __future__ import annotations

import attrs
from cardkit import Card, Event

from cardkit_oh_hell.cards import SUIT_NAMES


@attrs.frozen(slots=True)
class TricksDrawn(Event):
    """Chance drew the number of tricks (cards each) of the hand."""

    tricks: int

    def __str__(self) -> str:
        return f"this hand has {self.tricks} tricks"


@attrs.frozen(slots=True)
class DealerCut(Event):
    """Chance drew the first dealer."""

    dealer: int

    def __str__(self) -> str:
        return f"seat {self.dealer} deals first"


@attrs.frozen(slots=True)
class TrumpTurned(Event):
    """The card turned face up after the deal: its suit is trump."""

    card: Card

    def __str__(self) -> str:
        return f"{self.card.text} is turned: {SUIT_NAMES[self.card.suit]} are trump"
