"""The interactive commands in a real terminal (a pty), typed into as a person would."""

from __future__ import annotations

import json
import os
import re
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from cardkit.errors import CardkitError
from cardkit.record import Record, replay
from cardkit.registry import get_game
from tests.cli.tinycli import GAME

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 30
PROMPT = r"help, quit\]: "  # "[1-N, action, help, quit]" or "[Enter for ACTION, help, quit]"


def spawn(
    *args: str, module: bool = True, cwd: Path = ROOT, columns: int = 200, home: Path | None = None
) -> Any:
    """``cardkit ARGS`` in a pty: with the tiny games (``module``) or the installed script,
    ``columns`` wide; ``home`` is HOME (and holds CARDKIT_HOME), else the test's own."""
    if args[:1] == ("play",) and "--delay" not in args:
        args = (*args, "--delay", "0")  # bots' moves unpaused: the tests' own pace
    if module:
        command, argv = sys.executable, ["-m", "tests.cli.tinycli", *args]
    else:
        command, argv = str(Path(sys.executable).parent / "cardkit"), list(args)
    env = {"PATH": str(Path(sys.executable).parent), "TERM": "xterm", "COLUMNS": str(columns)}
    if home is None:
        env |= {"HOME": str(ROOT / ".no-home"), "CARDKIT_HOME": os.environ["CARDKIT_HOME"]}
    else:
        env |= {"HOME": str(home), "CARDKIT_HOME": str(home / "home")}
    return pexpect.spawn(
        command,
        argv,
        cwd=str(cwd),
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(50, columns),
        env=env,
        preexec_fn=_default_signals,
    )


def _default_signals() -> None:
    """A terminal's signals act as in a shell, even when the tests run in the background
    (where SIGINT is ignored) or under nohup (SIGHUP ignored): the child would inherit it."""
    for number in (signal.SIGINT, signal.SIGHUP):
        signal.signal(number, signal.SIG_DFL)


def finish(child: Any) -> int:
    child.expect(pexpect.EOF)
    child.close()
    code = child.exitstatus
    assert isinstance(code, int)
    return code


def play_on(child: Any, answer: str = "1") -> None:
    """Answer every prompt with ``answer`` (Enter at a hand's end) until the match ends,
    and leave its final screen."""
    while True:
        found = child.expect([PROMPT, "Enter: next hand: ", "Enter: leave the table: "])
        child.sendline(answer if found == 0 else "")
        if found == 2:
            return


def test_enter_takes_the_only_legal_action(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    child = spawn("play", "tiny-cli", "--seed", "2", "--save", str(save))
    while (
        child.expect(
            [
                r"\[1-\d+, action, hint, undo, help, quit\]: ",
                r"\[Enter for (.+?), undo, help, quit\]: ",
            ]
        )
        == 0
    ):
        child.sendline("1")
    only = child.match.group(1)
    count = len(Record.load(save).actions)
    child.sendline("")  # Enter
    child.expect(PROMPT)
    child.sendline("quit")
    assert finish(child) == 0
    record = Record.load(save)
    assert record.actions[count] == (0, only)


def test_bad_input_play_quit_and_resume(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    child = spawn("play", "tiny-cli", "--seed", "6", "--save", str(save))
    child.expect(PROMPT)
    child.sendline("hello")
    child.expect("cannot read 'hello'")
    child.sendline("42")
    child.expect("no action 42")
    child.sendline("play a9")
    child.expect("unknown card 'a9'")
    child.sendline("1")
    child.expect("seat 0 picks high")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("Resume with: cardkit play --resume")
    assert finish(child) == 0
    stopped = Record.load(save)
    assert (0, "pick high") in stopped.actions
    assert not replay(stopped, GAME).is_over()

    child = spawn("play", "--resume", str(save))
    child.expect(f"at step {len(stopped.actions)}")
    play_on(child)
    assert finish(child) == 0
    done = Record.load(save)
    assert done.actions[: len(stopped.actions)] == stopped.actions
    assert replay(done, GAME).is_over()


def test_ctrl_c_leaves_a_file_that_resumes(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    child = spawn("play", "tiny-cli", "--seed", "2", "--save", str(save))
    child.expect(PROMPT)
    child.sendline("2")
    child.expect(PROMPT)
    child.sendintr()
    child.expect("interrupted; saved")
    assert finish(child) == 130
    assert (0, "pick low") in Record.load(save).actions

    child = spawn("play", "--resume", str(save))
    play_on(child)
    assert finish(child) == 0
    assert replay(Record.load(save), GAME).is_over()


def test_a_closed_terminal_loses_nothing(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    child = spawn("play", "tiny-cli", "--seed", "3", "--save", str(save))
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.kill(signal.SIGHUP)
    child.expect(pexpect.EOF)
    child.close()
    assert (0, "pick high") in Record.load(save).actions

    child = spawn("play", "--resume", str(save))
    play_on(child)
    assert finish(child) == 0
    assert replay(Record.load(save), GAME).is_over()


def test_arena_ctrl_c_reports_the_finished_matches(tmp_path: Path) -> None:
    out_file = tmp_path / "r.json"
    args = ["arena", "tiny-cli", "--bot", "random", "--matches", "10000000", "--seed", "1"]
    child = spawn(*args, "--workers", "2", "--json", str(out_file))
    child.expect("playing")
    child.expect("matches/s")
    child.sendintr()
    child.expect("interrupted: ")
    child.expect("results over")
    assert finish(child) == 130
    data = json.loads(out_file.read_text())
    assert data["interrupted"] is True
    assert 0 < data["matches"] < 10000000
    assert data["entrants"][0]["matches"] == data["matches"]
    # every counted match is counted whole: one win in all per finished match
    assert sum(seat["wins"] for seat in data["seats"]) == data["finished"] == data["matches"]


def test_installed_game_through_the_cardkit_script(tmp_path: Path) -> None:
    try:
        get_game("universal-bid")
    except CardkitError as exc:
        pytest.skip(f"universal-bid does not load yet: {exc}")
    save = tmp_path / "ub.json"
    child = spawn("play", "universal-bid", "--seed", "1", "--save", str(save), module=False)
    child.expect(PROMPT)
    child.sendline("bid 99")
    child.expect("not allowed|cannot|must")
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("quit")
    assert finish(child) == 0
    record = Record.load(save)
    assert record.game == "universal-bid"
    assert any(seat == record.meta["play"]["human"] for seat, _ in record.actions)


PLAY_SAMPLE = "cardkit play universal-bid --players 3 --seed 7 --save game.json"


def documented_play_samples() -> list[tuple[str, list[str]]]:
    """The play sample of README.md (indented) and of docs/cli.md (fenced): its lines."""
    samples = []
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    start = readme.index(f"    $ {PLAY_SAMPLE}")
    end = readme.index("", start)
    samples.append(("README.md", [line[4:] for line in readme[start + 1 : end]]))
    docs = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8").splitlines()
    start = docs.index(f"$ {PLAY_SAMPLE}")
    end = docs.index("```", start)
    samples.append(("docs/cli.md", docs[start + 1 : end]))
    return samples


@pytest.mark.parametrize(("where", "sample"), documented_play_samples())
def test_the_documented_play_sample_is_the_real_output(
    tmp_path: Path, where: str, sample: list[str]
) -> None:
    try:
        get_game("universal-bid")
    except CardkitError as exc:
        pytest.skip(f"universal-bid does not load: {exc}")
    answers = [line.split("]: ", 1)[1] for line in sample if line.startswith("your move [")]
    child = spawn(*PLAY_SAMPLE.split()[1:], module=False, cwd=tmp_path, columns=80, home=tmp_path)
    shown = []
    for answer in [*answers, "quit"]:  # README's sample stops before its quit
        if child.expect([PROMPT, pexpect.EOF]) == 1:
            break
        shown.append(child.before + child.after)
        child.sendline(answer)
    else:
        child.expect(pexpect.EOF)
    shown.append(child.before)
    child.close()
    assert child.exitstatus == 0
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", "".join(shown))  # colours, the clearing
    lines = [line.rstrip() for line in text.replace("\r", "").splitlines()]
    at = 0
    for want in sample:
        if want in ("...", "[...]"):
            continue
        assert want in lines[at:], f"{where}: {want!r} is not in the output from line {at}"
        at = lines.index(want, at) + 1


def test_ctrl_c_at_the_game_chooser_says_so_on_a_line_of_its_own() -> None:
    child = spawn("play")
    child.expect(r"game \[1-\d+\]: ")
    child.sendintr()
    child.expect("\r\n")  # the prompt's line is ended
    child.expect("interrupted: no game chosen")
    assert finish(child) == 130


def test_a_terminal_closed_without_a_hangup_ends_quietly(tmp_path: Path) -> None:
    # as under nohup or a multiplexer that goes: no SIGHUP, the terminal just stops working
    save = tmp_path / "game.json"
    err = tmp_path / "stderr.txt"
    command = 'exec "$0" -m tests.cli.tinycli play tiny-cli --seed 3 --save "$1" 2>"$2"'
    child = pexpect.spawn(
        "/bin/sh",
        ["-c", command, sys.executable, str(save), str(err)],
        cwd=str(ROOT),
        encoding="utf-8",
        timeout=TIMEOUT,
        env={"PATH": str(Path(sys.executable).parent), "TERM": "xterm", "COLUMNS": "200"}
        | {"HOME": str(ROOT / ".no-home"), "CARDKIT_HOME": os.environ["CARDKIT_HOME"]},
        preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN),
    )
    child.expect(PROMPT)
    child.sendline("1")
    child.expect("seat 0 picks")
    child.expect(PROMPT)
    child.ptyproc.fileobj.close()  # the master end goes away; the process is not signalled
    deadline = time.monotonic() + TIMEOUT
    while child.ptyproc.isalive():
        assert time.monotonic() < deadline, "play did not end when its terminal closed"
        time.sleep(0.05)
    assert child.ptyproc.exitstatus == 129  # 128 + SIGHUP, as a hang-up would give
    child.close()
    assert err.read_text() == ""  # no traceback, nothing at all
    assert (0, "pick high") in Record.load(save).actions
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "stderr.txt"]
