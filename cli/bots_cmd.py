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
    bot: Annotated[
        str | None,
        typer.Option(
            "--bot",
            metavar="NAME",
            help="Show this bot's parameters in full: default, allowed values, meaning.",
        ),
    ] = None,
) -> None:
    """List the bots: spec NAME or NAME:KEY=VALUE,... for --bot."""
    import shutil

    from cardkit.registry import Broken, all_bots, all_games, bots_for
    from cli.common import fail, load_game, safe_text
    from cli.listing import hanging_rows

    games = [load_game(game)] if game is not None else all_games()
    rows: dict[tuple[str, int], tuple[type[Any], set[str]]] = {}
    broken = [entry for entry in all_bots() if isinstance(entry, Broken)]
    for g in games:
        if isinstance(g, Broken):
            continue
        for name, cls in bots_for(g).items():
            rows.setdefault((name, id(cls)), (cls, set()))[1].add(g.id)
    listed = sorted(rows.items(), key=lambda kv: kv[0][0])
    width = shutil.get_terminal_size().columns

    if bot is not None:
        chosen = [(name, found) for (name, _), found in listed if name == bot]
        if not chosen:
            names = ", ".join(dict.fromkeys(name for (name, _), _ in listed))
            where = f" for {game}" if game is not None else ""
            fail(f"no bot {bot!r}{where} (bots: {names})")
        for name, (cls, ids) in chosen:
            _show_params(name, cls, _plays(cls, ids), width)
        return

    title = "Bots" if game is None else f"Bots for {safe_text(game)}"
    _echo(f"{title} (--bot NAME or NAME:KEY=VALUE,...)", wrap=width)
    _echo("")
    table = [["bot", "plays", "summary"]]
    for (name, _), (cls, ids) in listed:
        params = getattr(cls, "params", ())
        summary = safe_text(getattr(cls, "summary", ""))
        if params:
            summary += "\n" + " ".join(safe_text(f"{p.name}={_value(p.default)}") for p in params)
        table.append([safe_text(name), safe_text(_plays(cls, ids)), summary])
    for entry in broken:
        status = "broken" if entry.status == "failed to load" else entry.status
        table.append([safe_text(entry.name), status, safe_text(entry.error)])
    for i, block in enumerate(hanging_rows(table, width)):
        for line in block:
            _echo(line, bold=i == 0)
    if any(getattr(cls, "params", ()) for cls, _ in rows.values()):
        _echo("")
        _echo("A bot's parameters in full: cardkit bots --bot NAME", wrap=width)
    failed = [g.name for g in games if isinstance(g, Broken)]
    if failed:
        left_out = ", ".join(dict.fromkeys(failed))
        _echo("")
        _echo(
            safe_text(
                f"Not listed: games that failed to load or were left out ({left_out}); "
                "see `cardkit list`."
            ),
            wrap=width,
        )


def _plays(cls: type[Any], ids: set[str]) -> str:
    """The games a bot plays: ``every game`` for one that names none."""
    if getattr(cls, "games", None) is None:
        return "every game"
    return ", ".join(sorted(ids))


def _value(value: object) -> str:
    from cardkit.options import show_value

    return str(show_value(value))


def _show_params(name: str, cls: type[Any], plays: str, width: int) -> None:
    """One bot in full: its summary, then each parameter's default, allowed values and
    meaning, wrapped under their column."""
    from cli.common import safe_text
    from cli.listing import hanging_rows

    head = f"{name} ({plays}): {getattr(cls, 'summary', '')}"
    _echo(safe_text(head), bold=True, wrap=width)
    params = getattr(cls, "params", ())
    if not params:
        _echo("  no parameters")
        return
    rows = [
        ["", safe_text(f"{p.name}={_value(p.default)}"), safe_text(f"{p.allowed()}: {p.help}")]
        for p in params
    ]
    for block in hanging_rows(rows, width, gap=2):
        for line in block:
            _echo(line)


def _echo(line: str, bold: bool = False, wrap: int = 0) -> None:
    """Print a line as text (wrapped at words to ``wrap`` columns when given)."""
    import textwrap

    lines = (
        textwrap.wrap(line, wrap, break_on_hyphens=False, subsequent_indent="  ") if wrap else []
    )
    for text in lines or [line]:
        typer.secho(text, bold=bold)
