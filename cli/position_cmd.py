"""``cardkit position``: the position of a saved match at one step, as JSON."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cli.common import ascii_int


def register(app: typer.Typer) -> None:
    """Attach ``position`` to ``app``."""
    app.command("position")(position)


def position(
    file: Annotated[Path, typer.Argument(help="A record written by `play` or `arena --logs`.")],
    step: Annotated[
        int,
        typer.Option(
            "--step", parser=ascii_int, help="How many steps of the record to play (0: the start)."
        ),
    ],
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat", parser=ascii_int, help="Show only what this seat knows (hidden cards as ?)."
        ),
    ] = None,
) -> None:
    """Print the position after STEP steps of a record as JSON (see docs/positions.md)."""
    import json

    import attrs

    from cardkit.errors import RecordError
    from cardkit.record import Record, replay, start
    from cli.common import fail, load_game

    try:
        record = Record.load(file)
    except RecordError as exc:
        fail(str(exc))
    game = load_game(record.game)
    if not game.has_positions:
        fail(f"{game.id} has no positions yet: it cannot show one")
    try:
        start(record, game)
    except RecordError as exc:
        fail(f"{file}: {exc}")
    count = len(record.actions)
    if not 0 <= step <= count:
        fail(f"--step must be from 0 to {count} for this record of {count} steps, not {step}")
    if seat is not None and not 0 <= seat < record.players:
        fail(
            f"--seat must be from 0 to {record.players - 1} for {record.players} players, "
            f"not {seat}"
        )
    head = attrs.evolve(record, actions=record.actions[:step])
    try:
        state = replay(head, game, auto_chance_after=False)
    except RecordError as exc:
        fail(str(exc), code=1)
    typer.echo(json.dumps(game.position(state, seat), indent=2))
