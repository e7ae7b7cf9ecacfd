"""A heuristic Oh Hell bot: bids its sure winners, then plays to make the bid exactly."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from cardkit import Action, BaseBot, Bid, Card, Play, TrickOrder, View

from cardkit_oh_hell.view import OhHellView


class HeuristicBot(BaseBot):
    """Counts high trumps and aces to bid; wins tricks while short of the bid, ducks after."""

    name = "heuristic"
    summary = "bids its high trumps and aces, then plays to take exactly that many tricks"
    games = frozenset({"oh-hell"})

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        v = cast(OhHellView, view)
        if isinstance(legal[0], Bid):
            return self._bid(v, legal)
        return self._play(v, legal)

    def _bid(self, view: OhHellView, legal: Sequence[Action]) -> Action:
        assert view.trump is not None
        trump, top = view.trump.suit, view.ranks - 1
        estimate = 0.0
        for card in view.hand:
            if card.suit == trump:
                estimate += 1.0 if card.rank >= top - 3 else 0.0
            elif card.rank == top:
                estimate += 1.0
            elif card.rank == top - 1:
                estimate += 0.5
        target = round(estimate)
        bids = [a for a in legal if isinstance(a, Bid)]
        return min(bids, key=lambda b: (abs(b.amount - target), b.amount))

    def _play(self, view: OhHellView, legal: Sequence[Action]) -> Action:
        assert view.trump is not None
        order = TrickOrder(trump=view.trump.suit)
        plays = [a for a in legal if isinstance(a, Play)]
        bid = view.bids[view.seat] or 0
        short = bid > view.tricks_won[view.seat]

        def low(card: Card) -> tuple[bool, int]:
            return (card.suit == order.trump, card.rank)

        if not view.trick:
            pick = max if short else min
            return pick(plays, key=lambda p: low(p.card))
        cards = [c for _, c, _ in view.trick]
        suits = [s for _, _, s in view.trick]
        best = order.strength(cards[order.winner(cards, suits)], suits[0], suits[0])
        winning = [p for p in plays if order.strength(p.card, p.card.suit, suits[0]) > best]
        losing = [p for p in plays if p not in winning]
        last = len(view.trick) == len(view.bids) - 1
        if short and winning:
            return (min if last else max)(winning, key=lambda p: low(p.card))
        if not short and losing:
            return max(losing, key=lambda p: low(p.card))
        return min(plays, key=lambda p: low(p.card))
