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

import random
import statistics
import sys

from benchmarks.decisions import decisions as each_decision
from cardkit.registry import get_game, make_bot
from cardkit.search import SearchBot


def measure(
    game_id: str, worlds: int, decisions: int
) -> list[tuple[int, float, float, list[float]]]:
    """Per decision measured: (moves, one world's sd, the paired sd, mean gains)."""
    game = get_game(game_id)
    state = game.create(4, 3)
    heuristics = [make_bot("heuristic", game, seat, seat) for seat in range(4)]
    probe = make_bot("pimc:worlds=1,rollout=heuristic", game, 0, 1)
    assert isinstance(probe, SearchBot)
    rng = random.Random(2)
    rows: list[tuple[int, float, float, list[float]]] = []
    choices = 0
    for seat, legal, view in each_decision(state):
        if len(rows) == decisions:
            break
        move = heuristics[seat].choose(view, legal)
        if seat == 0 and len(legal) > 1:
            choices += 1
            if choices % 3 == 0:
                base = legal.index(move)
                values: list[list[float]] = [[] for _ in legal]
                for _ in range(worlds):
                    world = game.sample_world(view, rng)
                    horizon = world.horizon()
                    for i, action in enumerate(legal):
                        copy = world.clone()
                        copy.apply(seat, action)
                        probe.rollout(copy, horizon)
                        values[i].append(copy.value(seat, world))
                one = statistics.fmean(statistics.stdev(v) for v in values)
                paired = statistics.fmean(
                    statistics.stdev([a - b for a, b in zip(v, values[base], strict=True)])
                    for i, v in enumerate(values)
                    if i != base
                )
                anchor = statistics.fmean(values[base])
                rows.append(
                    (len(legal), one, paired, [statistics.fmean(v) - anchor for v in values])
                )
        state.apply(seat, move)
    return rows


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
