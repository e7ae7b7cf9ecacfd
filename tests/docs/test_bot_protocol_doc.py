"""docs/bot-protocol.md: each example exchange is what a real match sends and reads."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from cardkit.extbot import ExecBot
from cardkit.options import parse_assignments
from cardkit.registry import check_bot_spec, get_game, make_bot
from cardkit.runner import play_match

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "bot-protocol.md"
MARK = re.compile(
    r"<!-- exchange: (\S+) players=(\d+) seed=(\d+) options=(\S*) -->\n```\n(.*?)```", re.S
)


def exchange(game_id: str, players: int, seed: int, options: str) -> list[str]:
    """The transcript of examples/bots/random.py in seat 0 against the heuristic bot."""
    game = get_game(game_id)
    spec = check_bot_spec(f"exec:{sys.executable} {ROOT / 'examples/bots/random.py'}", game)
    bot = ExecBot(game, 0, seed, **spec.params)
    others = [make_bot("heuristic", game, s, seed + s) for s in range(1, players)]
    values = parse_assignments(options.split(";")) if options else None
    outcome = play_match(game, [bot, *others], seed, values)
    assert outcome.failure is None
    return bot.transcript


def steady(line: str) -> str:
    """``line`` with the time left for the match (which varies from run to run) blanked."""
    message = json.loads(line[2:])
    if isinstance(message.get("clock"), dict):
        message["clock"]["match"] = "?"
    return line[:2] + json.dumps(message, sort_keys=True)


def blocks() -> list[tuple[str, int, int, str, list[str]]]:
    found = MARK.findall(DOC.read_text())
    return [(g, int(p), int(s), o, body.splitlines()) for g, p, s, o, body in found]


def test_the_document_has_an_exchange_for_every_built_in_game() -> None:
    assert sorted({b[0] for b in blocks()}) == ["ufos", "universal-bid", "uno-star-trek"]


@pytest.mark.parametrize("block", blocks(), ids=lambda b: b[0])
def test_an_example_exchange_is_real_output(block: tuple[str, int, int, str, list[str]]) -> None:
    game_id, players, seed, options, lines = block
    real = [steady(line) for line in exchange(game_id, players, seed, options)]
    lines = [line if line.strip() == "..." else steady(line) for line in lines]
    # the shown lines come in order; "..." stands for lines left out, else they are consecutive
    at = 0
    gap = True
    for line in lines:
        if line.strip() == "...":
            gap = True
            continue
        where = real.index(line, at) if gap else at
        assert real[where] == line, f"not the next line of the real exchange: {line}"
        at, gap = where + 1, False
    if not gap:
        assert at == len(real), "the example stops before the exchange ends without '...'"
