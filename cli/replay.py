"""``cardkit replay``: re-apply a saved or arena record and show it as events."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from cli.common import ascii_float, ascii_int


def register(app: typer.Typer) -> None:
    """Attach ``replay`` to ``app``."""
    app.command("replay")(replay)


def replay(
    file: Annotated[Path, typer.Argument(help="A record written by `play` or `arena --logs`.")],
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            parser=ascii_int,
            help="Show the match as this seat saw it (others' secrets hidden).",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the steps and the result as JSON.")
    ] = False,
    watch: Annotated[
        bool,
        typer.Option(
            "--watch",
            help="Step through the match on the card table, from --seat's view (0 by default).",
        ),
    ] = False,
    delay: Annotated[
        float,
        typer.Option(
            "--delay",
            parser=ascii_float,
            help="Seconds each step stays on screen with --watch (0: none).",
        ),
    ] = 1.5,
) -> None:
    """Re-apply a record, checking every step, and show its events and result."""
    import json

    from cardkit.errors import RecordError
    from cardkit.events import Event
    from cardkit.game import State
    from cardkit.options import to_json as options_json
    from cardkit.record import Record, start
    from cardkit.record import replay as replay_record
    from cli.common import console, fail, load_game, safe_markup
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
    if watch and as_json:
        fail("--watch shows the card table; --json prints data: give one of them")
    if not 0 <= delay <= 60:  # also refuses nan
        fail(f"--delay must be from 0 to 60 seconds, not {delay}")
    if watch:
        _watch(record, game, 0 if seat is None else seat, delay)
        return
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
            f"[bold]{safe_markup(game.name)}[/bold] ({safe_markup(game.id)}): "
            f"{record.players} players, "
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
    """Who played each seat, from the record's meta (play saves and arena logs): the file's
    text, which the result table shows as text."""
    for key in ("play", "arena"):
        entry = meta.get(key) if isinstance(meta, dict) else None
        bots = entry.get("bots") if isinstance(entry, dict) else None
        if isinstance(bots, list) and len(bots) == players:
            return ["person" if b is None else str(b) for b in bots]
    return []


class _Stop(Exception):
    """The watcher typed q."""


def _watch(record: Any, game: Any, viewer: int, delay: float) -> None:
    """Step through ``record`` on the card table as ``viewer`` saw it, paced and steered
    by keys (:class:`~cli.prompt.Pace`); the final table and the result at the end."""
    import attrs
    from rich.text import Text

    from cardkit.errors import RecordError
    from cardkit.events import Event
    from cardkit.game import State
    from cardkit.record import replay as replay_record
    from cardkit.seats import CHANCE
    from cardkit.table import table_for
    from cli.common import console, fail, safe_text
    from cli.prompt import WATCH_KEYS, Pace
    from cli.render import Renderer, step_line
    from cli.table import Screen, show

    out = console()
    render = Renderer(game, record.players, record.options)
    screen = Screen(render, watching=True)
    pace = Pace(delay, watch=True)
    recent: list[str] = []
    total = len(record.actions)
    name = safe_text(game.name)

    def draw(state: State, title: str, footer: list[Text]) -> None:
        layout = table_for(game, state.view(viewer), state.players)
        lines = screen.lines(out, title, layout, (), recent, footer)
        show(out, lines)

    def on_step(state: State, step: int, who: int, action: Any, events: tuple[Event, ...]) -> None:
        recent.append(step_line(game, who, action, events, viewer))
        del recent[:-12]
        if who == CHANCE and step < total:
            return  # a deal is shown with the move after it
        keys = Text(f"seat {viewer}'s view · {WATCH_KEYS}", style="dim")
        draw(state, f"{name}: replay {step}/{total}", [keys])
        if not pace.wait():
            raise _Stop(step)

    try:
        state = replay_record(record, game, auto_chance_after=False, after_step=on_step)
    except RecordError as exc:  # an illegal or unreadable step: the record fails its check
        fail(str(exc), code=1)
    except _Stop as stop:
        out.print(f"stopped at step {stop.args[0]} of {total}")
        return
    if state.is_over():
        layout = table_for(game, state.view(viewer), state.players)
        layout = attrs.evolve(layout, status="final table")
        show(out, screen.head(out, f"{name}: the match is over", layout))
        out.print(render.result(state.result(), None, _names(record.meta, record.players)))
    else:
        out.print(f"The match is not over after {total} steps.")
