"""Oh Hell positions: round trips, refusals with the rule's reason, uniform sampled worlds."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from cardkit.positions import PositionError
from cardkit.testing import check_positions, check_uniform

from cardkit_oh_hell import GAME, OhHellState

SMALL = {"num_suits": 1, "num_cards_per_suit": 8, "num_tricks_fixed": 2}
"""Eight clubs: 3 seats of 2 cards, the trump card and one card in the stock."""


def bidding(options: dict[str, Any] | None = None, players: int = 3) -> OhHellState:
    state = GAME.create(players, 4, options)
    assert isinstance(state, OhHellState) and state.phase == "bid"
    return state


def test_a_position_plays_on_as_the_original() -> None:
    state = bidding({"hands": 2})
    data = json.loads(json.dumps(GAME.position(state)))
    again = GAME.from_position(data)
    while not state.is_over():
        seat = state.to_act()[0]
        assert again.view(seat) == state.view(seat)
        action = state.legal_actions(seat)[-1]
        state.apply(seat, action)
        again.apply(seat, action)
    assert again.result() == state.result()
    assert again.history == state.history[len(state.history) - len(again.history) :]


def test_the_kit_checks_positions_and_worlds() -> None:
    check_positions(GAME, range(3, 6), matches=2, options={"hands": 3})
    check_positions(GAME, [3], matches=2, options=SMALL)


def test_worlds_of_a_small_deal_are_uniform() -> None:
    # seat 1 bids first and cannot see 5 cards: 2 in each other hand and 1 in the stock,
    # 5! / (2! 2! 1!) = 30 deals
    state = bidding(SMALL)
    seat = state.to_act()[0]
    check_uniform(GAME, GAME.position(state), seat, deals=30, samples=3000, seed=2)


def damage(data: dict[str, Any], what: str) -> None:
    part = data["state"]
    if what == "twice":
        part["hands"][1][0] = part["hands"][0][0]
    elif what == "size":
        part["stock"].append(part["hands"][0].pop())
    elif what == "bid":
        seat = data["to_act"][0]
        part["bids"][seat] = part["num_tricks"] + 1
    elif what == "points":
        data["scores"][0] = 5


@pytest.mark.parametrize(
    ("what", "words"),
    [
        ("twice", "cards appear more than once"),
        ("size", "seat 0 holds"),
        ("bid", "bid from 0 to"),
        ("points", "scores must be the sums"),
    ],
)
def test_a_position_that_breaks_the_rules_is_refused(what: str, words: str) -> None:
    data = json.loads(json.dumps(GAME.position(bidding({"hands": 2}))))
    damage(data, what)
    with pytest.raises(PositionError, match=words):
        GAME.from_position(data)


def test_a_world_keeps_the_seats_view() -> None:
    state = bidding({"hands": 2})
    for _ in range(7):
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    for seat in range(3):
        world = GAME.sample_world(state.view(seat), random.Random(seat))
        assert world.view(seat) == state.view(seat)


def check_world(world: OhHellState, seat: int, truth: OhHellState) -> None:
    """``world`` shows ``seat`` its view of ``truth`` at the same step, and is the state
    its own position sets up: the same position, views, zones and legal actions, and the
    same play after (chance draws too)."""
    assert world.view(seat) == truth.view(seat)
    assert world.steps == truth.steps
    again = GAME.from_position(json.loads(json.dumps(GAME.position(world))))
    assert GAME.position(again) == GAME.position(world)
    rng = random.Random(world.seed)
    while True:
        assert world.zones() == again.zones()
        for s in range(world.players):
            assert world.view(s) == again.view(s)
            assert world.legal_actions(s) == again.legal_actions(s)
        if world.is_over():
            break
        who = world.to_act()[0]
        legal = world.legal_actions(who)
        action = legal[rng.randrange(len(legal))]
        world.apply(who, action)
        again.apply(who, action)
    assert world.history == again.history
    assert world.result() == again.result()


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {"hands": 2}), (5, {"num_suits": 2, "num_cards_per_suit": 9, "hands": 3})],
)
def test_a_world_is_the_state_its_position_sets_up_and_plays_on_alike(
    players: int, options: dict[str, Any]
) -> None:
    state = GAME.create(players, 9, options)
    rng = random.Random(players)
    while True:
        for seat in range(players):
            check_world(GAME.sample_world(state.view(seat), rng), seat, state)
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])


FIRST_FORMAT: dict[str, Any] = {
    "format": "cardkit-position/1",
    "game": "oh-hell",
    "players": 3,
    "options": {
        "num_suits": 2,
        "num_cards_per_suit": 6,
        "num_tricks_fixed": -1,
        "off_bid_penalty": False,
        "points_per_trick": 1,
        "hands": 2,
    },
    "seed": 0,
    "step": 24,
    "dealer": 1,
    "to_act": [1],
    "scores": [13, 0, 0],
    "hand": 2,
    "state": {
        "phase": "play",
        "trick_counters": ["#2", "#1", "#3"],
        "seat_counters": ["@0", "@2", "@1"],
        "num_tricks": 2,
        "hands": [[], ["C2"], ["D4"]],
        "trump": "C6",
        "stock": ["C4", "C5", "C3", "D3", "C7"],
        "bids": [2, 2, 2],
        "past_tricks": [[[2, "D5"], [0, "D7"], [1, "D2"]]],
        "trick": [[0, "D6"]],
        "hand_log": [{"tricks": 3, "points": [13, 0, 0]}],
    },
}
"""A position file of the first format, as written when the stock was listed in the
order it was dealt: seed 0, every seat taking its last legal action, at step 24."""


def test_a_position_file_of_the_first_format_loads() -> None:
    state = GAME.create(3, 0, FIRST_FORMAT["options"])
    while state.steps < FIRST_FORMAT["step"]:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    again = GAME.from_position(FIRST_FORMAT)
    assert again.zones() == state.zones()
    for seat in range(3):
        assert again.view(seat) == state.view(seat)
    written = GAME.position(again)
    assert written == GAME.position(state)
    # the same position, the stock now listed in deck order
    assert written["state"] == {**FIRST_FORMAT["state"], "stock": ["C3", "C4", "C5", "C7", "D3"]}
