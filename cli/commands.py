"""The everyday commands, each in its own module, attached to the app by ``register``.

Modules import their heavy dependencies inside the command functions, so
``cardkit --version`` and ``cardkit list`` start fast.
"""

from __future__ import annotations

import typer

from cli import arena, bots_cmd, play, replay, scaffold


def register(app: typer.Typer) -> None:
    """Attach every command module's commands to ``app``."""
    for module in (play, arena, replay, bots_cmd, scaffold):
        module.register(app)
