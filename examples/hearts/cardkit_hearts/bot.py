"""A heuristic Hearts bot: passes its dangers, ducks under the winner, dumps points."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from cardkit import Action, BaseBot, Card, Play, View

from cardkit_hearts.actions import PassCard
from cardkit_hearts.view import HeartsView

QUEEN = 10  # the queen's rank (the 2 is 0)


def danger(card: Card) -> int:
    """How much a card is worth getting rid of: the queen of spades and the high spades
    that catch it, then hearts, then any high card."""
    if card.suit == "S" and card.rank >= QUEEN:
        return 100 + card.rank
    return card.rank + (13 if card.suit == "H" else 0)


class HeuristicBot(BaseBot):
    """Passes high spades and hearts; follows with the highest card under the winner,
    else the highest; off suit, dumps the queen of spades, then hearts, then high cards."""

    name = "heuristic"
    summary = "passes high spades and hearts, ducks under the winning card, dumps points"
    games = frozenset({"hearts"})

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        v = cast(HeartsView, view)
        if isinstance(legal[0], PassCard):
            return max(legal, key=lambda a: danger(cast(PassCard, a).card))
        plays = [a for a in legal if isinstance(a, Play)]
        if not v.trick:  # lead low, and no spade that could catch the queen
            return min(plays, key=lambda p: (p.card.suit == "H", danger(p.card)))
        led = v.trick[0][2]
        best = max(c.rank for _, c, s in v.trick if s == led)
        if plays[0].card.suit != led:  # void: dump the worst card
            return max(plays, key=lambda p: danger(p.card))
        under = [p for p in plays if p.card.rank < best]
        if under:
            return max(under, key=lambda p: p.card.rank)
        last = len(v.trick) == 3
        safe = [p for p in plays if not (p.card.suit == "S" and p.card.rank == QUEEN)]
        if last:  # the trick is ours anyway: win it with the highest
            return max(safe or plays, key=lambda p: p.card.rank)
        return min(plays, key=lambda p: p.card.rank)
