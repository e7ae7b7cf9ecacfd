"""cardkit-bot/1: exec specs, the reference bots, served bot classes, and what a seat is sent."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from cardkit import arena
from cardkit.bots import BotSpec
from cardkit.events import Event, cards_of
from cardkit.extbot import ExecBot
from cardkit.game import State
from cardkit.protocol import encode, sent_seed
from cardkit.registry import get_game, make_bot
from cardkit.runner import drive, play_match

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["universal-bid", "ufos", "uno-star-trek"]
BOT_MODULES = {
    "universal-bid": "games.universal_bid.bot",
    "ufos": "games.ufos.bot",
    "uno-star-trek": "games.uno_star_trek.bot",
}
SMALL = {
    "universal-bid": {"schedule": (3, 2)},
    "ufos": {"hands_per_player": 1},
    "uno-star-trek": {"target_score": 50},
}


def test_an_exec_spec_keeps_the_command_whole_and_prints_back() -> None:
    spec = BotSpec.parse("exec[move=1,match=60]:python3 my bot.py --level=3,4")
    assert spec.name == "exec"
    assert dict(spec.params) == {
        "move": "1",
        "match": "60",
        "command": "python3 my bot.py --level=3,4",
    }
    assert BotSpec.parse(str(spec)) == spec
    assert str(BotSpec.parse("exec:node bot.js")) == "exec:node bot.js"


def test_making_an_exec_bot_starts_no_process() -> None:
    bot = make_bot(f"exec:{sys.executable} -c pass", get_game("ufos"), 0, 0)
    assert isinstance(bot, ExecBot) and bot.process is None


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("script", ["random.py", "random.js"])
def test_the_reference_bots_play_every_game_in_the_arena(game_id: str, script: str) -> None:
    runner = sys.executable if script.endswith(".py") else shutil.which("node")
    if runner is None:
        pytest.skip("node is not installed")
    spec = f"exec:{runner} {ROOT / 'examples' / 'bots' / script}"
    players = get_game(game_id).min_players
    tally = arena.run(game_id, [spec] + ["heuristic"] * (players - 1), 2, options=SMALL[game_id])
    assert tally.failures == [] and tally.played == 2
    assert tally.matches[0] == 2


@pytest.mark.parametrize("game_id", GAMES)
def test_a_served_bot_class_plays_as_it_does_in_process(game_id: str) -> None:
    game = get_game(game_id)
    n = game.min_players
    served = f"exec:{sys.executable} -m cardkit.protocol {BOT_MODULES[game_id]}:HeuristicBot"
    # a served bot is seeded with the digest it is sent (sent_seed), never the bot seed itself
    seats = [make_bot("heuristic", game, 0, sent_seed(40))]
    seats += [make_bot("heuristic", game, s, 40 + s) for s in range(1, n)]
    inside = play_match(game, seats, 9, SMALL[game_id])
    outside = play_match(
        game,
        [make_bot(served, game, 0, 40)]
        + [make_bot("heuristic", game, s, 40 + s) for s in range(1, n)],
        9,
        SMALL[game_id],
    )
    assert outside.failure is None
    assert [str(a) for _, a in outside.state.history] == [str(a) for _, a in inside.state.history]


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    if isinstance(value, dict):
        return [s for k, v in value.items() if k != "text" for s in strings(v)]
    return []


@pytest.mark.parametrize("game_id", GAMES)
def test_no_message_names_a_card_the_seat_may_not_see(game_id: str) -> None:
    # every card text in a message must be one the seat has seen: in a zone visible to it,
    # or named by an event the core lets it see (a public draw for the deal)
    game = get_game(game_id)
    n = game.min_players
    script = ROOT / "examples" / "bots" / "random.py"
    bots = [ExecBot(game, s, s, command=f"{sys.executable} {script}") for s in range(n)]
    state = game.create(n, 4, SMALL[game_id], events=True)
    texts = {c.text for zone in state.zones() for c in zone.cards}
    known: list[set[str]] = [set() for _ in range(n)]
    checked = [0] * n

    scanned = [0]

    def look(st: State) -> None:
        log = st.log or []
        for event in log[scanned[0] :]:
            for seat in range(n):
                if event.seen_by(seat):
                    known[seat].update(c.text for c in cards_of(event))
                    known[seat].update(strings(encode(event)))  # cards some events name as text
        scanned[0] = len(log)
        for zone in st.zones():
            for seat in zone.visible_to:
                if 0 <= seat < n:
                    known[seat].update(c.text for c in zone.cards)

    def check() -> None:
        for seat, bot in enumerate(bots):
            for message in bot.sent[checked[seat] :]:
                named = {s for s in strings(message) if s in texts}
                assert named <= known[seat], (
                    f"seat {seat} was sent {named - known[seat]}: {message}"
                )
            checked[seat] = len(bot.sent)

    def before(st: State, seat: int, legal: Any) -> None:
        look(st)
        check()

    def after(st: State, seat: int, action: Any, events: tuple[Event, ...]) -> None:
        look(st)
        check()

    look(state)
    outcome = drive(state, bots, before=before, after=after)
    check()
    assert outcome.failure is None
    assert all(len(b.sent) > 10 for b in bots)


def test_a_protocol_bot_is_never_sent_a_seed_that_gives_the_match_seed_back() -> None:
    from cardkit.bots import bot_seed

    match_seed = 116_135_086_977_790
    seed = bot_seed(match_seed, 0)
    # bot_seed is a keyed hash: the inverse of its old affine form (7919 * seed + ...
    # modulo 2**48) no longer gives the match seed back ...
    inverse = pow(7919, -1, 1 << 48)
    assert ((seed - 12_345) * inverse) & ((1 << 48) - 1) != match_seed
    # ... and a bot is sent a digest of it besides: the same for the same seed, else apart
    assert sent_seed(seed) == sent_seed(seed) != seed
    assert ((sent_seed(seed) - 12_345) * inverse) & ((1 << 48) - 1) != match_seed
    assert len({sent_seed(bot_seed(match_seed, s)) for s in range(10)}) == 10
