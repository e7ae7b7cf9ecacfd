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
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
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


# -- the search bots -------------------------------------------------------------------

SIMS_OPTIONS: dict[str, Any] = {"schedule": "12"}
"""universal-bid for the simulations/s figure: 4 players, one 12-card hand (oh_hell's shape)."""


def _first_decision(game: Game, players: int, options: Mapping[str, Any], seed: int) -> State:
    """A seeded match at its first decision (after the deal)."""
    state = game.create(players, seed, options)
    while state.to_act() and state.to_act()[0] == CHANCE:
        state.apply(CHANCE, state.sample_chance())
    return state


class CardkitSearch:
    """``work(n)``: one ``ismcts`` decision of ``n`` iterations with random rollouts."""

    def __init__(self, game: Game, options: Mapping[str, Any]) -> None:
        self.state = _first_decision(game, 4, options, 3)
        self.game = game
        self.calls = 0

    def __call__(self, n: int) -> float:
        from cardkit.search import IsmctsBot

        state = self.state
        seat = state.to_act()[0]
        self.calls += 1
        bot = IsmctsBot(self.game, seat, self.calls, iterations=n, rollout="random")
        bot.choose(state.view(seat), state.legal_actions(seat))
        return float(bot.simulations)


class OpenSpielSearch:
    """``work(n)``: one step of OpenSpiel's Python ``ISMCTSBot`` with ``n`` simulations on
    ``oh_hell`` (4 players, 12 tricks), random rollouts, a fresh world per simulation."""

    def __init__(self) -> None:
        import numpy as np
        import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

        self.game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 12})
        rng = np.random.RandomState(3)
        state = self.game.new_initial_state()
        while state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            state.apply_action(outcomes[rng.randint(len(outcomes))])
        self.state = state
        self.rng = rng

    def __call__(self, n: int) -> float:
        from open_spiel.python.algorithms import (  # type: ignore[import-not-found,import-untyped,unused-ignore]
            ismcts,
            mcts,
        )

        n = max(n, 8)  # its first simulation only makes the root node
        evaluator = mcts.RandomRolloutEvaluator(1, self.rng)
        bot = ismcts.ISMCTSBot(
            self.game,
            evaluator,
            0.7,
            n,
            random_state=self.rng,
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        )
        bot.step(self.state)
        return float(n)


def search_bots(
    reps: int, seconds: float, games: Sequence[str]
) -> Iterator[tuple[tuple[str, ...], str]]:
    """Rows for the search bots: ``ismcts`` simulations/s against OpenSpiel's Python
    ``ISMCTSBot`` (target 2x), then each bot's time per decision at its defaults, per game
    (target: within 1 s; a game without sampled worlds says so)."""
    label = "ismcts: universal-bid vs oh_hell, 4p, 12 tricks, random rollouts (simulations/s)"
    game = load_game("universal-bid")
    if isinstance(game, str):
        yield (label, f"game missing ({game})"), ""
    else:
        ours = CardkitSearch(game, SIMS_OPTIONS)
        if peer_version("open_spiel") is None:
            (stat,) = rates([ours], reps, seconds, "sims/s")
            yield (label, str(stat), "not installed (open_spiel)"), ""
        else:
            stat, peer = rates([ours, OpenSpielSearch()], reps, seconds, "sims/s")
            ratio = stat.median / peer.median
            met = "yes" if ratio >= 2 else "NO"
            row = (label, str(stat), f"{peer} (Python ISMCTSBot)", f"{ratio:.2f}x", ">= 2x", met)
            yield (
                row,
                "ismcts simulations/s: both from the first decision (the first bid) of the hand, "
                "one fresh sampled world and one random rollout to the end of the hand per "
                "simulation, CPU time of this process",
            )
        yield (), _split(game, ours.state, reps, seconds)
    for game_id in games:
        loaded = load_game(game_id)
        for bot in ("pimc", "ismcts"):
            figure = f"{bot} at its defaults (time=0.5): {game_id}, 4p (s per decision)"
            if isinstance(loaded, str):
                yield (figure, f"game missing ({loaded})"), ""
                continue
            yield _decision_time(loaded, bot, figure), ""


def _split(game: Game, state: State, reps: int, seconds: float) -> str:
    """Where an ``ismcts`` simulation's time goes: the sampled world, and the rollout."""
    from cardkit.search import IsmctsBot

    seat = state.to_act()[0]
    view = state.view(seat)
    bot = IsmctsBot(game, seat, 1, iterations=1, rollout="random")
    rng = random.Random(1)
    worlds = [game.sample_world(view, rng) for _ in range(50)]

    def sample(n: int) -> float:
        for _ in range(n):
            game.sample_world(view, rng)
        return float(n)

    def rollout(n: int) -> float:
        for i in range(n):
            world = worlds[i % len(worlds)].clone()
            bot.rollout(world, world.horizon())
        return float(n)

    a, b = rates([sample, rollout], reps, seconds, "/s")
    return (
        f"ismcts simulation on universal-bid: game.sample_world {1e6 / a.median:.0f} µs, "
        f"clone and random rollout to the end of the hand {1e6 / b.median:.0f} µs (CPU)"
    )


def _decision_time(game: Game, bot: str, figure: str) -> tuple[str, ...]:
    """Mean wall seconds of three default decisions of ``bot`` in one match of ``game``."""
    from cardkit.errors import OptionError
    from cardkit.registry import make_bot

    players = 4 if game.min_players <= 4 <= game.max_players else game.default_players
    state = game.create(players, 5)
    seat = state.to_act()[0]
    try:
        searcher = make_bot(bot, game, seat, 1)
    except OptionError as exc:
        return (figure, f"not run: {exc}")
    rng = random.Random(5)
    times: list[float] = []
    while not state.is_over() and len(times) < 3:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if seat == searcher.seat and len(legal) > 1:
            start = time.perf_counter()
            action = searcher.choose(state.view(seat), legal)
            times.append(time.perf_counter() - start)
        else:
            action = legal[rng.randrange(len(legal))]
        state.apply(seat, action)
    mean = sum(times) / max(1, len(times))
    return (
        figure,
        f"{mean:.2f} s (wall, {len(times)} decisions)",
        "-",
        "-",
        "<= 1 s",
        "yes" if mean <= 1 else "NO",
    )
