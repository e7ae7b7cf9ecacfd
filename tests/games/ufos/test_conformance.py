"""The core's conformance kit over U.F.O.s, and the plugin's registration."""

from __future__ import annotations

import pytest

from cardkit.registry import bots_for, get_game
from cardkit.testing import check_game
from games.ufos import GAME


def test_registered_as_ufos() -> None:
    assert get_game("ufos") is GAME
    assert "heuristic" in bots_for(GAME)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_conformance(players: int) -> None:
    report = check_game(GAME, players=[players], matches=2, deep_every=3)
    assert report.matches == {players: 2}


def test_conformance_with_respy_and_few_points() -> None:
    options = {"respy": True, "starting_points": 3, "hands_per_player": 1}
    check_game(GAME, players=[3, 5], matches=2, options=options)


def test_rules_text_and_options() -> None:
    assert "Blue" in GAME.rules and "spy" in GAME.rules
    names = {o.name: o.default for o in GAME.options}
    assert names == {"starting_points": 20, "hands_per_player": 2, "respy": False}
