"""Views: a seat sees its own hand and everything public, nothing else."""

from __future__ import annotations

from cardkit.testing import cards_in
from games.universal_bid import UniversalBidView

from .helpers import act, bids, cards, start

HANDS = {1: "E:Sun J:2 V:1", 2: "J:Moon M:4 S:3", 3: "N:7 N:1 V:Sun", 0: "E:1 M:Sun S:Moon"}


def test_view_shows_own_hand_and_public_facts() -> None:
    state = start(4, "3", dealer=0, hands=HANDS)
    act(state, 1, "bid 2")
    view = state.view(2)
    assert isinstance(view, UniversalBidView)
    assert view.seat == 2 and view.players == 4
    assert [c.text for c in view.hand] == ["J:Moon", "M:4", "S:3"]
    assert view.phase == "bid" and view.dealer == 0 and view.turn == 2
    assert view.hand_number == 1 and view.hands_total == 1 and view.hand_size == 3
    assert view.bids == (None, 2, None, None)
    act(state, 2, "bid 1")
    act(state, 3, "bid 0")
    act(state, 0, "bid 1")
    # the numbered plays list the cards in the order the hand is shown
    leader = state.view(1)
    assert [c.text for c in leader.hand] == ["E:Sun", "J:2", "V:1"]
    assert [str(a) for a in state.legal_actions(1)] == ["play E:Sun", "play J:2", "play V:1"]
    act(state, 1, "play J:2")
    act(state, 2, "play J:Moon")
    view = state.view(0)
    assert view.phase == "play" and view.turn == 3
    assert view.bids == (1, 2, 1, 0)
    assert [(s, c.text) for s, c in view.trick] == [(1, "J:2"), (2, "J:Moon")]
    act(state, 3, "play V:Sun")
    act(state, 0, "play E:1")
    view = state.view(3)
    assert view.trick == () and view.tricks_taken == (1, 0, 0, 0)
    assert [[c.text for _, c in t] for t in view.past_tricks] == [["J:2", "J:Moon", "V:Sun", "E:1"]]
    assert view.scores == (0, 0, 0, 0) and view.turn == 0


def test_views_hide_the_other_hands() -> None:
    state = start(4, "3", dealer=0, hands=HANDS)
    bids(state, {1: 1, 2: 1, 3: 0, 0: 0})
    act(state, 1, "play V:1")
    for seat in range(4):
        seen = set(cards_in(state.view(seat)))
        own = set(state.view(seat).hand)
        for other, text in HANDS.items():
            hidden = set(cards(text)) - {cards("V:1")[0]}
            if other != seat:
                assert not seen & hidden, (seat, other)
        # the played card is public; the rest is the seat's own hand
        assert seen == own | set(cards("V:1"))


def test_score_sheet_after_a_hand() -> None:
    state = start(2, "1,1", dealer=0, hands={1: "E:Sun", 0: "V:1"})
    bids(state, {1: 1, 0: 1})
    act(state, 1, "play E:Sun")
    act(state, 0, "play V:1")
    view = state.view(0)
    assert view.phase == "deal" and view.hand == () and view.dealer == 1
    assert view.hand_number == 2 and view.hand_size == 1
    (log,) = view.hand_log
    assert (log.number, log.size, log.dealer) == (1, 1, 0)
    assert (log.bids, log.tricks, log.points) == ((1, 1), (0, 1), (0, 11))
    assert view.scores == (0, 11)
