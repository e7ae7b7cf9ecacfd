"""``cardkit tournament``: any number of bots, balanced tables, duplicate deals, ratings."""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cli.arena import (
    Label,
    half_width,
    labelled,
    natural_width,
    pair_table,
    show,
    show_labelled,
    signed,
)
from cli.common import ascii_float, ascii_int, safe_markup
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

    from cardkit.arena import Tally
    from cardkit.ratings import Fit

DEFAULT_MATCHES = 1000
DEFAULT_MAX_MATCHES = 100_000
DEFAULT_CONFIDENCE = 0.95
MIN_DEALS_PER_PAIR = 10
"""Deals two bots must have met in before their difference may settle the ranking."""
CHART_WIDTH = 24
MODEL = (
    "Bradley-Terry over finishing orders (every two bots of a match are one game; "
    "a tie is half a win), fitted by MM, Elo scale, mean 0"
)


def register(app: typer.Typer) -> None:
    """Attach ``tournament`` to ``app``."""
    app.command("tournament")(tournament)


def tournament(
    game: Annotated[str, typer.Argument(help="Game id, as `cardkit list` shows.")],
    bot: Annotated[
        list[str] | None,
        typer.Option(
            "--bot", metavar="SPEC", help="Bot spec NAME or NAME:KEY=VALUE,...; two or more."
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", metavar="N", parser=ascii_int, help="Seats per table."),
    ] = None,
    matches: Annotated[
        int | None,
        typer.Option(
            "--matches",
            "-n",
            metavar="N",
            parser=ascii_int,
            help=f"Matches to play (rounded up to whole deals). [default: {DEFAULT_MATCHES}]",
        ),
    ] = None,
    seed: Seed = None,
    workers: Workers = 1,
    option: GameOptions = None,
    json_file: JsonFile = None,
    force: Force = False,
    move_time: MoveTime = DEFAULT_MOVE_TIME,
    until_separated: Annotated[
        bool,
        typer.Option(
            "--until-separated",
            help="Play until the ranking is settled at --confidence, or --max-matches.",
        ),
    ] = False,
    max_matches: Annotated[
        int | None,
        typer.Option(
            "--max-matches",
            metavar="N",
            parser=ascii_int,
            help=f"With --until-separated: the most matches. [default: {DEFAULT_MAX_MATCHES:,}]",
        ),
    ] = None,
    confidence: Annotated[
        float | None,
        typer.Option(
            "--confidence",
            metavar="C",
            parser=ascii_float,
            help=f"With --until-separated: 0.5 to 0.9999. [default: {DEFAULT_CONFIDENCE}]",
        ),
    ] = None,
    backend: Backend = "local",
    address: Address = None,
) -> None:
    """Rate bots: balanced tables, every bot in every seat, duplicate deals, ratings."""
    from cardkit.arena import Plan, Tally
    from cardkit.schedule import MAX_TABLES, tables
    from cli import runs
    from cli.common import console, fail, load_game
    from cli.settings import check_players, parse_specs

    g = load_game(game)
    if not bot or len(bot) < 2:
        fail(f"give at least two --bot, not {len(bot or [])}")
    specs = parse_specs(g, bot)
    fits = max(g.min_players, min(len(specs), g.default_players))
    n = players if players is not None else fits
    check_players(g, n)
    if n > len(specs):
        fail(
            f"tables of {n} players need at least {n} --bot, not {len(specs)} (every seat is "
            "an entrant: give a spec twice for two entrants of one bot)"
        )
    if math.comb(len(specs), n) > MAX_TABLES:
        fail(f"{len(specs)} bots at tables of {n} make too many tables (at most {MAX_TABLES:,})")
    runs.check_unused(
        [
            (
                matches is not None and until_separated,
                "--matches",
                "with --until-separated (it plays up to --max-matches)",
            ),
            (
                max_matches is not None and not until_separated,
                "--max-matches",
                "without --until-separated",
            ),
            (
                confidence is not None and not until_separated,
                "--confidence",
                "without --until-separated",
            ),
            (force and json_file is None, "--force", "without --json"),
        ]
    )
    matches = DEFAULT_MATCHES if matches is None else matches
    max_matches = DEFAULT_MAX_MATCHES if max_matches is None else max_matches
    confidence = DEFAULT_CONFIDENCE if confidence is None else confidence
    runs.check_run(matches, workers, move_time, backend, address)
    if max_matches < 1:
        fail(f"--max-matches must be at least 1, not {max_matches}")
    if not 0.5 <= confidence <= 0.9999:
        fail(f"--confidence must be from 0.5 to 0.9999, not {confidence}")
    values, run_seed = runs.settle(g, n, option, seed, json_file, force)
    failures = runs.failures_folder("tournament", g, run_seed)  # made with the first failure
    plan = Plan(
        game=g,
        players=n,
        options=values,
        seed=run_seed,
        entrants=runs.entrants(g, specs),
        move_time=move_time or None,
        duplicate=True,
        tables=tables(len(specs), n),
        failures=str(failures),
    )
    per_deal = plan.rotations
    planned = max_matches if until_separated else matches
    planned = -(-planned // per_deal) * per_deal
    tally = Tally(plan)
    check_every = max(len(plan.tables), 20) * per_deal  # whole passes, at least 20 deals
    settled_now: list[bool] = [False]

    def settled() -> bool:
        if tally.played % check_every:
            return False
        settled_now[0] = separated(tally, confidence)
        return settled_now[0]

    out = console()
    out.print(
        f"[bold]{safe_markup(g.name)}[/bold] ({g.id}): "
        f"{counted(len(specs), 'bot', 'bots')} at tables of {n}, "
        f"{counted(len(plan.tables), 'table', 'tables')} a pass, {per_deal} seat "
        f"rotations a deal; {'up to ' if until_separated else ''}"
        f"{counted(planned, 'match', 'matches')}, seed {run_seed}, "
        f"{runs.where(workers, backend)}"
    )
    played = runs.play(
        plan,
        tally,
        planned,
        workers,
        backend,
        address,
        settled=settled if until_separated else None,
        failures=failures,
    )
    fit = tally.ratings()
    is_separated = separated(tally, confidence)
    if played.interrupted:
        stopped = "interrupted"
    elif until_separated:
        stopped = "separated" if settled_now[0] else "max_matches"
    else:
        stopped = "matches"
    data = runs.results(plan, tally, played, backend, workers) | {
        "bots": [e.spec for e in plan.entrants],
        "tables_per_pass": len(plan.tables),
        "model": MODEL,
        "ranking": ranking(tally, fit),
        "separated": is_separated,
        "confidence": confidence,
        "stopped": stopped,
    }
    written, unwritten = runs.write_results(json_file, data, force)
    runs.say_interrupted(tally, played)
    names = [e.spec for e in plan.entrants]
    show_labelled(names, lambda label: ranking_table(tally, fit, label))
    out.print(f"Model: {MODEL}.", markup=False)
    out.print()
    matrix, short = labelled(names, lambda label: pair_matrix(tally, label))
    if natural_width(matrix) <= out.width:
        show(matrix, names if short else None)
    else:  # too many bots for a matrix: one line per pair
        title = "Paired differences of win rate and score, per deal"
        show_labelled(names, lambda label: pair_table(tally, title, label))
    verdict = "settled" if is_separated else "not settled"
    out.print(
        f"Ranking {verdict} at {confidence:.0%} (each bot ahead of the next in its paired "
        f"difference over deals, Bonferroni over "
        f"{counted(len(specs) - 1, 'neighbour', 'neighbours')})"
        + (f"; stopped: {stopped.replace('_', '-')}" if until_separated else ""),
        markup=False,
    )
    notes = [f"{tally.deals_dropped} deals left out of the ratings"] if tally.deals_dropped else []
    runs.finish(tally, played, workers, backend, failures, written, unwritten, notes)


def separated(tally: Tally, confidence: float) -> bool:
    """True when each bot of the rating order is ahead of the next one, at ``confidence``.

    Ahead: the paired difference of win rates over the deals they met in is
    above 0 by more than its ``z`` standard errors, ``z`` for ``confidence``
    split over the ``n - 1`` neighbours (Bonferroni), after at least
    :data:`MIN_DEALS_PER_PAIR` deals.
    """
    import statistics  # here, not at start-up: cardkit list never pays for it

    n = len(tally.plan.entrants)
    order = tally.ratings().order()
    z = statistics.NormalDist().inv_cdf(1 - (1 - confidence) / (2 * (n - 1)))
    for upper, lower in itertools.pairwise(order):
        a, b = min(upper, lower), max(upper, lower)
        diffs = tally.pair_shares.get((a, b))
        if diffs is None or diffs.n < MIN_DEALS_PER_PAIR:
            return False
        sd = diffs.sd() or 0.0
        mean = diffs.mean if upper == a else -diffs.mean
        if mean <= z * sd / math.sqrt(diffs.n):
            return False
    return True


def ranking(tally: Tally, fit: Fit) -> list[dict[str, Any]]:
    """The bots, best first: rating and its 95% interval, and their own figures."""
    rows = tally.entrants()
    out = []
    for rank, i in enumerate(fit.order(), start=1):
        low, high = fit.ci95(i)
        row = rows[i]
        out.append(
            {
                "rank": rank,
                "bot": row["bot"],
                "index": i,
                "rating": fit.ratings[i],
                "rating_ci95": [low, high],
                "matches": row["matches"],
                "win_rate": row["win_rate"],
                "win_rate_ci95": row["win_rate_ci95"],
                "mean_score": row["mean_score"],
            }
        )
    return out


def ranking_table(tally: Tally, fit: Fit, label: Label) -> Table:
    """The ranking with each rating's 95% interval drawn as a bar on one scale."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    rows = ranking(tally, fit)
    lows: list[float] = [r["rating_ci95"][0] for r in rows]
    highs: list[float] = [r["rating_ci95"][1] for r in rows]
    lo, hi = min([*lows, 0.0]), max([*highs, 0.0])
    span = hi - lo or 1.0

    def col(x: float) -> int:
        return min(CHART_WIDTH - 1, max(0, round((x - lo) / span * (CHART_WIDTH - 1))))

    title = f"Ranking over {tally.deals} deals (Bradley-Terry, Elo scale)"
    table = Table(title=title, box=box.SIMPLE_HEAD)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("bot", style="bold cyan", overflow="fold")
    table.add_column("rating", justify="right", no_wrap=True)
    table.add_column("95% CI", justify="right", no_wrap=True)
    table.add_column(f"{signed(lo, 0)} .. {signed(hi, 0)}", no_wrap=True)
    table.add_column("win rate", justify="right", no_wrap=True)
    for r in rows:
        low, high = r["rating_ci95"]
        cells = [" "] * CHART_WIDTH
        zero = col(0.0)
        cells[zero] = "┊"
        for c in range(col(low), col(high) + 1):
            cells[c] = "━"
        cells[col(r["rating"])] = "●"
        bar = Text()
        for ch in cells:
            bar.append(ch, style="bold green" if ch == "●" else "green" if ch == "━" else "dim")
        rate = r["win_rate"]
        table.add_row(
            str(r["rank"]),
            f"{r['index'] + 1} {label(r['index'])}",
            signed(r["rating"], 0),
            f"{signed(low, 0)} {signed(high, 0)}",
            bar,
            "-" if rate is None else f"{rate:.1%}",
        )
    return table


def pair_matrix(tally: Tally, label: Label) -> Table:
    """Paired differences of win rates (row minus column) over the deals two bots met in,
    in percentage points with their 95% half-width; ``label`` names entrant ``i``."""
    from rich import box
    from rich.table import Table

    n = len(tally.plan.entrants)
    cells: dict[tuple[int, int], str] = {}
    for (a, b), diffs in tally.pair_shares.items():
        ci = diffs.ci95()
        half = half_width(None if ci is None else [c * 100 for c in ci], diffs.n, 1)
        cells[(a, b)] = f"{signed(diffs.mean * 100)}{half}"
        cells[(b, a)] = f"{signed(-diffs.mean * 100)}{half}"
    table = Table(
        title="Paired differences of win rate, row - column, % points ±95% (per deal)",
        box=box.SIMPLE_HEAD,
    )
    table.add_column("bot", style="bold cyan", overflow="fold")
    for j in range(n):
        table.add_column(str(j + 1), justify="right", no_wrap=True)
    for i in range(n):
        table.add_row(
            f"{i + 1} {label(i)}", *("" if i == j else cells.get((i, j), "-") for j in range(n))
        )
    return table
