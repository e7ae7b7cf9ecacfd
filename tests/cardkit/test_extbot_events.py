"""An external bot learns its cards from the deal's events before its first ``act``: in the
arena (fresh and duplicate deals, with and without the per-move clock) and in play."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest

from cardkit import arena
from cardkit.extbot import ExecBot
from cardkit.game import Game
from cardkit.registry import get_game
from cardkit.runner import play_match

ROOT = Path(__file__).resolve().parents[2]
RANDOM_PY = ROOT / "examples" / "bots" / "random.py"
GAMES = ["universal-bid", "ufos", "uno-star-trek"]
SMALL: dict[str, dict[str, Any]] = {
    "universal-bid": {"schedule": "3"},
    "ufos": {"hands_per_player": 1},
    "uno-star-trek": {"target_score": 50},
}


class Recorded(ExecBot):
    """The reference Python bot, kept after its match so a test can read what it was sent."""

    made: ClassVar[list[Recorded]] = []

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        super().__init__(game, seat, seed, command=f"{sys.executable} {RANDOM_PY}")
        Recorded.made.append(self)


def strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, list):
        return {s for v in value for s in strings(v)}
    if isinstance(value, dict):
        return {s for k, v in value.items() if k != "text" for s in strings(v)}
    return set()


def check_told_before_first_act(bot: ExecBot) -> None:
    kinds = [m["type"] for m in bot.sent]
    assert "act" in kinds
    first = kinds.index("act")
    before = [m for m in bot.sent[:first] if m["type"] == "event"]
    hand = bot.sent[first]["view"]["hand"]
    assert hand, "a seat holds cards at its first move"
    named = set().union(*(strings(m["fields"]) for m in before))
    # every card of the seat's hand at its first move was named by an event it was sent
    assert set(hand) <= named, f"seat {bot.seat} was not told of {set(hand) - named}"


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize(("move_time", "duplicate"), [(None, False), (30.0, False), (30.0, True)])
def test_the_arena_sends_the_deal_before_the_first_act(
    game_id: str, move_time: float | None, duplicate: bool
) -> None:
    game = get_game(game_id)
    n = game.min_players
    Recorded.made = []
    bots: list[Any] = [Recorded] + ["heuristic"] * (n - 1)
    tally = arena.run(
        game,
        bots,
        n if duplicate else 1,
        seed=5,
        options=SMALL[game_id],
        move_time=move_time,
        duplicate=duplicate,
    )
    assert tally.failures == []
    assert len(Recorded.made) == tally.played
    for bot in Recorded.made:
        check_told_before_first_act(bot)


@pytest.mark.parametrize("game_id", GAMES)
def test_play_match_sends_the_deal_before_the_first_act(game_id: str) -> None:
    game = get_game(game_id)
    n = game.min_players
    bot = Recorded(game, 0, 7)
    others = [game.bots["heuristic"](game, s, s) for s in range(1, n)]
    outcome = play_match(game, [bot, *others], 7, SMALL[game_id])
    assert outcome.failure is None
    check_told_before_first_act(bot)
