"""Sampled worlds at every decision of a match (:func:`check_worlds`) or along a
line of play a test sets up by hand (:func:`check_line`).

A world sampled for a seat shows it its view, passes the game's check of a
position, has the same seats to act, each with a legal action, and agrees with every
earlier play the seat saw.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from cardkit.actions import Action
from cardkit.bots import RandomBot, bot_seed
from cardkit.errors import PositionError
from cardkit.game import Game
from cardkit.state import _STALE, State, _state_items
from cardkit.testing.errors import _fail
from cardkit.testing.positions import _world
from cardkit.zones import Cards

DECISION_MATCHES = 1
"""Seeded matches per player count in which :func:`check_worlds` samples at every decision."""

DECISION_STEPS = 600
"""The steps of a match in which :func:`check_worlds` checks worlds (a whole match of
most games)."""


def check_worlds(
    game: Game,
    players: Iterable[int],
    matches: int = DECISION_MATCHES,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> None:
    """At every decision of seeded random matches (within :data:`DECISION_STEPS`), check
    a world sampled for the seat to act and for one other seat, each in turn.

    The world shows the seat exactly its view and passes the game's own check of a
    position (:meth:`State.check_position <cardkit.state.State.check_position>`: a
    world whose seat to act is not the one the rules choose, such as a first lead by
    a seat without the card that leads, is refused there); the same seats act in it,
    each with a legal action, and the seat's own legal actions are its real ones. For a state
    keeping its cards in :class:`~cardkit.zones.Cards`, the seat's public history is
    also replayed in the world: at each earlier decision back to the last step that
    moved a card where the seat could not see it go (a deal, a draw, a pass it was not
    part of), the world's cards then (the cards moved since put back where they were)
    must let that seat take the action it took. A sampler that misses what a play
    showed (a heart led before hearts were broken shows a hand of hearts only) or
    what whose turn it is shows (who holds the card that leads) fails here.
    Raises :class:`ConformanceError`.
    """
    for n in players:
        for m in range(matches):
            _check_match_worlds(game, n, seed * 1000 + n * 100 + m + 70, options)


def _check_match_worlds(game: Game, n: int, seed: int, options: Mapping[str, Any] | None) -> None:
    state = game.create(n, seed, options)
    bots = [RandomBot(game, s, bot_seed(seed, s)) for s in range(n)]
    bound = game.max_steps(n, state.options)

    def chooser(state: State) -> tuple[int, Action] | None:
        if state.is_over() or len(state.history) > bound:
            return None
        seat = state.to_act()[0]
        return seat, bots[seat].choose(state.view(seat), state.legal_actions(seat))

    _check_line_worlds(state, chooser, seed)


def check_line(state: State, line: Iterable[tuple[int, Action]], seed: int = 0) -> None:
    """:func:`check_worlds` along a line of play set up by hand: from ``state`` (a match
    dealt as the test needs), take each ``(seat, action)`` of ``line`` in turn, checking
    worlds sampled before each one and after the last."""
    steps = iter(line)
    _check_line_worlds(state, lambda _: next(steps, None), seed)


def _check_line_worlds(
    state: State, chooser: Callable[[State], tuple[int, Action] | None], seed: int
) -> None:
    game, n = state.game, state.players
    rng = random.Random(seed)
    past: list[Past] = []
    places = _places(state)
    while True:
        step = len(state.history)
        if not state.is_over() and step < DECISION_STEPS:
            actor = state.to_act()[0]
            for seat in {actor, (actor + 1 + step) % n}:
                world = _world(game, n, seed, step, state, seat, rng, valid=False)
                _check_world_now(game, n, seed, step, state, world, seat)
                _check_world_past(game, n, seed, step, places, world, seat, past)
        chosen = chooser(state)
        if chosen is None:
            return
        seat, action = chosen
        before, then = state.clone(), places
        state.apply(seat, action)
        places = _places(state)
        past.append((seat, action, before, then, _unseen_by(state, then, places)))


def _check_world_now(
    game: Game, n: int, seed: int, step: int, state: State, world: State, seat: int
) -> None:
    try:  # the game's own statement of its rules: a world is a position they allow
        world.check_position()
    except PositionError as exc:
        what = f"a world sampled for seat {seat} breaks the rules: {exc}"
        raise _fail(game, n, seed, step, what) from None
    if world.to_act() != state.to_act():
        what = (
            f"in a world sampled for seat {seat}, seats {world.to_act()} act, not {state.to_act()}"
        )
        raise _fail(game, n, seed, step, what)
    for actor in world.to_act():
        legal = world.legal_actions(actor)
        if not legal:
            what = f"in a world sampled for seat {seat}, seat {actor} to act has no legal action"
            raise _fail(game, n, seed, step, what)
        if actor == seat and legal != state.legal_actions(seat):
            what = f"a world sampled for seat {seat} gives it other legal actions"
            raise _fail(game, n, seed, step, what)


Past = tuple[int, Action, State, "list[int] | None", frozenset[int]]
"""A step of a line: the seat, its action, the state before, where each card was then
(:func:`_places`) and the seats that did not see where a card it moved went."""


def _unseen_by(state: State, then: list[int] | None, now: list[int] | None) -> frozenset[int]:
    """The seats that do not see where a card the step just applied to ``state`` moved,
    from the places ``then`` to ``now``: it went to a zone they do not see and they do
    not know it is there."""
    name = _cards_field(state)
    if now is None or then is None or name is None:
        return frozenset()
    cards: Cards = getattr(state, name)
    seen_by, known = cards.layout.seen_by, cards.known
    moved = [(i, zone) for i, (was, zone) in enumerate(zip(then, now, strict=True)) if was != zone]
    return frozenset(
        seat
        for seat in range(state.players)
        if any(seat not in seen_by[zone] and not known[seat] >> i & 1 for i, zone in moved)
    )


def _cards_field(state: State) -> str | None:
    """The name of the field holding ``state``'s :class:`~cardkit.zones.Cards`, if any."""
    for name, value in _state_items(state):
        if isinstance(value, Cards):
            return name
    return None


def _places(state: State) -> list[int] | None:
    """The zone of each physical card of ``state`` (None for a game not on zones)."""
    name = _cards_field(state)
    if name is None:
        return None
    cards: Cards = getattr(state, name)
    places = [0] * len(cards.layout.physical)
    for zone, mask in enumerate(cards.masks):
        while mask:
            low = mask & -mask
            places[low.bit_length() - 1] = zone
            mask ^= low
    return places


def _check_world_past(
    game: Game,
    n: int,
    seed: int,
    step: int,
    now: list[int] | None,
    world: State,
    seat: int,
    past: Sequence[Past],
) -> None:
    there = _places(world)
    if now is None or there is None:
        return
    for actor, action, before, then, unseen in reversed(past):
        if seat in unseen:
            return  # the world may have moved other cards there: its past differs
        assert then is not None
        rebuilt = [0] * len(now)
        for i, (was, is_, seen) in enumerate(zip(then, now, there, strict=True)):
            if was == is_:
                rebuilt[i] = seen  # not moved since: where the world has it
            elif seen == is_:
                rebuilt[i] = was  # moved in sight: the world moved it too
            else:
                return  # a hidden move: the world's past differs from here back
        name = _cards_field(before)
        assert name is not None
        truth: Cards = getattr(before, name)
        masks = [0] * len(truth.masks)
        for i, zone in enumerate(rebuilt):
            masks[zone] |= 1 << i
        if [m.bit_count() for m in masks] != [m.bit_count() for m in truth.masks]:
            return  # the world's cards moved otherwise: its past differs from here back
        if truth.layout.piles and any(
            o is not None and m != t
            for o, m, t in zip(truth.orders, masks, truth.masks, strict=True)
        ):
            return  # an ordered pile holds other cards in the world
        then_world = before.clone()
        setattr(
            then_world, name, Cards(truth.layout, masks, truth.orders, truth.known, truth.barred)
        )
        then_world._legal_seat = _STALE
        if action not in then_world.legal_actions(actor):
            what = (
                f"in a world sampled for seat {seat}, seat {actor}'s {action} at step "
                f"{len(before.history)} would have been illegal: the sampler misses what it showed"
            )
            raise _fail(game, n, seed, step, what)
