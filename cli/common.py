"""Helpers shared by the CLI commands: the console, user errors, loading games."""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import typer

if TYPE_CHECKING:
    from rich.console import Console

    from cardkit.game import Game

_consoles: dict[bool, Console] = {}

TERMINAL_CLOSED = 129
"""Exit code when the terminal went away (``EIO``): 128 + SIGHUP, as a hang-up gives.
(A closed output pipe is left to rich and typer: they end quietly with code 1.)"""


def cardkit_home() -> Path:
    """Where cardkit keeps saves and caches: ``$CARDKIT_HOME``, else ``~/.cardkit``."""
    home = os.environ.get("CARDKIT_HOME")
    return Path(home) if home else Path.home() / ".cardkit"


def console(stderr: bool = False) -> Console:
    """The shared rich console (stdout, or stderr)."""
    if stderr not in _consoles:
        from rich.console import Console

        _consoles[stderr] = Console(stderr=stderr, highlight=False)
    return _consoles[stderr]


def fail(message: str, code: int = 2) -> NoReturn:
    """Print one line for the user's mistake and exit with ``code`` (2 by default)."""
    from rich.markup import escape

    console(stderr=True).print(f"[bold red]error:[/bold red] {escape(message)}", soft_wrap=True)
    raise typer.Exit(code)


def load_game(name: str) -> Game:
    """The installed game ``name``, or a one-line error with the closest valid name."""
    from cardkit.errors import CardkitError
    from cardkit.registry import get_game

    try:
        return get_game(name)
    except CardkitError as exc:
        fail(str(exc))


def terminal_lost(exc: OSError) -> bool:
    """Whether ``exc`` is the terminal going away (``EIO`` on output or input).

    If so, standard output and error are pointed at the null device, so nothing
    later (not even Python's last flush at exit) fails on them.
    """
    if exc.errno != errno.EIO:
        return False
    for stream in (sys.stdout, sys.stderr):
        try:
            fd = stream.fileno()
        except (AttributeError, OSError, ValueError):  # not a real file (a test runner's)
            continue
        if fd in (1, 2):
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, fd)
            os.close(null)
    return True
