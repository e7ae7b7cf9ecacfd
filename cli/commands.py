"""The everyday commands (play, arena, replay, bots), attached to the app by ``register``."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Attach the everyday commands to ``app``."""
