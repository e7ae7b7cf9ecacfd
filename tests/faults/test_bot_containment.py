"""External bots are contained (issue 35, points 6, 7, 9 and 12): a bot that closes its
output is at fault at once, no process a bot starts outlives its match, however it
forks or ``setsid``s, time limits out of range are refused in one line, and a line
nested too deep or too long is a fault with a code."""

from __future__ import annotations

import contextlib
import math
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest

from cardkit import arena
from cardkit.errors import OptionError
from cardkit.extbot import EXIT_GRACE, MAX_LINE, SHOWN, ExecBot, parse_limit
from cardkit.registry import check_bot_spec, get_game
from cardkit.runner import MatchOutcome, play_match

UNO = get_game("uno-star-trek")
BID = get_game("universal-bid")
ONE_HAND = {"schedule": (1,)}  # universal-bid: one hand of one card, two acts a seat

HEAD = """
import json, os, sys, time
def send(m):
    sys.stdout.write(json.dumps(m) + "\\n"); sys.stdout.flush()
"""
HELLO = 'send({"type": "hello", "protocol": "cardkit-bot/1", "name": "bad"})\n'
LOOP = """
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "match_end":
        break
    if m["type"] != "act":
        continue
"""
ANSWER = "    send({'type': 'action', 'id': m['id'], 'action': m['legal'][0]})\n"


def write_bot(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bot.py"
    path.write_text(text)
    return path


def exec_spec(path: Path, *args: str, limits: str = "") -> str:
    return f"exec{limits}:{sys.executable} {path} {' '.join(args)}".rstrip()


def alive(pid: int) -> bool:
    """Whether ``pid`` runs: it has a /proc entry and is no zombie."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rfind(")") + 2] not in "ZX"


def wait_for_pid(path: Path) -> int:
    for _ in range(500):
        if path.exists():
            return int(path.read_text())
        time.sleep(0.01)
    raise AssertionError(f"the bot never wrote {path}")


@contextlib.contextmanager
def within(seconds: float) -> Iterator[None]:
    """Fail (rather than hang) when the block takes longer than ``seconds``."""

    def late(signum: int, frame: FrameType | None) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, late)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def leftovers(tmp_path: Path) -> Iterator[list[int]]:
    """Pids a test saw; any of them still running a script of ``tmp_path`` is killed after
    the test, so that a failing test leaves no sleeper behind."""
    pids: list[int] = []
    yield pids
    for pid in pids:
        with contextlib.suppress(OSError):
            if str(tmp_path) in Path(f"/proc/{pid}/cmdline").read_text():
                os.kill(pid, signal.SIGKILL)


def play(game_spec: str, game_id: str = "uno-star-trek") -> tuple[ExecBot, MatchOutcome]:
    game = get_game(game_id)
    bot = ExecBot(game, 0, 1, **check_bot_spec(game_spec, game).params)
    others = [game.bots["heuristic"](game, s, s) for s in range(1, game.min_players)]
    options = ONE_HAND if game_id == "universal-bid" else None
    return bot, play_match(game, [bot, *others], 1, options)


# -- point 6: a bot that closes its output and keeps running ------------------------

CLOSES_OUTPUT = (
    HEAD
    + HELLO
    + "open(sys.argv[1], 'w').write(str(os.getpid()))\n"
    + LOOP
    + "    os.close(1)\n    time.sleep(30)\n"
)


@pytest.mark.parametrize("limits", ["", "[move=0,match=0]"], ids=["default", "no-limit"])
def test_a_bot_that_closes_its_output_is_at_fault_at_once(
    tmp_path: Path, limits: str, leftovers: list[int]
) -> None:
    # before the fix the referee waited for the process with no time limit: 30 s here
    # (the bot's sleep), for ever for a bot that never ends
    pidfile = tmp_path / "pid"
    spec = exec_spec(write_bot(tmp_path, CLOSES_OUTPUT), str(pidfile), limits=limits)
    started = time.monotonic()
    with within(15):
        bot, outcome = play(spec)
    took = time.monotonic() - started
    pid = wait_for_pid(pidfile)
    leftovers.append(pid)
    assert outcome.failure is not None and outcome.failure.seat == 0
    assert outcome.failure.reason == "BotFault: closed: the bot closed its output and kept running"
    # the referee gives it EXIT_GRACE to exit, then ends it: well under the bot's 30 s sleep
    assert took < EXIT_GRACE + 5
    assert bot.process is None and not alive(pid)


def test_an_arena_without_a_move_time_goes_on_past_a_bot_that_closes_its_output(
    tmp_path: Path,
) -> None:
    # `--move-time 0` (move_time None) and an exec bot without limits: only the end of the
    # bot's output can end each match; both fail and the run goes on to its end
    pidfile = tmp_path / "pid"
    spec = exec_spec(write_bot(tmp_path, CLOSES_OUTPUT), str(pidfile), limits="[move=0,match=0]")
    with within(20):
        tally = arena.run("uno-star-trek", [spec, "heuristic"], 2, seed=3, move_time=None)
    assert tally.played == 2 and tally.failed == 2
    assert all("failed: BotFault: closed: the bot closed its output" in f for f in tally.failures)
    assert not alive(int(pidfile.read_text()))


def test_a_bot_that_closes_its_input_and_keeps_running_is_at_fault(tmp_path: Path) -> None:
    # closes its input, then answers its first act and sleeps: the next act cannot be sent
    body = HEAD + HELLO + LOOP + "    os.close(0)\n" + ANSWER + "    time.sleep(30)\n"
    with within(15):
        _, outcome = play(exec_spec(write_bot(tmp_path, body)))
    assert outcome.failure is not None
    assert outcome.failure.reason == "BotFault: closed: the bot closed its input and kept running"


# -- point 7: no process a bot starts outlives the match ------------------------------

# the bot forks a child that forks a grandchild and exits; the grandchild starts a new
# session (so the bot's process group no longer holds it), writes its pid and sleeps 60 s
# with the bot's pipes open; the bot says hello only once the pid is written
SPAWNS = (
    HEAD
    + """
pidfile = sys.argv[1]
child = os.fork()
if child == 0:
    if os.fork() == 0:
        os.setsid()
        with open(pidfile + ".tmp", "w") as f:
            f.write(str(os.getpid()))
        os.replace(pidfile + ".tmp", pidfile)
        time.sleep(60)
    os._exit(0)
os.waitpid(child, 0)
while not os.path.exists(pidfile):
    time.sleep(0.005)
"""
    + HELLO
    + LOOP
)
HOW = {
    "plays": ANSWER,  # plays the whole match, then leaves at match_end
    "exits": "    sys.exit(0)\n",  # leaves at its first act: its grandchild holds the pipe
}


@pytest.mark.parametrize("how", sorted(HOW))
def test_a_grandchild_that_calls_setsid_does_not_outlive_the_match(
    tmp_path: Path, how: str, leftovers: list[int]
) -> None:
    pidfile = tmp_path / "grandchild"
    spec = exec_spec(write_bot(tmp_path, SPAWNS + HOW[how]), str(pidfile), limits="[move=5]")
    with within(20):
        bot, outcome = play(spec, "universal-bid")
    grandchild = wait_for_pid(pidfile)
    leftovers.append(grandchild)
    if how == "plays":
        assert outcome.failure is None
    else:
        assert outcome.failure is not None
        assert outcome.failure.reason == "BotFault: crashed: the bot exited with code 0"
    assert bot.process is None
    # ended and reaped by the time the match is over: no wait here
    assert not alive(grandchild)


def test_no_bot_descendant_outlives_an_arena(tmp_path: Path, leftovers: list[int]) -> None:
    # each match starts its own bot; its grandchild writes grandchild<bot's pid>
    text = SPAWNS.replace("sys.argv[1]", "sys.argv[1] + str(os.getpid())") + ANSWER
    bot = write_bot(tmp_path, text)
    spec = exec_spec(bot, str(tmp_path / "grandchild"))
    with within(30):
        tally = arena.run("universal-bid", [spec, "heuristic"], 2, seed=1, options=ONE_HAND)
    assert tally.played == 2 and tally.failed == 0
    found = [int(p.read_text()) for p in tmp_path.glob("grandchild*") if p.suffix != ".tmp"]
    leftovers.extend(found)
    assert len(found) == 2
    assert not any(alive(pid) for pid in found)


# -- point 9: time limits out of range ------------------------------------------------


@pytest.mark.parametrize("text", ["1e308", "4e10", "86400.5", "2e-5", "1e-6", "-1", "nan", "inf"])
def test_a_time_limit_out_of_range_is_refused_in_one_line(text: str) -> None:
    # before: 1e308 and 4e10 were taken and ended in OverflowError when waiting; 2e-5 and
    # 1e-6 gave moves no time to be answered
    with pytest.raises(OptionError) as info:
        check_bot_spec(f"exec[move={text}]:{sys.executable} x.py", UNO)
    message = str(info.value)
    assert message == f"exec limit move={text} must be 0 (no limit) or from 0.001 to 86400 seconds"
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("value", ["\u0661\u0662", "\uff11", "1_0", float("inf"), -0.5])
def test_a_time_limit_that_is_no_plain_number_is_refused(value: str | float) -> None:
    with pytest.raises(ValueError, match=r"must be 0 \(no limit\) or from 0\.001 to 86400"):
        parse_limit("match", value)


@pytest.mark.parametrize(
    ("value", "seconds"),
    [(None, math.inf), (0, math.inf), ("0", math.inf), ("0.001", 0.001), ("86400", 86400.0)],
)
def test_the_ends_of_the_range_are_taken(value: str | float | None, seconds: float) -> None:
    assert parse_limit("move", value) == seconds


@pytest.mark.parametrize("limits", ["[move=86400,match=86400]", "[move=0,match=0]"])
def test_a_bot_plays_under_the_longest_limit_and_none(tmp_path: Path, limits: str) -> None:
    bot, outcome = play(exec_spec(write_bot(tmp_path, HEAD + HELLO + LOOP + ANSWER), limits=limits))
    assert outcome.failure is None
    start = next(m for m in bot.sent if m["type"] == "start")
    act = next(m for m in bot.sent if m["type"] == "act")
    if limits == "[move=0,match=0]":  # no limit is sent as null (JSON has no infinity)
        assert start["limits"] == {"move": None, "match": None}
        assert act["clock"] == {"match": None, "move": None}
    else:
        assert start["limits"] == {"move": 86400.0, "match": 86400.0}
        assert act["clock"]["move"] == 86400.0


@pytest.mark.parametrize("threads", [0, 1])
def test_an_exec_bot_under_the_shortest_arena_move_time_leaves_no_process(
    tmp_path: Path, threads: int
) -> None:
    # the arena's move clock ticks every 0.25 ms and fires inside the exchange and the
    # bot's ending: each match fails on the clock, never with RecursionError, and no bot
    # process is left, though ending one takes longer than a tick. With another thread
    # running (a library's, as Ray leaves in its driver), the clock's signal reaches
    # that thread while the main thread holds it back, and its handler still runs in
    # the main thread: before, it cut every bot's ending short
    body = HEAD + "open(sys.argv[1] + str(os.getpid()), 'w').close()\n" + HELLO + LOOP
    body += "    time.sleep(5)\n"
    bot = write_bot(tmp_path, body)
    done = threading.Event()
    sleepers = [threading.Thread(target=done.wait, daemon=True) for _ in range(threads)]
    for sleeper in sleepers:
        sleeper.start()
    try:
        with within(30):
            tally = arena.run(
                "universal-bid",
                [exec_spec(bot, str(tmp_path / "pid-")), "heuristic"],
                3,
                options=ONE_HAND,
                move_time=0.001,
            )
    finally:
        done.set()
    assert tally.played == 3 and tally.failed == 3
    assert all("MoveTimeout: no move within 0.001 s" in f for f in tally.failures)
    pids = [int(p.name.removeprefix("pid-")) for p in tmp_path.glob("pid-*")]
    assert len(pids) == 3 and not any(alive(pid) for pid in pids)


# -- point 12: lines a bot may not send --------------------------------------------------


def test_a_line_nested_too_deep_is_a_not_json_fault(tmp_path: Path) -> None:
    # before: json.loads raised a bare RecursionError, with no fault code
    deep = "    sys.stdout.write('[' * 200000 + ']' * 200000 + '\\n'); sys.stdout.flush()\n"
    _, outcome = play(exec_spec(write_bot(tmp_path, HEAD + HELLO + LOOP + deep)))
    assert outcome.failure is not None
    assert outcome.failure.reason == "BotFault: not-json: wrote a line nested too deep for act 1"


def padded(size: int) -> str:
    """Bot code that answers with a JSON line of exactly ``size`` bytes (newline apart)."""
    return (
        "    a = {'type': 'action', 'id': m['id'], 'action': m['legal'][0], 'pad': ''}\n"
        f"    a['pad'] = 'x' * ({size} - len(json.dumps(a).encode()))\n"
        "    sys.stdout.write(json.dumps(a) + '\\n'); sys.stdout.flush()\n"
    )


def test_a_line_of_the_longest_length_is_read(tmp_path: Path) -> None:
    body = HEAD + HELLO + LOOP + padded(MAX_LINE)
    bot, outcome = play(exec_spec(write_bot(tmp_path, body)), "universal-bid")
    assert outcome.failure is None
    # the transcript keeps a bounded part of each such line, not a MiB of it
    read = [line for line in bot.transcript if line.startswith("< ") and "action" in line]
    assert read and all(len(line) <= SHOWN + 40 for line in read)
    assert read[0].endswith(f"... ({MAX_LINE} bytes)")


def test_a_line_one_byte_too_long_is_a_flood(tmp_path: Path) -> None:
    # before, a line a little over the limit passed when its end came in the same read
    body = HEAD + HELLO + LOOP + padded(MAX_LINE + 1)
    _, outcome = play(exec_spec(write_bot(tmp_path, body)), "universal-bid")
    assert outcome.failure is not None
    assert outcome.failure.reason == f"BotFault: flood: wrote a line longer than {MAX_LINE} bytes"
