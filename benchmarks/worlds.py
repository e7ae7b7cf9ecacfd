"""What a search bot pays thousands of times a move: a sampled world and a state copy.

For each game with sampled worlds (``has_positions``), the states are those at 20
evenly spaced decisions of one seeded random 4-player match with the default
options (:func:`benchmarks.search.positions`); each is measured from the view of
the seat to act: ``game.sample_world(view, rng)`` (a new view each time, and
:data:`SEARCH_RUN` worlds in a row from each view, as a search samples them) and
``state.clone()``, and the clone of a world sampled at each (the copy a search
makes: a world's history starts at the view), in microseconds. Beside them, where
open_spiel is installed, OpenSpiel ``oh_hell`` (4 players, 12 tricks) at 20 evenly
spaced decisions: ``state.clone()`` and
``state.resample_from_infostate(player, sampler)``. The Oh Hell example
(``examples/oh-hell``) is measured when it is installed.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator
from typing import Any

from benchmarks.loops import load_game, peer_version
from benchmarks.measure import Stat, rates
from benchmarks.search import _cycle, _openspiel_positions, _seat, positions

GAMES = ("universal-bid", "ufos", "uno-star-trek", "oh-hell")
"""The games measured, when installed and with sampled worlds."""

TARGETS: dict[str, dict[str, float]] = {
    "sample": {"universal-bid": 30.0, "ufos": 30.0, "uno-star-trek": 30.0},
    "clone": {"ufos": 20.0, "uno-star-trek": 20.0},
}
"""Issue 13's targets in µs (universal-bid's copy: at most 2x OpenSpiel's clone)."""


SEARCH_RUN = 100
"""Worlds sampled from one view in a row, as a search samples many worlds per decision."""


def _runs(items: list[Any], op: Callable[[Any], object], run: int) -> Callable[[int], float]:
    """Work that applies ``op`` to each item ``run`` times in a row, cycling the items."""

    def work(n: int) -> float:
        k = len(items)
        for i in range(n):
            op(items[i // run % k])
        return float(n)

    return work


def _us(stat: Stat) -> float:
    return 1e6 / stat.median


def _shown(stat: Stat) -> str:
    return f"{_us(stat):.1f} µs ±{stat.spread * 100:.0f}%"


def _peers(reps: int, seconds: float) -> tuple[Stat, Stat] | str:
    """OpenSpiel oh_hell's clone and resample_from_infostate, or why they are not measured."""
    if peer_version("open_spiel") is None:
        return "not installed (open_spiel)"
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

    states = _openspiel_positions()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    players = [s.current_player() for s in states]
    pairs = list(zip(states, players, strict=True))

    def resample(pair: tuple[Any, int]) -> object:
        return pair[0].resample_from_infostate(pair[1], sampler)

    clone, sample = rates(
        [_cycle(states, lambda s: s.clone()), _cycle(pairs, resample)], reps, seconds, "/s"
    )
    return clone, sample


def _reference(game_id: str) -> Callable[..., object] | None:
    """For comparison, in universal-bid: the world written as a position and set up by
    ``from_position`` (sampling, writing and reading it)."""
    if game_id != "universal-bid":
        return None
    from games.universal_bid import GAME

    def by_position(view: Any, rng: random.Random) -> object:
        return GAME.from_position(GAME.position(GAME.sample_world(view, rng)))

    return by_position


def world_costs(reps: int, seconds: float) -> Iterator[tuple[tuple[str, ...], str]]:
    """Rows ``(figure, cardkit, peer, ratio, target, met)`` and a note per game."""
    peers = _peers(reps, seconds)
    for game_id in GAMES:
        game = load_game(game_id)
        sample_label = f"sample_world: {game_id}, 4p (µs per world)"
        clone_label = f"clone: {game_id}, 4p (µs per copy)"
        if isinstance(game, str):
            yield (sample_label, f"game missing ({game})"), ""
            continue
        if not game.has_positions:
            yield (sample_label, "no sampled worlds yet"), ""
            continue
        players = 4 if game.min_players <= 4 <= game.max_players else game.default_players
        states = positions(game, players, {})
        views = [s.view(_seat(s)) for s in states]
        sample_world = functools.partial(game.sample_world, rng=random.Random(0))
        worlds = [game.sample_world(v, random.Random(i)) for i, v in enumerate(views)]
        sides: list[Callable[[int], float]] = [
            _cycle(views, sample_world),
            _cycle(states, lambda s: s.clone()),
            _runs(views, sample_world, SEARCH_RUN),
            _cycle(worlds, lambda w: w.clone()),
        ]
        reference = _reference(game_id)
        if reference is not None:
            sides.append(_cycle(views, functools.partial(reference, rng=random.Random(0))))
        sample, clone, run, world_clone, *slow = rates(sides, reps, seconds, "/s")
        for kind, label, stat, peer_index in (
            ("sample", sample_label, sample, 1),
            ("clone", clone_label, clone, 0),
        ):
            peer, ratio = "-", "-"
            if isinstance(peers, str):
                peer = peers
            else:
                theirs = peers[peer_index]
                what = "resample_from_infostate" if kind == "sample" else "clone()"
                peer = f"{_shown(theirs)} (oh_hell {what})"
                ratio = f"{_us(stat) / _us(theirs):.2f}x"
            target, met = "-", "-"
            goal = TARGETS[kind].get(game_id)
            if goal is not None:
                target, met = f"< {goal:g} µs", "yes" if _us(stat) < goal else "NO"
            elif kind == "clone" and game_id == "universal-bid" and not isinstance(peers, str):
                target = "<= 2x oh_hell clone()"
                met = "yes" if _us(stat) <= 2 * _us(peers[0]) else "NO"
            yield (label, _shown(stat), peer, ratio, target, met), ""
        peer, ratio = "-", "-"
        if not isinstance(peers, str):
            peer = f"{_shown(peers[0])} (oh_hell clone())"
            ratio = f"{_us(world_clone) / _us(peers[0]):.2f}x"
        label = f"clone of a sampled world: {game_id}, 4p (µs per copy)"
        yield (label, _shown(world_clone), peer, ratio), ""
        yield (
            (
                f"sample_world: {game_id}, 4p, {SEARCH_RUN} worlds per view (µs per world)",
                _shown(run),
                "-",
                f"{_us(run) / _us(sample):.2f}x a new view each time",
            ),
            "",
        )
        if slow:
            yield (
                (
                    f"sample_world: {game_id}, 4p, by a written position (µs per world)",
                    _shown(slow[0]),
                    "-",
                    f"{_us(slow[0]) / _us(sample):.1f}x the direct world",
                ),
                "",
            )
        history = sum(s.steps for s in states) / max(1, len(states))
        yield (
            (),
            (
                f"{game_id} worlds: {len(states)} decisions of one {players}-player match "
                f"(default options), on average {history:.0f} steps in"
            ),
        )
