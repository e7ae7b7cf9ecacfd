"""Two bots: one for every game, one for a single game with a parameter."""

from __future__ import annotations

from collections.abc import Sequence

from cardkit import Action, BaseBot, Bid, Option, Play, TrickOrder, View
from cardkit_oh_hell import OhHellView


class LowballBot(BaseBot):
    """Plays its lowest card, bids its lowest bid; anything else at random."""

    name = "lowball"
    summary = "plays its lowest card and bids its lowest bid; otherwise picks at random"
    games = None  # every game: it reads only the legal actions, never the view's fields

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            return min(plays, key=lambda p: p.card.rank)
        bids = [a for a in legal if isinstance(a, Bid)]
        if bids:
            return min(bids, key=lambda b: b.amount)
        return legal[int(self.rng.random() * len(legal))]


class DuckerBot(BaseBot):
    """Oh Hell: bids ``bid`` (or the nearest bid allowed), wins tricks until it has
    made it, then plays to lose."""

    name = "ducker"
    summary = "Oh Hell: aims at a fixed bid, then ducks every trick it can"
    games = frozenset({"oh-hell"})
    params = (Option("bid", "int", 0, "the number of tricks it bids when allowed", low=0),)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        assert isinstance(view, OhHellView)
        target = self.settings["bid"]
        assert isinstance(target, int)
        bids = [a for a in legal if isinstance(a, Bid)]
        if bids:
            return min(bids, key=lambda b: (abs(b.amount - target), b.amount))
        assert view.trump is not None
        order = TrickOrder(trump=view.trump.suit)
        plays = [a for a in legal if isinstance(a, Play)]
        hungry = view.tricks_won[view.seat] < (view.bids[view.seat] or 0)
        if not view.trick:
            return (max if hungry else min)(plays, key=lambda p: p.card.rank)
        led = view.trick[0][2]
        cards = [c for _, c, _ in view.trick]
        suits = [s for _, _, s in view.trick]
        top = order.winner(cards, suits)
        best = order.strength(cards[top], suits[top], led)
        losing = [p for p in plays if order.strength(p.card, p.card.suit, led) < best]
        if hungry or not losing:
            return max(plays, key=lambda p: order.strength(p.card, p.card.suit, led))
        return max(losing, key=lambda p: order.strength(p.card, p.card.suit, led))
