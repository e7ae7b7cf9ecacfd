"""Positions and sampled worlds (:func:`check_positions`), and a sampler's
uniformity on one small position (:func:`check_uniform`).

A state rebuilt from its position plays on exactly as the original; worlds
sampled for a seat show it its view, hold the same cards and are valid
positions; right after a deal they give back the true hidden cards no more
often than chance (:func:`chance_overlap`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from math import comb
from typing import Any

from cardkit.actions import Action
from cardkit.bots import RandomBot, bot_seed
from cardkit.cards import Card
from cardkit.errors import IllegalActionError
from cardkit.game import Game, State
from cardkit.positions import PositionError
from cardkit.seats import CHANCE
from cardkit.testing.cards import _inventory
from cardkit.testing.errors import ConformanceError, _fail
from cardkit.testing.matches import _same_now

CHECKPOINTS = 3
"""Steps per match at which :func:`check_positions` rebuilds the state from its position."""

WORLDS = 3
"""Sampled worlds checked against their view at each checkpoint."""

LEAK_SAMPLES = 20
"""Sampled worlds per fresh deal for the leak test."""

LEAK_DEALS = 2
"""Fresh deals per match at which the leak test samples."""


def check_positions(
    game: Game,
    players: Iterable[int],
    matches: int = 2,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> None:
    """Check positions and sampled worlds over seeded random matches.

    At :data:`CHECKPOINTS` steps of each match, the state rebuilt from its
    position (through JSON text) has the same seats to act, legal actions,
    views and zones, and stays so (compared at each of the next 30 steps, then
    every 10th) while both take every later action of the original, with the
    same chance draws and result (the finished match is rebuilt too); :data:`WORLDS` sampled
    worlds per checkpoint show the seat exactly the view they came from and are
    valid positions. Right after each of the first :data:`LEAK_DEALS` deals
    (when the seat has seen nothing of the others' cards, so every hidden card
    is equally likely in every hidden zone) the true hidden cards come back in
    :data:`LEAK_SAMPLES` sampled worlds no more often than chance (within 5
    standard deviations). Raises :class:`ConformanceError`.
    """
    for n in players:
        truth = 0
        chance = 0.0
        for m in range(matches):
            match_seed = seed * 1000 + n * 100 + m + 50
            found, expected = _check_match_positions(game, n, match_seed, options)
            truth += found
            chance += expected
        if truth > chance + 5 * chance**0.5 + 2:
            raise ConformanceError(
                f"{game.id} ({n} players): sampled worlds give back the true hidden cards "
                f"{truth} times where chance gives {chance:.0f}: the sampler leaks"
            )


def _check_match_positions(
    game: Game, n: int, seed: int, options: Mapping[str, Any] | None
) -> tuple[int, float]:
    state = game.create(n, seed, options)
    bots = [RandomBot(game, s, bot_seed(seed, s)) for s in range(n)]
    bound = game.max_steps(n, state.options)
    length = _length(game, n, seed, options, bound)  # checkpoints fall within the match
    picks = random.Random(seed)
    marks = set(picks.sample(range(length), min(CHECKPOINTS, length)))
    snapshots: list[State] = []
    truth = deals = 0
    chance = 0.0
    while not state.is_over() and len(state.history) <= bound:
        step = len(state.history)
        if step in marks:
            snapshots.append(state.clone())
            _check_worlds(game, n, seed, step, state, picks)
        if deals < LEAK_DEALS and state.history and state.history[-1][0] == CHANCE:
            deals += 1
            found, expected = _leak_counts(game, n, seed, step, state, picks)
            truth += found
            chance += expected
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    for snapshot in (*snapshots, state.clone()):  # the finished match too
        _check_rebuilt(game, n, seed, snapshot, state.history)
    return truth, chance


def _length(game: Game, n: int, seed: int, options: Mapping[str, Any] | None, bound: int) -> int:
    """The steps of the seeded random match :func:`_check_match_positions` plays."""
    state = game.create(n, seed, options)
    bots = [RandomBot(game, s, bot_seed(seed, s)) for s in range(n)]
    while not state.is_over() and len(state.history) <= bound:
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    return len(state.history)


def _rebuilt(game: Game, n: int, seed: int, step: int, state: State) -> State:
    import json

    text = json.dumps(game.position(state))
    try:
        return game.from_position(json.loads(text))
    except PositionError as exc:
        raise _fail(game, n, seed, step, f"its own position is refused: {exc}") from None


def _check_rebuilt(
    game: Game, n: int, seed: int, original: State, later: Sequence[tuple[int, Action]]
) -> None:
    start = len(original.history)
    rebuilt = _rebuilt(game, n, seed, start, original)
    for seat, action in later[start:]:
        step = len(original.history)
        difference = _same_now(original, rebuilt) if step < start + 30 or step % 10 == 0 else ""
        if difference:
            what = f"the state rebuilt from the position at step {start} differs: {difference}"
            raise _fail(game, n, seed, step, what)
        if seat == CHANCE:
            continue  # both draw it themselves
        original.apply(seat, action)
        try:
            rebuilt.apply(seat, action)
        except IllegalActionError as exc:
            what = f"the state rebuilt at step {start} refuses {action}: {exc.reason}"
            raise _fail(game, n, seed, step, what) from None
    ours = [(s, str(a)) for s, a in original.history[start:]]
    theirs = [(s, str(a)) for s, a in rebuilt.history]
    difference = "chance steps" if ours != theirs else _same_now(original, rebuilt)
    if difference:
        what = f"the state rebuilt at step {start} ends differently: {difference}"
        raise _fail(game, n, seed, len(original.history), what)


def _hidden(state: State, seat: int) -> dict[str, Counter[Card]]:
    return {z.name: Counter(z.cards) for z in state.zones() if seat not in z.visible_to}


def _overlap(a: dict[str, Counter[Card]], b: dict[str, Counter[Card]]) -> int:
    return sum(sum((cards & b.get(name, Counter())).values()) for name, cards in a.items())


def _world(
    game: Game,
    n: int,
    seed: int,
    step: int,
    state: State,
    seat: int,
    rng: random.Random,
    valid: bool = True,
) -> State:
    view = state.view(seat)
    try:
        world = game.sample_world(view, rng)
    except PositionError as exc:
        raise _fail(game, n, seed, step, f"no world sampled for seat {seat}: {exc}") from None
    if world.view(seat) != view:
        raise _fail(game, n, seed, step, f"a world sampled for seat {seat} shows it another view")
    if _inventory(world) != _inventory(state):
        raise _fail(game, n, seed, step, f"a world sampled for seat {seat} has other cards")
    if not valid:
        return world
    try:
        game.from_position(game.position(world))
    except PositionError as exc:
        what = f"a world sampled for seat {seat} breaks the rules: {exc}"
        raise _fail(game, n, seed, step, what) from None
    return world


def _check_worlds(
    game: Game, n: int, seed: int, step: int, state: State, rng: random.Random
) -> None:
    for k in range(WORLDS):
        _world(game, n, seed, step, state, (step + k) % n, rng)


def _leak_counts(
    game: Game, n: int, seed: int, step: int, state: State, rng: random.Random
) -> tuple[int, float]:
    """How often the true hidden cards come back, and how often chance would bring them.

    Right after a deal every hidden card is equally likely in any hidden place, so
    a uniform sampler puts a card back in its true place with probability
    size / hidden cards: the chance level is the sum of size**2 / hidden per place
    (:func:`chance_overlap`, which also counts faces the deck holds several copies of).
    """
    seat = step % n
    truth = _hidden(state, seat)
    if not any(truth.values()):
        return 0, 0.0
    chance = chance_overlap(truth)
    found = 0
    for _ in range(LEAK_SAMPLES):
        hidden = _hidden(_world(game, n, seed, step, state, seat, rng, valid=False), seat)
        found += _overlap(hidden, truth)
    return found, chance * LEAK_SAMPLES


def chance_overlap(truth: Mapping[str, Counter[Card]]) -> float:
    """The overlap with ``truth`` (the cards of each hidden place) that a deal of the same
    cards into places of the same sizes, uniform over every arrangement, gives on average.

    A face with ``k`` copies among ``total`` hidden cards puts ``w`` copies in a place of
    ``size`` with the hypergeometric probability, and meets the ``t`` copies truly there
    ``min(t, w)`` times (for a face held once: ``size / total``).
    """
    faces: Counter[Card] = Counter()
    for cards in truth.values():
        faces.update(cards)
    total = sum(faces.values())
    expected = 0.0
    for cards in truth.values():
        size = sum(cards.values())
        ways = comb(total, size)
        for card, t in cards.items():
            k = faces[card]
            met = sum(
                comb(k, w) * comb(total - k, size - w) * min(t, w)
                for w in range(1, min(k, size) + 1)
            )
            expected += met / ways
    return expected


def chi_square_limit(df: int, z: float = 3.090) -> float:
    """The chi-square value a uniform sample exceeds with probability about 0.001 (Wilson and
    Hilferty's approximation; ``z`` is the normal quantile of the level)."""
    h = 2 / (9 * df)
    return float(df * (1 - h + z * h**0.5) ** 3)


def check_uniform(
    game: Game, position: Any, seat: int, deals: int, samples: int = 3000, seed: int = 0
) -> None:
    """Check that worlds sampled from ``seat``'s view of ``position`` are uniform over the
    ``deals`` arrangements of the hidden cards that view allows.

    Every sample must be one of exactly ``deals`` arrangements (each a valid
    world), and their counts pass a chi-square test of uniformity at the 0.001
    level (:func:`chi_square_limit`), from a generator seeded with ``seed``.
    Raises :class:`ConformanceError`.
    """
    state = game.from_position(position)
    n = state.players
    rng = random.Random(seed)
    counts: Counter[tuple[tuple[str, tuple[str, ...]], ...]] = Counter()
    step = state.steps
    for _ in range(samples):
        view = state.view(seat)
        world = game.sample_world(view, rng)
        key = tuple(
            (name, tuple(sorted(c.text for c in cards.elements())))
            for name, cards in sorted(_hidden(world, seat).items())
        )
        if key not in counts:
            if world.view(seat) != view:
                raise _fail(
                    game, n, seed, step, f"a world sampled for seat {seat} shows it another view"
                )
            try:
                game.from_position(game.position(world))
            except PositionError as exc:
                what = f"a world sampled for seat {seat} breaks the rules: {exc}"
                raise _fail(game, n, seed, step, what) from None
        counts[key] += 1
    if len(counts) != deals:
        what = (
            f"worlds sampled for seat {seat} fell on {len(counts)} deals, not the {deals} it allows"
        )
        raise _fail(game, n, seed, step, what)
    if deals > 1:
        expected = samples / deals
        chi = sum((k - expected) ** 2 / expected for k in counts.values())
        limit = chi_square_limit(deals - 1)
        if chi > limit:
            what = (
                f"worlds sampled for seat {seat} are not uniform over the {deals} deals: "
                f"chi-square {chi:.1f} above {limit:.1f} (level 0.001)"
            )
            raise _fail(game, n, seed, step, what)
