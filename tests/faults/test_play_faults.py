"""``cardkit play`` when the disk, the terminal or another process gets in the way."""

from __future__ import annotations

import errno
import io
import os
import select
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from cardkit import registry
from cardkit.record import Record
from cli import common
from cli.app import app
from cli.render import Renderer
from cli.saves import SaveLock
from tests.cli.tinycli import GAMES

ROOT = Path(__file__).resolve().parents[2]
ONES = "1\n" * 60


@pytest.fixture(autouse=True)
def tiny_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``tiny`` and ``tiny-cli`` are installed, and fresh consoles made, for the test."""
    for game in GAMES:
        monkeypatch.setitem(registry._extra_games, game.id, game)
    monkeypatch.setattr(common, "_consoles", {})
    yield


def play(*args: str, input: str = ONES) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["play", *args], input=input)
    assert not isinstance(result.exception, OSError), result.output
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def error_line(output: str) -> str:
    lines = [line for line in output.splitlines() if "error:" in line]
    assert len(lines) == 1, output
    return lines[0]


def fail_saves(
    monkeypatch: pytest.MonkeyPatch, at: int, before: dict[str, bytes], save: Path
) -> None:
    """Save number ``at`` (1 = the save before the first step) finds the disk full; the
    file's bytes just before it go to ``before``."""
    real = os.write
    seen = [0]

    def write(fd: int, data: bytes) -> int:
        if bytes(data[:1]) == b"{":  # a record's JSON, not the lock's process id
            seen[0] += 1
            if seen[0] == at:
                if save.exists():
                    before["save"] = save.read_bytes()
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data)

    monkeypatch.setattr(os, "write", write)


def test_a_full_disk_mid_match_is_one_line_and_keeps_the_last_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "m.json"
    before: dict[str, bytes] = {}
    # save 1 holds no step, save 2 the deal, save 3 two steps; save 4 fails
    with monkeypatch.context() as m:
        fail_saves(m, 4, before, save)
        code, out = play("tiny-cli", "--seed", "3", "--save", str(save))
    assert code == 2
    line = error_line(out)
    assert f"cannot save {save}: No space left on device" in line
    assert "the file still holds the match up to step 2" in line
    assert f"cardkit play --resume {save}" in line
    assert save.read_bytes() == before["save"]
    assert len(Record.load(save).actions) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.json"]  # no temporary, no lock
    code, out = play("--resume", str(save), input="quit\n")  # and it goes on from there
    assert code == 0 and "at step 2" in out


def test_a_full_disk_at_the_first_save_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "m.json"
    with monkeypatch.context() as m:
        fail_saves(m, 1, {}, save)
        code, out = play("tiny-cli", "--seed", "3", "--save", str(save))
    assert code == 2
    assert f"cannot write {save}: No space left on device" in error_line(out)
    assert "Saving to" not in out  # refused before the match starts
    assert list(tmp_path.iterdir()) == []


def test_a_vanished_folder_mid_match_is_one_line_and_not_made_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    save = folder / "m.json"
    real = os.write
    seen = [0]

    def write(fd: int, data: bytes) -> int:
        if bytes(data[:1]) == b"{":
            seen[0] += 1
            if seen[0] == 3:  # the folder goes while the third save is being written
                shutil.rmtree(folder)
        return real(fd, data)

    with monkeypatch.context() as m:
        m.setattr(os, "write", write)
        code, out = play("tiny-cli", "--seed", "3", "--save", str(save))
    assert code == 2
    line = error_line(out)
    assert f"cannot save {save}: No such file or directory (its folder {folder} is gone)" in line
    assert not folder.exists()
    assert list(tmp_path.iterdir()) == []


class Terminal(io.StringIO):
    """Output that fails with ``err`` once ``dead``, as a closed terminal or pipe does."""

    def __init__(self, err: int) -> None:
        super().__init__()
        self.err = err
        self.dead = False

    def write(self, text: str) -> int:
        if self.dead:
            raise OSError(self.err, os.strerror(self.err))
        return super().write(text)

    def flush(self) -> None:
        if self.dead:
            raise OSError(self.err, os.strerror(self.err))


def test_a_closed_terminal_ends_quietly_with_every_step_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "m.json"
    terminal = Terminal(errno.EIO)
    common._consoles[False] = Console(file=terminal, highlight=False)
    real_event = Renderer.event

    def event(self: Renderer, mark: str, text: str, bold: bool = False) -> object:
        if text.startswith("seat 0 picks"):  # the person's first move: showing it fails
            terminal.dead = True
        return real_event(self, mark, text, bold)

    monkeypatch.setattr(Renderer, "event", event)
    got, out = play("tiny-cli", "--seed", "3", "--save", str(save))
    assert got == 129
    assert out == ""  # nothing more, not even an error line
    actions = Record.load(save).actions
    assert actions[-1][0] == 0  # the move whose line could not be shown is saved
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.json"]


def test_input_that_fails_with_eio_ends_quietly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "m.json"

    def dead(text: str) -> str:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr("cli.session.prompt", dead)
    code, _ = play("tiny-cli", "--seed", "3", "--save", str(save))
    assert code == 129
    assert [seat for seat, _ in Record.load(save).actions] == [-1]  # the deal, saved


def test_a_save_held_by_another_session_is_refused_and_left_alone(tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    assert play("tiny-cli", "--seed", "3", "--save", str(save), input="1\nquit\n")[0] == 0
    before = save.read_bytes()
    with SaveLock(save):
        code, out = play("--resume", str(save))
        assert code == 2
        assert f"{save} is in use" in error_line(out)
        assert f"(process {os.getpid()})" in out
        assert "Saving to" not in out
        assert save.read_bytes() == before
        # a copy may go on elsewhere: the held file is only read
        code, _ = play("--resume", str(save), "--save", str(tmp_path / "copy.json"), input="quit\n")
        assert code == 0
    assert save.read_bytes() == before
    code, out = play("--resume", str(save), input="quit\n")
    assert code == 0, out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy.json", "m.json"]


def wait_for(proc: subprocess.Popen[bytes], text: bytes, timeout: float = 20) -> bytes:
    """Read ``proc``'s output until ``text`` shows (or fail after ``timeout`` seconds)."""
    assert proc.stdout is not None
    seen = b""
    end = time.monotonic() + timeout
    while text not in seen:
        left = end - time.monotonic()
        assert left > 0, seen
        ready, _, _ = select.select([proc.stdout], [], [], left)
        if ready:
            chunk = os.read(proc.stdout.fileno(), 4096)
            assert chunk, seen  # the process ended first
            seen += chunk
    return seen


def test_two_processes_never_play_one_save_and_kill_9_lets_go(tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    assert play("tiny-cli", "--seed", "3", "--save", str(save), input="1\nquit\n")[0] == 0
    before = save.read_bytes()
    first = subprocess.Popen(
        [sys.executable, "-m", "tests.cli.tinycli", "play", "--resume", str(save)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={**os.environ, "COLUMNS": "100"},
    )
    try:
        wait_for(first, b"your move")  # the first holds the save, waiting for a move
        code, out = play("--resume", str(save))
        assert code == 2
        assert f"{save} is in use" in error_line(out) and f"(process {first.pid})" in out
        assert save.read_bytes() == before
        first.send_signal(signal.SIGKILL)  # the kernel lets go of its lock
        first.wait(timeout=20)
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
        for stream in (first.stdin, first.stdout):
            if stream is not None:
                stream.close()
    assert (tmp_path / ".m.json.lock").exists()  # left by the killed process, unlocked
    code, out = play("--resume", str(save), input="quit\n")
    assert code == 0, out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.json"]


def test_resuming_a_deeply_nested_file_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100000 + "]" * 100000)
    code, out = play("--resume", str(path))
    assert code == 2
    assert "nested deeper than 64" in error_line(out)
    assert len(out.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deep.json"]  # its lock is gone
