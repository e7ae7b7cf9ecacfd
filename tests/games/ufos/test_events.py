"""Events from explicit deals: tricks won, hands scored, the auction, spying, privacy."""

from __future__ import annotations

from cardkit import Card, Event
from cardkit.bots import RandomBot
from cardkit.events import BidMade, Dealt, MatchOver, Played, Received, TrickWon, cards_of
from cardkit.runner import play_match
from games.ufos import BID_DECK, DECK, GAME, PlayCard, UfosState, parse
from games.ufos.events import (
    AuctionWon,
    Passed,
    Spied,
    SuitCardSeen,
    SuitCardShown,
    UfosHandScored,
    Waited,
)

from .helpers import HIGH_EXAMPLE, LOW_EXAMPLE, SUIT_HANDS, deal


def recording(*hands: str, players: int = 4) -> tuple[UfosState, tuple[Event, ...]]:
    """A match that records events, dealt ``hands``; the events of the deal."""
    state = GAME.create(players, seed=3, auto_chance=False, events=True)
    deal(state, *hands)
    assert state.log is not None
    return state, tuple(state.log)


def step(state: UfosState, text: str) -> tuple[Event, ...]:
    return state.apply(state.to_act()[0], parse(text))


def steps(state: UfosState, *texts: str) -> list[Event]:
    out: list[Event] = []
    for text in texts:
        out.extend(step(state, text))
    return out


def play_script(state: UfosState, tricks: tuple[str, ...]) -> list[Event]:
    texts = []
    for trick in tricks:
        for token in trick.split():
            card, _, declared = token.partition("=")
            texts.append(f"play {card} as {declared}" if declared else f"play {card}")
    return steps(state, *texts)


def test_the_deal_is_public_and_each_hand_private() -> None:
    _, dealt = recording(*SUIT_HANDS)
    assert dealt[0] == Dealt(0, 15, 1, 8)  # seat 0 deals hand 1 of 2 x 4
    received = [e for e in dealt if isinstance(e, Received)]
    assert [(e.seat, e.to) for e in received] == [(s, frozenset({s})) for s in range(4)]
    assert received[2].cards == DECK.cards_of(SUIT_HANDS[2])


def test_a_led_blue_declared_yellow_is_beaten_by_a_trump() -> None:
    # seat 2 (all greens, two Blue 12s) wins the bid with tan, seat 3's suit, as trump
    state, _ = recording(*SUIT_HANDS)
    steps(state, "choose red high", "choose yellow low", "choose tan high", "choose x low")
    auction = steps(state, "pass", "pass", "bid 1", "pass")
    assert auction[:4] == [Passed(0), Passed(1), BidMade(2, 1), Passed(3)]
    assert AuctionWon(2, 1, "T", "high") in auction
    assert SuitCardShown(2, BID_DECK.card("tan@2"), "T") in auction
    # B12 led as a yellow 12; seat 3, void in yellow, trumps with its lowest tan; seat 0 has
    # no yellow either; seat 1 follows with Y15, which beats the yellow 12 but not a trump
    events = steps(state, "play B12 as Y", "play T1", "play R1", "play Y15")
    assert events[0] == Played(2, DECK.card("B12"), "Y")
    (won,) = [e for e in events if isinstance(e, TrickWon)]
    assert won.seat == 3 and won.card is DECK.card("T1") and won.number == 1
    b12, t1, r1, y15 = DECK.cards_of("B12 T1 R1 Y15")
    assert won.plays == ((2, b12), (3, t1), (0, r1), (1, y15))
    assert str(won) == "seat 3 wins the trick with T1"


def test_a_high_hand_scored_per_seat() -> None:
    # the rulebook's High example: Bill (seat 0) wins the bid for 2 and takes 4 tricks,
    # Tom 3, Pete 8, Bob 0: Bill scores 2 x 4 = 8, the others their tricks
    state, _ = recording(*SUIT_HANDS)
    steps(state, "choose x high", "choose red low", "choose green high", "choose tan low")
    steps(state, "bid 2", "pass", "pass", "pass")
    events = play_script(state, HIGH_EXAMPLE)
    assert sum(isinstance(e, TrickWon) for e in events) == 15
    (scored,) = [e for e in events if isinstance(e, UfosHandScored)]
    assert scored.hand == 1 and scored.winner == 0 and scored.game == "high"
    assert scored.tricks == (4, 3, 8, 0)
    assert scored.points == (8, 3, 8, 0)
    assert scored.totals == (20 - 2 + 8, 20 + 3, 20 + 8, 20)
    assert events[-1] is scored  # the next hand waits for its shuffle
    assert str(scored) == (
        "hand 1 scored (high, bid won by seat 0): tricks 4 3 8 0; "
        "seat 0 +8, seat 1 +3, seat 2 +8, seat 3 +0; totals 26 23 28 20"
    )


def test_a_low_hand_scored_per_seat() -> None:
    # the rulebook's Low example: Bob (seat 3) wins the bid for 1; tricks Bill 7, Tom 6,
    # Pete 1, Bob 1: Bob doubles 7 (the most taken), Pete scores 7, Bill loses 7
    state, _ = recording(*SUIT_HANDS)
    steps(state, "choose red high", "choose red high", "choose red high", "choose x low")
    steps(state, "pass", "pass", "pass", "bid 1")
    events = play_script(state, LOW_EXAMPLE)
    (scored,) = [e for e in events if isinstance(e, UfosHandScored)]
    assert scored.tricks == (7, 6, 1, 1)
    assert scored.points == (-7, 0, 7, 14)
    assert scored.totals == (13, 20, 27, 20 - 1 + 14)


def test_nobody_bids_the_dealer_wins_for_nothing() -> None:
    state, _ = recording(*SUIT_HANDS)
    steps(state, "choose green low", "choose red high", "choose red high", "choose red high")
    events = steps(state, "pass", "pass", "pass", "pass")
    won = next(e for e in events if isinstance(e, AuctionWon))
    assert won == AuctionWon(0, 0, "G", "low", bid=False)
    assert str(won) == "nobody bid: the dealer, seat 0, wins for 0: game low"


def test_a_spied_suit_card_only_to_the_spy() -> None:
    state, _ = recording(*SUIT_HANDS)
    steps(state, "choose red high", "choose yellow low", "choose green high", "choose x low")
    events = step(state, "spy 3")  # seat 0 pays seat 3 and sees its x (no trump)
    assert events[0] == Spied(0, 3)
    assert events[0].to is None  # the payment is public
    seen = events[1]
    assert isinstance(seen, SuitCardSeen)
    assert (seen.seat, seen.target, seen.suit) == (0, 3, "X")
    assert seen.card is BID_DECK.card("x@3")
    assert seen.seen_by(0) and seen.seen_by(None)
    assert not any(seen.seen_by(s) for s in (1, 2, 3))
    assert str(seen) == "seat 0 sees seat 3's Suit Card: x"


def test_bids_and_a_wait() -> None:
    state, _ = recording(*SUIT_HANDS)
    steps(state, "choose red high", "choose yellow low", "choose green high", "choose x low")
    assert step(state, "bid 2") == (BidMade(0, 2),)
    steps(state, "spy 0", "spy 0", "spy 0")  # seats 1, 2, 3
    assert step(state, "wait") == (Waited(0),)


def _visible(state: UfosState, seat: int) -> set[Card]:
    return {c for z in state.zones() if seat in z.visible_to for c in z.cards}


def test_no_event_names_a_card_its_viewer_may_not_see() -> None:
    options = {"hands_per_player": 1, "respy": True, "starting_points": 4}
    bots = [RandomBot(GAME, s, 40 + s) for s in range(3)]
    played = play_match(GAME, bots, seed=11, options=options).state
    state = GAME.create(3, seed=11, options=options, auto_chance=False, events=True)
    last: Event | None = None
    for seat, action in played.history:
        before = [_visible(state, s) for s in range(3)]
        events = state.apply(seat, action)
        # the card just played is face up, even when the hand ends with it and the
        # next deal (applied at once) takes it out of every public zone
        played_now = {action.card} if isinstance(action, PlayCard) else set()
        for s in range(3):
            allowed = before[s] | _visible(state, s) | played_now
            for event in events:
                if event.seen_by(s):
                    assert set(cards_of(event)) <= allowed, (s, event)
        if events:
            last = events[-1]
    assert isinstance(last, MatchOver)
    assert last.scores == played.result().scores
    assert last.winners == played.result().winners
