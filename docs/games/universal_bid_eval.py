"""Measure the universal-bid heuristic bot against three random bots.

Run from the repository root:

    python docs/games/universal_bid_eval.py [MATCHES] [SEED]

Plays MATCHES (default 2000) seeded 4-player matches. In match m (seed
SEED + m) the heuristic bot sits in seat m % 4 and random bots fill the other
seats. Prints the heuristic's win rate (a shared win counts 1/k) and the rate
at which the heuristic and the random bots make their bids exactly, each with
a 95% Wilson interval.
"""

from __future__ import annotations

import sys

from cardkit.runner import versus_random
from cardkit.stats import wilson
from games.universal_bid import GAME, HeuristicBot, UniversalBidState


def main(matches: int = 2000, seed: int = 0) -> None:
    wins = 0.0
    made = {"heuristic": 0, "random": 0}
    bids = {"heuristic": 0, "random": 0}
    for hero, outcome in versus_random(GAME, HeuristicBot, matches, 4, seed=seed):
        assert outcome.result is not None, outcome.failure
        wins += outcome.result.share(hero)
        state = outcome.state
        assert isinstance(state, UniversalBidState)
        for hand in state.hand_log:
            for seat in range(4):
                kind = "heuristic" if seat == hero else "random"
                bids[kind] += 1
                made[kind] += hand.bids[seat] == hand.tricks[seat]
    low, high = wilson(wins, matches)
    print(f"{matches} matches, 4 players, seeds {seed}..{seed + matches - 1}")
    print(
        f"heuristic win rate: {wins / matches:.3f} (95% CI {low:.3f}-{high:.3f}; fair share 0.250)"
    )
    for kind in ("heuristic", "random"):
        low, high = wilson(made[kind], bids[kind])
        rate = made[kind] / bids[kind]
        counts = f"{made[kind]}/{bids[kind]}"
        print(f"{kind} exact bids: {counts} = {rate:.3f} (95% CI {low:.3f}-{high:.3f})")


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    main(*args)
