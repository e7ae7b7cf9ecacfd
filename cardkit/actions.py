"""Typed, immutable actions and their text forms.

Every action is a frozen attrs record whose ``str()`` is its text form: the
form used in records, at the CLI prompt and in bot protocols. A game's
``parse_action`` turns text back into the equal action. The actions here are
shared vocabulary; games define their own the same way.
"""

from __future__ import annotations

from typing import Any

import attrs

from cardkit.cards import Card, Deck
from cardkit.errors import ParseError
from cardkit.options import whole_number


@attrs.frozen(slots=True, cache_hash=True)
class Action:
    """Base of all actions. Subclasses override :meth:`__str__`."""

    def __str__(self) -> str:  # pragma: no cover - every subclass overrides it
        return type(self).__name__.lower()

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        return self


@attrs.frozen(slots=True, cache_hash=True)
class Shuffle(Action):
    """Chance: the new order of a pile, top card first. Part of the record."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "shuffle " + " ".join(c.text for c in self.cards)

    def __repr__(self) -> str:
        return f"Shuffle({len(self.cards)} cards)"


@attrs.frozen(slots=True, cache_hash=True)
class Pass(Action):
    """Pass (in an auction or a turn that allows it)."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen(slots=True, cache_hash=True)
class Decline(Action):
    """Let an optional response window go by without acting."""

    def __str__(self) -> str:
        return "decline"


@attrs.frozen(slots=True, cache_hash=True)
class Bid(Action):
    """Bid a number (tricks, points, ...)."""

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@attrs.frozen(slots=True, cache_hash=True)
class Play(Action):
    """Play a card; ``declare`` names a suit or colour where the card needs one."""

    card: Card
    declare: str | None = None

    def __str__(self) -> str:
        if self.declare is None:
            return f"play {self.card.text}"
        return f"play {self.card.text} {self.declare}"


@attrs.frozen(slots=True, cache_hash=True)
class Draw(Action):
    """Draw a card instead of playing."""

    def __str__(self) -> str:
        return "draw"


def words(text: str) -> list[str]:
    """Lower-cased words of an action text; ``ParseError`` when empty."""
    parts = text.strip().lower().split()
    if not parts:
        raise ParseError("empty action: type one of the listed actions")
    return parts


def parse_int(word: str, what: str) -> int:
    """An integer from one word in ASCII digits (:func:`~cardkit.options.whole_number`),
    or a ``ParseError`` naming ``what``."""
    try:
        return whole_number(word)
    except ValueError:
        raise ParseError(f"{what} must be a whole number, not {word!r}") from None


def parse_shuffle(text: str, deck: Deck) -> Shuffle:
    """Parse ``shuffle C1 C2 ...`` with cards of ``deck``."""
    parts = text.split()
    if not parts or parts[0].lower() != "shuffle":
        raise ParseError(f"not a shuffle: {text[:40]!r}")
    return Shuffle(deck.cards_of(parts[1:]))
