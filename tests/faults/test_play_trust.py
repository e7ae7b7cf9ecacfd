"""``cardkit play`` and the files it is given: a save is data, never a command (issue 35).

A save that names an ``exec:`` bot starts no program the person did not name;
the lock never follows a link; a take-back never shows a hidden card twice; a
long line, a signal or a foreign digit at the prompt is handled in one line.
"""

from __future__ import annotations

import io
import json
import os
import signal
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from cardkit import registry
from cardkit.record import Record
from cli import common, prompt
from cli.app import app
from cli.saves import SaveLock
from tests.cli.test_pty import PROMPT, finish, spawn
from tests.cli.tinycli import GAMES
from tests.faults.test_play_faults import ROOT, error_line, wait_for

TINYCLI = (sys.executable, "-m", "tests.cli.tinycli")
BOT = """\
import json, pathlib, sys
pathlib.Path(sys.argv[1]).touch()  # the proof that the program ran
def send(message):
    sys.stdout.write(json.dumps(message) + "\\n")
    sys.stdout.flush()
send({"type": "hello", "protocol": "cardkit-bot/1", "name": "first"})
for line in sys.stdin:
    message = json.loads(line)
    if message.get("type") == "act":
        send({"type": "action", "id": message["id"], "action": message["legal"][0]})
    elif message.get("type") == "match_end":
        break
"""


@pytest.fixture(autouse=True)
def tiny_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``tiny`` and ``tiny-cli`` are installed, and fresh consoles made, for the test."""
    for game in GAMES:
        monkeypatch.setitem(registry._extra_games, game.id, game)
    monkeypatch.setattr(common, "_consoles", {})
    yield


def play(*args: str, input: str = "quit\n") -> tuple[int, str]:
    result = CliRunner().invoke(app, ["play", "--delay", "0", *args], input=input)
    assert not isinstance(result.exception, OSError), result.output
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def tiny_save(path: Path) -> None:
    """A tiny-cli save (seed 3) of four steps: the deal, seat 0's pick, then seat 1's pick
    and first play, two decisions a bot of seat 1 is asked again for on resume."""
    code, out = play("tiny-cli", "--seed", "3", "--save", str(path), input="1\nquit\n")
    assert code == 0, out
    assert [seat for seat, _ in Record.load(path).actions] == [-1, 0, 1, 1]


def exec_save(tmp_path: Path) -> tuple[Path, Path, str]:
    """A save whose seat 1 is an exec bot that creates ``MARKER`` when it starts; with
    the spec as saved."""
    save = tmp_path / "evil.json"
    tiny_save(save)
    script = tmp_path / "bot.py"
    script.write_text(BOT)
    marker = tmp_path / "MARKER"
    spec = f"exec:{sys.executable} {script} {marker}"
    data = json.loads(save.read_text())
    data["meta"]["play"]["bots"][1] = spec
    save.write_text(json.dumps(data))
    return save, marker, spec


# -- 1. a save file never runs a command the person did not name ------------------------


def test_a_saved_exec_bot_starts_no_program_unless_named_again(tmp_path: Path) -> None:
    save, marker, spec = exec_save(tmp_path)
    before = save.read_bytes()
    code, out = play("--resume", str(save), input="1\nquit\n")
    assert code == 2
    line = error_line(out)
    assert f"seat 1: {spec}" in line  # the exact command
    assert f"--bot '{spec}'" in line  # and how to allow it
    assert "Saving to" not in out
    assert not marker.exists()  # no process was started
    assert save.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bot.py", "evil.json"]  # no lock left
    # named again on the command line, it runs
    code, out = play("--resume", str(save), "--bot", spec, input="1\nquit\n")
    assert code == 0, out
    assert marker.exists()
    assert len(Record.load(save).actions) > 4  # seat 0 played on


def test_resume_allows_no_bot_other_than_the_saved_exec_bot(tmp_path: Path) -> None:
    save, marker, spec = exec_save(tmp_path)
    before = save.read_bytes()
    for other in ("random", f"{spec} --another", "exec:true"):
        code, out = play("--resume", str(save), "--bot", other)
        assert code == 2
        assert "--bot only allows an exec bot that" in error_line(out)
        assert not marker.exists()
        assert save.read_bytes() == before


def test_the_terminal_prompt_lists_the_command_and_runs_it_only_on_yes(tmp_path: Path) -> None:
    save, marker, spec = exec_save(tmp_path)
    before = save.read_bytes()
    child = spawn("play", "--resume", str(save))
    child.expect(r"Run it\? \[y/N\]: ")
    assert "bot of seat 1:" in child.before and spec in child.before.replace("\r\n", "")
    child.sendline("n")
    assert finish(child) == 2
    assert not marker.exists() and save.read_bytes() == before
    child = spawn("play", "--resume", str(save))
    child.expect(r"Run it\? \[y/N\]: ")
    child.sendline("y")
    child.expect(PROMPT)
    child.sendline("quit")
    assert finish(child) == 0
    assert marker.exists()


# -- 2. the lock never follows a link; it is taken on the resolved save -----------------


def test_a_symlinked_lock_file_is_refused_and_its_target_left_alone(tmp_path: Path) -> None:
    important = tmp_path / "important.txt"
    important.write_bytes(b"keep me\n")
    (tmp_path / ".game.json.lock").symlink_to("important.txt")
    code, out = play("tiny-cli", "--seed", "7", "--save", str(tmp_path / "game.json"))
    assert code == 2
    assert "is a symbolic link" in error_line(out)
    assert important.read_bytes() == b"keep me\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".game.json.lock", "important.txt"]
    # --resume too
    save = tmp_path / "m.json"
    tiny_save(save)
    (tmp_path / ".m.json.lock").symlink_to("important.txt")
    before = save.read_bytes()
    code, out = play("--resume", str(save), input="1\nquit\n")
    assert code == 2 and "is a symbolic link" in error_line(out)
    assert important.read_bytes() == b"keep me\n" and save.read_bytes() == before


def test_a_hard_linked_lock_file_is_refused_and_left_whole(tmp_path: Path) -> None:
    important = tmp_path / "important.txt"
    important.write_bytes(b"keep me\n")
    os.link(important, tmp_path / ".game.json.lock")
    code, out = play("tiny-cli", "--seed", "7", "--save", str(tmp_path / "game.json"))
    assert code == 2
    assert "has other names" in error_line(out)
    assert important.read_bytes() == b"keep me\n"


def test_a_save_and_a_link_to_it_share_one_lock(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    tiny_save(real)
    link = tmp_path / "link.json"
    link.symlink_to("real.json")
    before = real.read_bytes()
    with SaveLock(link):  # as `play --resume link.json` holds it
        code, out = play("--resume", str(real), input="1\nquit\n")
        assert code == 2 and f"{real} is in use" in error_line(out)
    with SaveLock(real):
        code, out = play("--resume", str(link), input="1\nquit\n")
        assert code == 2 and "is in use" in error_line(out)
    assert real.read_bytes() == before


def test_a_symlinked_save_stays_a_link_and_its_file_is_written(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    tiny_save(real)
    link = tmp_path / "link.json"
    link.symlink_to("real.json")
    code, out = play("--resume", str(link), input="1\nquit\n")
    assert code == 0, out
    assert link.is_symlink() and os.readlink(link) == "real.json"
    assert len(Record.load(real).actions) == 5  # the step played was saved in the real file
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "real.json"]


# -- 5. a take-back never shows a hidden card twice -------------------------------------

UNO = ["uno-star-trek", "-p", "2", "--seed", "5"]
# seed 5: two chance steps (the draw for the deal, the deal), then seat 0 (you) moves;
# `draw` shows you the next card of the pile (g4) in an event only you see.


def test_undo_does_not_take_back_a_draw(tmp_path: Path) -> None:
    save = tmp_path / "u.json"
    code, out = play(*UNO, "--save", str(save), input="draw\nundo\nquit\n")
    assert code == 0, out
    assert "undo: not past your draw (seat 0 draws 1 card: g4)" in out
    assert "a take-back never shows you a hidden card twice" in out
    assert "took back" not in out
    record = Record.load(save)
    assert [a for a in record.actions if a[0] == 0] == [(0, "draw")]
    assert "takebacks" not in record.meta["play"]
    # nor after a resume: the rebuilt match knows the draw too
    code, out = play("--resume", str(save), input="undo\nquit\n")
    assert code == 0 and "undo: not past your draw" in out
    assert Record.load(save).actions == record.actions


def test_undo_still_takes_back_a_play_answered_by_public_moves(tmp_path: Path) -> None:
    save = tmp_path / "u.json"
    # seat 0 plays g8 (public); seat 1 answers gd2 (public): both are taken back
    code, out = play(*UNO, "--save", str(save), input="play g8\nundo\nquit\n")
    assert code == 0, out
    assert "you took back your move (2 steps undone)" in out
    record = Record.load(save)
    assert [seat for seat, _ in record.actions] == [-1, -1]
    (takeback,) = record.meta["play"]["takebacks"]
    assert takeback["undone"][0] == [0, "play g8"]


def test_undo_does_not_refund_a_spy(tmp_path: Path) -> None:
    # U.F.O.s, 4 players, seed 1: the deal; seat 0 (you) picks bid cards (private, no card
    # named), the bots pick, then you are first in the auction and spy on seat 1
    save = tmp_path / "f.json"
    code, out = play("ufos", "--seed", "1", "--save", str(save), input="1\nspy 1\nundo\nquit\n")
    assert code == 0, out
    assert "undo: not past your spy 1 (seat 0 sees seat 1's Suit Card" in out
    record = Record.load(save)
    assert (0, "spy 1") in record.actions  # the point stays paid
    assert "takebacks" not in record.meta["play"]


# -- 12. play's small faults ------------------------------------------------------------


def test_resuming_a_record_with_an_illegal_step_exits_1(tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    tiny_save(save)
    data = json.loads(save.read_text())
    data["actions"][3] = [1, "play b9"]  # no such card in tiny's deck
    save.write_text(json.dumps(data))
    before = save.read_bytes()
    code, out = play("--resume", str(save))
    assert code == 1  # as replay and position: the record fails its check
    assert "step 4" in error_line(out)
    assert save.read_bytes() == before


def test_resuming_keeps_a_private_save_private(tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    tiny_save(save)
    save.chmod(0o600)
    code, out = play("--resume", str(save), input="1\nquit\n")
    assert code == 0, out
    assert len(Record.load(save).actions) == 5  # written again
    assert stat.S_IMODE(save.stat().st_mode) == 0o600


PEAK = """\
import atexit, runpy, sys
def peak():  # this process's own peak (VmHWM starts afresh at exec, unlike ru_maxrss)
    with open("/proc/self/status") as status:
        kib = next(line.split()[1] for line in status if line.startswith("VmHWM:"))
    sys.stderr.write(f"peak {kib}\\n")
atexit.register(peak)
runpy.run_module("tests.cli.tinycli", run_name="__main__")
"""


TINY_ARGS = ("play", "tiny-cli", "--seed", "3", "--delay", "0")


def run_play(save: Path, stdin: Path) -> tuple[int, str, int]:
    """``play tiny-cli`` in a process reading ``stdin``: exit code, output, peak memory
    (KiB)."""
    with stdin.open("rb") as given:
        done = subprocess.run(
            [sys.executable, "-c", PEAK, *TINY_ARGS, "--save", str(save)],
            cwd=ROOT,
            stdin=given,
            capture_output=True,
            timeout=60,
        )
    peak = int(done.stderr.decode().split("peak ")[-1])
    return done.returncode, done.stdout.decode(), peak


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads VmHWM (Linux)")
def test_a_huge_input_line_is_refused_in_one_line_without_holding_it(tmp_path: Path) -> None:
    short = tmp_path / "short.txt"
    short.write_text("1\nquit\n")
    code, _, baseline = run_play(tmp_path / "a.json", short)
    assert code == 0
    huge = tmp_path / "huge.txt"
    with huge.open("w") as f:
        for _ in range(50):
            f.write("x" * 1_000_000)  # one line of 50 MB
        f.write("\n1\nquit\n")
    code, out, peak = run_play(tmp_path / "b.json", huge)
    assert code == 0, out[-2000:]
    refusals = [line for line in out.splitlines() if "longer than 4096 characters" in line]
    assert len(refusals) == 1
    assert "x" * 100 not in out  # the line is not echoed
    assert len(out) < 20_000
    # holding the line once would take 50 MB more than the short run
    assert peak - baseline < 20_000, (peak, baseline)
    assert [seat for seat, _ in Record.load(tmp_path / "b.json").actions] == [-1, 0, 1, 1]


def test_a_line_of_exactly_the_limit_is_read() -> None:
    assert prompt.LINE_LIMIT == 4096
    screen = io.StringIO()
    common._consoles[False] = Console(file=screen)
    old = sys.stdin
    try:
        sys.stdin = io.StringIO("y" * 4096 + "\n" + "z" * 4097 + "\nlast\n")
        assert prompt.prompt("? ") == "y" * 4096
        assert prompt.prompt("? ") == "last"  # the longer line was refused
    finally:
        sys.stdin = old
    shown = screen.getvalue()
    assert shown.count("longer than 4096") == 1 and "z" * 100 not in shown


@pytest.mark.parametrize(("name", "code"), [("SIGTERM", 143), ("SIGHUP", 129)])
def test_a_signal_ends_play_saved_with_its_lock_removed(
    tmp_path: Path, name: str, code: int
) -> None:
    save = tmp_path / "m.json"
    tiny_save(save)
    proc = subprocess.Popen(
        [*TINYCLI, "play", "--resume", str(save)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={**os.environ, "COLUMNS": "100"},
        preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_DFL),
    )
    try:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(b"1\n")  # one step, then the prompt waits
        proc.stdin.flush()
        seen = wait_for(proc, b"seat 0 plays")  # shown once saved
        proc.send_signal(getattr(signal, name))
        assert proc.wait(timeout=20) == code  # 128 + the signal's number
        seen += proc.stdout.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for stream in (proc.stdin, proc.stdout):
            if stream is not None:
                stream.close()
    out = seen.decode()
    assert f"ended by {name}; saved: {save}" in out
    assert "Traceback" not in out and "Terminated" not in out
    assert len(Record.load(save).actions) == 5  # the step played is kept
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.json"]  # the lock is gone


def test_only_ascii_digits_choose_an_action(tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    # an Arabic-Indic one and a full-width one are no number choice: nothing is played
    code, out = play("tiny-cli", "--seed", "3", "--save", str(save), input="\u0661\n\uff11\nquit\n")
    assert code == 0, out
    assert [seat for seat, _ in Record.load(save).actions] == [-1]
    assert prompt.number("\u0661") is None and prompt.number("\uff13") is None
    assert prompt.number("12") == 12 and prompt.number("-3") == -3
    old = sys.stdin
    common._consoles[False] = Console(file=io.StringIO())
    try:
        sys.stdin = io.StringIO("\u0662\n2\n")
        assert prompt.choose("pick", ["a", "b"]) == 1  # the second answer, ASCII 2
        sys.stdin = io.StringIO("\u0663\n3\n")
        assert prompt.ask_number("players", 2, 4, 2) == 3
    finally:
        sys.stdin = old
