"""Views hold only what a seat may know; events hide the secrets."""

from __future__ import annotations

from cardkit import Card, Event
from cardkit.events import Played, TrickWon
from cardkit.testing import cards_in
from games.ufos import BID_DECK, DECK, GAME, UfosState, parse
from games.ufos.events import (
    AuctionWon,
    Chose,
    GameCardsRevealed,
    Spied,
    SuitCardSeen,
    UfosHandScored,
)

from .helpers import HIGH_EXAMPLE, SUIT_HANDS, deal, new, run


def visible_cards(state: UfosState, seat: int) -> set[Card]:
    return {c for z in state.zones() if seat in z.visible_to for c in z.cards}


def test_a_view_shows_own_hand_not_the_others() -> None:
    state = new()
    deal(state, *SUIT_HANDS)
    view = state.view(1)
    assert view.hand == DECK.cards_of(SUIT_HANDS[1])
    seen = set(cards_in(view))
    assert not any(c.suit == "R" for c in seen)  # seat 0 holds every red card
    assert set(view.bid_cards) == {c for c in BID_DECK.cards if c.text.endswith("@1")}


def test_views_never_show_a_card_the_zones_hide() -> None:
    state = new()
    deal(state, *SUIT_HANDS)
    steps = [
        "choose red high",
        "choose yellow low",
        "choose green high",
        "choose x low",
        "spy 2",
        "bid 3",
        "pass",
        "spy 0",
        "pass",
        "wait",
        "pass",
        "play Y1",
        "play B12",
    ]
    for text in steps:
        for seat in range(4):
            assert set(cards_in(state.view(seat))) <= visible_cards(state, seat)
        state.apply(state.to_act()[0], parse(text))


def test_spied_suit_card_and_the_winners_card() -> None:
    state = new()
    deal(state, *SUIT_HANDS)
    run(state, "choose red high", "choose yellow low", "choose green high", "choose x low")
    run(state, "spy 2")  # seat 0 sees seat 2's green
    green2 = BID_DECK.card("green@2")
    assert green2 in state.view(0).shown
    assert all(green2 not in state.view(s).shown for s in (1, 3))
    # the suit letter too: only the spy's view names it; everyone else sees nothing spied
    assert state.view(0).spied == ((2, "G"),)
    assert all(state.view(s).spied == () for s in (1, 2, 3))
    assert [state.view(s).my_suit for s in range(4)] == ["R", "Y", "G", "X"]  # each its own
    run(state, "bid 3", "pass", "pass", "pass")  # seat 1 wins: its yellow is shown to all
    for seat in range(4):
        view = state.view(seat)
        assert BID_DECK.card("yellow@1") in view.shown
        assert BID_DECK.card("x@3") not in view.shown or seat == 3
        assert view.trump == "Y"


def test_public_facts_in_every_view() -> None:
    state = new()
    deal(state, *SUIT_HANDS)
    run(state, "choose red high", "choose yellow low", "choose green high", "choose x low")
    run(state, "bid 2", "spy 0", "pass", "pass", "wait", "pass")
    run(state, "play R1", "play B10")
    view = state.view(3)
    assert view.auction == (
        (0, "bid 2"),
        (1, "spy 0"),
        (2, "pass"),
        (3, "pass"),
        (0, "wait"),
        (1, "pass"),
    )
    assert view.passed == (False, True, True, True)
    assert view.points == (21 - 2, 19, 20, 20)
    assert [(s, c.text, suit) for s, c, suit in view.trick] == [(0, "R1", "R"), (1, "B10", "R")]
    assert view.tricks == (0, 0, 0, 0)
    assert view.hand == DECK.cards_of(SUIT_HANDS[3])


def recording() -> UfosState:
    """``SUIT_HANDS`` dealt to a match that records events."""
    state = GAME.create(4, seed=7, auto_chance=False, events=True)
    deal(state, *SUIT_HANDS)
    return state


def step(state: UfosState, text: str) -> tuple[Event, ...]:
    """Apply ``text`` for the seat asked first; the events of that step."""
    return state.apply(state.to_act()[0], parse(text))


def lines(events: tuple[Event, ...], viewer: int | None) -> list[str]:
    return [GAME.line(e, viewer) for e in events if e.seen_by(viewer)]


def test_events_hide_picks_and_spied_cards() -> None:
    state = recording()
    pick = state.apply(0, parse("choose red high"))
    assert lines(pick, 1) == ["seat 0 chose bid cards"]  # hidden from the others
    assert lines(pick, 0) == ["seat 0 chose red high"]  # shown to its seat
    assert lines(pick, None) == ["seat 0 chose red high"]  # and to an all-seeing viewer
    private = [e for e in pick if isinstance(e, Chose) and e.suit is not None]
    assert private == [Chose(0, "R", "high", to=frozenset({0}))]
    # the describe line a front end prints is built from the same events
    fresh = recording()
    assert GAME.describe(fresh, 0, parse("choose red high"), 1) == "seat 0 chose bid cards"
    assert GAME.describe(fresh, 0, parse("choose red high"), None) == "seat 0 chose red high"
    step(state, "choose yellow low")
    step(state, "choose green high")
    last = step(state, "choose x low")
    assert lines(last, 0) == [
        "seat 3 chose bid cards",
        "Game Cards revealed: seat 0 high, seat 1 low, seat 2 high, seat 3 low",
    ]
    assert GameCardsRevealed(("high", "low", "high", "low")) in last
    spy = step(state, "spy 2")
    assert Spied(0, 2) in spy
    assert lines(spy, 0) == [
        "seat 0 pays seat 2 1 point to spy on its Suit Card",
        "seat 0 sees seat 2's Suit Card: green",
    ]
    for seat in (1, 2, 3):  # the spied suit only to the spy
        assert lines(spy, seat) == ["seat 0 pays seat 2 1 point to spy on its Suit Card"]
    seen = next(e for e in spy if isinstance(e, SuitCardSeen))
    assert seen.card is BID_DECK.card("green@2") and seen.to == frozenset({0})
    step(state, "bid 2")  # seat 1
    step(state, "pass")
    step(state, "pass")
    won = step(state, "pass")  # seat 0, the last to pass
    assert lines(won, 2)[:3] == [
        "seat 0 passes",
        "seat 1 wins the bid for 2: game low",
        "seat 1 turns up its Suit Card: yellow, trump",
    ]
    assert AuctionWon(1, 2, "Y", "low") in won
    lead = step(state, "play B10 as G")
    assert lead == (Played(1, DECK.card("B10"), "G"),)
    assert lines(lead, 3) == ["seat 1 leads B10 as green"]


def test_events_name_the_trick_winner_and_the_hand_score() -> None:
    state = recording()
    for text in ("choose x high", "choose red low", "choose green high", "choose tan low"):
        step(state, text)
    for text in ("bid 2", "pass", "pass", "pass"):
        step(state, text)
    events: list[Event] = []
    for trick in HIGH_EXAMPLE:
        for token in trick.split():
            card, _, declared = token.partition("=")
            events.extend(step(state, f"play {card} as {declared}" if declared else f"play {card}"))
    won = [e for e in events if isinstance(e, TrickWon)]
    assert len(won) == 15
    assert (won[0].seat, won[0].card.text) == (0, "R15")
    assert (won[4].seat, won[4].card.text) == (1, "B10")  # Tom's Blue 10
    assert (won[7].seat, won[7].card.text) == (2, "B12")  # Pete's Blue 12
    assert Played(2, DECK.card("B12"), "G") in events  # the last trick, led by Pete
    assert (won[14].seat, won[14].number) == (2, 15)
    (scored,) = [e for e in events if isinstance(e, UfosHandScored)]
    # High: Bill (seat 0, bid 2) scores 2 x 4, the others their tricks
    assert scored.tricks == (4, 3, 8, 0)
    assert scored.points == (8, 3, 8, 0)
    assert scored.totals == (26, 23, 28, 20)
    assert all(e.to is None for e in events)  # plays and outcomes are public
