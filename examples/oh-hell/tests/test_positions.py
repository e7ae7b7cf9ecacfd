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
