"""Train a linear policy for universal-bid with REINFORCE, then play it in ``cardkit arena``.

    python examples/rl/train.py                       # about a minute
    python examples/rl/train.py --matches 20 --eval 10 --arena 4   # a quick look

numpy only, beside the ``rl`` extra (``pip install 'cardkit[rl]'``). The learner
takes one seat of a four-player match in the PettingZoo environment
(``cardkit.rl.env``), the others play uniformly at random among the legal
actions; its seat moves round the table from match to match. Each of its
decisions is credited with the points of its hand (the environment's score
rewards arrive at the end of each hand) less a running baseline: REINFORCE on
``logits = W @ observation + b``. Then it is evaluated in the environment
(playing its most likely action) and in ``cardkit arena`` against three random
bots, through ``linear_bot.py``, a bot adapter over the cardkit-bot/1 protocol.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from policy import LinearPolicy  # beside this script: its folder is first on sys.path

from cardkit import rl

GAME = "universal-bid"
PLAYERS = 4
HERE = Path(__file__).resolve().parent


def play(
    env: rl.CardkitEnv, policy: LinearPolicy | None, hero: str, seed: int, learn: float
) -> float:
    """One match: ``hero`` plays ``policy`` (sampling while it learns, at rate ``learn``;
    its most likely action otherwise; at random without a policy), the others at random.
    Returns the hero's score."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    marks = env.observer.offsets()["hand_numbers"]
    steps: list[tuple[np.ndarray, np.ndarray, int, float]] = []  # observation, p, action, hand
    hand_points: dict[float, float] = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        if agent == hero and reward and steps:
            hand = steps[-1][3]  # the points of the hand its last decision was in
            hand_points[hand] = hand_points.get(hand, 0.0) + reward
        if termination or truncation:
            env.step(None)
            continue
        mask = observation["action_mask"]
        if agent != hero or policy is None:
            legal = np.flatnonzero(mask)
            env.step(int(legal[int(rng.random() * len(legal))]))
            continue
        x = observation["observation"]
        if learn:
            p = policy.probabilities(x, mask)
            action = int(rng.choice(len(p), p=p))
            steps.append((x, p, action, float(x[marks][1])))
        else:
            action = policy.best(x, mask)
        env.step(action)
    if learn and policy is not None:
        update(policy, steps, hand_points, learn)
    assert env.match is not None
    return env.match.result().scores[env.agent_name_mapping[hero]]


BASELINE = [5.0]
"""A running mean of a hand's points: what a decision is compared with."""


def update(
    policy: LinearPolicy,
    steps: list[tuple[np.ndarray, np.ndarray, int, float]],
    hand_points: dict[float, float],
    rate: float,
) -> None:
    """REINFORCE: each decision's log-probability pushed up by its hand's points less the
    baseline (the gradient of log softmax is ``onehot(action) - p``)."""
    for x, p, action, hand in steps:
        advantage = hand_points.get(hand, 0.0) - BASELINE[0]
        grad = -p
        grad[action] += 1.0
        policy.W += (rate * advantage) * np.outer(grad, x / (1.0 + np.abs(x)))
        policy.b += (rate * advantage) * grad
    for points in hand_points.values():
        BASELINE[0] += 0.01 * (points - BASELINE[0])


def evaluate(env: rl.CardkitEnv, policy: LinearPolicy, matches: int, seed: int) -> float:
    """The policy's mean score over ``matches``, its seat moving round the table."""
    total = 0.0
    for m in range(matches):
        total += play(env, policy, env.possible_agents[m % PLAYERS], seed + m, 0.0)
    return total / matches


def random_score(env: rl.CardkitEnv, matches: int, seed: int) -> float:
    """A random seat's mean score in the same matches and seats: the figure to beat."""
    total = 0.0
    for m in range(matches):
        total += play(env, None, env.possible_agents[m % PLAYERS], seed + m, 0.0)
    return total / matches


def arena(weights: Path, matches: int) -> dict[str, float]:
    """``cardkit arena`` with the trained policy against three random bots."""
    adapter = f"exec:{sys.executable} {HERE / 'linear_bot.py'} {weights}"
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "arena.json"
        command = [
            sys.executable, "-m", "cli", "arena", GAME, "--bot", adapter,
            "--bot", "random", "--bot", "random", "--bot", "random",
            "-n", str(matches), "--seed", "1", "--json", str(out),
            "--move-time", "0",  # the protocol keeps its own clock (5 s a move)
        ]  # fmt: skip
        subprocess.run(command, check=True, capture_output=True, text=True)
        entrants = json.loads(out.read_text())["entrants"]
    ours = entrants[0]
    others = entrants[1:]
    return {
        "win_rate": ours["win_rate"],
        "mean_score": ours["mean_score"],
        "random_mean_score": sum(e["mean_score"] for e in others) / len(others),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=250, help="training matches")
    parser.add_argument("--eval", type=int, default=60, help="evaluation matches")
    parser.add_argument("--arena", type=int, default=16, help="arena matches (0: none)")
    parser.add_argument("--rate", type=float, default=0.002, help="learning rate")
    parser.add_argument("--out", type=Path, default=None, help="where to save the weights")
    args = parser.parse_args()
    start = time.monotonic()
    env = rl.env(GAME, players=PLAYERS)
    policy = LinearPolicy(env.actions.size, env.observer.size)
    for m in range(args.matches):
        play(env, policy, env.possible_agents[m % PLAYERS], 10_000 + m, args.rate)
    trained = time.monotonic() - start
    print(f"trained on {args.matches} matches in {trained:.1f} s")
    ours = evaluate(env, policy, args.eval, 0)
    theirs = random_score(env, args.eval, 0)
    print(f"in the environment, {args.eval} matches against 3 random seats:")
    print(f"  linear policy mean score {ours:.1f}; a random seat {theirs:.1f}")
    if args.arena:
        with tempfile.TemporaryDirectory() as tmp:
            weights = args.out or Path(tmp) / "policy.npz"
            policy.save(weights)
            figures = arena(weights, args.arena)
        print(f"in cardkit arena, {args.arena} matches against 3 random bots:")
        print(
            f"  linear policy win rate {figures['win_rate']:.0%} (random: 25%), mean score "
            f"{figures['mean_score']:.1f}; random bots {figures['random_mean_score']:.1f}"
        )
    elif args.out:
        policy.save(args.out)
    print(f"total {time.monotonic() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
