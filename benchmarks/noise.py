"""How far a search can tell one move from another: the noise of a rollout's value.

``python -m benchmarks.noise GAME [WORLDS] [DECISIONS]``: plays a seeded 4-player
match of the game's heuristic bots (match seed 3) and, at every third decision
of seat 0 that has a choice (up to DECISIONS, default 12), rolls every legal
move out in the same WORLDS sampled worlds (default 200) with the search bots'
heuristic rollout. Per decision it prints the standard deviation of one
world's value (the mean over the moves), that of the difference between a move
and the heuristic's move in the same world (the mean over the other moves),
and each move's mean value less the heuristic's move's.

A search needs about ``(2 * sd / gap) ** 2`` worlds a move to tell two moves
``gap`` apart at two standard errors; the paired deviation is the one that
counts for ``pimc``, whose moves share their worlds. Where it is no smaller
than one world's deviation, sharing the worlds does not help.
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Sequence

from cardkit.actions import Action
from cardkit.game import Game, View
from cardkit.registry import get_game, make_bot
from cardkit.runner import play_match
from cardkit.search import PimcBot

Row = tuple[int, float, float, list[float]]
"""One decision measured: moves, one world's sd, the paired sd, each move's mean gain."""


class Probe:
    """Seat 0: plays the game's heuristic and, at every third decision with a choice,
    rolls every legal move out in the same ``worlds`` worlds (until ``decisions`` rows)."""

    def __init__(self, game: Game, worlds: int, decisions: int) -> None:
        self.heuristic = make_bot("heuristic", game, 0, 0)
        self.search = PimcBot(game, 0, 1, worlds=1, rollout="heuristic")
        self.worlds = worlds
        self.decisions = decisions
        self.choices = 0
        self.rows: list[Row] = []

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        move = self.heuristic.choose(view, legal)
        if len(legal) > 1 and len(self.rows) < self.decisions:
            self.choices += 1
            if self.choices % 3 == 0:
                worlds = [self.search.world_values(view, legal) for _ in range(self.worlds)]
                self.rows.append(_spread(worlds, legal.index(move)))
        return move


def _spread(worlds: list[list[float]], base: int) -> Row:
    moves = list(zip(*worlds, strict=True))  # per move, its value in each world
    one = statistics.fmean(statistics.stdev(v) for v in moves)
    paired = statistics.fmean(
        statistics.stdev([a - b for a, b in zip(v, moves[base], strict=True)])
        for i, v in enumerate(moves)
        if i != base
    )
    anchor = statistics.fmean(moves[base])
    return len(moves), one, paired, [statistics.fmean(v) - anchor for v in moves]


def measure(game_id: str, worlds: int, decisions: int) -> list[Row]:
    """The rows of a seeded match (seed 3) of four heuristics, seat 0 measuring."""
    game = get_game(game_id)
    probe = Probe(game, worlds, decisions)
    others = [make_bot("heuristic", game, seat, seat) for seat in range(1, 4)]
    play_match(game, [probe, *others], 3)
    return probe.rows


def main(game_id: str = "uno-star-trek", worlds: int = 200, decisions: int = 12) -> int:
    rows = measure(game_id, worlds, decisions)
    print(f"{game_id}: {worlds} worlds a move, heuristic rollouts")
    print(
        "| moves | sd of one world | sd of the paired difference | mean less the heuristic's move |"
    )
    print("|---|---|---|---|")
    for moves, one, paired, gains in rows:
        print(f"| {moves} | {one:.3f} | {paired:.3f} | {' '.join(f'{g:+.3f}' for g in gains)} |")
    if rows:
        one = statistics.fmean(r[1] for r in rows)
        paired = statistics.fmean(r[2] for r in rows)
        print(f"| mean | {one:.3f} | {paired:.3f} | |")
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    game_id = args[0] if args else "uno-star-trek"
    worlds = int(args[1]) if len(args) > 1 else 200
    raise SystemExit(main(game_id, worlds, int(args[2]) if len(args) > 2 else 12))
