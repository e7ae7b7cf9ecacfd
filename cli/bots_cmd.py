"""The `cardkit` command module `bots_cmd` (not written yet)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Attach this module's commands to ``app``."""
