"""External bots: a program that speaks ``cardkit-bot/1`` (docs/bot-protocol.md).

``--bot 'exec:python3 mybot.py'`` (or ``exec[move=1,match=60]:CMD``) runs the
command, split with ``shlex``, once per match and seat. :class:`ExecBot` is the
referee's side: it starts the process at the seat's first message, sends the
seat's events and ``act`` requests, and reads the answers. A bot that crashes,
says something that is not JSON, answers the wrong request, an illegal action,
too much output or nothing in time raises :class:`BotFault` with a code, which
the runner turns into a :class:`~cardkit.runner.BotFailure`; the process is
killed at once. No bot process outlives its match or the run: each is killed
when its match ends, when its bot is dropped, at exit, and when the parent dies.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import math
import os
import selectors
import shlex
import shutil
import signal
import subprocess
import sys
import time
import weakref
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from cardkit.actions import Action
from cardkit.bots import BaseBot
from cardkit.errors import OptionError
from cardkit.events import Event
from cardkit.game import Game, View
from cardkit.protocol import (
    VERSION,
    act_message,
    dumps,
    encode,
    end_message,
    event_message,
    sent_seed,
)

MOVE_LIMIT = 5.0
"""Default seconds a bot has for one move."""
MATCH_LIMIT = 300.0
"""Default seconds a bot has for all its moves of a match."""
START_LIMIT = 10.0
"""Seconds a bot has to start and say ``hello``."""
MAX_LINE = 1 << 20
"""Bytes in one line from a bot before it counts as a flood."""
MAX_LINES = 1000
"""Lines a bot may write for one answer (ignored messages included) before it floods."""
LIMITS = ("move", "match")


class BotFault(Exception):
    """A bot process broke the protocol: ``code`` names the fault (``time-out``,
    ``crashed``, ``not-json``, ``wrong-id``, ``illegal``, ``flood``, ``protocol``)."""

    def __init__(self, code: str, detail: str) -> None:
        self.code = code
        super().__init__(f"{code}: {detail}")


def parse_limit(name: str, text: str | float) -> float:
    """A time limit in seconds from a spec, or ``OptionError`` naming what is allowed."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (value > 0 and math.isfinite(value)):
        raise OptionError(f"exec limit {name}={text} must be a positive number of seconds")
    return value


def check_command(command: str) -> list[str]:
    """``command`` split with shlex; ``OptionError`` if empty or its program is not found."""
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise OptionError(f"bad exec command {command!r}: {exc}") from None
    if not argv:
        raise OptionError("exec: needs a command, as in exec:python3 mybot.py")
    if shutil.which(argv[0]) is None:
        raise OptionError(f"exec: program {argv[0]!r} not found (give a path or a program on PATH)")
    return argv


_live: weakref.WeakSet[ExecBot] = weakref.WeakSet()


@atexit.register
def _close_all() -> None:
    for bot in list(_live):
        bot.close()


def _die_with_parent() -> None:  # pragma: no cover - runs in the child before exec
    """Ask Linux to kill the bot when the process that started it dies."""
    with contextlib.suppress(Exception):
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


class ExecBot(BaseBot):
    """A seat played by an external program over ``cardkit-bot/1``."""

    name = "exec"
    summary = "runs a program that speaks cardkit-bot/1 (exec[move=S,match=S]:COMMAND)"
    games = None
    params = ()
    observes: ClassVar[bool] = True

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int,
        command: str = "",
        move: str | float = MOVE_LIMIT,
        match: str | float = MATCH_LIMIT,
    ) -> None:
        super().__init__(game, seat, seed)
        self.seed = seed
        self.argv = check_command(command)
        self.command = command
        self.move_limit = parse_limit("move", move)
        self.match_left = parse_limit("match", match)
        self.match_limit = self.match_left
        self.process: subprocess.Popen[bytes] | None = None
        self.peer = "exec"
        self.requests = 0
        self.sent: list[dict[str, Any]] = []
        """Every message sent to the bot, in order (for tests and logs)."""
        self.transcript: list[str] = []
        """The exchange as lines: ``> `` before what was sent, ``< `` before what was read."""
        self._buffer = b""
        self._selector: selectors.BaseSelector | None = None
        self._players = 0
        self._fault: BotFault | None = None
        self._options: Any = None

    # -- what the runner calls -------------------------------------------------

    def join(self, players: int, options: Any, events: Iterable[Event]) -> None:
        """Learn the match (the runner calls this before the first step, with the events
        recorded so far when the match has not begun)."""
        self._players, self._options = players, options
        self.observe(events)

    def observe(self, events: Iterable[Event]) -> None:
        """Send the bot the events of a step that its seat may see."""
        if self._players == 0 or self._fault is not None:
            return
        try:
            self._observe(events)
        except BotFault as fault:  # reported at the seat's next move
            self._fault = fault
            self.close()

    def _observe(self, events: Iterable[Event]) -> None:
        for event in events:
            if not event.seen_by(self.seat):
                continue
            self._send(event_message(event))
            end = end_message(event)
            if end is not None:
                self._send(end)
                if end["type"] == "match_end":
                    self.close()

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """Ask the process for a move; :class:`BotFault` on any fault (the process is killed)."""
        if self._fault is not None:
            raise self._fault
        try:
            return self._choose(view, legal)
        except BaseException:  # a fault, or the arena's move clock: the exchange is broken
            self.close()
            raise

    def close(self) -> None:
        """Stop the process (if any) and reap it."""
        process, self.process = self.process, None
        if self._selector is not None:
            self._selector.close()
            self._selector = None
        if process is None:
            return
        _live.discard(self)
        with contextlib.suppress(OSError):
            if process.stdin is not None:
                process.stdin.close()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            if process.stdout is not None:
                process.stdout.close()
        process.wait()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()

    # -- the exchange ----------------------------------------------------------

    def _choose(self, view: View, legal: Sequence[Action]) -> Action:
        self._ensure_started()
        self.requests += 1
        request = self.requests
        limit = min(self.move_limit, self.match_left)
        self._send(act_message(request, view, legal, self.match_left, limit))
        started = time.monotonic()
        try:
            answer = self._read_message(limit, f"act {request}", "action")
        finally:
            self.match_left -= time.monotonic() - started
        if answer.get("id") != request:
            raise BotFault("wrong-id", f"answered id {answer.get('id')!r} to act {request}")
        text = answer.get("action")
        for action in legal:
            if str(action) == text:
                return action
        raise BotFault("illegal", f"action {text!r} is not one of the legal actions")

    def _ensure_started(self) -> None:
        if self.process is not None:
            return
        try:
            self.process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                start_new_session=True,
                preexec_fn=_die_with_parent if sys.platform == "linux" else None,
            )
        except OSError as exc:
            why = exc.strerror or exc
            raise BotFault("crashed", f"cannot start {self.command!r}: {why}") from None
        _live.add(self)
        assert self.process.stdout is not None
        os.set_blocking(self.process.stdout.fileno(), False)
        self._selector = selectors.DefaultSelector()
        self._selector.register(self.process.stdout, selectors.EVENT_READ)
        hello = self._read_message(START_LIMIT, "hello", "hello")
        if hello.get("protocol") != VERSION:
            raise BotFault("protocol", f"speaks {hello.get('protocol')!r}, not {VERSION!r}")
        self.peer = str(hello.get("name", "exec"))
        self._send(
            {
                "type": "start",
                "protocol": VERSION,
                "game": self.game.id,
                "options": encode(self._options) if self._options is not None else {},
                "players": self._players,
                "seat": self.seat,
                "seed": sent_seed(self.seed),
                "limits": {"move": self.move_limit, "match": self.match_limit},
            }
        )

    def _send(self, message: dict[str, Any]) -> None:
        if message["type"] != "start":
            self._ensure_started()
        process = self.process
        assert process is not None and process.stdin is not None
        self.sent.append(message)
        line = dumps(message)
        self.transcript.append("> " + line)
        try:
            process.stdin.write((line + "\n").encode())
            process.stdin.flush()
        except (BrokenPipeError, OSError):
            if message["type"] in ("match_end", "hand_end", "event"):
                return  # a bot may leave once it has what it needs; its next act says so
            raise BotFault("crashed", self._exit_text()) from None

    def _read_message(self, limit: float, what: str, kind: str) -> dict[str, Any]:
        """The next message of type ``kind`` within ``limit`` seconds; others are ignored."""
        deadline = time.monotonic() + limit
        for _ in range(MAX_LINES):
            line = self._read_line(deadline, limit, what)
            try:
                message = json.loads(line)
            except ValueError:
                shown = line[:40].decode(errors="replace")
                raise BotFault("not-json", f"wrote {shown!r} for {what}") from None
            if isinstance(message, dict) and message.get("type") == kind:
                return message
        raise BotFault("flood", f"wrote {MAX_LINES} lines without answering {what}")

    def _read_line(self, deadline: float, limit: float, what: str) -> bytes:
        process, selector = self.process, self._selector
        assert process is not None and process.stdout is not None and selector is not None
        while b"\n" not in self._buffer:
            if len(self._buffer) > MAX_LINE:
                raise BotFault("flood", f"wrote a line longer than {MAX_LINE} bytes")
            left = deadline - time.monotonic()
            if left <= 0:
                raise BotFault("time-out", f"no answer to {what} within {limit:g} s")
            if not selector.select(left):
                continue
            try:
                chunk = os.read(process.stdout.fileno(), 65536)
            except BlockingIOError:
                continue
            if not chunk:
                process.wait()
                raise BotFault("crashed", self._exit_text())
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        self.transcript.append("< " + line.strip().decode(errors="replace"))
        return line.strip()

    def _exit_text(self) -> str:
        process = self.process
        code = None if process is None else process.poll()
        if code is None:
            return "the bot closed its output"
        if code < 0:
            with contextlib.suppress(ValueError):
                return f"the bot was killed by {signal.Signals(-code).name}"
        return f"the bot exited with code {code}"
