"""The ``cardkit`` command line: a thin Typer app over the core and the games.

Commands parse their arguments, call cardkit and render with rich. A user's
mistake (unknown game, bad option, unreadable file) prints one line and exits
with code 2; nothing below this package prints.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer
from typer.core import TyperArgument, TyperGroup, TyperOption

from cli import commands, position_cmd, tournament_cmd
from cli.common import console, load_game, safe_markup, safe_text

if TYPE_CHECKING:
    from typer import _click as click  # typer's own click, which its classes take

_LABELS = {"int": "N", "float": "NUMBER", "str": "TEXT", "path": "FILE"}
"""The value label of an option that names none, by its type."""


class _Argument(TyperArgument):
    """An argument shown by its name alone (``GAME``, ``[GAME]``), with no ``<type>``."""

    def display_type_rich(self, ctx: click.Context) -> str | None:
        return None

    def _usage_display_name(self) -> str:
        name = self.display_name_raw
        return name if self.required else f"[{name}]"


def _label(param: click.Parameter, ctx: click.Context) -> None:
    """Give ``param`` a proper value label for --help: an argument its name in capitals, a
    flag none, another option its own metavar or one by its type (N, NUMBER, TEXT, FILE)."""
    if isinstance(param, TyperArgument):
        if param.metavar is None:
            param.metavar = (param.name or "value").upper()
        param.__class__ = _Argument  # the same argument, shown by name only
    elif isinstance(param, TyperOption) and param.metavar is None:
        if param.is_flag:
            param.metavar = ""
        else:
            kind = param.display_type(ctx).strip("<>").removeprefix("list[").removesuffix("]")
            param.metavar = _LABELS.get(kind, kind.upper())


class _Group(TyperGroup):
    """The ``cardkit`` group: every command's --help shows proper value labels."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        params = super().get_params(ctx)
        for param in params:
            _label(param, ctx)
        return params

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            for param in command.get_params(ctx):
                _label(param, ctx)
        return command


app = typer.Typer(
    name="cardkit",
    cls=_Group,
    help="Play trick-taking and shedding card games, and pit bots against each other.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        from cardkit import __version__

        typer.echo(f"cardkit {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, metavar="", help="Show the version."
        ),
    ] = False,
) -> None:
    """cardkit: trick-taking and shedding card games, plugins and bots."""


@app.command("list")
def list_games() -> None:
    """List the installed games."""
    import shutil

    from cli.listing import format_rows, installed_games

    width = shutil.get_terminal_size().columns
    for line, styled in format_rows(installed_games(), width):
        typer.secho(line, bold=styled)


@app.command("rules")
def rules(game: Annotated[str, typer.Argument(help="Game id, as `cardkit list` shows.")]) -> None:
    """Explain a game's rules and list its options."""
    from rich.markdown import Markdown
    from rich.table import Table

    from cardkit.options import show_value

    g = load_game(game)
    out = console()
    players = f"{g.min_players}-{g.max_players} players"
    out.rule(f"{safe_markup(g.name)} ({safe_markup(g.id)}), {players}")
    out.print(Markdown(safe_text(g.rules.strip() or g.summary, lines=True)))
    if g.options:
        table = Table(title="Options (--option KEY=VALUE)")
        table.add_column("option", style="bold cyan")
        table.add_column("default")
        table.add_column("allowed")
        table.add_column("meaning")
        for o in g.options:
            cells = (o.name, show_value(o.default), o.allowed(), o.help)
            table.add_row(*(safe_markup(c) for c in cells))
        out.print(table)
    else:
        out.print("This game has no options.")


_CLICK_ERROR: type[Exception] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException"
)


def main() -> NoReturn:
    """Console-script entry point: a command-line mistake is one line and exit code 2."""
    try:
        code = app(standalone_mode=False)
    except KeyboardInterrupt:
        console(stderr=True).print("interrupted")
        sys.exit(130)
    except typer.Abort:
        console(stderr=True).print("aborted")
        sys.exit(1)
    except _CLICK_ERROR as exc:
        ctx = getattr(exc, "ctx", None)
        if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:
            typer.echo(ctx.get_help())
            sys.exit(2)
        where = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
        fmt = getattr(exc, "format_message", None)
        message = str(fmt()) if callable(fmt) else str(exc)
        from rich.markup import escape

        console(stderr=True).print(
            f"[bold red]error:[/bold red] {escape(message)}{where}", soft_wrap=True
        )
        sys.exit(int(getattr(exc, "exit_code", 2)))
    sys.exit(code if isinstance(code, int) else 0)


commands.register(app)
tournament_cmd.register(app)
position_cmd.register(app)
