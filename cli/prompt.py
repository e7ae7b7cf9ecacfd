"""Reading a person's answers: one line of standard input per question.

Reading plain lines (not a full-screen UI) keeps the CLI usable in any
terminal, through a pipe, under a test runner and through a pty.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from rich.markup import escape

from cli.common import console


def prompt(text: str) -> str:
    """Show ``text`` and return the next line typed, stripped; ``EOFError`` at end of input."""
    out = console()
    out.print(text, end="", markup=True)
    out.file.flush()
    line = sys.stdin.readline()
    if not line:
        out.print()
        raise EOFError
    return line.strip()


def choose(
    title: str, items: Sequence[str], default: int | None = None, notes: Sequence[str] = ()
) -> int:
    """Show a numbered list, then ``notes`` (plain lines), and return the index (0-based)
    the person picks.

    Asks again, with the reason, until the answer is one of the numbers (or
    empty when ``default`` is given).
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
        if answer.isdecimal() and 1 <= int(answer) <= len(items):
            return int(answer) - 1
        shown = escape(answer) if answer else "nothing"
        out.print(f"[red]{shown} is not a choice: type a number from 1 to {len(items)}[/red]")


def ask_number(title: str, low: int, high: int, default: int) -> int:
    """Ask for a whole number from ``low`` to ``high``; Enter takes ``default``."""
    out = console()
    while True:
        answer = prompt(f"{title} [{low}-{high}, Enter for {default}]: ")
        if not answer:
            return default
        if answer.removeprefix("-").isdecimal() and low <= int(answer) <= high:
            return int(answer)
        out.print(f"[red]{escape(answer)} is not allowed: type a number from {low} to {high}[/red]")
