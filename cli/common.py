"""Helpers shared by the CLI commands: the console, user errors, loading games."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import typer

if TYPE_CHECKING:
    from rich.console import Console

    from cardkit.game import Game

_consoles: dict[bool, Console] = {}


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
