"""The ``heuristic`` bot for U.F.O.s.

It reads only its view. Bid cards: it estimates, for each Suit Card, the tricks
its hand would take in a High game and the tricks it could not avoid in a Low
game, and lays down the choice worth most to a bid winner. Auction: it bids up
to what winning is worth over letting the standing bidder's game be played,
and spies on the standing bidder when the bidder's Suit Card would change
that sum. Tricks: it counts the cards seen so far; in High it takes tricks as
cheaply as it can, in Low it ducks under the winning card and throws its
dangerous cards (high cards, Blues, trumps) when it cannot follow.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from cardkit import Action, BaseBot, Bid, Card, Pass, View
from games.ufos.actions import Choose, PlayCard, Spy, Wait
from games.ufos.cards import BLUE, DECK, TRUMP_CHOICES
from games.ufos.state import ORDERS
from games.ufos.view import UfosView

_HIGH_TRUMP = {15: 0.95, 14: 0.85, 13: 0.75, 11: 0.6, 9: 0.45, 8: 0.4, 7: 0.35}
_HIGH_SIDE = {15: 0.8, 14: 0.5, 13: 0.3, 11: 0.12}
_FULL = tuple(Counter(DECK.cards).items())
"""Each face of the deck and its copies, in deck order."""
_BY_SUIT = {
    suit: tuple((card.rank, card.id, n) for card, n in _FULL if card.suit == suit)
    for suit in dict.fromkeys(card.suit for card, _ in _FULL)
}
"""Each suit's faces as ``(rank, card id, copies in the deck)``, in deck order."""


def high_tricks(hand: Sequence[Card], trump: str, players: int) -> float:
    """Rough number of tricks ``hand`` takes in a High game with ``trump`` (X: none)."""
    lengths = Counter(c.suit for c in hand)
    crowd = 4.0 / players  # more players, more chances that someone beats a card
    total = 0.0
    for card in hand:
        if card.suit == BLUE:
            total += (0.35 if card.rank == 12 else 0.2) * crowd
        elif card.suit == trump:
            total += _HIGH_TRUMP.get(card.rank, 0.3)
        else:
            value = _HIGH_SIDE.get(card.rank, 0.0)
            if card.rank == 14 and lengths[card.suit] < 2:
                value *= 0.6
            if trump != "X":
                value *= 0.8
            total += value * crowd
    if trump != "X":
        total += 0.5 * max(0, lengths[trump] - 3)
    return total


def low_tricks(hand: Sequence[Card], trump: str, players: int) -> float:
    """Rough number of tricks ``hand`` cannot avoid in a Low game with ``trump`` (X: none)."""
    lengths = Counter(c.suit for c in hand)
    total = 0.0
    for card in hand:
        if card.suit == BLUE:
            total += 0.25 if card.rank == 12 else 0.15
            continue
        danger = max(0.0, (card.rank - 6) / 9.0)
        if card.suit == trump:
            danger *= 1.6
        if lengths[card.suit] <= 2:
            danger *= 0.6  # short suits are soon void: the high cards can be thrown
        total += danger * 0.7
        if card.rank <= 3:
            total -= 0.15
    return max(0.0, total)


def low_points(hand: Sequence[Card], trump: str, players: int) -> float:
    """Rough points of ``hand`` in a Low game with ``trump``, not doubled.

    The most tricks taken is reckoned as 1.6 times the average; the hand scores
    it for likely being among the fewest and loses it for likely being among the most.
    """
    average = len(hand) / players
    taken = low_tricks(hand, trump, players)
    fewest = min(1.0, max(0.0, 1.0 - taken / (0.8 * average)))
    worst = min(1.0, max(0.0, (taken - average) / average))
    return 1.6 * average * (fewest - worst)


def option_values(hand: Sequence[Card], players: int) -> dict[tuple[str, str], float]:
    """Expected points for each (suit, game) bid-card choice, were this hand to win the bid."""
    return {
        (trump, game): option_value(hand, players, trump, game)
        for trump in TRUMP_CHOICES
        for game in ("high", "low")
    }


def option_value(hand: Sequence[Card], players: int, trump: str, game: str) -> float:
    """Expected points of one bid-card choice, were this hand to win the bid."""
    return _option_value(tuple(hand), players, trump, game)


def others_value(hand: Sequence[Card], players: int, trump: str | None, game: str) -> float:
    """Expected points of this hand when another seat wins with ``game`` (``trump`` if known)."""
    return _others_value(tuple(hand), players, trump, game)


# A hand is valued many times over in an auction, and a search bot's own hand in
# every one of its rollouts: the values are kept for the hands last asked about.


@lru_cache(maxsize=4096)
def _option_value(hand: tuple[Card, ...], players: int, trump: str, game: str) -> float:
    if game == "high":
        return 2.0 * high_tricks(hand, trump, players)
    return 2.0 * low_points(hand, trump, players)


@lru_cache(maxsize=4096)
def _others_value(hand: tuple[Card, ...], players: int, trump: str | None, game: str) -> float:
    trumps = TRUMP_CHOICES if trump is None else (trump,)
    total = 0.0
    for t in trumps:
        if game == "high":
            total += 0.85 * high_tricks(hand, t, players)
        else:
            total += low_points(hand, t, players)
    return total / len(trumps)


class HeuristicBot(BaseBot):
    """Bids from hand strength, spies when it pays, plays towards its game (see module doc)."""

    name = "heuristic"
    summary = "values its hand for High and Low, bids what winning is worth, counts cards"
    games = frozenset({"ufos"})

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if not isinstance(view, UfosView) or len(legal) == 1:
            return legal[0]
        if view.phase == "choose":
            return self._choose_cards(view, legal)
        if view.phase == "auction":
            return self._auction(view, legal)
        if view.phase == "play":
            return self._play(view, legal)
        return legal[0]

    # -- bid cards and auction ----------------------------------------------------

    def _choose_cards(self, view: UfosView, legal: Sequence[Action]) -> Action:
        values = option_values(view.hand, len(view.points))
        best = max(values, key=lambda k: values[k])
        for action in legal:
            if isinstance(action, Choose) and (action.suit, action.game) == best:
                return action
        return legal[0]

    def _auction(self, view: UfosView, legal: Sequence[Action]) -> Action:
        n = len(view.points)
        me = view.seat
        if view.high_bidder == me:
            return _first(legal, Wait) or legal[0]
        assert view.my_suit is not None and view.my_game is not None
        hand = view.hand
        points = view.points[me]
        reserve = max(2, points // 4)
        win_value = option_value(hand, n, view.my_suit, view.my_game)
        need = view.high_bid + 1
        spied = dict(view.spied)
        holder = view.high_bidder
        if holder is None:
            # nobody has bid yet: if everyone passes, the dealer's cards are played
            dealer = view.dealer
            if dealer == me:  # passing still wins for 0 if nobody bids: call it even odds
                lose_value = (win_value + others_value(hand, n, None, "high")) / 2
            else:
                game = view.games[dealer] or "high"
                lose_value = others_value(hand, n, spied.get(dealer), game)
            limit = _limit(win_value - lose_value, points, reserve)
        else:
            game = view.games[holder] or "high"
            known = spied.get(holder)
            if known is None and need <= points - 1 - reserve:
                # spy only when the holder's Suit Card decides between bidding and passing
                limits = [
                    _limit(win_value - others_value(hand, n, t, game), points - 1, reserve)
                    for t in TRUMP_CHOICES
                ]
                if min(limits) < need <= max(limits):
                    spy = _spy(legal, holder)
                    if spy is not None:
                        return spy
            limit = _limit(win_value - others_value(hand, n, known, game), points, reserve)
        if need <= limit:
            for action in legal:
                if isinstance(action, Bid) and action.amount == need:
                    return action
        return _first(legal, Pass) or legal[0]

    # -- trick play ---------------------------------------------------------------

    def _play(self, view: UfosView, legal: Sequence[Action]) -> Action:
        plays = [a for a in legal if isinstance(a, PlayCard)]
        trump = view.trump or "X"
        order = ORDERS[trump]
        seen = self._seen(view)
        high = view.game == "high"
        if not view.trick:
            return self._lead(plays, seen, trump, high)
        led = view.trick[0][2]
        best = max(
            (order.strength(card, suit, led), -i) for i, (_, card, suit) in enumerate(view.trick)
        )[0]
        last = len(view.trick) == len(view.points) - 1
        scored = []
        for action in plays:
            card = action.card
            suit = order.suit_in_trick(card, led)
            key = order.strength(card, suit, led)
            scored.append((key > best, key, action, suit))
        winners = [s for s in scored if s[0]]
        losers = [s for s in scored if not s[0]]
        if high:
            if winners:
                if last:
                    return min(winners, key=lambda s: _cost(s[2].card, trump))[2]
                safe = [s for s in winners if _beaten_by(s[2].card, s[3], trump, seen) == 0]
                if safe:
                    return min(safe, key=lambda s: _cost(s[2].card, trump))[2]
                strong = max(winners, key=lambda s: s[1])
                if strong[1][1] >= 13 or strong[1][0] >= 1000:
                    return strong[2]
            return min(scored, key=lambda s: _cost(s[2].card, trump))[2]
        if losers:
            return max(losers, key=lambda s: _danger(s[2].card, trump))[2]
        if last:
            return max(winners, key=lambda s: _danger(s[2].card, trump))[2]
        return min(winners, key=lambda s: s[1])[2]

    def _lead(self, plays: list[PlayCard], seen: list[int], trump: str, high: bool) -> PlayCard:
        options = []
        for action in plays:
            card = action.card
            suit = action.declare or card.suit
            higher = _beaten_by(card, suit, trump, seen)
            options.append((higher, action))
        if high:
            sure = [o for o in options if o[0] == 0]
            if sure:
                return max(sure, key=lambda o: (o[1].card.suit == trump, o[1].card.rank))[1]
            plain = [o for o in options if o[1].card.suit not in (trump, BLUE)]
            pool = plain or options
            return min(pool, key=lambda o: (o[1].card.rank, -o[0]))[1]
        plain = [o for o in options if o[1].card.suit != BLUE]
        pool = plain or options
        return max(pool, key=lambda o: (o[0] - o[1].card.rank, -o[1].card.rank))[1]

    def _seen(self, view: UfosView) -> list[int]:
        """How many copies of each card, by card id, the seat has seen this hand: its own
        hand and every card played to this hand's tricks."""
        seen = [0] * len(DECK.faces)  # by card id: no hashing in this hot loop
        for card in view.hand:
            seen[card.id] += 1
        for trick in (*view.earlier_tricks, view.last_trick, view.trick):
            for _, card, _ in trick:
                seen[card.id] += 1
        return seen


def _beaten_by(card: Card, suit: str, trump: str, seen: list[int]) -> int:
    """How many cards not ``seen`` could beat ``card`` playing as ``suit`` (1 more for a
    ruff risk)."""
    rank = card.rank
    count = 0
    for other, i, copies in _BY_SUIT[BLUE]:
        if other > rank:  # a later Blue of equal rank loses to the first
            count += copies - seen[i]
    in_suit = 0
    if suit != BLUE:
        for other, i, copies in _BY_SUIT[suit]:
            left = copies - seen[i]
            in_suit += left
            if other > rank:
                count += left
    if suit != trump and in_suit < 4 and any(n > seen[i] for _, i, n in _BY_SUIT.get(trump, ())):
        count += 1  # someone may be void and trump it
    return count


def _cost(card: Card, trump: str) -> tuple[int, int]:
    """How much throwing ``card`` hurts in a High game (lower: cheaper)."""
    tier = 2 if card.suit == trump else 1 if card.suit == BLUE else 0
    return (tier, card.rank)


def _danger(card: Card, trump: str) -> tuple[int, int]:
    """How much keeping ``card`` hurts in a Low game (higher: throw it first)."""
    tier = 2 if card.suit == BLUE else 1 if card.suit == trump else 0
    return (card.rank + 4 * tier, tier)


def _limit(worth: float, points: int, reserve: int) -> int:
    """The highest bid worth making: 80% of what winning is worth, keeping a reserve."""
    return min(int(worth * 0.8), points - reserve)


def _first(legal: Sequence[Action], kind: type) -> Action | None:
    for action in legal:
        if isinstance(action, kind):
            return action
    return None


def _spy(legal: Sequence[Action], target: int) -> Action | None:
    for action in legal:
        if isinstance(action, Spy) and action.target == target:
            return action
    return None
