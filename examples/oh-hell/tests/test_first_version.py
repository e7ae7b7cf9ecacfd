"""Version 1 positions (``first_version.json``, written before positions were the state's
record) still load, equal the states they were written from, and play on alike."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from cardkit import CHANCE

from cardkit_oh_hell import GAME, OhHellState

FILE = Path(__file__).with_name("first_version.json")
CASES: list[dict[str, Any]] = json.loads(FILE.read_text())
"""Each: a version 1 position and whether its match drew chance by itself. The match is
made again from the position's players, seed and options, every seat taking a legal
action at random from ``random.Random(seed)``, chance drawn by the state, up to its step."""


def step(state: OhHellState, rng: random.Random) -> None:
    seat = state.to_act()[0]
    if seat == CHANCE:
        state.apply(CHANCE, state.sample_chance())
    else:
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])


def same(a: OhHellState, b: OhHellState) -> None:
    assert a.to_act() == b.to_act()
    assert a.zones() == b.zones()
    for seat in range(a.players):
        assert a.view(seat) == b.view(seat)
        assert a.legal_actions(seat) == b.legal_actions(seat)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"seed{c['position']['seed']}")
def test_a_first_version_position_loads_and_plays_on(case: dict[str, Any]) -> None:
    """The state a version 1 position sets up, and the one its version 2 position (written
    now) sets up, equal the original and play on alike, chance draws included."""
    position, auto = case["position"], case["auto_chance"]
    assert position["format"] == "cardkit-position/1"
    rng = random.Random(position["seed"])
    truth = GAME.create(
        position["players"], position["seed"], position["options"], auto_chance=auto
    )
    while truth.steps < position["step"]:
        step(truth, rng)
    again = GAME.from_position(position, auto_chance=auto)
    written = json.loads(json.dumps(GAME.position(again)))
    assert written == GAME.position(truth) and written["format"] == "cardkit-position/2"
    rebuilt = [again, GAME.from_position(written, auto_chance=auto)]
    while True:
        for state in rebuilt:
            same(state, truth)
        if truth.is_over():
            break
        before = len(truth.history)
        step(truth, rng)
        new = truth.history[before:]  # chance drawn by itself follows the action
        for state in rebuilt:
            for seat, action in new:
                if seat != CHANCE:
                    state.apply(seat, action)
                elif not auto:
                    state.apply(CHANCE, state.sample_chance())
            assert state.history[-len(new) :] == new
    assert all(state.result() == truth.result() for state in rebuilt)
