"""The PettingZoo AEC loop of ``cardkit.rl``: environment steps/s with random masked actions.

Each game plays whole matches through ``env.agent_iter()``: ``env.last()`` (the
observation and action mask of the agent to act), a random legal index drawn
from the mask (its ``nonzero()``) with a seeded generator, ``env.step(index)``; a terminated
agent steps ``None``, which is not counted. Beside it, in the same run, RLCard's
UNO ``env.run`` with random agents (decisions/s), the loop RLCard's users
train with: it also builds each decision's observation and legal actions.
Skipped where pettingzoo (the ``rl`` extra) or rlcard is not installed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from benchmarks.loops import RLCardEnvRun, peer_version

GAMES: tuple[tuple[str, int, Mapping[str, Any]], ...] = (
    ("uno-star-trek", 4, {"target_score": 1}),
    ("universal-bid", 4, {}),
    ("ufos", 4, {}),
)
"""Game, players and options of each figure (UNO: one hand a match, as RLCard plays it)."""


class EnvSteps:
    """``n`` episodes (matches) of the AEC loop with random masked actions; returns steps."""

    def __init__(self, game_id: str, players: int, options: Mapping[str, Any]) -> None:
        from cardkit import rl

        self.env = rl.env(game_id, players=players, options=dict(options))
        self.rng = random.Random(0)
        self.episodes = 0
        self.steps = 0

    def __call__(self, n: int) -> float:
        env = self.env
        draw = self.rng.random
        steps = 0
        for _ in range(n):
            env.reset(seed=self.episodes)
            self.episodes += 1
            for _agent in env.agent_iter():
                observation, _, termination, truncation, _ = env.last()
                if termination or truncation:
                    env.step(None)
                    continue
                legal = observation["action_mask"].nonzero()[0]
                env.step(int(legal[int(draw() * len(legal))]))
                steps += 1
        self.steps += steps
        return float(steps)


def report(cfg: Any) -> Any:
    """The rows of ``python -m benchmarks --only rl``."""
    from benchmarks.measure import rates
    from benchmarks.run import Report, Row, ratio_row

    out = Report()
    if peer_version("pettingzoo") is None:
        out.rows.append(Row("rl: AEC env steps/s", "pettingzoo not installed (the rl extra)"))
        return out
    loops = [EnvSteps(g, n, o) for g, n, o in GAMES]
    peer = RLCardEnvRun(4) if peer_version("rlcard") is not None else None
    sides: list[Any] = [*loops, *([peer] if peer is not None else [])]
    stats = rates(sides, cfg.reps, cfg.seconds, "steps/s")
    uno = stats[0]
    label = "rl: uno-star-trek AEC env, 4p, random masked actions (steps/s) vs RLCard uno env.run"
    if peer is None:
        out.rows.append(Row(label, str(uno), "not installed"))
    else:
        out.rows.append(ratio_row(label, uno, stats[-1], 2.0))
    for (game_id, players, _), loop, stat in list(zip(GAMES, loops, stats, strict=False))[1:]:
        out.rows.append(Row(f"rl: {game_id} AEC env, {players}p (steps/s)", str(stat), "no peer"))
        out.notes.append(
            f"rl: {game_id}: {loop.steps / max(1, loop.episodes):,.0f} steps a match, "
            f"observation {loop.env.observer.size} floats, {loop.env.actions.size} actions"
        )
    out.notes.append(
        f"rl: uno-star-trek: {loops[0].steps / max(1, loops[0].episodes):,.0f} steps a match "
        f"(one hand), observation {loops[0].env.observer.size} floats, "
        f"{loops[0].env.actions.size} actions"
    )
    return out
