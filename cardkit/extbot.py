"""External bots: a program that speaks ``cardkit-bot/1`` (docs/bot-protocol.md).

``--bot 'exec:python3 mybot.py'`` (or ``exec[move=1,match=60]:CMD``) runs the
command, split with ``shlex``, once per match and seat. :class:`ExecBot` is the
referee's side: it starts the process at the seat's first message, sends the
seat's events and ``act`` requests, and reads the answers. A bot that crashes,
says something that is not JSON, answers the wrong request, an illegal action,
too much output, closes its output or says nothing in time raises
:class:`BotFault` with a code, which the runner turns into a
:class:`~cardkit.runner.BotFailure`; the process is ended at once. No process a
bot starts outlives its match or the run: each bot runs in a session of its own,
and its whole session and every descendant (:func:`end_processes`) is ended when
its match ends, when its bot is dropped, at exit, and when the parent dies.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import functools
import json
import math
import os
import selectors
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, ClassVar, NamedTuple

from cardkit.actions import Action
from cardkit.bots import LONGEST_MOVE_TIME, SHORTEST_MOVE_TIME, BaseBot
from cardkit.errors import OptionError
from cardkit.events import Event
from cardkit.game import Game, View
from cardkit.messages import (
    VERSION,
    act_message,
    dumps,
    encode,
    end_message,
    event_message,
    seconds,
    sent_seed,
)
from cardkit.options import decimal_number

MOVE_LIMIT = 5.0
"""Default seconds a bot has for one move."""
MATCH_LIMIT = 300.0
"""Default seconds a bot has for all its moves of a match."""
START_LIMIT = 10.0
"""Seconds a bot has to start and say ``hello``."""
MAX_LINE = 1 << 20
"""Bytes in one line from a bot (its newline not counted) before it counts as a flood."""
MAX_LINES = 1000
"""Lines a bot may write for one answer (ignored messages included) before it floods."""
EXIT_GRACE = 0.5
"""Seconds a bot whose output ended has to exit (a crash) before it counts as having
closed its output and kept running."""
TERM_GRACE = 0.2
"""Seconds a bot's processes have between SIGTERM and SIGKILL when they are ended."""
WATCH = 0.25
"""Seconds between two looks at whether a bot that says nothing has exited (a process it
started may hold its output open)."""
SHOWN = 1000
"""Characters of one line from a bot kept in the transcript (the rest is counted)."""
LIMITS = ("move", "match")

_LINUX = sys.platform == "linux"
_PR_SET_PDEATHSIG = 1
_PR_SET_CHILD_SUBREAPER = 36
_HELD = {signal.SIGALRM, signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
"""Signals held back while a bot's processes are ended, so that no handler's exception
(the arena's move clock, Ctrl-C) can cut the ending short and leave a process behind."""


class BotFault(Exception):
    """A bot process broke the protocol: ``code`` names the fault (``time-out``,
    ``crashed``, ``closed``, ``not-json``, ``wrong-id``, ``illegal``, ``flood``,
    ``protocol``)."""

    def __init__(self, code: str, detail: str) -> None:
        self.code = code
        super().__init__(f"{code}: {detail}")


def parse_limit(name: str, text: str | float | None) -> float:
    """A time limit in seconds: ``math.inf`` (no limit) for None or 0, else a number from
    :data:`~cardkit.bots.SHORTEST_MOVE_TIME` to :data:`~cardkit.bots.LONGEST_MOVE_TIME`;
    ``OptionError`` (a ``ValueError``) naming what is allowed for anything else."""
    if text is None:
        return math.inf
    try:
        value = decimal_number(text) if isinstance(text, str) else float(text)
    except (TypeError, ValueError):
        value = math.nan
    if value == 0:
        return math.inf
    if not SHORTEST_MOVE_TIME <= value <= LONGEST_MOVE_TIME:
        raise OptionError(
            f"exec limit {name}={text} must be 0 (no limit) or "
            f"from {SHORTEST_MOVE_TIME:g} to {LONGEST_MOVE_TIME:g} seconds"
        )
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
_ending = threading.RLock()


@atexit.register
def _close_all() -> None:
    for bot in list(_live):
        bot.close()


# -- the processes a bot starts ---------------------------------------------------


@functools.cache
def _libc() -> Any:
    """The C library, for ``prctl`` (Linux only)."""
    return ctypes.CDLL(None, use_errno=True)


def _prctl(option: int, value: int) -> None:
    with contextlib.suppress(Exception):
        _libc().prctl(option, value, 0, 0, 0)


def _in_child() -> None:  # pragma: no cover - runs in the child before exec
    """In the bot's process before exec: take the signals the referee held back while
    starting it (:func:`_signals_held`); on Linux also die with the process that
    started it, and adopt its own orphaned descendants (kept across exec), so that
    while the bot runs every process it started stays below it."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    if _LINUX:
        _prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        _prctl(_PR_SET_CHILD_SUBREAPER, 1)


_reaper_pid = 0


def _adopt_orphans() -> None:
    """Linux: make this process (the referee) a child subreaper, once per process.

    A descendant of a bot whose parent exits is re-parented to its nearest living
    ancestor that is a subreaper: the bot itself while it runs (:func:`_in_child`),
    else the referee, never init; so no process a bot started, however it forks or
    ``setsid``s, leaves the referee's tree, where :func:`end_processes` finds it.
    """
    global _reaper_pid
    if _LINUX and _reaper_pid != os.getpid():
        _libc()  # loaded here, not in a forked child
        _prctl(_PR_SET_CHILD_SUBREAPER, 1)
        _reaper_pid = os.getpid()


class _Proc(NamedTuple):
    state: str
    ppid: int
    sid: int


def _processes() -> dict[int, _Proc]:
    """Every process of the system by pid (Linux ``/proc``): its state, parent and session."""
    found: dict[int, _Proc] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as stat:
                text = stat.read()
        except OSError:  # it ended meanwhile
            continue
        fields = text[text.rfind(b")") + 2 :].split()
        with contextlib.suppress(IndexError, ValueError):
            found[int(entry.name)] = _Proc(fields[0].decode(), int(fields[1]), int(fields[3]))
    return found


def _descendants(table: dict[int, _Proc], roots: set[int]) -> set[int]:
    """``roots`` and every process below them in ``table``."""
    children: dict[int, list[int]] = {}
    for pid, proc in table.items():
        children.setdefault(proc.ppid, []).append(pid)
    found, todo = set(), [r for r in roots if r in table]
    while todo:
        pid = todo.pop()
        if pid not in found:
            found.add(pid)
            todo.extend(children.get(pid, ()))
    return found


def bot_processes(leader: int, others: Iterable[int] = ()) -> dict[int, _Proc]:
    """The processes of the bot whose process is ``leader`` (Linux), zombies included: its
    session (its process group and all that did not ``setsid``), every process below it,
    and every orphan a bot left to this process (re-parented here, in a session not ours,
    and none of ``others``, the live bots' own processes), with all below them."""
    table = _processes()
    me, mine, skip = os.getpid(), os.getsid(0), set(others)
    roots = {leader}
    for pid, proc in table.items():
        if proc.sid == leader or (proc.ppid == me and proc.sid != mine and pid not in skip):
            roots.add(pid)
    found = _descendants(table, roots)
    found.discard(me)
    return {pid: table[pid] for pid in found}


def _signal(pids: Iterable[int], leader: int, signum: int) -> None:
    with contextlib.suppress(OSError):
        os.killpg(leader, signum)
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signum)


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold back :data:`_HELD` signals for the block; each one that came is delivered
    after it. In this thread the signals are blocked; Python runs every signal's
    handler in the main thread, whichever thread the signal reached (a library may
    leave threads of its own running), so in the main thread each handler set from
    Python is also replaced for the block by one that notes the signal."""
    caught: list[int] = []
    saved: dict[signal.Signals, Any] = {}
    if threading.current_thread() is threading.main_thread():
        for signum in _HELD:
            handler = signal.getsignal(signum)
            if handler is not None:  # None: set outside Python, left alone
                saved[signum] = handler
                signal.signal(signum, lambda number, frame: caught.append(number))
    blocking = hasattr(signal, "pthread_sigmask")
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD) if blocking else set()
    try:
        yield
    finally:
        if blocking:
            signal.pthread_sigmask(signal.SIG_SETMASK, before)
        for signum, handler in saved.items():
            signal.signal(signum, handler)
        for number in dict.fromkeys(caught):
            signal.raise_signal(number)


def end_processes(process: subprocess.Popen[bytes], others: Iterable[int] = ()) -> None:
    """End a bot's process and every process it started, and reap them.

    The bot runs in a session of its own (``start_new_session``), so one
    ``killpg`` reaches all of its descendants that stay in its process group. For
    those that move away (``setsid``, ``setpgid``, a double fork), Linux tracks the
    descendants through ``/proc`` ppid links (:func:`bot_processes`); this is
    complete because the bot and the referee are child subreapers
    (:func:`_adopt_orphans`): an orphan is re-parented to one of them, never to
    init, and, being a child of the referee once the bot is gone, cannot have its pid
    reused before it is reaped here. We chose the subreaper over polling ``/proc``
    while the bot runs, which misses a process that forks, ``setsid``s and loses its
    parent between two looks. All get SIGTERM, then SIGKILL after
    :data:`TERM_GRACE` seconds; the signals that could cut this short are held
    back meanwhile. ``others`` are the processes of other live bots, left alone.
    Elsewhere only the process group is ended.
    """
    leader = process.pid
    with _ending, _signals_held():
        if not _LINUX:
            _signal((), leader, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(TERM_GRACE)
            _signal((), leader, signal.SIGKILL)
            process.wait()
            return
        # the leader is never reaped before the end, so its pid is never another's
        seen = bot_processes(leader, others)
        _signal(_running(seen), leader, signal.SIGTERM)
        deadline, pause = time.monotonic() + TERM_GRACE, 0.0005
        while _running(seen) and time.monotonic() < deadline:
            time.sleep(pause)
            pause = min(pause * 2, 0.01)
            seen = bot_processes(leader, others)
        deadline = time.monotonic() + 2.0
        while True:
            running = _running(seen)
            if not running or time.monotonic() > deadline:
                break
            _signal(running, leader, signal.SIGKILL)
            time.sleep(0.001)
            seen = bot_processes(leader, others)
        me = os.getpid()
        for pid, proc in seen.items():  # orphans left to us: reap them
            if pid != leader and proc.ppid == me:
                with contextlib.suppress(ChildProcessError):
                    os.waitpid(pid, 0 if proc.state in ("Z", "X") else os.WNOHANG)
        process.wait()


def _exit_code(process: subprocess.Popen[bytes], timeout: float) -> int | None:
    """The exit code of ``process`` once it exits within ``timeout`` seconds (minus the
    signal that killed it), else None. It is not reaped (on Linux), so that its pid stays
    its own until :func:`end_processes` has ended every process it started."""
    if not _LINUX:
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout)
        return process.returncode
    deadline, pause = time.monotonic() + timeout, 0.0005
    while True:
        try:
            info = os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:  # reaped already (SIGCHLD ignored): as Popen.wait says
            return 0
        if info is not None and info.si_pid == process.pid:
            exited = info.si_code == os.CLD_EXITED
            return info.si_status if exited else -info.si_status
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        time.sleep(min(pause, left))
        pause = min(pause * 2, 0.02)


def _running(processes: dict[int, _Proc]) -> list[int]:
    """The pids of ``processes`` that are not zombies."""
    return [pid for pid, proc in processes.items() if proc.state not in ("Z", "X")]


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
        move: str | float | None = MOVE_LIMIT,
        match: str | float | None = MATCH_LIMIT,
    ) -> None:
        super().__init__(game, seat, seed)
        self.seed = seed
        self.argv = check_command(command)
        self.command = command
        self.move_limit = parse_limit("move", move)
        """Seconds for one answer (``math.inf``: no limit)."""
        self.match_left = parse_limit("match", match)
        self.match_limit = self.match_left
        self.process: subprocess.Popen[bytes] | None = None
        self.peer = "exec"
        self.requests = 0
        self.sent: list[dict[str, Any]] = []
        """Every message sent to the bot, in order (for tests and logs)."""
        self.transcript: list[str] = []
        """The exchange as lines: ``> `` before what was sent, ``< `` before what was read
        (a line from the bot cut to :data:`SHOWN` characters)."""
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
        """Ask the process for a move; :class:`BotFault` on any fault (the process is ended)."""
        if self._fault is not None:
            raise self._fault
        try:
            return self._choose(view, legal)
        except BaseException:  # a fault, or the arena's move clock: the exchange is broken
            self.close()
            raise

    def close(self) -> None:
        """End the process and every process it started (:func:`end_processes`), and reap
        them; signals that could cut this short are held back meanwhile."""
        with _signals_held():
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
            with contextlib.suppress(OSError):
                if process.stdout is not None:
                    process.stdout.close()
            others = [bot.process.pid for bot in list(_live) if bot.process is not None]
            end_processes(process, others)

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()

    # -- the exchange ----------------------------------------------------------

    def _choose(self, view: View, legal: Sequence[Action]) -> Action:
        self._ensure_started()
        self.requests += 1
        request = self.requests
        limit = max(0.0, min(self.move_limit, self.match_left))
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
        _adopt_orphans()
        # held back until the process is ours to end: a move clock firing between the
        # fork and the assignment would leave a bot nobody ends
        with _signals_held():
            try:
                self.process = subprocess.Popen(
                    self.argv,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    start_new_session=True,
                    preexec_fn=_in_child,
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
                "limits": {"move": seconds(self.move_limit), "match": seconds(self.match_limit)},
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
            raise self._ended("input") from None

    def _read_message(self, limit: float, what: str, kind: str) -> dict[str, Any]:
        """The next message of type ``kind`` within ``limit`` seconds (``math.inf``: no
        limit); others are ignored."""
        deadline = time.monotonic() + limit
        for _ in range(MAX_LINES):
            line = self._read_line(deadline, limit, what)
            try:
                message = json.loads(line)
            except RecursionError:
                raise BotFault("not-json", f"wrote a line nested too deep for {what}") from None
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
            if not selector.select(min(left, WATCH)):
                if _exit_code(process, 0) is not None:  # its output is held by a descendant
                    raise self._ended("output")
                continue
            try:
                chunk = os.read(process.stdout.fileno(), 65536)
            except BlockingIOError:
                continue
            if not chunk:
                raise self._ended("output")
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        if len(line) > MAX_LINE:
            raise BotFault("flood", f"wrote a line longer than {MAX_LINE} bytes")
        shown = line.strip().decode(errors="replace")
        if len(shown) > SHOWN:
            shown = f"{shown[:SHOWN]}... ({len(line)} bytes)"
        self.transcript.append("< " + shown)
        return line.strip()

    def _ended(self, stream: str) -> BotFault:
        """The fault of a bot whose ``stream`` (``input`` or ``output``) has closed, or that
        has exited: a crash if it exits within :data:`EXIT_GRACE` seconds, else
        ``closed`` (the caller ends it)."""
        process = self.process
        assert process is not None
        code = _exit_code(process, EXIT_GRACE)
        if code is None:
            return BotFault("closed", f"the bot closed its {stream} and kept running")
        if code < 0:
            with contextlib.suppress(ValueError):
                return BotFault("crashed", f"the bot was killed by {signal.Signals(-code).name}")
        return BotFault("crashed", f"the bot exited with code {code}")
