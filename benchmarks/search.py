"""What a search bot pays per sample: ``state.clone()`` and dealing a view's hidden cards.

States are taken at evenly spaced steps of one seeded random match (default
options), so the figures cover early, middle and late positions. The hidden
cards of a seat are the cards of every zone that seat may not see; a sample
shuffles them and deals them back into zones of the same sizes (the sizes are
public: hand counts, stock size). That is the part of a determinization every
game shares; writing the sampled hands into a cloned state is the other part,
which is why both costs are reported.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from benchmarks.loops import load_game, peer_version
from benchmarks.measure import Stat, rates
from cardkit.cards import Card
from cardkit.game import Game, State
from cardkit.seats import CHANCE

POSITIONS = 20


def positions(game: Game, players: int, options: Mapping[str, Any], seed: int = 7) -> list[State]:
    """Up to ``POSITIONS`` states at evenly spaced decisions of one seeded random match."""

    def play(keep: set[int]) -> tuple[int, list[State]]:
        rng = random.Random(seed)
        state = game.create(players, seed, options)
        kept: list[State] = []
        decisions = 0
        while not state.is_over():
            if decisions in keep:
                kept.append(state.clone())
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            decisions += 1
        return decisions, kept

    total, _ = play(set())
    step = max(1, total // POSITIONS)
    return play(set(range(0, total, step)))[1][:POSITIONS]


class HiddenSampler:
    """Deals the cards ``seat`` cannot see into hidden zones of the same sizes."""

    def __init__(self, state: State, seat: int, seed: int = 0) -> None:
        hidden = [z for z in state.zones() if seat not in z.visible_to]
        self.pool: list[Card] = [c for z in hidden for c in z.cards]
        self.sizes = [len(z.cards) for z in hidden]
        self.rng = random.Random(seed)

    def sample(self) -> list[tuple[Card, ...]]:
        """One consistent deal of the hidden cards."""
        pool = self.pool[:]
        self.rng.shuffle(pool)
        out: list[tuple[Card, ...]] = []
        start = 0
        for size in self.sizes:
            out.append(tuple(pool[start : start + size]))
            start += size
        return out


def _cycle(items: list[Any], op: Callable[[Any], object]) -> Callable[[int], float]:
    def work(n: int) -> float:
        k = len(items)
        for i in range(n):
            op(items[i % k])
        return float(n)

    return work


def _seat(state: State) -> int:
    seats = [s for s in state.to_act() if s != CHANCE]
    return seats[0] if seats else 0


def _openspiel_positions() -> list[Any]:
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 12})
    rng = random.Random(7)
    state = game.new_initial_state()
    out = []
    while not state.is_terminal():
        if not state.is_chance_node():
            out.append(state.clone())
            legal = state.legal_actions()
        else:
            legal = [a for a, _ in state.chance_outcomes()]
        state.apply_action(legal[rng.randrange(len(legal))])
    step = max(1, len(out) // POSITIONS)
    return out[::step][:POSITIONS]


def _rlcard_positions() -> list[Any]:
    import numpy as np
    from rlcard.games.uno.game import UnoGame  # type: ignore[import-not-found,import-untyped,unused-ignore]

    game = UnoGame(num_players=4)
    game.np_random = np.random.RandomState(7)
    game.init_game()
    rng = random.Random(7)
    out = []
    while not game.is_over():
        out.append(copy.deepcopy((game.dealer, game.players, game.round)))
        legal = game.get_legal_actions()
        game.step(legal[rng.randrange(len(legal))])
    step = max(1, len(out) // POSITIONS)
    return out[::step][:POSITIONS]


PEERS: dict[str, tuple[str, str, Callable[[], list[Any]], Callable[[Any], object]]] = {
    "universal-bid": (
        "open_spiel",
        "oh_hell state.clone()",
        _openspiel_positions,
        lambda s: s.clone(),
    ),
    "uno-star-trek": (
        "rlcard",
        "uno deepcopy (as step_back)",
        _rlcard_positions,
        copy.deepcopy,
    ),
}


def search_costs(
    reps: int, seconds: float, setups: Mapping[str, Mapping[str, Any]]
) -> Iterator[tuple[tuple[str, ...], str]]:
    """Rows ``(figure, cardkit, peer, ratio)`` and a note for each game.

    ``setups`` gives each game's options (the single-hand ones of the throughput figures).
    """
    for game_id, options in setups.items():
        clone_label = f"clone: {game_id}, {{p}}p (µs per clone, lower is better)"
        sample_label = f"sample hidden cards: {game_id}, {{p}}p (µs per sample)"
        game = load_game(game_id)
        if isinstance(game, str):
            missing = f"game missing ({game})"
            yield (clone_label.format(p="?"), missing), ""
            yield (sample_label.format(p="?"), missing), ""
            continue
        players = 4 if game.min_players <= 4 <= game.max_players else game.default_players
        states = positions(game, players, options)
        samplers = [HiddenSampler(s, _seat(s), i) for i, s in enumerate(states)]
        sides: list[Callable[[int], float]] = [
            _cycle(states, lambda s: s.clone()),
            _cycle(samplers, lambda h: h.sample()),
        ]
        peer = PEERS.get(game_id)
        peer_note = ""
        if peer is not None and peer_version(peer[0]) is not None:
            sides.append(_cycle(peer[2](), peer[3]))
        stats = rates(sides, reps, seconds, "/s")
        clone, sample = stats[0], stats[1]
        row: tuple[str, ...] = (clone_label.format(p=players), _per_op(clone))
        if peer is None:
            row += ("no peer",)
        elif len(stats) > 2:
            row += (f"{_per_op(stats[2])} ({peer[1]})", f"{stats[2].median / clone.median:.2f}x")
            peer_note = ""
        else:
            row += (f"not installed ({peer[0]})",)
        yield row, peer_note
        hidden = sum(len(h.pool) for h in samplers) / max(1, len(samplers))
        history = sum(len(s.history) for s in states) / max(1, len(states))
        yield (
            (sample_label.format(p=players), _per_op(sample)),
            f"{game_id} search positions: {len(states)} of one match with {dict(options)}, "
            f"on average {history:.0f} steps of history and {hidden:.0f} hidden cards",
        )


def _per_op(stat: Stat) -> str:
    """Time per operation."""
    return f"{1e6 / stat.median:.1f} µs ±{stat.spread * 100:.0f}%"
