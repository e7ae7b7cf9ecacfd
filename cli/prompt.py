"""Reading a person's answers: one line of standard input per question.

Reading plain lines (not a full-screen UI) keeps the CLI usable in any
terminal, through a pipe, under a test runner and through a pty.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence

from rich.markup import escape

from cardkit.options import whole_number
from cli.common import console

LINE_LIMIT = 4096
"""The most characters one answer may have: a longer line is refused (and read no
further than this many characters at a time), never held whole."""


def prompt(text: str) -> str:
    """Show ``text`` and return the next line typed, stripped; ``EOFError`` at end of input.

    A line longer than :data:`LINE_LIMIT` is skipped in pieces of that size (never
    held whole) and refused with one line; the question is asked again.
    """
    out = console()
    while True:
        out.print(text, end="", markup=True)
        out.file.flush()
        line = sys.stdin.readline(LINE_LIMIT + 1)
        if not line:
            out.print()
            raise EOFError
        if len(line) <= LINE_LIMIT or line.endswith("\n"):
            return line.strip()
        while line and not line.endswith("\n"):  # skip the rest of the line
            line = sys.stdin.readline(LINE_LIMIT)
        out.print(
            f"[red]that line is longer than {LINE_LIMIT} characters: it was not read; "
            "type a shorter answer[/red]"
        )


def number(text: str) -> int | None:
    """The whole number ``text`` is in ASCII digits (:func:`cardkit.options.whole_number`),
    else None."""
    try:
        return whole_number(text)
    except ValueError:
        return None


def choose(
    title: str,
    items: Sequence[str],
    default: int | None = None,
    notes: Sequence[str] = (),
    names: Sequence[str] = (),
) -> int:
    """Show a numbered list, then ``notes`` (plain lines), and return the index (0-based)
    the person picks.

    Asks again, with the reason, until the answer is one of the numbers, one of
    ``names`` (the items' names, any case), or empty when ``default`` is given.
    """
    out = console()
    for i, item in enumerate(items, start=1):
        out.print(f"  [bold]{i}[/bold]) {item}")
    for note in notes:
        out.print(note, markup=False)
    hint = f"1-{len(items)}" + (f", Enter for {default + 1}" if default is not None else "")
    while True:
        answer = prompt(f"{title} [{hint}]: ")
        if not answer and default is not None:
            return default
        chosen = number(answer)
        if chosen is not None and 1 <= chosen <= len(items):
            return chosen - 1
        lowered = [n.lower() for n in names]
        if answer.lower() in lowered:
            return lowered.index(answer.lower())
        shown = escape(answer) if answer else "nothing"
        named = f" or a name ({escape(', '.join(names))})" if names else ""
        out.print(
            f"[red]{shown} is not a choice: type a number from 1 to {len(items)}{named}[/red]"
        )


def ask_number(title: str, low: int, high: int, default: int) -> int:
    """Ask for a whole number from ``low`` to ``high``; Enter takes ``default``."""
    out = console()
    while True:
        answer = prompt(f"{title} [{low}-{high}, Enter for {default}]: ")
        if not answer:
            return default
        chosen = number(answer)
        if chosen is not None and low <= chosen <= high:
            return chosen
        out.print(f"[red]{escape(answer)} is not allowed: type a number from {low} to {high}[/red]")


def _read_key(timeout: float | None) -> str | None:
    """One key typed within ``timeout`` seconds (None: wait for one), or None; the
    terminal is in cbreak mode meanwhile (no Enter needed, nothing echoed)."""
    import select
    import termios
    import tty

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd, termios.TCSANOW)
        ready, _, _ = select.select([fd], [], [], timeout)
        if not ready:
            return None
        data = os.read(fd, 1)  # one key at a time: two keys typed at once are two
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, saved)
    if not data:
        raise EOFError
    return data.decode("utf-8", "replace")[:1]


def keys_work() -> bool:
    """Whether single keys can be read: standard input is a terminal."""
    try:
        return sys.stdin.isatty()
    except (ValueError, OSError):
        return False


WATCH_KEYS = "space pause/go on · n next step · q quit"
PAUSED_KEYS = "paused: space to go on · n next step · q quit"
"""The keys named at the foot of a watched table while it is paused."""


def page_keys(last: bool) -> bool:
    """Wait for a key under a page of a pager: True for the next page (space or Enter),
    False to go back (q, or Enter or any key under the last page). Without a terminal to read
    keys from, a line is read (Enter: the next page; q: back)."""
    out = console()
    if last:
        out.print("[dim]Enter: back to the table[/dim] ", end="")
    else:
        out.print("[dim]space or Enter: next page · q: back to the table[/dim] ", end="")
    out.file.flush()
    if keys_work():
        key = _read_key(None)
        out.print()
    else:
        key = prompt("")[:1] or "\n"
    return not last and key is not None and key not in "qQ"


class Pace:
    """The pause after each shown step: ``delay`` seconds, ended at once by any key.

    In watch mode (``watch``) the keys steer: space pauses and goes on, ``n`` (or
    Enter) shows the next step while paused, ``q`` quits. Without a terminal to
    read keys from (a pipe) nothing pauses. ``on_pause`` is called when space pauses
    or goes on (to redraw the screen's foot: :data:`PAUSED_KEYS`).
    """

    def __init__(self, delay: float, watch: bool = False) -> None:
        self.delay = max(0.0, delay)
        self.watch = watch
        self.paused = False
        self.keys = keys_work()
        self.on_pause: Callable[[], None] | None = None

    def wait(self, factor: float = 1.0) -> bool:
        """Pause ``factor`` times the delay (until a key while paused); False if the
        watcher typed ``q``."""
        if not self.keys:
            return True
        seconds: float | None = self.delay * factor
        while True:
            if self.paused:
                seconds = None
            elif not seconds:
                return True
            key = _read_key(seconds)
            if key is None:
                return True
            if not self.watch:
                return True  # any key skips the pause
            if key in "qQ":
                return False
            if key == " ":
                self.paused = not self.paused
                if self.on_pause is not None:
                    self.on_pause()
                if not self.paused:
                    return True
                continue
            return True  # n, Enter or any other key: the next step now
