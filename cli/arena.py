"""``cardkit arena``: bot-vs-bot matches with results and 95% intervals."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cli.common import ascii_int, safe_markup
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


def register(app: typer.Typer) -> None:
    """Attach ``arena`` to ``app``."""
    app.command("arena")(arena)


def arena(
    game: Annotated[str, typer.Argument(help="Game id, as `cardkit list` shows.")],
    bot: Annotated[
        list[str] | None,
        typer.Option("--bot", help="Bot spec NAME or NAME:KEY=VALUE,...; one per seat, or one."),
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", parser=ascii_int, help="Number of players.")
    ] = None,
    matches: Annotated[
        int, typer.Option("--matches", "-n", parser=ascii_int, help="Matches to play.")
    ] = 100,
    seed: Seed = None,
    workers: Workers = 1,
    option: GameOptions = None,
    json_file: JsonFile = None,
    logs: Annotated[
        str | None, typer.Option("--logs", help="Write every match's record to this folder.")
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
    n = players if players is not None else (len(specs) if len(specs) > 1 else g.default_players)
    check_players(g, n)
    if len(specs) not in (1, n):
        fail(f"give one --bot per seat ({n}) or one for all seats, not {len(specs)}")
    runs.check_run(matches, workers, move_time, backend, address)
    if permutations:
        duplicate = True
        if n > MAX_PERMUTED_PLAYERS:
            fail(f"--permutations: at most {MAX_PERMUTED_PLAYERS} players, not {n}")
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
        _play(plan, matches, workers, json_file, force, failures, backend, address)
    finally:
        if claim is not None:
            claim.release()  # the folder is free for another run


def _play(
    plan: Plan,
    matches: int,
    workers: int,
    json_file: Path | None,
    force: bool,
    failures: Path,
    backend: str,
    address: str | None,
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
    out.print(
        f"[bold]{safe_markup(g.name)}[/bold] ({g.id}): {counted(matches, 'match', 'matches')}, "
        f"{counted(n, 'player', 'players')}, seed {plan.seed}, "
        f"{runs.where(workers, backend)}{deals}",
        soft_wrap=True,
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
        out.print(_seat_table(tally, f"{g.name}: results over {_finished(tally)}, by seat"))
        out.print(
            f"{plan.entrants[0].spec} plays every seat, so there is no win rate per bot; "
            "give one --bot per seat to compare bots.",
            soft_wrap=True,
            markup=False,
        )
    else:
        out.print(_entrant_table(plan, tally))
        out.print(_seat_table(tally, "By seat"))
        if plan.duplicate:
            title = f"Paired differences over {counted(tally.deals, 'deal', 'deals')}"
            out.print(pair_table(tally, title))
    runs.finish(tally, played, workers, backend, failures, written, unwritten)


def _entrant_table(plan: Plan, tally: Tally) -> Table:
    from rich import box
    from rich.table import Table

    title = f"{plan.game.name}: results over {_finished(tally)}"
    table = Table(title=title, box=box.SIMPLE_HEAD)
    table.add_column("#", justify="right")
    table.add_column("bot", style="bold cyan", overflow="fold")  # a long spec folds, whole
    table.add_column("matches", justify="right")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% CI", justify="right", overflow="fold")
    table.add_column("mean score ±95%", justify="right")
    for i, row in enumerate(tally.entrants(), start=1):
        table.add_row(
            str(i),
            row["bot"],
            str(row["matches"]),
            _wins(row["wins"]),
            _rate(row["win_rate"]),
            _rates(row["win_rate_ci95"]),
            _score(row["mean_score"], row["mean_score_ci95"]),
        )
    return table


def pair_table(tally: Tally, title: str) -> Table:
    """Paired differences (row bot minus column bot) of win rates, with 95% intervals."""
    from rich import box
    from rich.table import Table

    table = Table(title=title, box=box.SIMPLE_HEAD)
    table.add_column("a", style="bold cyan", overflow="fold")
    table.add_column("b", style="bold cyan", overflow="fold")
    table.add_column("deals" if tally.plan.duplicate else "matches", justify="right")
    table.add_column("win rate a-b", justify="right")
    table.add_column("95% CI", justify="right", no_wrap=True)
    table.add_column("score a-b ±95%", justify="right")
    for row in tally.pairs():
        a, b = f"{row['a_index'] + 1} {row['a']}", f"{row['b_index'] + 1} {row['b']}"
        diff, ci = row["win_rate_diff"], row["win_rate_diff_ci95"]
        table.add_row(
            a,
            b,
            str(row["units"]),
            NO_DATA if diff is None else f"{diff:+.1%}",
            NO_DATA if ci is None else f"{ci[0] * 100:+.1f} {ci[1] * 100:+.1f}%",
            _score(row["mean_score_diff"], row["mean_score_diff_ci95"]),
        )
    return table


def _seat_table(tally: Tally, title: str) -> Table:
    from rich import box
    from rich.table import Table

    table = Table(title=title, box=box.SIMPLE_HEAD)
    table.add_column("seat", justify="right")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% CI", justify="right", overflow="fold")
    table.add_column("mean score ±95%", justify="right")
    for row in tally.seats():
        table.add_row(
            str(row["seat"]),
            _wins(row["wins"]),
            _rate(row["win_rate"]),
            _rates(row["win_rate_ci95"]),
            _score(row["mean_score"], row["mean_score_ci95"]),
        )
    return table


NO_DATA = "-"


def _finished(tally: Tally) -> str:
    return counted(tally.finished, "finished match", "finished matches")


def _rate(rate: float | None) -> str:
    return NO_DATA if rate is None else f"{rate:.1%}"


def _rates(pair: list[float] | None) -> str:
    return NO_DATA if pair is None else f"{pair[0] * 100:.1f}-{pair[1]:.1%}"


def _score(mean: float | None, ci: list[float] | None) -> str:
    if mean is None:
        return NO_DATA
    return f"{mean:.2f}" + ("" if ci is None else f" ± {(ci[1] - ci[0]) / 2:.2f}")


def _wins(wins: float) -> str:
    return str(int(wins)) if wins == int(wins) else f"{wins:.2f}"
