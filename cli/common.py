"""Helpers shared by the CLI commands: the console, user errors, loading games, and
:func:`safe_text`, through which every name and text from a file, a bot or a plugin
passes before it reaches the terminal."""

from __future__ import annotations

import errno
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

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
    """The shared rich console (stdout, or stderr). Emoji codes are not replaced, and every
    string it renders (printed, a table's cell or title, a rule) has its control characters
    but newline and tab made visible (:func:`safe_text`), whatever forgot to: no string
    can write a terminal escape through it."""
    if stderr not in _consoles:
        from rich.console import Console
        from rich.text import Text

        class _SafeConsole(Console):
            def render_str(self, text: str, **kwargs: Any) -> Text:
                return super().render_str(safe_text(text, lines=True), **kwargs)

        _consoles[stderr] = _SafeConsole(stderr=stderr, highlight=False, emoji=False)
    return _consoles[stderr]


_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""Characters never written as they are: the C0 and C1 controls and DEL (ESC and BEL
start terminal escapes; newlines, tabs and carriage returns forge or hide lines), the
Unicode line separators and the bidirectional embeddings, overrides and isolates."""
_IN_LINE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
""":data:`_UNSAFE` less newline and tab: what the console itself never writes."""


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def safe_text(value: object, lines: bool = False) -> str:
    """``str(value)`` as plain text safe for the terminal: each control character (see
    :data:`_UNSAFE`) becomes its visible escape (ESC is ``\\x1b``); with ``lines``,
    newlines and tabs are kept (a text of several lines, such as a game's rules). Rich
    markup is left as it is: print the result with ``markup=False``, in a
    ``rich.text.Text``, or through :func:`safe_markup` inside markup. Every name and text
    from a file, a bot or a plugin passes through one of them before it is shown."""
    return (_IN_LINE if lines else _UNSAFE).sub(_visible, str(value))


def safe_markup(value: object) -> str:
    """:func:`safe_text` with rich markup escaped, to place inside a markup string:
    ``[bold]x[/bold]`` from a file shows as those characters."""
    from rich.markup import escape

    return escape(safe_text(value))


def ascii_int(text: str | int) -> int:
    """An option's whole number, in ASCII digits only (the parser of every integer option;
    an option's default comes as it is)."""
    from cardkit.options import whole_number

    if isinstance(text, int):
        return text
    try:
        return whole_number(text)
    except ValueError:
        raise typer.BadParameter(
            f"{safe_text(text)!r} is not a whole number (digits 0-9)"
        ) from None


def ascii_float(text: str | float) -> float:
    """An option's number, in ASCII digits only (the parser of every decimal option; an
    option's default comes as it is)."""
    from cardkit.options import decimal_number

    if isinstance(text, int | float):
        return float(text)
    try:
        return decimal_number(text)
    except ValueError:
        raise typer.BadParameter(f"{safe_text(text)!r} is not a number (digits 0-9)") from None


def fail(message: str, code: int = 2) -> NoReturn:
    """Print one line for the user's mistake and exit with ``code`` (2 by default); the
    message is shown as text (:func:`safe_markup`), whatever it quotes."""
    console(stderr=True).print(
        f"[bold red]error:[/bold red] {safe_markup(message)}", soft_wrap=True
    )
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
