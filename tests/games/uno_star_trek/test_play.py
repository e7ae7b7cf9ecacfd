"""Matching, drawing instead of playing, and the effect of every card (RULINGS 3-5)."""

from __future__ import annotations

from collections import Counter

import pytest

from cardkit import IllegalActionError
from games.uno_star_trek import DECK
from tests.games.uno_star_trek.support import act, cards, hand, start

P3 = [
    "g7 b9 r3 wild y1 bskip y3",
    "r1 r2 r4 r5 r6 r7 r8",
    "y2 y4 y5 y6 y7 y8 y9",
]


def plays(state: object, seat: int) -> set[str]:
    from games.uno_star_trek import UnoState

    assert isinstance(state, UnoState)
    return {str(a) for a in state.legal_actions(seat) if str(a).startswith("play")}


def test_match_by_colour_or_by_number_or_symbol_and_wilds_anywhere() -> None:
    state = start(P3, "b5")
    assert plays(state, 0) == {
        "play b9",  # colour
        "play bskip",  # colour
        "play wild red",
        "play wild yellow",
        "play wild green",
        "play wild blue",
    }
    state = start(["g5 b9 r3 wild y1 yskip y3", P3[1], P3[2]], "b5")
    assert "play g5" in plays(state, 0)  # same number
    # a Skip turned up skips seat 0: seat 1 matches it by symbol
    state = start([P3[1], "g5 b9 r3 wild y1 yskip y3", P3[2]], "bskip")
    assert "play yskip" in plays(state, 1)  # same symbol
    assert "play g5" not in plays(state, 1)


def test_unmatched_card_is_refused_with_the_reason_and_nothing_changes() -> None:
    state = start(P3, "b5")
    before = (len(state.history), Counter(state.hands[0]), state.to_act())
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, "play g7")
    assert err.value.code == "no-match"
    assert "a green 7 does not match a blue 5 with blue in force" in err.value.reason
    assert (len(state.history), Counter(state.hands[0]), state.to_act()) == before


def test_other_illegal_plays_name_their_reason() -> None:
    state = start(P3, "b5")
    cases = {
        "play r9": "not-in-hand",
        "play wild": "colour-needed",
        "play b9 red": "no-colour",
        "keep": "keep-not-now",
        "challenge": "no-challenge",
        "beam red": "beam-not-now",
        "colour red": "colour-not-now",
        "accept": "nothing-to-accept",
        "decline": "nothing-to-decline",
        "catch 1": "no-catch",
    }
    for text, code in cases.items():
        with pytest.raises(IllegalActionError) as err:
            act(state, 0, text)
        assert err.value.code == code, text
    with pytest.raises(IllegalActionError) as err:
        act(state, 1, "play r1")
    assert err.value.code == "not-your-turn"


def test_wild_draw_4_stays_playable_while_another_card_is_playable() -> None:
    state = start(["wd4 b9 r3 g1 y1 y2 y3", P3[1], P3[2]], "b5")
    assert "play b9" in plays(state, 0)
    assert {"play wd4 red", "play wd4 blue"} <= plays(state, 0)


def test_wild_names_the_colour_every_view_shows() -> None:
    state = start(P3, "b5")
    act(state, 0, "play wild green")
    for seat in range(3):
        view = state.view(seat)
        assert view.colour == "green"
        assert view.top == DECK.card("wild")
    assert state.to_act() == (1,)


def test_draw_is_allowed_holding_a_playable_card_then_only_the_drawn_card() -> None:
    state = start(P3, "b5", draw="b2")
    assert "draw" in {str(a) for a in state.legal_actions(0)}
    act(state, 0, "draw")
    assert state.view(0).drawn == "b2"
    assert state.view(1).drawn is None
    assert {str(a) for a in state.legal_actions(0)} == {"play b2", "keep"}
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, "play b9")
    assert err.value.code == "drawn-only"
    assert "after drawing only the drawn card" in err.value.reason
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, "draw")
    assert err.value.code == "already-drew"
    for text in ("accept", "decline", "colour red"):
        with pytest.raises(IllegalActionError) as err:
            act(state, 0, text)
        assert (err.value.code, err.value.reason) == (
            "play-or-keep",
            "play the drawn card (b2) or keep it",
        ), text


def test_keeping_the_drawn_card_passes_the_turn() -> None:
    state = start(P3, "b5", draw="b2")
    act(state, 0, "draw")
    act(state, 0, "keep")
    assert state.hands[0].count(DECK.card("b2")) == 1
    assert state.to_act() == (1,)


def test_a_drawn_card_played_at_once_has_all_its_effects() -> None:
    # seat 0 draws a Draw 2 and plays it: seat 1 must draw 2 and is skipped
    state = start(P3, "b5", draw="bd2 g1 g2")
    act(state, 0, "draw")
    act(state, 0, "play bd2")
    assert state.to_act() == (1,)
    assert state.view(1).command == "draw2"
    act(state, 1, "accept")
    assert hand("r1 r2 r4 r5 r6 r7 r8 g1 g2") == Counter(state.hands[1])
    assert state.to_act() == (2,)


def test_an_unplayable_drawn_card_is_kept_and_the_turn_passes() -> None:
    state = start(P3, "b5", draw="r9")
    act(state, 0, "draw")
    assert DECK.card("r9") in state.hands[0]
    # seat 0 is asked anyway, so the table cannot tell a playable card from another
    assert state.to_act() == (0,)
    assert state.view(1).phase == "drawn"
    assert [str(a) for a in state.legal_actions(0)] == ["keep"]
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, "play r9")
    assert err.value.code == "no-match"
    act(state, 0, "keep")
    assert state.to_act() == (1,)


def test_skip_makes_the_next_player_lose_the_turn() -> None:
    state = start(P3, "b5")
    act(state, 0, "play bskip")
    assert state.to_act() == (1,)
    assert state.view(1).command == "skip"
    act(state, 1, "accept")
    assert state.to_act() == (2,)
    assert len(state.hands[1]) == 7


def test_reverse_changes_direction() -> None:
    state = start(["r9 b9 r3 g1 y1 brev y3", P3[1], P3[2]], "b5", draw="g1")
    act(state, 0, "play brev")
    assert state.view(0).direction == "right"
    assert state.to_act() == (2,)
    act(state, 2, "draw")  # g1 does not match the blue Reverse
    act(state, 2, "keep")  # the turn passes right
    assert state.to_act() == (1,)


def test_draw_2_next_draws_two_and_is_skipped() -> None:
    state = start(["r9 bd2 r3 g1 y1 y2 y3", P3[1], P3[2]], "b5", draw="g8 g9")
    act(state, 0, "play bd2")
    act(state, 1, "accept")
    assert Counter(state.hands[1]) == hand(P3[1] + " g8 g9")
    assert state.to_act() == (2,)
    assert state.view(2).colour == "blue"


def test_wild_draw_4_accepted_next_draws_four_and_is_skipped() -> None:
    state = start(["wd4 g2 g3 g1 y1 y2 y3", P3[1], P3[2]], "b5", draw="b1 b2 b3 b4")
    act(state, 0, "play wd4 red")
    assert state.view(1).command == "wd4"
    assert state.view(1).previous_colour == "blue"
    act(state, 1, "accept")
    assert Counter(state.hands[1]) == hand(P3[1] + " b1 b2 b3 b4")
    assert state.to_act() == (2,)
    assert state.view(2).colour == "red"


def test_live_long_and_prosper_replaces_the_hand_then_the_colour_is_named() -> None:
    state = start(["llap r2 g3 y1 b7 b8 b9", P3[1], P3[2]], "r5", draw="g4 g5 g6 g7 g8 g9")
    act(state, 0, "play llap")
    # six cards left: they go under the top discard and six new ones are drawn
    assert Counter(state.hands[0]) == hand("g4 g5 g6 g7 g8 g9")
    assert state.discard[-1] == DECK.card("llap")
    assert Counter(state.discard[:-1]) == hand("r5 r2 g3 y1 b7 b8 b9")
    zones = {z.name: (z.cards, z.visible_to) for z in state.zones()}
    assert zones["discard pile"] == (cards("r5 llap"), frozenset({0, 1, 2}))
    assert zones["under, known to 0"] == (cards("r2 y1 g3 b7 b8 b9"), frozenset({0}))
    view = state.view(0)
    assert view.phase == "colour" and view.turn == 0
    assert view.colour == "red"  # unchanged until named
    act(state, 0, "colour green")
    assert state.view(1).colour == "green"
    assert state.to_act() == (1,)


def test_mind_meld_shows_the_next_hand_to_the_melder_alone() -> None:
    state = start(["meld r2 g3 y1 b7 b8 b9", P3[1], P3[2]], "r5")
    act(state, 0, "play meld")
    assert state.to_act() == (1,)
    assert state.view(1).command == "meld"
    act(state, 1, "accept")
    shown = dict(state.view(0).shown)
    assert Counter(shown[1]) == hand(P3[1])
    assert state.view(2).shown == ()
    assert state.view(1).shown == ()
    # the colour in force is unchanged and nobody is skipped
    assert state.view(1).colour == "red"
    assert state.to_act() == (1,)
    # once seat 1 plays r1, seat 0 can no longer be sure of it
    act(state, 1, "play r1")
    assert Counter(dict(state.view(0).shown)[1]) == hand("r2 r4 r5 r6 r7 r8")


def test_double_tribble_doubles_the_next_hand_and_skips_it() -> None:
    draw = "b1 b2 b3 b4 b5 b6 b7"
    state = start(["tribble r2 g3 y1 b8 b9 g1", P3[1], P3[2]], "r5", draw=draw)
    act(state, 0, "play tribble yellow")
    act(state, 1, "accept")
    assert len(state.hands[1]) == 14
    assert Counter(state.hands[1]) == hand(P3[1] + " " + draw)
    assert state.to_act() == (2,)
    assert state.view(2).colour == "yellow"


def test_beam_on_your_turn_is_a_wild() -> None:
    state = start(["beam r2 g3 y1 b8 b9 g1", P3[1], P3[2]], "r5")
    assert {"play beam red", "play beam blue"} <= plays(state, 0)
    act(state, 0, "play beam blue")
    assert state.view(1).colour == "blue"
    assert state.to_act() == (1,)
