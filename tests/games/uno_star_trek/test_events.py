"""Events: what each step did, in words, with drawn cards and shown hands named only to
the seat that may see them (``GAME.describe`` joins the lines a viewer may see)."""

from __future__ import annotations

import pytest

from cardkit import CHANCE, Shuffle, stack
from cardkit.events import Dealt, Event, HandScored, MatchOver, Received, cards_of
from games.uno_star_trek import DECK, GAME, UnoState
from games.uno_star_trek.events import (
    Caught,
    Challenged,
    DealerDrawn,
    Drew,
    HandShown,
    PileEmpty,
    Reshuffled,
    TurnedUp,
    UnoHandScored,
    WindowClosed,
    WindowOpened,
)
from tests.games.uno_star_trek.support import act, cards, pass_round, shed_skips, start

HANDS3 = ["r1 r2 r3 r4 r6 r7 r8", "y1 y2 y3 y4 y6 y7 y8", "g1 g2 g3 g4 g6 g7 g8"]


def step(state: UnoState, seat: int, text: str) -> tuple[Event, ...]:
    """Apply the action typed as ``text`` for ``seat`` and return its events."""
    return state.apply(seat, GAME.parse_action(text))


def lines(events: tuple[Event, ...], viewer: int | None) -> str:
    """The event lines ``viewer`` sees, joined as front ends join them."""
    return "; ".join(GAME.line(e, viewer) for e in events if e.seen_by(viewer))


def line(state: UnoState, seat: int, text: str, viewer: int | None) -> str:
    """The event line ``viewer`` sees for ``seat`` acting ``text`` (read before the action,
    as front ends do); then the action is applied."""
    action = GAME.parse_action(text)
    described = GAME.describe(state, seat, action, viewer)
    state.apply(seat, action)
    return described


def deal_events(top: str, players: int = 3) -> tuple[Event, ...]:
    """The events of the first deal (dealer: the last seat) turning up ``top``."""
    state = GAME.create(players, 0, auto_chance=False, events=True)
    picks = [DECK.card("r9") if s == players - 1 else DECK.card("rskip") for s in range(players)]
    state.apply(CHANCE, Shuffle(tuple(picks)))
    hands = [cards(h) for h in HANDS3[:players]]
    return state.apply(CHANCE, state.deal_shuffle(hands, top=cards(top)))


def private_to(events: tuple[Event, ...], seat: int, players: int, *also: int) -> None:
    """No event a seat but ``seat`` (and ``also``) may see names a card of ``seat``'s draw
    or hand."""
    for event in events:
        for other in range(players):
            if other != seat and other not in also and event.seen_by(other):
                assert not isinstance(event, Received | HandShown) or not cards_of(event)
                if isinstance(event, Drew):
                    assert event.cards == ()


@pytest.mark.parametrize(
    "top, effect",
    [
        ("r5", "seat 0 plays first"),
        ("bskip", "seat 0 is skipped; seat 1 plays first"),
        ("grev", "seat 2 (the dealer) plays first and play goes right"),
        ("yd2", "seat 0 must draw and is skipped; seat 1 plays first"),
        ("wild", "seat 0 names the colour and plays first"),
        (
            "tribble",
            "seat 0 doubles their hand and is skipped; seat 1 names the colour and plays first",
        ),
        ("wd4", "it goes back into the deck, which is shuffled again"),
        ("beam", "it goes back into the deck, which is shuffled again"),
    ],
)
def test_the_deal_says_who_deals_and_what_the_first_discard_does(top: str, effect: str) -> None:
    events = deal_events(top)
    assert events[0] == Dealt(2, 7, 1)
    assert lines(events[:1], 0) == "seat 2 deals hand 1: 7 cards each"
    turned = [e for e in events if isinstance(e, TurnedUp)]
    assert turned == [TurnedUp(top, effect)]
    assert str(turned[0]) == f"{top} is turned up: {effect}"


def test_the_deal_gives_each_seat_its_own_hand_alone() -> None:
    events = deal_events("r5")
    received = [e for e in events if isinstance(e, Received)]
    assert [(e.seat, e.cards, e.to) for e in received] == [
        (s, cards(HANDS3[s]), frozenset({s})) for s in range(3)
    ]
    for seat in range(3):
        assert [e for e in received if e.seen_by(seat)] == [received[seat]]


def test_the_draw_for_the_first_deal_is_public() -> None:
    state = GAME.create(2, 0, auto_chance=False, events=True)
    (drawn,) = state.apply(CHANCE, Shuffle(DECK.cards_of("r3 y7")))
    assert drawn == DealerDrawn(((0, "r3", 3), (1, "y7", 7)), (1,))
    assert drawn.to is None
    assert str(drawn) == "drawing for the deal: seat 0 r3 (3), seat 1 y7 (7); seat 1 deals first"
    tie = GAME.create(3, 0, auto_chance=False, events=True)
    (tied,) = tie.apply(CHANCE, Shuffle(DECK.cards_of("r7 g7 b2")))
    assert str(tied) == (
        "drawing for the deal: seat 0 r7 (7), seat 1 g7 (7), seat 2 b2 (2); "
        "seats 0 and 1 tie and draw again"
    )


def test_a_two_player_reverse_turned_up_skips_the_first_player() -> None:
    (turned,) = [e for e in deal_events("grev", players=2) if isinstance(e, TurnedUp)]
    assert turned.effect == "seat 0 is skipped; seat 1 (the dealer) plays first"


def test_a_returned_first_discard_line_names_the_new_card() -> None:
    state = start(HANDS3, "meld", events=True)
    due = state.chance_cards()
    events = state.apply(CHANCE, Shuffle(stack(due, cards("bd2"))))
    assert lines(events, 1) == (
        "the deck is shuffled; bd2 is turned up: seat 0 must draw and is skipped; "
        "seat 1 plays first; seat 0 draws 2 cards"
    )


def test_a_drawn_card_is_named_to_the_drawer_only() -> None:
    state = start(HANDS3, "r5", draw="b1", events=True)
    events = step(state, 0, "draw")
    assert lines(events, 0) == "seat 0 draws 1 card: b1"
    assert lines(events, None) == "seat 0 draws 1 card: b1"
    for other in (1, 2):
        assert lines(events, other) == "seat 0 draws 1 card"
        assert not any(cards_of(e) for e in events if e.seen_by(other))
    private_to(events, 0, 3)


def test_a_forced_draw_names_the_cards_to_the_drawer_only() -> None:
    state = start(["rd2 r2 r3 r4 r6 r7 r8", HANDS3[1], HANDS3[2]], "r5", "b1 b9", events=True)
    step(state, 0, "play rd2")
    events = step(state, 1, "accept")
    assert lines(events, 1) == (
        "seat 1 accepts seat 0's Draw 2 and is skipped; seat 1 draws 2 cards: b1 b9"
    )
    assert lines(events, 0) == "seat 1 accepts seat 0's Draw 2 and is skipped; seat 1 draws 2 cards"
    private_to(events, 1, 3)


def test_skip_tribble_and_meld_lines() -> None:
    state = start(["rskip tribble meld r4 r6 r7 r8", HANDS3[1], HANDS3[2]], "r5", events=True)
    assert lines(step(state, 0, "play rskip"), 2) == (
        "seat 0 plays rskip; seat 0's Skip is directed at seat 1, who may accept it or "
        "stop it with Beam Me Up, Scotty (beam and a colour: beam red)"
    )
    assert lines(step(state, 1, "accept"), 2) == "seat 1 is skipped"
    act(state, 2, "draw")
    act(state, 2, "keep")
    assert lines(step(state, 0, "play tribble blue"), 2).startswith("seat 0 plays tribble as blue")
    assert lines(step(state, 1, "accept"), 2) == (
        "seat 1 accepts seat 0's Double Tribble and is skipped; seat 1 draws 7 cards"
    )
    act(state, 2, "draw")
    act(state, 2, "keep")
    assert lines(step(state, 0, "play meld"), 2).startswith("seat 0 plays meld")
    events = step(state, 1, "accept")
    assert lines(events, 2) == (
        "seat 1 accepts seat 0's Mind Meld; seat 1 shows their hand to seat 0"
    )
    shown = [e for e in events if isinstance(e, HandShown) and e.seen_by(0)]
    assert [(e.seat, e.viewer, e.to) for e in shown] == [(1, 0, frozenset({0}))]
    assert sorted(shown[0].cards, key=lambda c: c.id) == list(state.hands[1])
    private_to(events, 1, 3, 0)


def test_a_challenge_shows_the_hand_to_the_challenger_only() -> None:
    # fair: seat 0 holds no red, the colour in force; seat 1 draws 6 and is skipped
    hands = ["wd4 g1 g2 g3 g4 g6 g7", HANDS3[1], HANDS3[2]]
    state = start(hands, "r5", draw="b1 b2 b3 b4 b5 b6", events=True)
    step(state, 0, "play wd4 blue")
    events = step(state, 1, "challenge")
    assert events[0] == Challenged(1, 0, True)
    shown = [e for e in events if isinstance(e, HandShown)]
    private = [e for e in shown if e.cards]
    assert [(e.seat, e.viewer, e.to, e.cards) for e in private] == [
        (0, 1, frozenset({1}), cards("g1 g2 g3 g4 g6 g7"))
    ]
    for other in (0, 2):  # the challenged player and the third seat see the cover
        assert [e.cards for e in shown if e.seen_by(other)] == [()]
    assert lines(events, 2) == (
        "seat 1 challenges seat 0's Wild Draw 4: it was fair, so seat 1 loses the challenge "
        "and is skipped; seat 0 shows their hand to seat 1; seat 1 draws 6 cards"
    )
    assert "g1 g2 g3 g4 g6 g7" in lines(events, 1)
    assert "b1" in lines(events, 1) and "b1" not in lines(events, 0)


def test_challenge_and_beam_lines() -> None:
    hands = ["wd4 r1 g2 g3 g4 g6 g7", HANDS3[1], HANDS3[2]]
    state = start(hands, "r5", draw="b1 b2 b3 b4", events=True)
    step(state, 0, "play wd4 blue")
    events = step(state, 1, "challenge")
    assert lines(events, 0) == (
        "seat 1 challenges seat 0's Wild Draw 4: a bluff, so seat 0 takes the draw instead "
        "and seat 1 plays; seat 0 shows their hand to seat 1; "
        "seat 0 draws 4 cards: b1 b2 b3 b4"
    )
    assert "r1 g2 g3 g4 g6 g7" in lines(events, 1) and "b1" not in lines(events, 1)
    state = start(["rd2 r1 g2 g3 g4 g6 g7", "beam y1 y2 y3 y4 y6 y7", HANDS3[2]], "r5")
    act(state, 0, "play rd2")
    assert line(state, 1, "beam green", 2) == (
        "seat 1 plays beam out of turn to stop the Draw 2 and names green"
    )


def test_a_missed_call_and_the_catch_are_told() -> None:
    hands = ["rskip rskip yskip yskip gskip g1 g2", HANDS3[1]]
    state = start(hands, "r5", draw="b1 b2 b3 b4 b5", events=True)
    shed_skips(state, 0, 1)
    events = step(state, 0, "play g1")
    assert events[-1] == WindowOpened(0)
    assert lines(events, 1) == (
        "seat 0 plays g1; seat 0 did not call UNO: "
        "they can be caught until the next player begins their turn"
    )
    assert lines(step(state, 0, "decline"), 1) == "seat 0 does not call UNO"
    events = step(state, 1, "catch 0")
    assert events[:2] == (Caught(1, 0, 5), WindowClosed(0))
    assert lines(events, 0) == (
        "seat 1 catches seat 0, who did not call UNO; "
        "seat 0 can no longer be caught; seat 0 draws 5 cards: b1 b2 b3 b4 b5"
    )
    assert "b1" not in lines(events, 1)


def test_the_next_turn_closes_the_catch_window() -> None:
    state = start(HANDS3, "r5", events=True)
    for card in ("r1", "r2", "r3", "r4", "r6"):
        act(state, 0, f"play {card}")
        pass_round(state, 0)
    step(state, 0, "play r7")  # no UNO call: the window asks seats 0, 1, 2
    step(state, 0, "decline")
    step(state, 1, "decline")
    events = step(state, 1, "draw")  # seat 1 begins their turn (RULING 7); seat 2 never answered
    assert events[0] == WindowClosed(0)
    assert isinstance(events[1], Drew)


def test_a_hand_is_scored_per_seat_with_the_rulebook_points() -> None:
    # two players: seat 0 sheds Skips and goes out with g3; seat 1 still holds its 7 cards:
    # r9 b9 (9 + 9), yd2 grev (20 + 20), wild meld (50 + 50), g0 (0) = 158
    hands = ["rskip rskip yskip yskip gskip gskip g3", "r9 b9 yd2 grev wild meld g0"]
    for scoring, points in (("winner", (158, 0)), ("lowest", (0, 158))):
        state = start(hands, "r5", options={"scoring": scoring}, events=True)
        shed_skips(state, 0, 1)
        act(state, 0, "uno")
        act(state, 0, "play gskip")
        act(state, 1, "accept")
        events = step(state, 0, "play g3")
        scored = [e for e in events if isinstance(e, HandScored)]
        assert scored == [UnoHandScored(1, points, points, cards=(0, 7))]
        assert scored[0].columns() == (("cards left", ("0", "7")),)
        assert scored[0].to is None
        assert not any(isinstance(e, MatchOver) for e in events)  # nobody reached 500
    state = start(hands, "r5", options={"target_score": 100}, events=True)
    shed_skips(state, 0, 1)
    act(state, 0, "uno")
    act(state, 0, "play gskip")
    act(state, 1, "accept")
    events = step(state, 0, "play g3")
    assert events[-1] == MatchOver((158.0, 0.0), (0,))


def test_going_out_with_a_draw_2_counts_the_draw_in_the_score() -> None:
    # two players: seat 0 sheds Skips and goes out with a Draw 2; seat 1 draws b1 b2
    hands = ["rskip rskip yskip yskip gskip gskip gd2", "r9 b9 yd2 grev wild meld g0"]
    state = start(hands, "r5", draw="b1 b2", events=True)
    shed_skips(state, 0, 1)
    act(state, 0, "uno")
    act(state, 0, "play gskip")
    act(state, 1, "accept")
    events = step(state, 0, "play gd2")
    assert lines(events, 0) == (
        "seat 0 plays gd2; seat 0 goes out; the cards seat 1 must draw count in the score; "
        "seat 1 draws 2 cards; hand 1 scored: seat 0 +161, seat 1 +0; totals 161 0"
    )
    # 158 in hand plus b1 and b2 (1 + 2); the deal passes left from seat 1 to seat 0
    due = state.chance_cards()
    events = state.apply(CHANCE, Shuffle(stack(due, cards("r5"))))
    assert lines(events[:1], 1) == "seat 0 deals hand 2: 7 cards each"


def test_drawing_from_an_empty_pile_is_told() -> None:
    state = start(["wild r2 r3 r4 r6 r7 r8", "y1 y2 y3 y4 y6 y7 y8"], "r5", events=True)
    act(state, 0, "play wild red")
    while state.draw:
        seat = state.to_act()[0]
        act(state, seat, "draw")
        act(state, seat, "keep")
    seat = state.to_act()[0]
    events = step(state, seat, "draw")
    assert events == (PileEmpty(seat, True),)
    assert str(events[0]) == "the draw pile is empty: the discard pile is reshuffled"
    due = len(state.chance_cards())
    events = state.apply(CHANCE, Shuffle(stack(state.chance_cards(), ())))
    assert events[0] == Reshuffled(due)  # public, and names no card
    assert not cards_of(events[0])
    assert lines(events[1:], 1 - seat) == f"seat {seat} draws 1 card"
    assert state.view(seat).drawn is not None


def test_an_accepted_wild_draw_4_names_the_four_cards_to_the_drawer_only() -> None:
    hands = ["wd4 g1 g2 g3 g4 g6 g7", HANDS3[1], HANDS3[2]]
    state = start(hands, "r5", draw="b1 b2 b3 b4", events=True)
    step(state, 0, "play wd4 blue")  # fair: seat 0 holds no red
    events = step(state, 1, "accept")
    assert lines(events, 1) == (
        "seat 1 accepts seat 0's Wild Draw 4 and is skipped; seat 1 draws 4 cards: b1 b2 b3 b4"
    )
    assert lines(events, 2) == (
        "seat 1 accepts seat 0's Wild Draw 4 and is skipped; seat 1 draws 4 cards"
    )
    private_to(events, 1, 3)


@pytest.mark.parametrize(
    "last, play, drawn",
    [
        ("wd4", "play wd4 red", 4),
        ("tribble", "play tribble red", 7),  # seat 1 still holds its 7 cards: it doubles them
    ],
)
def test_going_out_with_a_draw_card_says_what_the_next_player_draws(
    last: str, play: str, drawn: int
) -> None:
    hands = [f"rskip rskip yskip yskip gskip gskip {last}", "r9 b9 yd2 grev wild meld g0"]
    state = start(hands, "r5")
    shed_skips(state, 0, 1)
    act(state, 0, "uno")
    act(state, 0, "play gskip")
    act(state, 1, "accept")
    assert line(state, 0, play, None).startswith(
        f"seat 0 plays {last} as red; seat 0 goes out; "
        f"the cards seat 1 must draw count in the score; seat 1 draws {drawn} cards: "
    )
