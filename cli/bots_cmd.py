"""``cardkit bots``: the bot kinds, the games each plays and their parameters."""

from __future__ import annotations

from typing import Annotated, Any

import typer


def register(app: typer.Typer) -> None:
    """Attach ``bots`` to ``app``."""
    app.command("bots")(bots)


def bots(
    game: Annotated[
        str | None, typer.Argument(help="Only the bots that play this game (`cardkit list`).")
    ] = None,
) -> None:
    """List the bots: spec NAME or NAME:KEY=VALUE,... for --bot."""
    from rich import box
    from rich.table import Table

    from cardkit.options import show_value
    from cardkit.registry import Broken, all_bots, all_games, bots_for
    from cli.common import console, load_game, safe_markup

    games = [load_game(game)] if game is not None else all_games()
    rows: dict[tuple[str, int], tuple[type[Any], set[str]]] = {}
    broken: list[Broken] = []
    everywhere: list[type[Any]] = []
    for entry in all_bots():
        if isinstance(entry, Broken):
            broken.append(entry)
        elif getattr(entry, "games", None) is None:
            everywhere.append(entry)
    for g in games:
        if isinstance(g, Broken):
            continue
        for name, cls in bots_for(g).items():
            key = (name, id(cls))
            rows.setdefault(key, (cls, set()))[1].add(g.id)

    title = "Bots" if game is None else f"Bots for {safe_markup(game)}"
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("bot", style="bold cyan")
    table.add_column("plays")
    table.add_column("parameters")
    table.add_column("summary")
    for (name, _), (cls, ids) in sorted(rows.items(), key=lambda kv: kv[0][0]):
        plays = "every game" if cls in everywhere else ", ".join(sorted(ids))
        params = getattr(cls, "params", ())
        lines = [
            safe_markup(f"{p.name} (default {show_value(p.default)}; {p.allowed()}): {p.help}")
            for p in params
        ]
        table.add_row(
            safe_markup(name),
            safe_markup(plays),
            "\n".join(lines) or "none",
            safe_markup(getattr(cls, "summary", "")),
        )
    for entry in broken:
        status = "broken" if entry.status == "failed to load" else entry.status
        table.add_row(
            safe_markup(entry.name), f"[red]{status}[/red]", "-", f"[red]{safe_markup(entry.error)}"
        )
    failed = [g.name for g in games if isinstance(g, Broken)]
    if failed:
        left_out = ", ".join(dict.fromkeys(failed))
        table.caption = safe_markup(
            f"Not listed: games that failed to load or were left out ({left_out}); "
            "see `cardkit list`."
        )
    console().print(table)
