"""How long a bot takes per decision over whole matches, against the game's heuristics.

``python -m benchmarks.decisions GAME [BOT] [MATCHES]``: plays MATCHES (default 2)
seeded 4-player matches (seeds 11, 12, ...) with BOT (default ``ismcts``, that
is at its default budget) in seat 0 and the game's ``heuristic`` bot in the
other seats, and prints the number of seat 0's decisions with more than one
legal move, their wall time in all and per decision, and the longest. Forced
moves are not counted: the search bots play them at once.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from typing import Any

from cardkit.actions import Action
from cardkit.bots import Bot
from cardkit.game import View
from cardkit.registry import get_game, make_bot
from cardkit.runner import play_match


class Timed:
    """Plays as ``bot`` does and adds the wall time of each decision with a choice to
    ``times``. Everything else (``reads_view``, ``observes``, ``join``, ``observe``,
    ``name``) is the wrapped bot's, so the runner treats it as that bot."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot = bot
        self.times = times

    def __getattr__(self, name: str) -> Any:
        return getattr(self.bot, name)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        start = time.perf_counter()
        move = self.bot.choose(view, legal)
        if len(legal) > 1:
            self.times.append(time.perf_counter() - start)
        return move


def measure(game_id: str, bot: str, matches: int) -> list[float]:
    """The wall seconds of each of seat 0's decisions with a choice."""
    game = get_game(game_id)
    times: list[float] = []
    for m in range(matches):
        bots = [make_bot(bot if s == 0 else "heuristic", game, s, s + 10 * m) for s in range(4)]
        outcome = play_match(game, [Timed(bots[0], times), *bots[1:]], 11 + m)
        if outcome.failure is not None:
            raise RuntimeError(str(outcome.failure))
    return times


def main(game_id: str = "universal-bid", bot: str = "ismcts", matches: int = 2) -> int:
    times = measure(game_id, bot, matches)
    if not times:
        print(f"{game_id}, {bot}: no decision with a choice in {matches} matches")
        return 0
    print(
        f"{game_id}, {bot}, {matches} matches: {len(times)} decisions with a choice, "
        f"{sum(times):.1f} s, {sum(times) / len(times):.3f} s each, the longest {max(times):.3f} s"
    )
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    game_id = args[0] if args else "universal-bid"
    bot = args[1] if len(args) > 1 else "ismcts"
    raise SystemExit(main(game_id, bot, int(args[2]) if len(args) > 2 else 2))
