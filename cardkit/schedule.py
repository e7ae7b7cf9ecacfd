"""Who sits where: seat rotations of a deal, tournament tables, and duplicate deals.

A *rotation* maps each seat to a position at the table: in rotation ``r`` of
the cyclic set, seat ``s`` holds position ``(s - r) % players``. Played once
per rotation, a deal puts every table position in every seat once.

A tournament of ``n`` bots at tables of ``players`` seats plays every
``players``-subset of the bots in turn (each pair of bots meets equally often),
and on each later pass through the subsets the next order of each table that
differs other than by a rotation, so that in the long run every bot sits
equally often to the left of every other. With the cyclic rotations of each
deal every bot plays every seat equally often.

:class:`DealSeeded` makes "the same deal" mean the same shuffles whatever the
bots do: the ``k``-th shuffle of a pile of ``c`` cards in a match is seeded
from (deal seed, ``c``, the number drawn, ``k``) and applied to the pile in a
fixed order, where the core seeds a shuffle from (match seed, step number).
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Sequence
from typing import Any

from cardkit import seeds
from cardkit.actions import Shuffle
from cardkit.cards import Card
from cardkit.state import State

MAX_PERMUTED_PLAYERS = 6
"""All seat permutations of a deal only up to this many players (6! = 720 matches a deal)."""
MAX_TABLES = 100_000
"""The most tables one pass of a tournament schedule may have."""


@functools.lru_cache(maxsize=64)
def rotations(players: int, permutations: bool = False) -> tuple[tuple[int, ...], ...]:
    """The seatings of one deal, as table positions per seat: cyclic, or every permutation."""
    if permutations:
        if players > MAX_PERMUTED_PLAYERS:
            raise ValueError(
                f"all seat permutations only up to {MAX_PERMUTED_PLAYERS} players, not {players}"
            )
        return tuple(itertools.permutations(range(players)))
    return tuple(tuple((seat - r) % players for seat in range(players)) for r in range(players))


def tables(bots: int, players: int) -> tuple[tuple[int, ...], ...]:
    """One pass of a tournament: every ``players``-subset of ``bots`` bots, in order."""
    if not 1 <= players <= bots:
        raise ValueError(f"tables of {players} need at least {players} bots, not {bots}")
    count = math.comb(bots, players)
    if count > MAX_TABLES:
        raise ValueError(
            f"{bots} bots at tables of {players} make {count:,} tables a pass; "
            f"at most {MAX_TABLES:,}"
        )
    return tuple(itertools.combinations(range(bots), players))


@functools.lru_cache(maxsize=64)
def orders(players: int) -> tuple[tuple[int, ...], ...]:
    """The orders of a table that are not rotations of each other: the first position fixed."""
    return tuple((0, *rest) for rest in itertools.permutations(range(1, players)))


def table_of(subsets: Sequence[tuple[int, ...]], deal: int) -> tuple[int, ...]:
    """Which bot holds each position of the table of ``deal``: subset, then pass order."""
    subset = subsets[deal % len(subsets)]
    order = orders(len(subset))
    turn = order[(deal // len(subsets)) % len(order)]
    return tuple(subset[p] for p in turn)


class DealSeeded:
    """The shuffles of a deal-seeded state (:func:`deal_seeded`): they depend on the deal
    seed, never on the play."""

    __slots__ = ()
    deal_seed: int
    deal_counts: dict[tuple[int, int], int]

    def sample_chance(self, cards: Sequence[Card] | None = None) -> Shuffle:
        """The ``k``-th shuffle of a pile this size: the same in every match of the deal."""
        state: Any = self
        pile = list(state.chance_cards() if cards is None else cards)
        pile.sort(key=str)  # a fixed order, whatever order play left the cards in
        count = state.chance_draw()
        key = (len(pile), count)
        k = self.deal_counts.get(key, 0)
        self.deal_counts[key] = k + 1
        rng = random.Random(seeds.shuffle_seed(self.deal_seed, len(pile), count, k))
        if count:
            return Shuffle(tuple(rng.sample(pile, count)))
        draw = rng.random
        keys = [draw() for _ in pile]
        return Shuffle(tuple([pile[i] for i in sorted(range(len(pile)), key=keys.__getitem__)]))


_DEAL_CLASSES: dict[type[State], type[State]] = {}


def deal_seeded(state: State, deal_seed: int) -> State:
    """Make ``state`` (created with ``auto_chance=False``, no chance applied yet) draw its
    shuffles from ``deal_seed``, then resolve its due chance; returns the state."""
    cls = type(state)
    sub = _DEAL_CLASSES.get(cls)
    if sub is None:
        body = {
            "__slots__": (),
            "__module__": cls.__module__,
            "sample_chance": DealSeeded.sample_chance,
        }
        sub = _DEAL_CLASSES[cls] = type(cls.__name__, (cls,), body)
    state.__class__ = sub
    seeded: Any = state
    seeded.deal_seed = deal_seed
    seeded.deal_counts = {}
    state.auto_chance = True
    state.resolve_chance()
    return state
