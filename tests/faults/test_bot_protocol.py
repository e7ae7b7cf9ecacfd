"""External bots that break cardkit-bot/1: each fault fails its match with a one-line
reason naming the fault, the process is gone, and the arena goes on."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardkit import arena
from cardkit.errors import OptionError
from cardkit.extbot import ExecBot
from cardkit.registry import check_bot_spec, get_game
from cardkit.runner import play_match

GAME = get_game("uno-star-trek")

HEAD = """
import json, sys, time
def send(m):
    sys.stdout.write(json.dumps(m) + "\\n"); sys.stdout.flush()
send({"type": "hello", "protocol": "cardkit-bot/1", "name": "bad"})
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] != "act":
        continue
"""

FAULTS = {
    "crashed": "    sys.exit(3)\n",
    "time-out": "    time.sleep(30)\n",
    "not-json": "    print('e5 please', flush=True)\n",
    "wrong-id": "    send({'type': 'action', 'id': m['id'] + 1, 'action': m['legal'][0]})\n",
    "illegal": "    send({'type': 'action', 'id': m['id'], 'action': 'no such move'})\n",
    "flood": "    while True: send({'type': 'chatter'})\n",
}


def script(tmp_path: Path, body: str, head: str = HEAD) -> str:
    path = tmp_path / "bot.py"
    path.write_text(head + body)
    return f"exec[move=1,match=20]:{sys.executable} {path}"


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}/stat").exists() and " Z " not in Path(f"/proc/{pid}/stat").read_text()


@pytest.mark.parametrize("code", sorted(FAULTS))
def test_a_fault_fails_the_match_naming_it_and_kills_the_bot(tmp_path: Path, code: str) -> None:
    spec = check_bot_spec(script(tmp_path, FAULTS[code]), GAME)
    bot = ExecBot(GAME, 0, 1, **spec.params)
    others = [GAME.bots["heuristic"](GAME, s, s) for s in (1, 2, 3)]
    outcome = play_match(GAME, [bot, *others], 1)
    assert outcome.failure is not None and outcome.failure.seat == 0
    assert outcome.failure.reason.startswith(f"BotFault: {code}: ")
    assert "\n" not in outcome.failure.reason
    assert bot.process is None


def test_a_wrong_protocol_version_is_refused(tmp_path: Path) -> None:
    hello = "{'type': 'hello', 'protocol': 'cardkit-bot/9'}"
    head = f"import json\nprint(json.dumps({hello}), flush=True)\n"
    bot = ExecBot(GAME, 0, 1, **check_bot_spec(script(tmp_path, "input()\n", head), GAME).params)
    outcome = play_match(GAME, [bot, *[GAME.bots["heuristic"](GAME, s, s) for s in (1, 2, 3)]], 1)
    assert outcome.failure is not None
    assert outcome.failure.reason.startswith("BotFault: protocol: ")


def test_the_arena_goes_on_after_a_crash_restarting_the_bot(tmp_path: Path) -> None:
    # crashes on its third act of a match: every match fails, each with a fresh process
    body = "    n = globals().get('n', 0) + 1; globals()['n'] = n\n"
    body += "    if n == 3: sys.exit(1)\n"
    body += "    send({'type': 'action', 'id': m['id'], 'action': m['legal'][0]})\n"
    spec = script(tmp_path, body)
    tally = arena.run("uno-star-trek", [spec, "heuristic", "heuristic", "heuristic"], 3, seed=2)
    assert tally.played == 3 and tally.failed == 3
    assert all("crashed: the bot exited with code 1" in line for line in tally.failures)


def test_a_hung_bot_is_killed_when_the_bot_is_closed(tmp_path: Path) -> None:
    spec = check_bot_spec(script(tmp_path, "    time.sleep(30)\n"), GAME)
    bot = ExecBot(GAME, 0, 1, **spec.params)
    bot.join(4, GAME.make_options(None), ())
    bot._ensure_started()
    assert bot.process is not None
    pid = bot.process.pid
    bot.close()
    assert not alive(pid)


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("exec:", "exec:COMMAND"),
        ("exec[move=-1]:python3 x.py", "move=-1 must be 0 (no limit) or from 0.001 to 86400"),
        ("exec[speed=1]:python3 x.py", "the limits are move and match"),
        ("exec[move=1:python3 x.py", "exec[move=SECONDS"),
        ("exec:no-such-program-here x", "program 'no-such-program-here' not found"),
        ("exec:python3 'unclosed", "bad exec command"),
    ],
)
def test_a_bad_exec_spec_is_one_clear_line(spec: str, words: str) -> None:
    with pytest.raises(OptionError, match=None) as info:
        check_bot_spec(spec, GAME)
    assert words in str(info.value) and "\n" not in str(info.value)


PARENT = """
import os, sys
from cardkit.extbot import ExecBot
from cardkit.registry import get_game
game = get_game("uno-star-trek")
bot = ExecBot(game, 0, 1, command=sys.argv[1])
bot.join(4, game.make_options(None), ())
bot._ensure_started()
keep = bot  # never closed: only the exit or the parent's death ends it
print(bot.process.pid, flush=True)
if sys.argv[2] == "die":
    os._exit(0)  # no atexit, no cleanup: the kernel must end the bot
"""


@pytest.mark.parametrize("how", ["exit", "die"])
def test_no_bot_process_outlives_its_parent(tmp_path: Path, how: str) -> None:
    bot = tmp_path / "bot.py"
    # says hello, then sleeps whatever happens to its input: only a kill ends it early
    hello = "{'type': 'hello', 'protocol': 'cardkit-bot/1'}"
    bot.write_text(f"import json, time\nprint(json.dumps({hello}), flush=True)\ntime.sleep(30)\n")
    parent = tmp_path / "parent.py"
    parent.write_text(PARENT)
    done = subprocess.run(
        [sys.executable, str(parent), f"{sys.executable} {bot}", how],
        capture_output=True,
        text=True,
        timeout=20,
        check=True,
    )
    pid = int(done.stdout.split()[0])
    for _ in range(100):  # the kernel's kill is asynchronous: give it a moment
        if not alive(pid):
            break
        time.sleep(0.02)
    assert not alive(pid)
