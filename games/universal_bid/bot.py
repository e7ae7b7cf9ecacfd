"""Bots for the bid-exact game."""

from __future__ import annotations

from collections.abc import Sequence

from cardkit import Action, Bid, Card, Play
from cardkit.bots import BaseBot
from cardkit.game import View
from games.universal_bid.cards import ALL_CARDS, CARDS, mask_of
from games.universal_bid.view import UniversalBidView


def expected_tricks(hand: Sequence[Card], players: int, unseen: int) -> float:
    """A quick estimate of how many tricks ``hand`` takes.

    A card wins a trick when no other player puts a higher card in it. Each
    opponent's card is taken as a random unseen card, so a card with ``h``
    higher unseen cards wins with chance ``(1 - h / unseen) ** (players - 1)``.
    """
    if unseen <= 0:
        return 0.0
    mine = mask_of(hand)
    total = 0.0
    for card in hand:
        above = ALL_CARDS & ~((card.bit << 1) - 1)
        higher = (above & ~mine).bit_count()
        total += (1.0 - higher / unseen) ** (players - 1)
    return total


class HeuristicBot(BaseBot):
    """Bids its expected tricks, then plays to take exactly that many.

    While it still needs tricks it plays to win: the lowest winning card when
    it plays last, else its lowest card that no unseen card can beat, else its
    highest winning card (leading: its highest card). Once it has its bid it
    ducks: its highest card that still loses (leading: its lowest card); when
    every card it may play wins, its lowest, or its highest when it plays last
    (the trick is taken anyway). Once it has taken more than its bid, each
    extra trick is a point, so it takes all it can. It reads only its view
    (its hand, the bids, the tricks played).
    """

    name = "heuristic"
    summary = "bids its expected tricks, takes tricks while it needs them, then ducks"
    games = frozenset({"universal-bid"})

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        assert isinstance(view, UniversalBidView)
        if isinstance(legal[0], Bid):
            return self._bid(view, legal)
        return self._play(view, legal)

    def _bid(self, view: UniversalBidView, legal: Sequence[Action]) -> Action:
        unseen = len(CARDS) - view.hand_size
        guess = expected_tricks(view.hand, view.players, unseen)
        best = legal[0]
        best_gap = float("inf")
        for action in legal:
            assert isinstance(action, Bid)
            gap = abs(action.amount - guess)
            if gap < best_gap:
                best, best_gap = action, gap
        return best

    def _play(self, view: UniversalBidView, legal: Sequence[Action]) -> Action:
        bid = view.bids[view.seat]
        assert bid is not None
        need = bid - view.tricks_taken[view.seat]
        # take tricks while the bid needs them; past the bid it is missed anyway
        # and a missed bid scores each trick taken, so take all from then on
        want = need != 0
        plays = sorted(
            (a for a in legal if isinstance(a, Play)), key=lambda a: a.card.id, reverse=True
        )
        top = max((card.id for _, card in view.trick), default=-1)
        if want:
            winners = [a for a in plays if a.card.id > top]
            if not winners:
                return plays[-1]
            last = len(view.trick) == view.players - 1
            if last:
                return winners[-1]
            out = mask_of(view.hand) | mask_of(c for _, c in view.trick)
            for trick in view.past_tricks:
                out |= mask_of(c for _, c in trick)
            unseen = ALL_CARDS & ~out
            sure = [a for a in winners if not unseen >> (a.card.id + 1)]
            return sure[-1] if sure else winners[0]
        if not view.trick:
            return plays[-1]
        losers = [a for a in plays if a.card.id < top]
        if losers:
            return losers[0]
        return plays[0] if len(view.trick) == view.players - 1 else plays[-1]
