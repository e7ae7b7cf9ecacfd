"""``cardkit arena``: bot-vs-bot matches with results and 95% intervals."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cli.common import ascii_int, safe_markup, safe_text
from cli.runs import (
    DEFAULT_MOVE_TIME,
    Address,
    Backend,
    Force,
    GameOptions,
    JsonFile,
    MoveTime,
    Seed,
    Workers,
    counted,
)

if TYPE_CHECKING:
    from rich.table import Table

    from cardkit.arena import Plan, Tally
    from cardkit.game import Game


def register(app: typer.Typer) -> None:
    """Attach ``arena`` to ``app``."""
    app.command("arena")(arena)


def arena(
    game: Annotated[str, typer.Argument(help="Game id, as `cardkit list` shows.")],
    bot: Annotated[
        list[str] | None,
        typer.Option(
            "--bot",
            metavar="SPEC",
            help="Bot spec NAME or NAME:KEY=VALUE,...; one per seat (fewer: the last one "
            "fills the rest).",
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", metavar="N", parser=ascii_int, help="Number of players."),
    ] = None,
    matches: Annotated[
        int,
        typer.Option("--matches", "-n", metavar="N", parser=ascii_int, help="Matches to play."),
    ] = 100,
    seed: Seed = None,
    workers: Workers = 1,
    option: GameOptions = None,
    json_file: JsonFile = None,
    logs: Annotated[
        str | None,
        typer.Option("--logs", metavar="DIR", help="Write every match's record to this folder."),
    ] = None,
    force: Force = False,
    move_time: MoveTime = DEFAULT_MOVE_TIME,
    duplicate: Annotated[
        bool,
        typer.Option(
            "--duplicate",
            help="Play each deal once per seat rotation; report paired differences per deal.",
        ),
    ] = False,
    permutations: Annotated[
        bool,
        typer.Option(
            "--permutations", help="With --duplicate: every seat permutation, not only rotations."
        ),
    ] = False,
    backend: Backend = "local",
    address: Address = None,
) -> None:
    """Play bots against each other; seats rotate; results with 95% intervals."""
    from cardkit.arena import Plan
    from cardkit.schedule import MAX_PERMUTED_PLAYERS
    from cli import runs
    from cli.common import fail, load_game
    from cli.settings import check_players, default_bot, parse_specs

    g = load_game(game)
    specs = parse_specs(g, bot or [default_bot(g)])
    n = players if players is not None else seats_for(g, len(specs))
    check_players(g, n)
    if len(specs) > n:
        fail(f"give at most one --bot per seat ({n}), not {len(specs)}")
    runs.check_run(matches, workers, move_time, backend, address)
    if permutations and n > MAX_PERMUTED_PLAYERS:
        fail(f"--permutations: at most {MAX_PERMUTED_PLAYERS} players, not {n}")
    runs.check_unused(
        [
            (permutations and not duplicate, "--permutations", "without --duplicate"),
            (force and json_file is None, "--force", "without --json"),
        ]
    )
    filled = n - len(specs) if len(specs) > 1 else 0
    specs += [specs[-1]] * filled  # fewer bots than seats: the last one fills the rest
    values, run_seed = runs.settle(g, n, option, seed, json_file, force)
    claim = None if logs is None else runs.check_logs(logs)  # released at any end
    # failed matches' records go among the others, or to a folder of this run's own
    failures = runs.failures_folder("arena", g, run_seed) if claim is None else claim.folder
    try:
        plan = Plan(
            game=g,
            players=n,
            options=values,
            seed=run_seed,
            entrants=runs.entrants(g, specs),
            logs=None if claim is None else str(claim.folder),
            failures=str(failures),
            move_time=move_time or None,
            duplicate=duplicate,
            permutations=permutations,
        )
        _play(plan, matches, workers, json_file, force, failures, backend, address, filled)
    finally:
        if claim is not None:
            claim.release()  # the folder is free for another run


def seats_for(game: Game, bots: int) -> int:
    """The players of a run given ``bots`` specs and no ``--players``: one seat per bot,
    the game's default for a single bot, and at least the game's fewest players (the
    game's default when that is more: the last bot fills the seats left)."""
    if bots == 1:
        return game.default_players
    if bots < game.min_players:
        return max(game.default_players, game.min_players)
    return bots


def filled_note(entrants: Sequence[str], filled: int) -> str:
    """The header's words for the entrants that fill the seats no ``--bot`` was given for."""
    if not filled:
        return ""
    first, last = len(entrants) - filled + 1, len(entrants)
    which = f"entrant {last}" if filled == 1 else f"entrants {first}-{last}"
    return f"; {which} filled with {safe_text(entrants[-1])} (the last --bot)"


def _play(
    plan: Plan,
    matches: int,
    workers: int,
    json_file: Path | None,
    force: bool,
    failures: Path,
    backend: str,
    address: str | None,
    filled: int = 0,
) -> None:
    """Play the arena's run, then write its results and show them."""
    from cardkit.arena import Tally
    from cli import runs
    from cli.common import console

    g, n = plan.game, plan.players
    out = console()
    deals = ""
    if plan.duplicate:
        kind = "permutations" if plan.permutations else "rotations"
        deals = f", duplicate deals ({plan.rotations} seat {kind} each)"
    specs = [e.spec for e in plan.entrants]
    out.print(
        f"[bold]{safe_markup(g.name)}[/bold] ({g.id}): {counted(matches, 'match', 'matches')}, "
        f"{counted(n, 'player', 'players')}, seed {plan.seed}, "
        f"{runs.where(workers, backend)}{deals}{safe_markup(filled_note(specs, filled))}"
    )
    if plan.duplicate and matches % plan.rotations:
        out.print(
            f"[yellow]{matches} is not a multiple of {plan.rotations}: "
            "the last deal is not counted in the paired differences[/yellow]"
        )
    tally = Tally(plan)
    own_failures = failures if plan.logs is None else None  # removed after the run if empty
    played = runs.play(plan, tally, matches, workers, backend, address, failures=own_failures)
    data = runs.results(plan, tally, played, backend, workers) | {
        "self_play": plan.self_play,
        "entrants": tally.entrants(),
        "seats": tally.seats(),
        "interrupted": played.interrupted,
        "duplicate": plan.duplicate,
        "permutations": plan.permutations,
    }
    written, unwritten = runs.write_results(json_file, data, force)
    runs.say_interrupted(tally, played)
    if plan.self_play:
        show(_seat_table(tally, f"{g.name}: results over {_finished(tally)}, by seat"))
        out.print(
            f"{plan.entrants[0].spec} plays every seat, so there is no win rate per bot; "
            "give one --bot per seat to compare bots.",
            markup=False,
        )
    else:
        show_labelled(specs, lambda label: _entrant_table(plan, tally, label))
        show(_seat_table(tally, "By seat"))
        if plan.duplicate:
            title = f"Paired differences over {counted(tally.deals, 'deal', 'deals')}"
            show_labelled(specs, lambda label: pair_table(tally, title, label))
            if tally.pairs(by_bot=True):  # a spec given twice: its seats count as one bot
                title = f"Paired differences by bot over {counted(tally.deals, 'deal', 'deals')}"
                show_labelled(specs, lambda label: pair_table(tally, title, label, by_bot=True))
    runs.finish(tally, played, workers, backend, failures, written, unwritten)


# -- tables that fit the terminal --------------------------------------------------------

Label = Callable[[int], str]
"""The name a table shows for entrant ``i`` (0-based)."""

NO_DATA = "-"
UNKNOWN_HALF = "±?"
"""An interval that cannot be estimated: every unit so far gave the same value, and there
are fewer than :data:`MIN_ALIKE` of them (a zero-width interval says nothing then)."""
MIN_ALIKE = 30
"""Units that, all alike, let a zero-width interval stand (``±0.0``)."""
KEY_UNKNOWN = (
    f"{UNKNOWN_HALF}: every deal or match so far gave the same value, too few of them "
    f"(under {MIN_ALIKE}) to estimate an interval."
)


def show(table: Table, keyed: Sequence[str] | None = None) -> None:
    """Print ``table``, then the key of its ``±?`` if it has one, and the key of its short
    bot names (:func:`spec_key`) when ``keyed`` gives the specs."""
    from cli.common import console

    out = console()
    out.print(table)
    keys = [spec_key(keyed)] if keyed is not None else []
    if any(UNKNOWN_HALF in str(cell) for column in table.columns for cell in column.cells):
        keys.append(KEY_UNKNOWN)
    for key in keys:
        out.print(key, markup=False)
    if keys:
        out.print()


def show_labelled(specs: Sequence[str], build: Callable[[Label], Table]) -> None:
    """Print the table ``build`` makes with each entrant's spec, or, when that is wider
    than the terminal, with each entrant's bot name under a key of the whole specs."""
    table, short = labelled(specs, build)
    show(table, specs if short else None)


def labelled(specs: Sequence[str], build: Callable[[Label], Table]) -> tuple[Table, bool]:
    """The table ``build`` makes with each entrant's spec when it fits the terminal, else
    with their bot names (:func:`short_spec`); and whether the names are short."""
    from cli.common import console

    table = build(lambda i: safe_markup(specs[i]))
    if natural_width(table) <= console().width:
        return table, False
    return build(lambda i: short_spec(specs[i])), True


def natural_width(table: Table) -> int:
    """The width ``table`` takes with no column squeezed (on a terminal of any width)."""
    from cli.common import console

    out = console()
    return out.measure(table, options=out.options.update_width(UNLIMITED)).maximum


UNLIMITED = 100_000
"""A width no table reaches: :func:`natural_width` measures within it."""


def short_spec(spec: str) -> str:
    """A spec's bot name, marked ``*`` when its parameters are left out (see the key)."""
    name = spec.split(":", 1)[0]
    return safe_markup(name if name == spec else f"{name}*")


def spec_key(specs: Sequence[str]) -> str:
    """The key of the short names: the number and whole spec of each entrant shortened."""
    long = [f"{i} {safe_text(s)}" for i, s in enumerate(specs, start=1) if ":" in s]
    return "*: " + "; ".join(long)


def signed(value: float, digits: int = 1) -> str:
    """``value`` with its sign (``+3.1``, ``-0.5``), and ``0.0`` for what rounds to zero
    (never ``-0.0``)."""
    text = f"{value:+.{digits}f}"
    return text[1:] if float(text) == 0 else text


def unsigned(value: float, digits: int = 2) -> str:
    """``value`` to ``digits`` places, never ``-0.00``."""
    text = f"{value:.{digits}f}"
    return text.lstrip("-") if float(text) == 0 else text


def half_width(ci: Sequence[float] | None, units: int, digits: int, gap: str = "") -> str:
    """``±H`` for a 95% interval (``gap`` on either side of ``±``), :data:`UNKNOWN_HALF`
    for one that cannot be estimated (zero width over fewer than :data:`MIN_ALIKE`
    units), nothing without one."""
    if ci is None:
        return ""
    half = (ci[1] - ci[0]) / 2
    if half <= 0 and units < MIN_ALIKE:
        return gap + UNKNOWN_HALF
    return f"{gap}±{gap}{half:.{digits}f}"


def _entrant_table(plan: Plan, tally: Tally, label: Label) -> Table:
    from rich import box
    from rich.table import Table

    title = f"{plan.game.name}: results over {_finished(tally)}"
    table = Table(title=title, box=box.SIMPLE_HEAD)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("bot", style="bold cyan", overflow="fold")
    table.add_column("matches", justify="right", no_wrap=True)
    table.add_column("wins", justify="right", no_wrap=True)
    table.add_column("win rate", justify="right", no_wrap=True)
    table.add_column("95% CI", justify="right", no_wrap=True)
    table.add_column("mean score ±95%", justify="right", no_wrap=True)
    for i, row in enumerate(tally.entrants()):
        table.add_row(
            str(i + 1),
            label(i),
            str(row["matches"]),
            _wins(row["wins"]),
            _rate(row["win_rate"]),
            _rates(row["win_rate_ci95"]),
            _score(row["mean_score"], row["mean_score_ci95"], row["matches"]),
        )
    return table


def pair_table(tally: Tally, title: str, label: Label | None = None, by_bot: bool = False) -> Table:
    """Paired differences (a minus b) of win rates, in percentage points, and of mean
    scores, each with its 95% interval; ``label`` names entrant ``i`` (its spec by default).
    With ``by_bot``, of bots: the entrants of one spec as one (:meth:`Tally.pairs`)."""
    from rich import box
    from rich.table import Table

    def spec(i: int) -> str:
        return safe_markup(tally.plan.entrants[i].spec)

    name = label or spec
    table = Table(title=title, box=box.SIMPLE_HEAD, caption="a - b; win rate in % points")
    table.add_column("a", style="bold cyan", overflow="fold")
    table.add_column("b", style="bold cyan", overflow="fold")
    table.add_column("deals" if tally.plan.duplicate else "matches", justify="right")
    table.add_column("win rate ±95%", justify="right", no_wrap=True)
    table.add_column("score ±95%", justify="right", no_wrap=True)
    for row in tally.pairs(by_bot):
        diff, units = row["win_rate_diff"], row["units"]
        ci = row["win_rate_diff_ci95"]
        table.add_row(
            f"{row['a_index'] + 1} {name(row['a_index'])}",
            f"{row['b_index'] + 1} {name(row['b_index'])}",
            str(units),
            NO_DATA
            if diff is None
            else signed(diff * 100)
            + half_width(None if ci is None else [c * 100 for c in ci], units, 1),
            _score(row["mean_score_diff"], row["mean_score_diff_ci95"], units),
        )
    return table


def _seat_table(tally: Tally, title: str) -> Table:
    from rich import box
    from rich.table import Table

    table = Table(title=title, box=box.SIMPLE_HEAD)
    table.add_column("seat", justify="right", no_wrap=True)
    table.add_column("wins", justify="right", no_wrap=True)
    table.add_column("win rate", justify="right", no_wrap=True)
    table.add_column("95% CI", justify="right", no_wrap=True)
    table.add_column("mean score ±95%", justify="right", no_wrap=True)
    for row in tally.seats():
        table.add_row(
            str(row["seat"]),
            _wins(row["wins"]),
            _rate(row["win_rate"]),
            _rates(row["win_rate_ci95"]),
            _score(row["mean_score"], row["mean_score_ci95"], tally.finished),
        )
    return table


def _finished(tally: Tally) -> str:
    return counted(tally.finished, "finished match", "finished matches")


def _rate(rate: float | None) -> str:
    return NO_DATA if rate is None else f"{rate:.1%}"


def _rates(pair: list[float] | None) -> str:
    return NO_DATA if pair is None else f"{pair[0] * 100:.1f}-{pair[1]:.1%}"


def _score(mean: float | None, ci: list[float] | None, units: int) -> str:
    if mean is None:
        return NO_DATA
    return unsigned(mean) + half_width(ci, units, 2, gap=" ")


def _wins(wins: float) -> str:
    return str(int(wins)) if wins == int(wins) else f"{wins:.2f}"
