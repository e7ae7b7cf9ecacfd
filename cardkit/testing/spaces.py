"""Action spaces and observations (:func:`check_spaces`), for a game with
``Game.spaces``.

Every legal action has an index that maps back to it, and the space is what the
game declares; every observation has the space's fixed size and is a function
of the view alone.
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Iterable, Mapping
from typing import Any

from cardkit.actions import Action
from cardkit.bots import RandomBot, bot_seed
from cardkit.game import Game, State
from cardkit.runner import drive
from cardkit.testing.errors import ConformanceError, _fail
from cardkit.testing.positions import WORLDS


def check_spaces(
    game: Game,
    players: Iterable[int],
    matches: int = 2,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> None:
    """Check the game's action space and observations over seeded random matches.

    The space is what the game declares (its ``spaces.actions``, in its order, the
    same each time it is asked), every index maps to an action that maps back to it
    and whose text parses back to it; at every step, every legal action of every
    seat to act has an index that maps back to it, and the mask marks exactly
    the legal actions. Observations: see :func:`_check_observations`.
    Raises :class:`ConformanceError`.
    """
    for n in players:
        record = game.make_options(options)
        space = game.action_space(n, record)
        _check_space(game, n, space, record)
        for m in range(matches):
            match_seed = seed * 1000 + n * 100 + m + 70
            _check_match_spaces(game, n, match_seed, options)


def _check_space(game: Game, n: int, space: Any, options: Any) -> None:
    assert game.spaces is not None  # game.action_space refuses a game without
    listed = game.spaces.actions
    declared = tuple(listed(n, options))
    if space.actions != declared or tuple(listed(n, options)) != declared:
        raise ConformanceError(
            f"{game.id} ({n} players): the action space is not the actions the game declares, "
            "in the same order each time"
        )
    if space.size != len(declared) or not space.size:
        raise ConformanceError(
            f"{game.id} ({n} players): the action space has {space.size} actions, "
            f"the game declares {len(declared)}"
        )
    state = game.new_state(n, 0, options, True)  # the deck texts are read from
    for i in range(space.size):
        action = space.action(i)
        if space.index(action) != i:
            raise ConformanceError(
                f"{game.id} ({n} players): action index {i} ({action}) maps back to "
                f"{space.index(action)}"
            )
        text = str(action)
        try:
            back = game.parse_action(text, state)
        except ValueError as exc:
            what = f"action {i} of the space, {text!r}, does not parse: {exc}"
            raise ConformanceError(f"{game.id} ({n} players): {what}") from None
        if back != action:
            what = f"action {i} of the space, {text!r}, parses to {back!r}, not {action!r}"
            raise ConformanceError(f"{game.id} ({n} players): {what}")


def _check_match_spaces(game: Game, n: int, seed: int, options: Mapping[str, Any] | None) -> None:
    state = game.create(n, seed, options)
    space = game.action_space(n, state.options)
    bots = [RandomBot(game, s, bot_seed(seed, s)) for s in range(n)]

    def before(state: State, seat: int, legal: tuple[Action, ...]) -> None:
        step = len(state.history)
        for s in state.to_act():
            actions = state.legal_actions(s)
            for action in actions:
                if action not in space:
                    what = f"legal action {action} of seat {s} has no index in the action space"
                    raise _fail(game, n, seed, step, what)
                back = space.action(space.index(action))
                if back != action:
                    what = f"legal action {action} maps to index {space.index(action)}, "
                    raise _fail(game, n, seed, step, what + f"which is {back}")
            mask = space.mask(actions)
            if sum(mask) != len(set(actions)) or len(mask) != space.size:
                what = f"the mask of seat {s} does not mark exactly its legal actions"
                raise _fail(game, n, seed, step, what)
        for s in dict.fromkeys((seat, step % n)):
            _check_observation(game, n, seed, step, state, s, encoder, seen)
        if step in marks:
            view = state.view(seat)
            world = game.sample_world(view, picks)
            if encoder.encode(world.view(seat)) != encoder.encode(view):
                what = f"a world sampled for seat {seat} gives it another observation"
                raise _fail(game, n, seed, step, what)

    encoder = game.observation_space(n, state.options)
    seen: dict[Any, list[float]] = {}
    picks = random.Random(seed)
    bound = game.max_steps(n, state.options)
    marks = set(picks.sample(range(bound), min(WORLDS, bound))) if game.has_positions else set()
    drive(state, bots, before=before)
    _check_observation(game, n, seed, len(state.history), state, 0, encoder, seen)


def _check_observation(
    game: Game,
    n: int,
    seed: int,
    step: int,
    state: State,
    seat: int,
    encoder: Any,
    seen: dict[Any, list[float]],
) -> None:
    """The observation of ``seat`` has the space's size, finite floats, and is the same for
    equal views (met earlier in the match, or a copy of this one)."""
    view = state.view(seat)
    got = encoder.encode(view)
    if len(got) != encoder.size:
        what = f"the observation of seat {seat} has {len(got)} floats, not {encoder.size}"
        raise _fail(game, n, seed, step, what)
    if not all(isinstance(x, float) and math.isfinite(x) for x in got):
        what = f"the observation of seat {seat} holds something other than finite floats"
        raise _fail(game, n, seed, step, what)
    if encoder.encode(copy.deepcopy(view)) != got:
        what = f"the observation of seat {seat} is not a function of its view"
        raise _fail(game, n, seed, step, what)
    if encoder.from_state is not None and encoder.from_state(state, seat) != got:
        what = f"the observation of seat {seat} read from the state is not that of its view"
        raise _fail(game, n, seed, step, what)
    try:
        earlier = seen.setdefault(view, got)
    except TypeError:  # a view that cannot be hashed is only compared with its copy
        return
    if earlier != got:
        what = f"two equal views of seat {seat} give different observations"
        raise _fail(game, n, seed, step, what)
