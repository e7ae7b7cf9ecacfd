"""The cardkit conformance kit on Oh Hell, and the heuristic bot against random play."""

from __future__ import annotations

from typing import Any

import pytest
from cardkit.registry import bots_for
from cardkit.runner import versus_random
from cardkit.testing import check_game

from cardkit_oh_hell import GAME, HeuristicBot


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"hands": 3, "num_tricks_fixed": 4, "off_bid_penalty": True},
        {"num_suits": 2, "num_cards_per_suit": 5, "points_per_trick": 3},
        {"num_suits": 1, "num_cards_per_suit": 8},
    ],
)
def test_conformance(options: dict[str, Any]) -> None:
    players = range(3, 8) if not options or "hands" in options else range(3, 4)
    report = check_game(GAME, players=players, matches=4, options=options)
    assert sum(report.matches.values()) == 4 * len(players)


def test_the_heuristic_bot_is_listed_for_the_game() -> None:
    assert bots_for(GAME)["heuristic"] is HeuristicBot


def test_the_heuristic_bot_beats_random_play() -> None:
    share = 0.0
    matches = 120
    for seat, outcome in versus_random(GAME, HeuristicBot, matches, 4, {"hands": 5}):
        assert outcome.result is not None, outcome.failure
        share += outcome.result.share(seat)
    # A random seat would take a quarter of the wins.
    assert share / matches > 0.4
