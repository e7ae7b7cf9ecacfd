"""Helpers shared by the CLI commands: the console, user errors, loading games."""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import typer

if TYPE_CHECKING:
    from rich.console import Console

    from cardkit.game import Game

_consoles: dict[bool, Console] = {}

TERMINAL_CLOSED = 129
"""Exit code when the terminal went away (``EIO``): 128 + SIGHUP, as a hang-up gives."""
PIPE_CLOSED = 141
"""Exit code when the output pipe was closed (``EPIPE``): 128 + SIGPIPE."""


def cardkit_home() -> Path:
    """Where cardkit keeps saves and caches: ``$CARDKIT_HOME``, else ``~/.cardkit``."""
    home = os.environ.get("CARDKIT_HOME")
    return Path(home) if home else Path.home() / ".cardkit"


def console(stderr: bool = False) -> Console:
    """The shared rich console (stdout, or stderr)."""
    if stderr not in _consoles:
        _consoles[stderr] = new_console(stderr=stderr)
    return _consoles[stderr]


def new_console(**settings: Any) -> Console:
    """A rich console (``settings`` as for ``Console``) whose closed pipe is an error.

    Rich answers a closed pipe by exiting with code 1 by itself; this console raises
    the ``BrokenPipeError`` instead, so the command decides (:func:`output_lost`).
    """
    from rich.console import Console

    class PipeAwareConsole(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))

    return PipeAwareConsole(**({"highlight": False} | settings))


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


def output_lost(exc: OSError) -> int | None:
    """The exit code if ``exc`` is the terminal or the output pipe going away, else None.

    EIO (a closed terminal) gives :data:`TERMINAL_CLOSED`, EPIPE (a closed pipe)
    :data:`PIPE_CLOSED`. Standard output and error are then pointed at the null
    device, so nothing later (not even Python's last flush at exit) fails on them.
    """
    codes = {errno.EIO: TERMINAL_CLOSED, errno.EPIPE: PIPE_CLOSED}
    if exc.errno not in codes:
        return None
    for stream in (sys.stdout, sys.stderr):
        try:
            fd = stream.fileno()
        except (AttributeError, OSError, ValueError):  # not a real file (a test runner's)
            continue
        if fd in (1, 2):
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, fd)
            os.close(null)
    return codes[exc.errno]
