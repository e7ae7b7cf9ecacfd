"""What one search rollout costs, per game and rollout policy.

``python -m benchmarks.rollouts [WORLDS]``: for each game with sampled worlds,
from the first decision of a seeded 4-player match, WORLDS sampled worlds
(default 100; 10 for UNO's random rollouts, which are long) are each copied
and rolled out to the end of the hand by the search bots' own rollout (the
game's heuristic bot in every seat, or uniformly random moves); prints the CPU
milliseconds and the steps (chance included) per rollout.
"""

from __future__ import annotations

import random
import sys
import time

from cardkit.registry import get_game, make_bot
from cardkit.search import SearchBot

GAMES = ("universal-bid", "ufos", "uno-star-trek")


def measure(game_id: str, kind: str, worlds: int) -> tuple[float, float]:
    """CPU milliseconds and steps per rollout of ``kind`` in ``game_id``."""
    game = get_game(game_id)
    state = game.create(4, 5)
    seat = state.to_act()[0]
    bot = make_bot(f"ismcts:iterations=1,rollout={kind}", game, seat, 1)
    assert isinstance(bot, SearchBot)
    rng = random.Random(1)
    samples = [game.sample_world(state.view(seat), rng) for _ in range(worlds)]
    steps = 0
    start = time.process_time()
    for world in samples:
        copy = world.clone()
        before = len(copy.history)
        bot.rollout(copy, copy.horizon())
        steps += len(copy.history) - before
    seconds = time.process_time() - start
    return 1000 * seconds / worlds, steps / worlds


def main(worlds: int = 100) -> int:
    print("| game | rollout | CPU ms per rollout | steps per rollout |")
    print("|---|---|---|---|")
    for game_id in GAMES:
        for kind in ("heuristic", "random"):
            n = max(1, worlds // 10) if (game_id, kind) == ("uno-star-trek", "random") else worlds
            ms, steps = measure(game_id, kind, n)
            print(f"| {game_id} | {kind} | {ms:.2f} | {steps:.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(*(int(a) for a in sys.argv[1:2])))
