"""The cost of an external bot: round-trip time per move over cardkit-bot/1.

The same bot class (a game's heuristic) plays seat 0 in-process and as a
process served by ``python -m cardkit.protocol``, over the same matches; the
figure is the difference in wall time per move of seat 0. Run it from the
repository root::

    python -m benchmarks.protocol [GAME] [--matches N]

It reports; no test asserts a time.
"""

from __future__ import annotations

import argparse
import sys
import time

from cardkit.registry import get_game, make_bot
from cardkit.runner import play_match

MODULES = {
    "universal-bid": "games.universal_bid.bot",
    "ufos": "games.ufos.bot",
    "uno-star-trek": "games.uno_star_trek.bot",
}


def per_move(game_id: str, matches: int, external: bool) -> tuple[float, int, float]:
    """Seconds per move of seat 0 over ``matches`` matches (the first move of each left
    out), the number of those moves, and the mean seconds of the first move."""
    game = get_game(game_id)
    n = game.default_players
    served = f"exec:{sys.executable} -m cardkit.protocol {MODULES[game_id]}:HeuristicBot"
    spent, moves, first = 0.0, 0, 0.0
    for m in range(matches):
        hero = make_bot(served if external else "heuristic", game, 0, m)
        timed = _Timed(hero)
        others = [make_bot("heuristic", game, s, m + s) for s in range(1, n)]
        outcome = play_match(game, [timed, *others], m)
        if outcome.failure is not None:
            raise SystemExit(str(outcome.failure))
        spent += timed.spent
        moves += timed.moves
        first += timed.first or 0.0
    return spent / max(moves, 1), moves, first / max(matches, 1)


class _Timed:
    """Wall time spent in a bot's ``choose``, and its moves (the bot's hooks pass through)."""

    def __init__(self, bot: object) -> None:
        self.bot = bot
        self.spent = 0.0
        self.moves = 0
        self.first: float | None = None
        self.observes = getattr(bot, "observes", False)
        self.name = getattr(bot, "name", "bot")

    def __getattr__(self, name: str) -> object:
        return getattr(self.bot, name)

    def choose(self, view: object, legal: object) -> object:
        started = time.perf_counter()
        action = self.bot.choose(view, legal)  # type: ignore[attr-defined]
        took = time.perf_counter() - started
        if self.first is None:  # the process starts at the first move: counted apart
            self.first = took
        else:
            self.spent += took
            self.moves += 1
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="uno-star-trek", choices=sorted(MODULES))
    parser.add_argument("--matches", type=int, default=5)
    args = parser.parse_args()
    inside, moves, _ = per_move(args.game, args.matches, external=False)
    outside, _, start = per_move(args.game, args.matches, external=True)
    print(f"{args.game}: {moves} moves of seat 0 over {args.matches} matches (wall time)")
    print(f"  in-process     {inside * 1e6:9.1f} us per move")
    print(f"  over protocol  {outside * 1e6:9.1f} us per move")
    print(f"  overhead       {(outside - inside) * 1e6:9.1f} us per move")
    print(f"  process start  {start * 1e3:9.1f} ms per match (its first move)")


if __name__ == "__main__":
    main()
