"""Oh Hell's fixed shapes for learning: its action space (and observation).

Actions: ``bid 0`` to ``bid T`` (T the most tricks a hand can have with these
settings), then ``play CARD`` for each card of the deck by id (suit by suit).
Observations: :func:`observer`.
"""

from __future__ import annotations

from array import array

from cardkit import Action, Play
from cardkit.spaces import Layout, ObservationSpace, Spaces, zeros

from cardkit_oh_hell.actions import BIDS
from cardkit_oh_hell.cards import SUITS
from cardkit_oh_hell.state import OhHellOptions, table
from cardkit_oh_hell.view import OhHellView


def all_actions(players: int, options: OhHellOptions) -> tuple[Action, ...]:
    """Every bid a hand allows, then a play of each card."""
    t = table(players, options)
    plays = tuple(Play(card) for card in t.deck.faces if card.suit in SUITS)
    return (*BIDS[: t.max_tricks + 1], *plays)


def observer(players: int, options: OhHellOptions) -> ObservationSpace:
    """The observation of a seat's view (layout in docs/rl.md): card planes over the
    deck's cards by id (suit by suit), seats counted from the viewer (0 is the viewer,
    1 the seat to its left, ...)."""
    n = players
    t = table(players, options)
    cards = len(t.cards)
    suits = options.num_suits
    lay = Layout()
    hand = lay.add("hand", cards, "own cards")
    trump = lay.add("trump", cards, "the trump card turned")
    trick = lay.add("trick", n * cards, "the trick in progress: a card plane per seat")
    played = lay.add("played", cards, "cards of this hand's finished tricks")
    led = lay.add("led_suit", suits, "the suit led to the trick in progress")
    bids = lay.add("bids", n, "each seat's bid (0 until it bids)")
    bid_made = lay.add("bid_made", n, "1 once the seat has bid")
    won = lay.add("tricks_won", n, "tricks taken this hand")
    scores = lay.add("scores", n, "match totals")
    dealer = lay.add("dealer", n, "the dealer")
    to_act = lay.add("to_act", n, "the seat to act")
    numbers = lay.add("numbers", 3, "tricks this hand, hand number, hands in the match")
    size = lay.size

    def encode(view: OhHellView) -> array[float]:
        out = zeros(size)
        me = view.seat
        for card in view.hand:
            out[hand + card.id] = 1.0
        if view.trump is not None:
            out[trump + view.trump.id] = 1.0
        for seat, card, _ in view.trick:
            out[trick + ((seat - me) % n) * cards + card.id] = 1.0
        for card in view.played:
            out[played + card.id] = 1.0
        if view.trick:
            out[led + SUITS.index(view.trick[0][1].suit)] = 1.0
        for seat in range(n):
            rel = (seat - me) % n
            amount = view.bids[seat]
            if amount is not None:
                out[bids + rel] = float(amount)
                out[bid_made + rel] = 1.0
            out[won + rel] = float(view.tricks_won[seat])
            out[scores + rel] = float(view.scores[seat])
        out[dealer + (view.dealer - me) % n] = 1.0
        if view.to_act and view.to_act[0] >= 0:
            out[to_act + (view.to_act[0] - me) % n] = 1.0
        out[numbers] = float(view.num_tricks)
        out[numbers + 1] = float(view.hand_number)
        out[numbers + 2] = float(view.hands)
        return out

    return lay.space(encode)


SPACES = Spaces(actions=all_actions, observer=observer)
"""The game's action space and observer (``Game.spaces``)."""
