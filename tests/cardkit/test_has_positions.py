"""``Game.has_positions`` is derived from what the game implements, never declared."""

from __future__ import annotations

import pytest

from cardkit import Game, State
from cardkit.registry import get_game
from games.universal_bid import UniversalBidGame, UniversalBidState
from tests.tinygame import TinyGame


@pytest.mark.parametrize("name", ["ufos", "universal-bid", "uno-star-trek"])
def test_the_built_in_games_have_positions(name: str) -> None:
    assert get_game(name).has_positions


def test_a_game_without_position_methods_has_none() -> None:
    assert not TinyGame().has_positions


class NoWorlds(UniversalBidGame):
    """Positions on the state, but the base Game's sample_world."""

    sample_world = Game.sample_world
    public_state = Game.public_state


class NoRestoreState(UniversalBidState):
    record = ()
    restore_position = State.restore_position


class NoRestore(UniversalBidGame):
    """Worlds and written positions, but a state that cannot be set up from one."""

    state = NoRestoreState


class NoSummaryState(UniversalBidState):
    position_summary = State.position_summary


class NoSummary(UniversalBidGame):
    state = NoSummaryState


class NoPartState(UniversalBidState):
    record = ()
    position_part = State.position_part


class NoPart(UniversalBidGame):
    state = NoPartState


@pytest.mark.parametrize("game", [NoWorlds, NoRestore, NoSummary, NoPart])
def test_a_game_lacking_any_one_of_the_four_has_no_positions(game: type[Game]) -> None:
    assert not game().has_positions


def test_a_subclass_of_a_game_with_positions_keeps_them() -> None:
    class Renamed(UniversalBidGame):
        name = "renamed"

    assert Renamed().has_positions
