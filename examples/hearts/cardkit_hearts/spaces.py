"""Hearts' fixed shapes for learning: its action space (and observation).

Actions: ``pass CARD`` for each card of the deck by id (suit by suit), then
``play CARD`` likewise. Observations: :func:`observer`.
"""

from __future__ import annotations

from array import array

from cardkit import Action, Play
from cardkit.spaces import Layout, ObservationSpace, Spaces, zeros

from cardkit_hearts.actions import PassCard
from cardkit_hearts.cards import DECK, SUITS
from cardkit_hearts.rules import HeartsOptions
from cardkit_hearts.view import HeartsView

N = 4
CARDS = len(DECK.faces)


def all_actions(players: int, options: HeartsOptions) -> tuple[Action, ...]:
    """A pass of each card, then a play of each card."""
    return (*(PassCard(c) for c in DECK.faces), *(Play(c) for c in DECK.faces))


def observer(players: int, options: HeartsOptions) -> ObservationSpace:
    """The observation of a seat's view: card planes over the deck's cards by id (suit
    by suit), seats counted from the viewer (0 is the viewer, 1 the seat to its left)."""
    lay = Layout()
    hand = lay.add("hand", CARDS, "own cards")
    passing = lay.add("passing", CARDS, "cards chosen to pass, not yet passed")
    passed = lay.add("passed", CARDS, "cards passed this hand")
    received = lay.add("received", CARDS, "cards received this hand")
    trick = lay.add("trick", N * CARDS, "the trick in progress: a card plane per seat")
    taken = lay.add("taken", N * CARDS, "cards of this hand's finished tricks, by taker")
    led = lay.add("led_suit", len(SUITS), "the suit led to the trick in progress")
    direction = lay.add("direction", N, "pass offset: none, left, across, right")
    points = lay.add("points", N, "points taken this hand")
    scores = lay.add("scores", N, "match totals")
    to_act = lay.add("to_act", N, "the seats to act")
    flags = lay.add("flags", 3, "hearts broken, hand number, target")
    size = lay.size

    def encode(view: HeartsView) -> array[float]:
        out = zeros(size)
        me = view.seat
        for base, cards in ((hand, view.hand), (passing, view.passing)):
            for card in cards:
                out[base + card.id] = 1.0
        for base, cards in ((passed, view.passed), (received, view.received)):
            for card in cards:
                out[base + card.id] = 1.0
        for seat, card, _ in view.trick:
            out[trick + ((seat - me) % N) * CARDS + card.id] = 1.0
        if view.trick:
            out[led + SUITS.index(view.trick[0][2])] = 1.0
        for plays in view.tricks:
            best = max(plays, key=lambda p: (p[1].suit == plays[0][1].suit, p[1].rank))
            for _, card in plays:
                out[taken + ((best[0] - me) % N) * CARDS + card.id] = 1.0
        out[direction + view.direction] = 1.0
        for seat in range(N):
            rel = (seat - me) % N
            out[points + rel] = float(view.taken[seat])
            out[scores + rel] = float(view.scores[seat])
        for seat in view.to_act:
            if seat >= 0:
                out[to_act + (seat - me) % N] = 1.0
        out[flags] = float(view.hearts_broken)
        out[flags + 1] = float(view.hand_number)
        out[flags + 2] = float(view.options.target)
        return out

    return lay.space(encode)


SPACES = Spaces(actions=all_actions, observer=observer)
"""The game's action space and observer (``Game.spaces``)."""
