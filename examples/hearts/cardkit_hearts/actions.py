"""Actions and their text forms: ``pass SQ`` (one of the three cards passed), ``play H7``."""

from __future__ import annotations

import attrs
from cardkit import Action, Card, ParseError, Play
from cardkit.actions import words

from cardkit_hearts.cards import DECK


@attrs.frozen(slots=True, cache_hash=True)
class PassCard(Action):
    """Choose ``card`` as one of the three cards passed before the hand."""

    card: Card

    def __str__(self) -> str:
        return f"pass {self.card.text}"


PASSES = DECK.table(PassCard)
"""``PASSES.of(mask)``: a pass of each card of the bitmask, suit by suit."""
PLAYS = DECK.table(Play)
"""``PLAYS.of(mask)``: a play of each card of the bitmask, suit by suit."""


def parse(text: str) -> Action:
    """The action written ``text``."""
    parts = words(text)
    if len(parts) == 2 and parts[0] in ("pass", "play"):
        card = DECK.card(parts[1])
        return PassCard(card) if parts[0] == "pass" else Play(card)
    raise ParseError(f"cannot read {text!r}: actions look like 'pass SQ' or 'play H7'")
