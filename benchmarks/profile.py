"""Profile a cardkit loop: ``python -m benchmarks.profile GAME [options]``.

Plays seeded random matches the way the benchmark does (``--runner`` goes
through ``play_match`` and the random bot, building views) under cProfile and
prints the functions that take the most time.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
from collections.abc import Sequence

from benchmarks.loops import CardkitHands, CardkitRunner, load_game
from cardkit.options import parse_assignments


def main(argv: Sequence[str] | None = None) -> int:
    """Parse arguments, profile, print the top functions."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.profile", description=__doc__)
    parser.add_argument("game", help="game id, as `cardkit list` shows")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--option", action="append", default=[], help="KEY=VALUE (repeatable)")
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--runner", action="store_true", help="play through play_match and bots")
    parser.add_argument(
        "--sort", default="tottime", help="pstats sort key: tottime, cumulative, ..."
    )
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args(argv)
    game = load_game(args.game)
    if isinstance(game, str):
        print(f"game {args.game!r} is not available: {game}", file=sys.stderr)
        return 2
    options = dict(parse_assignments(args.option))
    loop = (CardkitRunner if args.runner else CardkitHands)(game, args.players, options)
    loop(min(10, args.matches))  # warm caches and imports outside the profile
    profiler = cProfile.Profile()
    profiler.enable()
    loop(args.matches)
    profiler.disable()
    stats = pstats.Stats(profiler)
    stats.strip_dirs().sort_stats(args.sort).print_stats(args.top)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
