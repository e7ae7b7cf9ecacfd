"""``cardkit replay``: re-apply a saved or arena record and show it as events."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer


def register(app: typer.Typer) -> None:
    """Attach ``replay`` to ``app``."""
    app.command("replay")(replay)


def replay(
    file: Annotated[Path, typer.Argument(help="A record written by `play` or `arena --logs`.")],
    seat: Annotated[
        int | None,
        typer.Option("--seat", help="Show the match as this seat saw it (others' secrets hidden)."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the steps and the result as JSON.")
    ] = False,
) -> None:
    """Re-apply a record, checking every step, and show its events and result."""
    import json

    from cardkit.errors import RecordError
    from cardkit.events import Event
    from cardkit.game import State
    from cardkit.options import to_json as options_json
    from cardkit.record import Record, start
    from cardkit.record import replay as replay_record
    from cli.common import console, fail, load_game
    from cli.render import Renderer, step_line

    try:
        record = Record.load(file)
    except RecordError as exc:
        fail(str(exc))
    game = load_game(record.game)
    try:
        first = start(record, game)  # a record that cannot start (players, options) is bad input
    except RecordError as exc:
        fail(f"{file}: {exc}")
    if seat is not None and not 0 <= seat < record.players:
        fail(
            f"--seat must be from 0 to {record.players - 1} for {record.players} players, "
            f"not {seat}"
        )
    out = console()
    render = Renderer(game, record.players, record.options)
    steps: list[dict[str, Any]] = []
    count = len(record.actions)
    steps_text = f"{count} step" + ("" if count == 1 else "s")

    def on_step(state: State, step: int, who: int, action: Any, events: tuple[Event, ...]) -> None:
        line = step_line(game, who, action, events, seat)
        if not as_json:
            out.print(render.event(f"{step:>4}", line))
            return
        entry: dict[str, Any] = {"step": step, "seat": who, "event": line}
        if seat is None or who == seat:
            entry["action"] = str(action)
        steps.append(entry)

    # the seed decides every deal: a seat's replay does not show it
    seed_text = f"seed {record.seed}, " if seat is None else ""
    if record.position is not None:
        seed_text += f"from a position at step {first.steps}, "
    if not as_json:
        viewer = "everything" if seat is None else f"as seat {seat} saw it"
        out.print(
            f"[bold]{game.name}[/bold] ({game.id}): {record.players} players, "
            f"{seed_text}{steps_text}; showing {viewer}",
            soft_wrap=True,
        )
    try:
        state = replay_record(record, game, auto_chance_after=False, after_step=on_step)
    except RecordError as exc:  # an illegal or unreadable step: the record fails its check
        fail(str(exc), code=1)
    over = state.is_over()
    result = state.result() if over else None
    if as_json:
        data: dict[str, Any] = {
            "game": game.id,
            "players": record.players,
            "seed": record.seed if seat is None else None,
            "options": options_json(record.options),
            "viewer": seat,
            "steps": steps,
            "over": over,
            "to_act": list(state.to_act()),
            "result": None
            if result is None
            else {
                "scores": list(result.scores),
                "winners": list(result.winners),
                "finished": result.finished,
                "note": result.note,
            },
        }
        typer.echo(json.dumps(data, indent=2))
        return
    if result is None:
        out.print(render.turn_line(state.to_act(), seat))
        out.print(f"The match is not over after {steps_text}.")
    else:
        out.print(render.result(result, seat, _names(record.meta, record.players)))


def _names(meta: Any, players: int) -> list[str]:
    """Who played each seat, from the record's meta (play saves and arena logs)."""
    for key in ("play", "arena"):
        entry = meta.get(key) if isinstance(meta, dict) else None
        bots = entry.get("bots") if isinstance(entry, dict) else None
        if isinstance(bots, list) and len(bots) == players:
            return ["person" if b is None else str(b) for b in bots]
    return []
