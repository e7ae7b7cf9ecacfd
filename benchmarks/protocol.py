"""The cost of an external bot: round-trip time per move over cardkit-bot/1.

The same bot class (a game's heuristic) plays seat 0 in-process and as a
process served by ``python -m cardkit.protocol``, over the same matches; the
figure is the difference in wall time per move of seat 0. Run it from the
repository root::

    python -m benchmarks.protocol [GAME] [--matches N]
    python -m benchmarks.protocol GAME --arena [--matches N] [--workers W]

``--arena`` plays an arena of four external random bots (examples/bots/random.py,
through ``exec:``) and the same arena of four in-process random bots, and reports
matches/s of each and the cost per move of the protocol (the difference in wall time
over the moves of all four seats, process starts included).

It reports; no test asserts a time.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from cardkit import arena
from cardkit.record import Record
from cardkit.registry import get_game, make_bot
from cardkit.runner import play_match
from cardkit.seats import CHANCE

RANDOM_PY = Path(__file__).resolve().parents[1] / "examples" / "bots" / "random.py"

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


def four_random(game_id: str, matches: int, workers: int) -> list[str]:
    """Lines of the figure: an arena of four external random bots against the same arena
    of four in-process random bots. Both keep every match's record (in a temporary
    folder), which is how their moves are counted."""
    spec = f"exec:{sys.executable} {RANDOM_PY}"
    lines = [f"{game_id}: {matches} matches, 4 players, {workers} worker(s), wall time"]
    per_move: dict[str, float] = {}
    for name, bots in (("in-process random", ["random"] * 4), ("exec random.py", [spec] * 4)):
        with tempfile.TemporaryDirectory() as logs:
            started = time.perf_counter()
            tally = arena.run(game_id, bots, matches, seed=1, workers=workers, logs=logs)
            seconds = time.perf_counter() - started
            assert tally.failed == 0, tally.failures[:1]
            moves = sum(
                sum(1 for seat, _ in Record.load(path).actions if seat != CHANCE)
                for path in Path(logs).glob("match-*.json")
            )
        per_move[name] = seconds * workers / max(moves, 1)
        lines.append(
            f"  {name:18} {matches / seconds:8.2f} matches/s ({seconds:.1f} s, {moves:,} moves, "
            f"{per_move[name] * 1e6:.1f} us a move)"
        )
    extra = per_move["exec random.py"] - per_move["in-process random"]
    lines.append(
        f"  the protocol adds {extra * 1e3:.3f} ms per move (process starts included, "
        f"one per seat and match)"
    )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="uno-star-trek", choices=sorted(MODULES))
    parser.add_argument("--matches", type=int, default=5)
    parser.add_argument("--arena", action="store_true", help="four external random bots")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    if args.arena:
        print("\n".join(four_random(args.game, args.matches, args.workers)))
        return
    inside, moves, _ = per_move(args.game, args.matches, external=False)
    outside, _, start = per_move(args.game, args.matches, external=True)
    print(f"{args.game}: {moves} moves of seat 0 over {args.matches} matches (wall time)")
    print(f"  in-process     {inside * 1e6:9.1f} us per move")
    print(f"  over protocol  {outside * 1e6:9.1f} us per move")
    print(f"  overhead       {(outside - inside) * 1e6:9.1f} us per move")
    print(f"  process start  {start * 1e3:9.1f} ms per match (its first move)")


if __name__ == "__main__":
    main()
