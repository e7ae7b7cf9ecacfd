"""cardkit's endgame solver (pimc's ``solve``) on Hearts endgames, against brute force."""

from __future__ import annotations

from typing import Any

import pytest
from cardkit.testing import check_endgames

from cardkit_hearts import GAME


@pytest.mark.parametrize(
    "options",
    [{}, {"target": 1}, {"pass_cards": False, "jd_bonus": True, "avoid_all_tricks_bonus": True}],
)
def test_endgames_agree_with_brute_force(options: dict[str, Any]) -> None:
    """200 endgames in all (67 + 67 + 66), 2 or 3 cards a hand, at a random seat: the
    last tricks decide the queen of spades, the moon and, with ``target=1``, the match."""
    endgames = 66 if "pass_cards" in options else 67
    solved = check_endgames(GAME, 4, options, cards=3, endgames=endgames, first_seed=len(options))
    assert solved == endgames
