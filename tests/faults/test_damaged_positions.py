"""Damaged positions: any value in any place is refused with one line, never a crash."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

from cardkit.positions import PositionError, load_position
from games.universal_bid import GAME
from tests.games.universal_bid.test_positions import EXAMPLE

WEIRD: list[Any] = [None, "x", -1, [], {}, 1.5, True, 10**6, [None], "E:3", [1, "E:3"], 0]


def places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from places(item, (*path, index))


def test_damaged_positions_are_refused_in_one_line() -> None:
    base = load_position(EXAMPLE)
    spots = list(places(base))[1:]
    rng = random.Random(0)
    refused = 0
    for _ in range(800):
        data = copy.deepcopy(base)
        for _ in range(rng.randint(1, 2)):
            path = rng.choice(spots)
            target = data
            try:
                for key in path[:-1]:
                    target = target[key]
                target[path[-1]] = rng.choice(WEIRD)
            except (KeyError, IndexError, TypeError):
                continue  # an earlier change removed this place
        try:
            state = GAME.from_position(data)
        except PositionError as exc:
            assert "\n" not in str(exc) and str(exc)
            refused += 1
        else:  # a change that still makes a valid position: it must be one, whole
            again = GAME.position(state)
            assert GAME.position(GAME.from_position(again)) == again
    assert refused > 0
