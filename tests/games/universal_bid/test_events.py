"""Events of the bid-exact game, from explicit deals, checked against the rulebook."""

from __future__ import annotations

from cardkit import CHANCE, Shuffle
from cardkit.events import Dealt, Event, MatchOver, Played, Received, TrickWon, seen_by
from games.universal_bid import GAME, UniversalBidState
from games.universal_bid.events import BidMade, DealerDrawn, ExactScored

from .helpers import cards, draw, new, start

# seat 0 deals; seat 1 (its left) leads. Suits rank E J M N S V.
HANDS = {1: "S:Sun M:1", 2: "S:2 N:3", 0: "V:7 J:4"}


def step(state: UniversalBidState, seat: int, text: str) -> tuple[Event, ...]:
    """Apply a typed action; the events of the step."""
    return state.apply(seat, GAME.parse_action(text, state))


def test_the_draw_names_each_card_and_the_first_dealer() -> None:
    state = new(3, "2", events=True)
    (event,) = state.apply(CHANCE, Shuffle(tuple(cards("S:Sun N:1 V:Moon"))))
    # N is above S and V: seat 1 deals, though S:Sun is the highest rank drawn
    assert isinstance(event, DealerDrawn)
    assert event.dealer == 1 and event.draw == ((0, "S:Sun"), (1, "N:1"), (2, "V:Moon"))
    assert str(event) == (
        "draw for the deal: seat 0 S:Sun, seat 1 N:1, seat 2 V:Moon; seat 1 deals first"
    )


def test_each_hand_goes_to_its_seat_alone() -> None:
    state = new(3, "2", events=True)
    draw(state, "V:1", "V:2", "E:Sun")  # seat 2 deals; seat 0 is dealt first
    shuffle = state.deal_shuffle({s: cards(h) for s, h in HANDS.items()})
    events = state.apply(CHANCE, shuffle)
    (dealt,) = [e for e in events if isinstance(e, Dealt)]
    assert (dealt.dealer, dealt.size, dealt.hand, dealt.hands) == (2, 2, 1, 1)
    assert dealt.to is None
    received = {e.seat: e for e in events if isinstance(e, Received)}
    assert set(received) == {0, 1, 2}
    for seat, event in received.items():
        assert set(event.cards) == set(cards(HANDS[seat]))
        assert event.to == frozenset({seat})
        for viewer in range(3):
            assert event.seen_by(viewer) == (viewer == seat)
        assert event.seen_by(None)  # an all-seeing observer sees every hand
    # what seat 1 sees of the deal: the public line and its own cards, nobody else's
    mine = seen_by(events, 1)
    assert [type(e) for e in mine] == [Dealt, Received]
    assert {c for e in mine if isinstance(e, Received) for c in e.cards} == set(cards(HANDS[1]))


def test_bids_tricks_and_the_hand_score() -> None:
    state = start(3, "2", dealer=0, hands=HANDS, events=True)
    (bid,) = step(state, 1, "bid 1")
    assert bid == BidMade(1, 1) and str(bid) == "seat 1 bids 1"
    step(state, 2, "bid 0")
    # the dealer bids last: 1 + 0 so far, so 1 is refused (2 tricks) and 0 totals 1
    (dealer_bid,) = step(state, 0, "bid 0")
    assert dealer_bid == BidMade(0, 0, total=1, tricks=2)
    assert str(dealer_bid) == "seat 0 bids 0 (bids total 1 for 2 tricks)"

    # trick 1: S led; seat 2 follows with S:2; seat 0 has no S and plays J:4.
    # The highest suit played wins: J beats S, so J:4 takes it over S:Sun.
    assert step(state, 1, "play S:Sun") == (Played(1, cards("S:Sun")[0]),)
    step(state, 2, "play S:2")
    played, won = step(state, 0, "play J:4")
    assert played == Played(0, cards("J:4")[0])
    assert isinstance(won, TrickWon)
    assert (won.seat, won.card, won.number) == (0, cards("J:4")[0], 1)
    assert won.plays == tuple(zip((1, 2, 0), cards("S:Sun S:2 J:4"), strict=True))
    assert str(won) == "seat 0 wins the trick with J:4"

    # trick 2: seat 0 leads V:7; nobody else holds V. M is above N and V: M:1 wins.
    step(state, 0, "play V:7")
    step(state, 1, "play M:1")
    events = step(state, 2, "play N:3")
    assert [type(e) for e in events] == [Played, TrickWon, ExactScored, MatchOver]
    _, won, scored, over = events
    assert isinstance(won, TrickWon) and isinstance(scored, ExactScored)
    assert (won.seat, won.card, won.number) == (1, cards("M:1")[0], 2)
    # seat 0 bid 0, took 1: missed, 1 point; seat 1 bid 1, took 1: 1 + 10;
    # seat 2 bid 0, took 0: a made zero scores 10
    assert scored.bids == (0, 1, 0) and scored.taken == (1, 1, 0)
    assert scored.exact == (False, True, True)
    assert scored.points == (1, 11, 10) and scored.totals == (1, 11, 10)
    assert (scored.hand, scored.hands) == (1, 1)
    assert str(scored) == (
        "hand 1 of 1 scored: seat 0 bid 0, took 1: +1; seat 1 bid 1, took 1: exact, +11; "
        "seat 2 bid 0, took 0: exact, +10; totals 1 11 10"
    )
    assert isinstance(over, MatchOver)
    assert over.winners == (1,) and over.scores == (1.0, 11.0, 10.0)
    assert state.result().scores == over.scores


def test_no_events_are_built_when_not_recording() -> None:
    state = start(3, "2", dealer=0, hands=HANDS)
    assert state.log is None
    assert step(state, 1, "bid 1") == ()
