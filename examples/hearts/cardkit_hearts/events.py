"""Hearts' own events; the deal, plays, tricks, scores and the end are cardkit's."""

from __future__ import annotations

import attrs
from cardkit import Card, Event
from cardkit.cards import cards_text

DIRECTION_NAMES = {0: "no pass", 1: "left", 2: "across", 3: "right"}
"""A pass direction by its offset: seat ``s`` passes to seat ``(s + offset) % 4``."""


@attrs.frozen(slots=True)
class PassDue(Event):
    """The hand's pass direction (an offset of :data:`DIRECTION_NAMES`)."""

    direction: int

    def __str__(self) -> str:
        if not self.direction:
            return "no passing this hand"
        return f"each seat passes 3 cards {DIRECTION_NAMES[self.direction]}"


@attrs.frozen(slots=True)
class Picked(Event):
    """``seat`` chose a card to pass; ``card`` is None in the public cover."""

    seat: int
    card: Card | None = None

    def __str__(self) -> str:
        what = "a card" if self.card is None else self.card.text
        return f"seat {self.seat} picks {what} to pass"


@attrs.frozen(slots=True)
class Handed(Event):
    """``seat`` passed ``cards`` to ``receiver`` (seen by the two of them)."""

    seat: int
    receiver: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} passes {cards_text(self.cards)} to seat {self.receiver}"


@attrs.frozen(slots=True)
class HeartsBroken(Event):
    """``card`` (a heart, or the queen of spades) broke hearts: they may now be led."""

    card: Card

    def __str__(self) -> str:
        return f"{self.card.text} breaks hearts"


@attrs.frozen(slots=True)
class MoonShot(Event):
    """``seat`` took every heart and the queen of spades: 26 off, 26 to each other seat."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} shoots the moon: -26 to it, +26 to each other seat"
