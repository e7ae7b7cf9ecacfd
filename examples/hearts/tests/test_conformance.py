"""The cardkit conformance kit on Hearts, and the heuristic bot against random play."""

from __future__ import annotations

from typing import Any

import pytest
from cardkit.registry import bots_for
from cardkit.runner import versus_random
from cardkit.testing import check_game

from cardkit_hearts import GAME, HeuristicBot


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"target": 30, "pass_cards": False, "no_pts_on_first_trick": False},
        {
            "target": 40,
            "can_lead_any_club": True,
            "jd_bonus": True,
            "avoid_all_tricks_bonus": True,
            "must_break_hearts": False,
            "can_lead_hearts_instead_of_qs": True,
        },
        {"target": 1, "qs_breaks_hearts": False},
    ],
)
def test_conformance(options: dict[str, Any]) -> None:
    report = check_game(GAME, matches=2, options=options)
    assert report.matches == {4: 2}


def test_the_match_never_runs_past_its_bound() -> None:
    # Each hand adds at least 26 points to the four totals (1 with both bonuses), and
    # the largest total is at least a quarter of them: 100 is reached within 16 hands.
    assert GAME.max_steps(4, GAME.make_options({})) == 16 * 65
    options = GAME.make_options({"jd_bonus": True, "avoid_all_tricks_bonus": True})
    assert GAME.max_steps(4, options) == 400 * 65


def test_the_heuristic_bot_is_listed_for_the_game() -> None:
    assert bots_for(GAME)["heuristic"] is HeuristicBot


def test_the_heuristic_bot_beats_random_play() -> None:
    share = 0.0
    matches = 40
    for seat, outcome in versus_random(GAME, HeuristicBot, matches, 4, {"target": 50}):
        assert outcome.result is not None, outcome.failure
        share += outcome.result.share(seat)
    # A random seat would take a quarter of the wins.
    assert share / matches > 0.6
