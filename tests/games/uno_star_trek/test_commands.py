"""Command cards: Beam Me Up Scotty stopping each one, the Wild Draw 4 challenge, and the
two-player rules (RULINGS 5, 6 and 9)."""

from __future__ import annotations

from collections import Counter

import pytest

from cardkit import CHANCE, IllegalActionError
from games.uno_star_trek import DECK, UnoState
from tests.games.uno_star_trek.support import act, hand, shed_skips, start

BEAMER = "beam y2 y4 y5 y6 y7 y8"
THIRD = "g1 g2 g3 g4 g6 g7 g8"


@pytest.mark.parametrize(
    "card, play",
    [
        ("rskip", "play rskip"),
        ("rd2", "play rd2"),
        ("wd4", "play wd4 red"),
        ("tribble", "play tribble red"),
        ("meld", "play meld"),
    ],
)
def test_beam_stops_a_command_card_directed_at_you(card: str, play: str) -> None:
    state = start([f"{card} r1 r2 r3 r4 r6 r7", BEAMER, THIRD], "r5", draw="b1 b2 b3 b4")
    act(state, 0, play)
    assert state.to_act() == (1,)
    assert "beam green" in {str(a) for a in state.legal_actions(1)}
    act(state, 1, "beam green")
    # no effect on seat 1: nothing drawn, nothing shown; it lost only the Beam card
    assert Counter(state.hands[1]) == hand("y2 y4 y5 y6 y7 y8")
    assert state.view(0).shown == ()
    view = state.view(2)
    assert view.top == DECK.card("beam")
    assert view.colour == "green"
    # play passes to the player after the one who beamed
    assert state.to_act() == (2,)
    assert view.command is None


def test_beam_stops_a_reverse_in_a_two_player_game() -> None:
    state = start(["rrev r1 r2 r3 r4 r6 r7", BEAMER], "r5")
    act(state, 0, "play rrev")
    assert state.view(1).command == "reverse"
    act(state, 1, "beam blue")
    assert len(state.hands[1]) == 6
    assert state.view(0).colour == "blue"
    # the player after seat 1 is seat 0
    assert state.to_act() == (0,)


def test_a_reverse_with_three_players_is_no_command() -> None:
    state = start(["rrev r1 r2 r3 r4 r6 r7", BEAMER, THIRD], "r5")
    act(state, 0, "play rrev")
    assert state.to_act() == (2,)
    assert state.view(2).command is None


def test_the_target_is_asked_whether_or_not_it_holds_beam() -> None:
    """The question itself must not tell the table who holds Beam Me Up Scotty."""
    with_beam = start(["rskip r1 r2 r3 r4 r6 r7", BEAMER, THIRD], "r5")
    without = start(["rskip r1 r2 r3 r4 r6 r7", "y1 y2 y4 y5 y6 y7 y8", THIRD], "r5")
    for state in (with_beam, without):
        act(state, 0, "play rskip")
    assert with_beam.to_act() == without.to_act() == (1,)
    assert with_beam.view(2) == without.view(2)
    assert [str(a) for a in without.legal_actions(1)] == ["accept"]
    assert "beam red" in {str(a) for a in with_beam.legal_actions(1)}


def test_beam_out_of_turn_is_refused_without_a_command() -> None:
    state = start(["r1 r2 r3 r4 r6 r7 r8", BEAMER, THIRD], "r5")
    with pytest.raises(IllegalActionError) as err:
        act(state, 1, "beam red")
    assert err.value.code == "beam-not-now"
    act(state, 0, "play r1")
    act(state, 1, "play beam red")  # on its own turn it is a Wild
    assert state.view(2).colour == "red"


def test_challenge_of_an_unfair_wild_draw_4_the_player_draws_four() -> None:
    # seat 0 holds r1 of the colour in force (red): the Wild Draw 4 is a bluff
    state = start(
        ["wd4 r1 g2 g3 g4 g6 g7", "y1 y2 y4 y5 y6 y7 y8", THIRD], "r5", draw="b1 b2 b3 b4"
    )
    act(state, 0, "play wd4 blue")
    assert {"challenge", "accept"} <= {str(a) for a in state.legal_actions(1)}
    act(state, 1, "challenge")
    # seat 0 showed its hand to the challenger only
    assert Counter(dict(state.view(1).shown)[0]) == hand("r1 g2 g3 g4 g6 g7")
    assert state.view(2).shown == ()
    assert Counter(state.hands[0]) == hand("r1 g2 g3 g4 g6 g7 b1 b2 b3 b4")
    assert len(state.hands[1]) == 7
    # the challenger is not skipped; the named colour stays
    assert state.to_act() == (1,)
    assert state.view(1).colour == "blue"


def test_challenge_of_a_fair_wild_draw_4_the_challenger_draws_six_and_is_skipped() -> None:
    state = start(
        ["wd4 y1 g2 g3 g4 g6 g7", "y2 y3 y4 y5 y6 y7 y8", THIRD],
        "r5",
        draw="b1 b2 b3 b4 b5 b6",
    )
    act(state, 0, "play wd4 green")
    act(state, 1, "challenge")
    assert Counter(state.hands[1]) == hand("y2 y3 y4 y5 y6 y7 y8 b1 b2 b3 b4 b5 b6")
    assert len(state.hands[0]) == 6
    assert state.to_act() == (2,)


def test_only_the_target_may_challenge_and_only_before_drawing() -> None:
    state = start(["wd4 r1 g2 g3 g4 g6 g7", "y1 y2 y4 y5 y6 y7 y8", THIRD], "r5")
    act(state, 0, "play wd4 blue")
    with pytest.raises(IllegalActionError) as err:
        act(state, 2, "challenge")
    assert err.value.code == "no-challenge"
    act(state, 1, "accept")  # draws 4 and is skipped
    with pytest.raises(IllegalActionError) as err:
        act(state, 1, "challenge")
    assert err.value.code == "no-challenge"
    assert state.to_act() == (2,)


def test_only_a_wild_draw_4_can_be_challenged() -> None:
    state = start(["rd2 r1 g2 g3 g4 g6 g7", "y1 y2 y4 y5 y6 y7 y8", THIRD], "r5")
    act(state, 0, "play rd2")
    with pytest.raises(IllegalActionError) as err:
        act(state, 1, "challenge")
    assert err.value.code == "no-challenge"
    with pytest.raises(IllegalActionError) as err:
        act(state, 1, "play y1")
    assert err.value.code == "must-respond"


# -- two players (RULING 9) ---------------------------------------------------------------


def test_two_players_reverse_works_as_skip_and_you_play_again() -> None:
    state = start(["rrev r1 r2 r3 r4 r6 r7", "y1 y2 y4 y5 y6 y7 y8"], "r5")
    act(state, 0, "play rrev")
    assert state.to_act() == (1,)
    act(state, 1, "accept")
    assert state.to_act() == (0,)
    assert state.view(0).phase == "play"
    assert state.view(0).direction == "left"


def test_two_players_skip_you_play_again() -> None:
    state = start(["rskip r1 r2 r3 r4 r6 r7", "y1 y2 y4 y5 y6 y7 y8"], "r5")
    act(state, 0, "play rskip")
    act(state, 1, "accept")
    assert state.to_act() == (0,)
    act(state, 0, "play r1")
    assert state.to_act() == (1,)


def test_two_players_draw_2_you_play_again() -> None:
    state = start(["rd2 r1 r2 r3 r4 r6 r7", "y1 y2 y4 y5 y6 y7 y8"], "r5", draw="b1 b2")
    act(state, 0, "play rd2")
    act(state, 1, "accept")
    assert len(state.hands[1]) == 9
    assert state.to_act() == (0,)


def test_the_target_of_a_guilty_wild_draw_4_then_plays_its_turn() -> None:
    state = start(
        ["wd4 r1 g2 g3 g4 g6 g7", "y1 y2 y4 y5 y6 y7 b8", THIRD], "r5", draw="b1 b2 b3 b4"
    )
    act(state, 0, "play wd4 blue")
    act(state, 1, "challenge")
    view = state.view(1)
    assert (view.turn, view.phase, view.command) == (1, "play", None)
    act(state, 1, "play b8")  # on the named blue
    assert state.to_act() == (2,)


def test_decline_is_not_an_answer_to_a_command() -> None:
    state = start(["rd2 r1 g2 g3 g4 g6 g7", "y1 y2 y4 y5 y6 y7 y8", THIRD], "r5")
    act(state, 0, "play rd2")
    with pytest.raises(IllegalActionError) as err:
        act(state, 1, "decline")
    assert err.value.code == "must-respond"
    assert "seat 0's Draw 2 is directed at you: answer it first with accept" in err.value.reason
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, "accept")
    assert err.value.code == "not-your-turn"


def test_beam_as_the_last_card_ends_the_hand() -> None:
    # two players, dealer 0: seat 1 sheds Skips (seat 0 skipped each time) down to Beam
    state = start(
        ["gd2 r1 r2 r3 r4 r6 r7", "rskip rskip yskip yskip gskip g1 beam"], "r5", dealer=0
    )
    shed_skips(state, 1, 0)
    act(state, 1, "uno")
    act(state, 1, "play g1")
    act(state, 0, "play gd2")
    act(state, 1, "beam red")
    # seat 1 went out: it scores seat 0's r1 r2 r3 r4 r6 r7 = 23 and draws nothing
    assert state.board.totals == [0, 23]
    assert len(state.hands[1]) == 0
    assert state.to_act() == (CHANCE,)


def two_cards_and_beam() -> UnoState:
    """Two players, dealer 0: seat 1 sheds to y7 and Beam; seat 0 plays a yellow Draw 2."""
    state = start(["yd2 r1 r2 r3 r4 r6 r7", "rskip rskip yskip yskip y3 y7 beam"], "r5", dealer=0)
    for card in ("rskip", "rskip", "yskip", "yskip"):
        act(state, 1, f"play {card}")
        act(state, 0, "accept")
    act(state, 1, "play y3")
    act(state, 0, "play yd2")
    assert "uno" in {str(a) for a in state.legal_actions(1)}
    return state


def test_beam_as_the_second_to_last_card_without_the_call_opens_the_catch_window() -> None:
    state = two_cards_and_beam()
    act(state, 1, "beam red")
    assert hand("y7") == Counter(state.hands[1])
    assert state.window is not None and state.window.subject == 1
    # the caught player first, then seat 0, whose turn it is after the beamer
    assert state.to_act() == (1, 0)
    act(state, 1, "decline")
    act(state, 0, "catch 1")
    assert len(state.hands[1]) == 1 + 5
    assert state.to_act() == (0,)


def test_beam_as_the_second_to_last_card_after_the_call_is_safe() -> None:
    state = two_cards_and_beam()
    act(state, 1, "uno")
    act(state, 1, "beam red")
    assert state.window is None
    assert state.to_act() == (0,)
