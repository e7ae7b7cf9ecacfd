"""The core's conformance kit over every player count, and a seeded record replay."""

from __future__ import annotations

import pytest

from cardkit import Record, replay
from cardkit.bots import RandomBot, bot_seed
from cardkit.registry import get_game
from cardkit.runner import play_match
from cardkit.testing import check_game, states_equal
from games.uno_star_trek import GAME, HeuristicBot


def test_registered_under_its_id() -> None:
    assert get_game("uno-star-trek").id == GAME.id == "uno-star-trek"
    assert GAME.bots["heuristic"] is HeuristicBot


@pytest.mark.parametrize("players", range(2, 11))
def test_conformance_kit_short_matches(players: int) -> None:
    # target_score 1: every match is one full hand, checked at every second step
    report = check_game(
        GAME, players=[players], matches=2, options={"target_score": 1}, deep_every=2
    )
    assert report.matches == {players: 2}


def test_conformance_kit_default_options() -> None:
    report = check_game(GAME, players=[2, 4], matches=1, deep_every=5)
    assert set(report.matches) == {2, 4}


def test_conformance_kit_lowest_scoring_variant() -> None:
    check_game(GAME, players=[3], matches=1, options={"scoring": "lowest", "target_score": 50})


def test_a_bot_match_replays_from_its_record() -> None:
    bots = [HeuristicBot(GAME, 0, bot_seed(5, 0))] + [
        RandomBot(GAME, s, bot_seed(5, s)) for s in range(1, 4)
    ]
    outcome = play_match(GAME, bots, 5, {"target_score": 100})
    assert outcome.failure is None
    rebuilt = replay(Record.from_json(Record.of(outcome.state).to_json()), GAME)
    assert states_equal(outcome.state, rebuilt)
