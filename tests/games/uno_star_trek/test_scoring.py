"""Scoring, the end of the match, the lowest-score variant and max_turns (RULINGS 10, 12, 13)."""

from __future__ import annotations

from typing import Any

import pytest

from cardkit import CHANCE
from games.uno_star_trek import GAME, UnoState
from tests.games.uno_star_trek.support import act, cards, shed_skips, start

SHEDDER = "rskip rskip yskip yskip gskip gskip"
# 9 + 9 + 20 + 20 + 50 + 50 + 0 = 158 points
LOSER = "r9 b9 yd2 grev wild meld g0"


def shed_two_players(last: str, play: str, draw: str = "", **options: Any) -> UnoState:
    """Seat 0 plays six Skips (seat 1 skipped each time), calling UNO before the sixth,
    then goes out with ``play``."""
    state = start([f"{SHEDDER} {last}", LOSER], "r5", draw=draw, options=options)
    shed_skips(state, 0, 1)
    act(state, 0, "uno")
    act(state, 0, "play gskip")
    act(state, 1, "accept")
    act(state, 0, play)
    return state


def test_going_out_scores_the_cards_left_in_the_other_hand() -> None:
    state = shed_two_players("g1", "play g1")
    assert state.board.totals == [158, 0]
    assert state.view(1).last_hand == (158, 0)
    # the match goes on (500 is not reached): the next hand is due
    assert state.to_act() == (CHANCE,)
    assert not state.is_over()


@pytest.mark.parametrize(
    "last, play, drawn_points",
    [
        ("gd2", "play gd2", 9 + 50),  # draws y9 wild
        ("wd4", "play wd4 red", 9 + 50 + 1 + 2),  # draws y9 wild b1 b2
        ("tribble", "play tribble red", 9 + 50 + 1 + 2 + 3 + 4 + 5),  # doubles 7 cards
    ],
)
def test_the_draw_a_last_card_forces_is_counted(last: str, play: str, drawn_points: int) -> None:
    state = shed_two_players(last, play, draw="y9 wild b1 b2 b3 b4 b5")
    assert state.board.totals == [158 + drawn_points, 0]
    # the hand is over at once: no challenge or Beam against the last card
    assert state.to_act() == (CHANCE,)


def shed_three_players(**options: Any) -> UnoState:
    """Three players: seat 0 sheds Skips (seat 1 skipped), seat 2 draws b1..b6 in turn."""
    hands = [f"{SHEDDER} g1", LOSER, "y1 y2 y3 y4 y6 y7 y8"]
    state = start(hands, "r5", draw="b1 b2 b3 b4 b5 b6", options=options)
    for index, card in enumerate(("rskip", "rskip", "yskip", "yskip", "gskip", "gskip")):
        if index == 5:
            act(state, 0, "uno")
        act(state, 0, f"play {card}")
        act(state, 1, "accept")
        act(state, 2, "draw")  # a blue number: it matches nothing
        act(state, 2, "keep")
    act(state, 0, "play g1")
    return state


def test_scores_are_right_with_more_than_two_players() -> None:
    state = shed_three_players()
    # seat 1 holds 158; seat 2 holds 1+2+3+4+6+7+8 = 31 plus b1..b6 = 21
    assert state.board.totals == [158 + 31 + 21, 0, 0]


def test_lowest_variant_everyone_adds_what_they_hold_and_the_lowest_wins() -> None:
    state = shed_three_players(scoring="lowest", target_score=100)
    assert state.board.totals == [0, 158, 52]
    assert state.is_over()
    result = state.result()
    assert result.finished
    assert result.winners == (0,)


def test_lowest_variant_players_tied_for_the_lowest_total_share_the_win() -> None:
    """RULING 13. Hand 1 (seat 0 goes out): totals 0, 158, 52. Hand 2, dealt by seat 0
    (the deal passes left), seat 1 first: seat 2 sheds Skips against seat 0 while seat 1
    draws b1..b7 and goes out. Seat 0 is caught with 9+9+9+9+8+8+0 = 52, seat 1 with
    31 + 28 = 59, so the totals are 52, 217, 52: seat 1 passed 200 and seats 0 and 2
    share the lowest total."""
    state = shed_three_players(scoring="lowest", target_score=200)
    assert state.board.totals == [0, 158, 52]
    assert state.order.dealer == 0
    hands = ["r9 b9 y9 g9 r8 b8 y0", "y1 y2 y3 y4 y6 y7 y8", f"{SHEDDER} g1"]
    deal = state.deal_shuffle(
        [cards(h) for h in hands], top=cards("r5"), draw=cards("b1 b2 b3 b4 b5 b6 b7")
    )
    state.apply(CHANCE, deal)
    for index, card in enumerate(("rskip", "rskip", "yskip", "yskip", "gskip", "gskip")):
        act(state, 1, "draw")  # a blue number: it matches nothing
        act(state, 1, "keep")
        if index == 5:
            act(state, 2, "uno")
        act(state, 2, f"play {card}")
        act(state, 0, "accept")
    act(state, 1, "draw")
    act(state, 1, "keep")
    act(state, 2, "play g1")
    assert state.board.totals == [52, 217, 52]
    assert state.is_over()
    result = state.result()
    assert result.finished
    assert result.winners == (0, 2)


def test_the_first_to_reach_the_target_wins_the_match() -> None:
    state = shed_two_players("g1", "play g1", target_score=150)
    assert state.is_over()
    assert state.to_act() == ()
    result = state.result()
    assert result.finished
    assert result.winners == (0,)
    assert result.scores == (158.0, 0.0)


def test_max_turns_stops_a_hand_with_no_winner_and_the_result_says_so() -> None:
    hands = ["r1 r2 r3 r4 r6 r7 r8", "y1 y2 y3 y4 y6 y7 r9", "g1 g2 g3 g4 g6 g7 g8"]
    state = start(hands, "r5", options={"max_turns": 2})
    act(state, 0, "play r1")  # turn 1
    act(state, 1, "play r9")  # turn 2; the third turn would pass max_turns
    assert state.is_over()
    result = state.result()
    assert not result.finished
    assert result.winners == ()
    assert "max_turns" in result.note
    assert result.scores == (0.0, 0.0, 0.0)


def test_max_steps_bounds_a_default_match() -> None:
    assert GAME.max_steps(4, {"max_turns": 10000}) > 10000 * 4


def test_the_last_draw_goes_to_the_next_player_in_the_direction_of_play() -> None:
    """Three players, scoring=lowest so that each hand's points show: seat 0 reverses
    (play goes right, to seat 2), sheds Skips against seat 2 and goes out with a Draw 2;
    seat 2, the next player to the right, draws the last two cards."""
    hands = ["rrev rskip yskip yskip gskip gskip gd2", LOSER, "y1 y2 y3 y4 y6 y7 y8"]
    draw = "b1 b2 b3 b4 b5 b6 b7 b8 b9"
    state = start(hands, "r5", draw=draw, options={"scoring": "lowest", "target_score": 1000})
    act(state, 0, "play rrev")
    for seat in (2, 1):  # draw b1 and b2: neither matches the red Reverse
        act(state, seat, "draw")
        act(state, seat, "keep")
    for index, card in enumerate(("rskip", "yskip", "yskip", "gskip", "gskip")):
        if index == 4:
            act(state, 0, "uno")
        act(state, 0, f"play {card}")
        act(state, 2, "accept")
        act(state, 1, "draw")  # b3 ... b7
        act(state, 1, "keep")
    act(state, 0, "play gd2")
    # seat 1: 158 + b2..b7 (27); seat 2: 31 + b1 + the last draw b8 b9 (17)
    assert state.board.totals == [0, 158 + 27, 31 + 1 + 17]
