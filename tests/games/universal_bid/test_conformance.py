"""The core's conformance kit, the registry entry and the rules text."""

from __future__ import annotations

from typer.testing import CliRunner

from cardkit.registry import bots_for, get_game
from cardkit.testing import check_game
from games.universal_bid import GAME, HeuristicBot


def test_conformance_two_to_six_players() -> None:
    report = check_game(GAME, players=range(2, 7), matches=2)
    assert report.matches == {2: 2, 3: 2, 4: 2, 5: 2, 6: 2}


def test_conformance_short_schedules() -> None:
    check_game(GAME, players=[4], matches=2, options={"schedule": "12"})
    check_game(GAME, players=[2, 6], matches=2, options={"schedule": "1,9"})


def test_registered_with_its_bot() -> None:
    assert get_game("universal-bid") is GAME
    assert bots_for(GAME)["heuristic"] is HeuristicBot
    assert GAME.min_players == 2 and GAME.max_players == 6


def test_rules_command_explains_the_game_and_its_option() -> None:
    from cli.app import app

    result = CliRunner().invoke(app, ["rules", "universal-bid"])
    assert result.exit_code == 0, result.output
    for words in ("Sun", "dealer", "follow", "schedule", "9,7,5,3,1,2,4,6,8,10", "bid 2"):
        assert words in result.output


def test_clone_is_equal_and_independent() -> None:
    from cardkit.testing import states_equal

    state = GAME.create(4, seed=9, options={"schedule": "3,2"})
    for _ in range(7):  # a few bids and plays into the first hand
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    copy = state.clone()
    assert states_equal(state, copy)
    before = [state.view(s) for s in range(4)], state.zones(), state.result()
    seat = copy.to_act()[0]
    copy.apply(seat, copy.legal_actions(seat)[-1])
    assert len(copy.history) == len(state.history) + 1
    assert ([state.view(s) for s in range(4)], state.zones(), state.result()) == before
    # both play on to the same end when given the same actions
    twin = state.clone()
    for s in (state, twin):
        while not s.is_over():
            who = s.to_act()[0]
            s.apply(who, s.legal_actions(who)[0])
    assert states_equal(state, twin)
