"""cardkit.rl: every game as a PettingZoo AEC environment (skipped without the rl extra)."""

from __future__ import annotations

import sys
import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

from cardkit import IllegalActionError, OptionError, UnknownNameError
from cardkit.game import Game
from cardkit.registry import get_game
from cardkit.rl import CardkitEnv, env
from tests import tinygame
from tests.examples.overlay import ROOT

CYCLES = 200


def oh_hell() -> Game:
    sys.path.insert(0, str(ROOT / "examples" / "oh-hell"))
    try:
        from cardkit_oh_hell import GAME
    finally:
        sys.path.remove(str(ROOT / "examples" / "oh-hell"))
    return GAME


GAMES: dict[str, Game] = {
    **{g: get_game(g) for g in ("universal-bid", "ufos", "uno-star-trek")},
    "oh-hell": oh_hell(),
    "tiny": tinygame.GAME,
}

CASES = [
    (name, n)
    for name, game in GAMES.items()
    for n in sorted({game.min_players, game.default_players, game.max_players})
]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_api_and_seed_tests_pass(name: str, players: int) -> None:
    game = GAMES[name]
    with warnings.catch_warnings():
        # PettingZoo's api_test says a Dict observation "is not a NumPy array" and "probably
        # should be" a Box, as it does for its own classic games with action masks
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(game, players=players, render_mode="ansi"), num_cycles=CYCLES)
        seed_test(lambda: env(game, players=players), num_cycles=CYCLES)


def random_episode(e: CardkitEnv, seed: int) -> dict[str, float]:
    """Play one match with random masked actions; each agent's rewards added up."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        state = e.match
        assert state is not None
        assert agent == f"player_{state.to_act()[0]}"  # the core's first seat to act
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) == len(state.legal_actions(state.to_act()[0]))
        e.step(int(rng.choice(legal)))
    return total


def test_score_rewards_add_up_to_the_result() -> None:
    e = env("universal-bid", players=3, options={"schedule": "2,1"})
    total = random_episode(e, 4)
    assert e.match is not None and e.match.is_over()
    scores = e.match.result().scores  # a match starts at 0
    assert [total[a] for a in e.possible_agents] == list(scores)
    assert not e.agents  # every agent was told the end and left


def test_score_rewards_count_from_the_starting_points() -> None:
    e = env("ufos", players=3, options={"hands_per_player": 1, "starting_points": 7})
    total = random_episode(e, 2)
    assert e.match is not None
    scores = e.match.result().scores
    assert [total[a] for a in e.possible_agents] == [s - 7 for s in scores]


def test_win_rewards_give_the_share_at_the_end() -> None:
    e = env(tinygame.GAME, 3, rewards="win")
    total = random_episode(e, 9)
    assert e.match is not None
    result = e.match.result()
    assert [total[a] for a in e.possible_agents] == [result.share(s) for s in range(3)]
    assert sum(total.values()) == pytest.approx(1.0)


def test_a_catch_window_asks_its_seats_before_the_turn() -> None:
    e = env("uno-star-trek", players=3, options={"max_turns": 80})
    windows = 0
    for seed in range(4):  # random play leaves a catch window open in matches 2 and 3
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            state = e.match
            assert state is not None
            to_act = state.to_act()
            if state.view(to_act[0]).window == "catch":  # type: ignore[attr-defined]
                windows += 1
                assert agent == f"player_{to_act[0]}" and len(to_act) > 1
                for other in e.possible_agents:  # the others wait their turn in the window
                    if other != agent:
                        assert not e.observe(other)["action_mask"].any()
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert windows > 0


def test_a_sealed_pick_is_asked_seat_by_seat_and_stays_hidden() -> None:
    e = env("ufos", players=4)
    e.reset(seed=3)
    assert e.match is not None and e.match.view(0).phase == "choose"  # type: ignore[attr-defined]
    first = e.agent_selection
    space = e.actions
    e.step(space.index(e.game.parse_action("choose red high")))
    second = e.agent_selection
    assert second != first
    seat = e.agent_name_mapping[second]
    picks = e.observe(second)["observation"][e.observer.offsets()["my_suit"]]
    assert not picks.any()  # the next seat sees its own (empty) pick, not the first one's
    assert e.match.view(seat).my_suit is None  # type: ignore[attr-defined]


def test_the_same_seed_gives_the_same_match_and_reset_moves_on() -> None:
    a, b = env("uno-star-trek"), env("uno-star-trek")
    a.reset(seed=5)
    b.reset(seed=5)
    assert a.match is not None and b.match is not None
    assert a.match.history == b.match.history
    first = list(a.match.history)
    a.reset()  # the next seed of the generator seed 5 started
    b.reset()
    assert a.match.history == b.match.history != first


def test_render_gives_the_table_as_text() -> None:
    e = env("universal-bid", render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert isinstance(text, str)
    assert "hand: " in text and "you" in text
    assert env("universal-bid").render() is None  # no render mode: nothing drawn


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        ({"game_id": "nope"}, UnknownNameError, "nope"),
        ({"game_id": "ufos", "players": 2}, OptionError, "3 to 6 players, not 2"),
        ({"game_id": "ufos", "options": {"respy": 3}}, OptionError, "respy"),
        ({"game_id": "ufos", "render_mode": "rgb"}, OptionError, "render_mode must be ansi"),
        ({"game_id": "ufos", "rewards": "points"}, OptionError, "rewards must be score or win"),
    ],
)
def test_bad_settings_are_one_clear_error(
    args: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        env(**args)


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    e = env("universal-bid", players=4)
    e.reset(seed=0)
    assert e.match is not None
    before = list(e.match.history)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError):
        e.step(illegal)
    with pytest.raises(ValueError, match="outside 0 to 64"):
        e.step(65)
    assert e.match.history == before


def test_using_it_before_reset_says_so() -> None:
    with pytest.raises(RuntimeError, match="reset"):
        env("ufos").observe("player_0")
