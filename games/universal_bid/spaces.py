"""The bid-exact game's fixed shapes for learning: its action space (and observation).

Actions: ``bid 0`` to ``bid M`` (M the largest hand of the match's schedule),
then ``play CARD`` for the 54 cards by id (``V:1`` first, ``E:Sun`` last).
Observations: :func:`observer`.
"""

from __future__ import annotations

from array import array

from cardkit import Action, Card
from cardkit.spaces import Layout, ObservationSpace, Spaces, zeros
from games.universal_bid.actions import BIDS, PLAYS
from games.universal_bid.cards import CARDS, SUITS
from games.universal_bid.options import UniversalBidOptions
from games.universal_bid.state import PHASES, effective_schedule
from games.universal_bid.view import UniversalBidView


def all_actions(players: int, options: UniversalBidOptions) -> tuple[Action, ...]:
    """Every bid a hand of the schedule allows, then every play, by card id."""
    largest = max(effective_schedule(options.schedule, players))
    return (*BIDS[: largest + 1], *PLAYS)


def observer(players: int, options: UniversalBidOptions) -> ObservationSpace:
    """The observation of a seat's view (layout in docs/rl.md): card planes by card id,
    seats counted from the viewer (0 is the viewer, 1 the seat to its left, ...)."""
    n = players
    faces = len(CARDS)
    lay = Layout()
    hand = lay.add("hand", faces, "own cards")
    trick = lay.add("trick", n * faces, "the trick in progress: a card plane per seat")
    played = lay.add("played", faces, "cards of this hand's finished tricks")
    leader = lay.add("leader", n, "the seat that led the trick in progress")
    voids = lay.add("voids", n * len(SUITS), "seat shown void in suit (E J M N S V), by seat")
    bid = lay.add("bids", n, "each seat's bid (0 until it bids)")
    bid_made = lay.add("bid_made", n, "1 once the seat has bid")
    taken = lay.add("tricks_taken", n, "tricks taken this hand")
    scores = lay.add("scores", n, "match totals")
    dealer = lay.add("dealer", n, "the dealer")
    to_act = lay.add("to_act", n, "the seat to act")
    phase = lay.add("phase", len(PHASES), "draw, deal, bid, play, over")
    numbers = lay.add("hand_numbers", 3, "hand size, hand number, hands in the match")
    size = lay.size
    phase_index = {name: i for i, name in enumerate(PHASES)}

    def encode(view: UniversalBidView) -> array[float]:
        out = zeros(size)
        me = view.seat
        for card in view.hand:
            out[hand + card.id] = 1.0
        for rel_seat, card in _relative_plays(view.trick, me, n):
            out[trick + rel_seat * faces + card.id] = 1.0
        if view.trick:
            out[leader + (view.trick[0][0] - me) % n] = 1.0
        for past in view.past_tricks:
            for _, card in past:
                out[played + card.id] = 1.0
        for plays in (*view.past_tricks, view.trick):
            if not plays:
                continue
            led = plays[0][1].suit
            for seat, card in plays[1:]:
                if card.suit != led:
                    out[voids + ((seat - me) % n) * len(SUITS) + SUITS.index(led)] = 1.0
        for seat in range(n):
            rel = (seat - me) % n
            amount = view.bids[seat]
            if amount is not None:
                out[bid + rel] = float(amount)
                out[bid_made + rel] = 1.0
            out[taken + rel] = float(view.tricks_taken[seat])
            out[scores + rel] = float(view.scores[seat])
        if view.dealer is not None:
            out[dealer + (view.dealer - me) % n] = 1.0
        if view.to_act and view.to_act[0] >= 0:
            out[to_act + (view.to_act[0] - me) % n] = 1.0
        out[phase + phase_index[view.phase]] = 1.0
        out[numbers] = float(view.hand_size)
        out[numbers + 1] = float(view.hand_number)
        out[numbers + 2] = float(view.hands_total)
        return out

    return lay.space(encode)


def _relative_plays(plays: tuple[tuple[int, Card], ...], me: int, n: int) -> list[tuple[int, Card]]:
    return [((seat - me) % n, card) for seat, card in plays]


SPACES = Spaces(actions=all_actions, observer=observer)
"""The game's action space and observer (``Game.spaces``)."""
