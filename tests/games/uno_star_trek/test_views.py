"""Views, event lines and action texts (issue items 11, 12)."""

from __future__ import annotations

from collections import Counter

import pytest

from cardkit import Decline, Draw, ParseError, Play
from cardkit.testing import cards_in
from games.uno_star_trek import (
    DECK,
    GAME,
    Accept,
    Beam,
    CallUno,
    Catch,
    Challenge,
    Keep,
    NameColour,
)
from tests.games.uno_star_trek.support import act, hand, shed_skips, start

HANDS = ["r1 r2 r3 r4 r6 r7 wild", "y1 y2 y3 y4 y6 y7 y8", "g1 g2 g3 g4 g6 g7 g8"]


def test_a_view_holds_the_own_hand_and_public_facts_only() -> None:
    state = start(HANDS, "r5", draw="b1")
    act(state, 0, "play wild blue")
    view = state.view(1)
    assert Counter(view.hand) == hand(HANDS[1])
    assert view.top == DECK.card("wild")
    assert view.colour == "blue"
    assert view.hand_sizes == (6, 7, 7)
    assert view.draw_pile == 112 - 21 - 1
    assert view.direction == "left"
    assert view.turn == 1
    assert view.phase == "play"
    assert view.window is None and view.window_subject is None
    assert view.scores == (0, 0, 0)
    # no card of another hand appears anywhere in the view (its cards show the discard
    # pile: the first discard, the red 5, under the Wild)
    seen = cards_in(view)
    assert seen == hand(HANDS[1] + " wild r5")


def test_the_catch_window_shows_in_every_view() -> None:
    state = start(["rskip rskip yskip yskip gskip g1 g2", HANDS[1]], "r5")
    shed_skips(state, 0, 1)
    act(state, 0, "play g1")  # no UNO call
    for seat in (0, 1):
        view = state.view(seat)
        assert view.window == "catch"
        assert view.window_subject == 0
        # the caught player answers first, then the opponent
        assert view.to_act == (0, 1)


def test_event_lines_hide_the_drawn_card_from_other_seats() -> None:
    state = start(HANDS, "r5", draw="b1", events=True)
    assert GAME.describe(state, 0, Draw(), 0) == "seat 0 draws 1 card: b1"
    assert GAME.describe(state, 0, Draw(), None) == "seat 0 draws 1 card: b1"
    assert GAME.describe(state, 0, Draw(), 1) == "seat 0 draws 1 card"


def test_event_lines_hide_a_melded_hand() -> None:
    state = start(["meld r2 r3 r4 r6 r7 wild", HANDS[1], HANDS[2]], "r5")
    act(state, 0, "play meld")
    line = GAME.describe(state, 1, Accept(), 2)
    assert line == "seat 1 accepts seat 0's Mind Meld; seat 1 shows their hand to seat 0"
    assert not any(c.text in line.split() for c in DECK.faces)


@pytest.mark.parametrize(
    "text, action",
    [
        ("play r7", Play(DECK.card("r7"))),
        ("play wild blue", Play(DECK.card("wild"), "blue")),
        ("play wd4 red", Play(DECK.card("wd4"), "red")),
        ("play llap", Play(DECK.card("llap"))),
        ("draw", Draw()),
        ("keep", Keep()),
        ("uno", CallUno()),
        ("catch 3", Catch(3)),
        ("accept", Accept()),
        ("challenge", Challenge()),
        ("beam red", Beam("red")),
        ("colour green", NameColour("green")),
        ("decline", Decline()),
    ],
)
def test_action_texts_round_trip(text: str, action: object) -> None:
    parsed = GAME.parse_action(text)
    assert parsed == action
    assert str(parsed) == text


def test_action_texts_accept_short_colours_and_capitals() -> None:
    assert GAME.parse_action("PLAY Wild B") == Play(DECK.card("wild"), "blue")
    assert GAME.parse_action("color y") == NameColour("yellow")


@pytest.mark.parametrize(
    "text, words",
    [
        ("play r11", "unknown card"),
        ("play wild purple", "unknown colour"),
        ("catch x", "whole number"),
        ("fly", "cannot read"),
        ("", "empty action"),
    ],
)
def test_bad_action_texts_say_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(ParseError, match=words):
        GAME.parse_action(text)


def test_event_lines_for_chance_steps_name_only_public_cards() -> None:
    from cardkit import CHANCE, Shuffle

    state = GAME.create(2, 0, auto_chance=False, events=True)
    draw = Shuffle(DECK.cards_of("r3 y7"))  # one card drawn per seat
    assert (
        GAME.describe(state, CHANCE, draw, 1)
        == "drawing for the deal: seat 0 r3 (3), seat 1 y7 (7); seat 1 deals first"
    )
    tie = GAME.create(3, 0, auto_chance=False, events=True)
    assert GAME.describe(tie, CHANCE, Shuffle(DECK.cards_of("r7 g7 b2")), 2) == (
        "drawing for the deal: seat 0 r7 (7), seat 1 g7 (7), seat 2 b2 (2); "
        "seats 0 and 1 tie and draw again"
    )
    state.apply(CHANCE, draw)
    deal = state.deal_shuffle(
        [DECK.cards_of(HANDS[0]), DECK.cards_of(HANDS[1])], top=DECK.cards_of("g5")
    )
    assert GAME.describe(state, CHANCE, deal, 0) == (
        "seat 1 deals hand 1: 7 cards each; seat 0 receives r1 r2 r3 r4 r6 r7 wild; "
        "g5 is turned up: seat 0 plays first"
    )
    assert "y1" not in GAME.describe(state, CHANCE, deal, 0)
