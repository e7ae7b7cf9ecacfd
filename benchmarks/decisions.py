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
from collections.abc import Iterator, Sequence

from cardkit.actions import Action
from cardkit.game import State, View
from cardkit.registry import get_game, make_bot
from cardkit.seats import CHANCE


def decisions(state: State) -> Iterator[tuple[int, Sequence[Action], View]]:
    """Each decision of ``state`` to its end as ``(seat, legal, view)``, chance played by
    the state's own draws; the caller applies each move before asking for the next."""
    while not state.is_over():
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply(CHANCE, state.sample_chance())
            continue
        yield seat, state.legal_actions(seat), state.view(seat)


def measure(game_id: str, bot: str, matches: int) -> list[float]:
    """The wall seconds of each of seat 0's decisions with a choice."""
    game = get_game(game_id)
    times: list[float] = []
    for m in range(matches):
        state = game.create(4, 11 + m)
        bots = [make_bot(bot if s == 0 else "heuristic", game, s, s + 10 * m) for s in range(4)]
        for seat, legal, view in decisions(state):
            start = time.perf_counter()
            action = bots[seat].choose(view, legal)
            if seat == 0 and len(legal) > 1:
                times.append(time.perf_counter() - start)
            state.apply(seat, action)
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
