"""``State.scores()``: each seat's score so far, stated once per game on its state."""

from __future__ import annotations

import pytest

from cardkit import Action, Game, State
from cardkit.registry import get_game, make_bot
from cardkit.runner import drive
from games.universal_bid import UniversalBidState
from tests.tinygame import TinyGame, TinyState


def _walk(game: Game, players: int, seed: int) -> tuple[State, list[tuple[float, ...] | None]]:
    """Play one match of random bots; the scores before each step and at the end."""
    state = game.create(players, seed)
    seen: list[tuple[float, ...] | None] = []

    def before(state: State, seat: int, legal: tuple[Action, ...]) -> None:
        seen.append(state.scores())

    bots = [make_bot("random", game, s, seed + s) for s in range(players)]
    drive(state, bots, before=before)
    seen.append(state.scores())
    return state, seen


@pytest.mark.parametrize("name", ["ufos", "universal-bid", "uno-star-trek"])
def test_a_game_s_scores_start_at_its_start_and_end_at_its_result(name: str) -> None:
    game = get_game(name)
    state, seen = _walk(game, 3, 11)
    first = seen[0]
    assert first is not None and len(first) == 3
    assert seen[-1] == state.result().scores
    assert state.is_over()


def test_ufos_scores_start_from_the_starting_points() -> None:
    game = get_game("ufos")
    state = game.create(4, 1, {"starting_points": 7})
    assert state.scores() == (7, 7, 7, 7)


def test_universal_bid_s_scores_are_its_scoreboard_totals_at_every_step() -> None:
    game = get_game("universal-bid")
    state = game.create(3, 5, {"schedule": "2,1"})
    assert isinstance(state, UniversalBidState)
    totals: list[tuple[int, ...]] = []

    def before(now: State, seat: int, legal: tuple[Action, ...]) -> None:
        assert isinstance(now, UniversalBidState)
        assert now.scores() == tuple(now.board.totals)
        totals.append(tuple(now.board.totals))

    drive(state, [make_bot("random", game, s, s) for s in range(3)], before=before)
    assert state.scores() == tuple(state.board.totals)
    assert len(set(totals)) >= 2  # a hand was scored while playing: the totals moved


def test_the_tiny_game_states_its_scores() -> None:
    state, seen = _walk(TinyGame(), 2, 3)
    assert seen[0] == (0, 0)
    assert seen[-1] == state.result().scores


class Unscored(TinyState):
    scores = State.scores  # type: ignore[assignment]  # the core's default


class UnscoredGame(TinyGame):
    state = Unscored


def test_a_state_that_states_no_scores_gives_none() -> None:
    assert UnscoredGame().create(2, 0).scores() is None
