"""cardkit's endgame solver (pimc's ``solve``) on Oh Hell endgames, against brute force."""

from __future__ import annotations

from typing import Any

import pytest
from cardkit.testing import check_endgames

from cardkit_oh_hell import GAME


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, {}),
        (4, {"hands": 3}),
        (5, {"off_bid_penalty": True, "points_per_trick": 3}),
    ],
)
def test_endgames_agree_with_brute_force(players: int, options: dict[str, Any]) -> None:
    """200 endgames in all (67 + 67 + 66), 2 or 3 cards a hand, at a random seat; in a
    match of several hands the solve stops where the hand is scored (``horizon``)."""
    endgames = 67 if players < 5 else 66
    solved = check_endgames(GAME, players, options, cards=3, endgames=endgames, first_seed=players)
    assert solved == endgames
