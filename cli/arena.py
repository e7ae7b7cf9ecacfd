"""``cardkit arena``: bot-vs-bot matches with results and 95% intervals."""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from rich.progress import Progress
    from rich.table import Table

    from cardkit.arena import Plan, Tally

MAX_SHOWN_FAILURES = 10
DEFAULT_MOVE_TIME = 60.0


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
        int | None, typer.Option("--players", "-p", help="Number of players.")
    ] = None,
    matches: Annotated[int, typer.Option("--matches", "-n", help="Matches to play.")] = 100,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the run.")] = None,
    workers: Annotated[
        int, typer.Option("--workers", "-w", help="Worker processes (at most 4 per CPU, or 8).")
    ] = 1,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")
    ] = None,
    json_file: Annotated[
        Path | None, typer.Option("--json", help="Write the results as JSON to this file.")
    ] = None,
    logs: Annotated[
        Path | None, typer.Option("--logs", help="Write every match's record to this folder.")
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Let --json replace an existing file.")
    ] = False,
    move_time: Annotated[
        float,
        typer.Option(
            "--move-time",
            help="Seconds a bot may take for one move before its match fails (0: no limit).",
        ),
    ] = DEFAULT_MOVE_TIME,
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
    backend: Annotated[
        str, typer.Option("--backend", help="Where matches are played: local or ray.")
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option(
            "--address", help="With --backend ray: an existing cluster (auto, ray://...)."
        ),
    ] = None,
) -> None:
    """Play bots against each other; seats rotate; results with 95% intervals."""
    import contextlib
    import tempfile
    import time

    from cardkit.arena import Entrant, Plan, Tally
    from cardkit.options import to_json as options_json
    from cardkit.schedule import MAX_PERMUTED_PLAYERS
    from cli.common import console, fail, load_game
    from cli.settings import (
        bot_class,
        check_players,
        create_state,
        default_bot,
        new_seed,
        parse_specs,
        resolved_options,
    )

    g = load_game(game)
    specs = parse_specs(g, bot or [default_bot(g)])
    n = players if players is not None else (len(specs) if len(specs) > 1 else g.default_players)
    check_players(g, n)
    if len(specs) not in (1, n):
        fail(f"give one --bot per seat ({n}) or one for all seats, not {len(specs)}")
    check_run(matches, workers, move_time, backend, address)
    if permutations:
        duplicate = True
        if n > MAX_PERMUTED_PLAYERS:
            fail(f"--permutations: at most {MAX_PERMUTED_PLAYERS} players, not {n}")
    values = resolved_options(g, option or [])
    run_seed = new_seed() if seed is None else seed
    create_state(g, n, run_seed, values)  # conflicting settings fail here, with one line
    if json_file is not None:
        _check_writable(json_file, force)  # an unwritable --json fails now, not after the run
    if logs is not None:
        _check_logs(logs)
        failures = logs  # failed matches' records are among the others
    else:  # a fresh folder for this run's failed matches (removed again if none fails)
        failures = Path(tempfile.mkdtemp(prefix=f"cardkit-arena-failures-{g.id}-{run_seed}-"))
    plan = Plan(
        game=g,
        players=n,
        options=values,
        seed=run_seed,
        entrants=tuple(Entrant(str(s), bot_class(g, s), dict(s.params)) for s in specs),
        logs=None if logs is None else str(logs),
        failures=str(failures),
        move_time=move_time or None,
        duplicate=duplicate,
        permutations=permutations,
    )

    out = console()
    deals = ""
    if duplicate:
        kind = "permutations" if permutations else "rotations"
        deals = f", duplicate deals ({plan.rotations} seat {kind} each)"
    where = "" if backend == "local" else f" on {backend}"
    out.print(
        f"[bold]{g.name}[/bold] ({g.id}): {counted(matches, 'match', 'matches')}, "
        f"{counted(n, 'player', 'players')}, seed {run_seed}, "
        f"{counted(workers, 'worker', 'workers')}{where}{deals}",
        soft_wrap=True,
    )
    if duplicate and matches % plan.rotations:
        out.print(
            f"[yellow]{matches} is not a multiple of {plan.rotations}: "
            "the last deal is not counted in the paired differences[/yellow]"
        )
    tally = Tally(plan)
    started = time.perf_counter()
    try:
        interrupted, broken = _run(plan, tally, matches, workers, backend, address)
    finally:
        if logs is None:
            with contextlib.suppress(OSError):
                failures.rmdir()  # only if empty: no match failed
    seconds = time.perf_counter() - started
    rate = tally.played / seconds if seconds > 0 else 0.0

    unwritten: str | None = None
    if json_file is not None:
        data: dict[str, Any] = {
            "game": g.id,
            "players": n,
            "matches": tally.played,
            "requested": matches,
            "seed": run_seed,
            "options": options_json(values),
            "self_play": plan.self_play,
            "entrants": tally.entrants(),
            "seats": tally.seats(),
            "finished": tally.finished,
            "unfinished": tally.unfinished,
            "failed": tally.failed,
            "interrupted": interrupted,
            "duplicate": duplicate,
            "permutations": permutations,
            "rotations": plan.rotations,
            "deals": tally.deals,
            "deals_dropped": tally.deals_dropped,
            "pairs": tally.pairs(),
            "backend": backend,
            "workers": workers,
            "seconds": seconds,
            "matches_per_s": rate,
        }
        from cardkit.record import write_json

        try:  # before the tables: the results are kept even if the output is cut off
            write_json(json_file, data)
        except OSError as exc:
            unwritten = f"cannot write {json_file}: {exc.strerror or exc}"
    if interrupted:
        of = counted(matches, "match", "matches")
        out.print(f"[yellow]interrupted: {tally.played} of {of} finished[/yellow]")
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
        if duplicate:
            title = f"Paired differences over {counted(tally.deals, 'deal', 'deals')}"
            out.print(pair_table(tally, title))
    notes = []
    if tally.unfinished:
        notes.append(f"{tally.unfinished} unfinished (stopped by a limit)")
    if tally.failed:
        notes.append(f"{tally.failed} failed (records in {failures})")
    if notes:
        out.print("Not counted above: " + "; ".join(notes), soft_wrap=True, markup=False)
    out.print(
        f"{counted(tally.played, 'match', 'matches')} in {seconds:.2f} s: "
        f"{counted(f'{rate:,.1f}', 'match/s', 'matches/s')} "
        f"({counted(workers, 'worker', 'workers')})"
    )
    if broken is not None:
        fail(broken, code=1)
    if unwritten is not None:
        fail(unwritten)
    if json_file is not None:
        out.print(f"Results written to {json_file}", soft_wrap=True, markup=False)
    if interrupted:
        raise typer.Exit(130)


def _check_logs(logs: Path) -> None:
    """Make the ``--logs`` folder; refuse a file, an unwritable folder or one holding match
    records of an earlier run."""
    from cli.common import fail

    if os.path.lexists(logs) and not logs.is_dir():
        fail(f"--logs {logs} exists and is not a folder; give an empty or new folder")
    try:
        logs.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"cannot create {logs}: {exc.strerror or exc}")
    if next(logs.glob("match-*.json"), None) is not None:
        fail(
            f"--logs {logs} already holds match records (match-*.json); give an empty or new folder"
        )
    _probe(logs, logs)


def _check_writable(path: Path, force: bool) -> None:
    """Fail now if ``path`` cannot be written, or exists and ``force`` is not given, leaving
    nothing behind but its missing folders."""
    from cli.common import fail

    if path.parent.exists() and not path.parent.is_dir():
        fail(f"cannot write {path}: {path.parent} is not a folder")
    if path.is_dir():
        fail(f"cannot write {path}: Is a directory")
    if os.path.lexists(path) and not force:
        fail(f"--json {path} already exists; give --force to replace it, or another file")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"cannot write {path}: {exc.strerror or exc}")
    _probe(path.parent, path)


def _probe(folder: Path, named: Path) -> None:
    """Fail now if no file can be made in ``folder`` (``named`` is what the user gave)."""
    import tempfile

    from cli.common import fail

    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".cardkit-probe.", suffix=".tmp")
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        fail(f"cannot write {named}: {exc.strerror or exc}")


def check_run(
    matches: int, workers: int, move_time: float, backend: str, address: str | None
) -> None:
    """Fail (one line) for run settings the arena and the tournament share."""
    from cardkit.arena import MIN_MAX_WORKERS, WORKERS_PER_CPU, max_workers
    from cli.common import fail

    if matches < 1:
        fail(f"--matches must be at least 1, not {matches}")
    if workers < 1:
        fail(f"--workers must be at least 1, not {workers}")
    check_backend(backend, address)
    if backend == "local" and workers > max_workers():
        fail(
            f"--workers must be at most {max_workers()} ({WORKERS_PER_CPU} per CPU, "
            f"at least {MIN_MAX_WORKERS}), not {workers}"
        )
    if not (move_time >= 0 and math.isfinite(move_time)):
        fail(f"--move-time must be a number of seconds, 0 or more (0: no limit), not {move_time}")


def check_backend(backend: str, address: str | None) -> None:
    """Fail (one line) for an unknown backend, or an address without Ray."""
    from cardkit.backends import BACKENDS
    from cli.common import fail

    if backend not in BACKENDS:
        fail(f"--backend must be one of: {', '.join(BACKENDS)}; not {backend!r}")
    if address is not None and backend != "ray":
        fail("--address is for --backend ray only")
    if backend == "ray":
        from cardkit.backends import BackendError, import_ray

        try:
            import_ray()
        except BackendError as exc:
            fail(str(exc))


def _run(
    plan: Plan,
    tally: Tally,
    matches: int,
    workers: int,
    backend: str = "local",
    address: str | None = None,
    settled: Callable[[], bool] | None = None,
) -> tuple[bool, str | None]:
    """Play the matches, with a progress bar on a terminal.

    ``settled`` (asked after each match) ends the run early when it says so.

    Returns whether Ctrl-C stopped the run, and the line saying why the run
    broke off (a match record that cannot be written: a full disk), or None.

    Output that is not a terminal (a file, a pipe) gets no progress bar: only results.
    The first Ctrl-C ends the run between whole matches, so the tally counts every
    finished match once; a second one interrupts at once.
    """
    import signal
    import time

    from rich.markup import escape

    from cardkit.arena import ArenaError
    from cardkit.backends import BackendError, stream
    from cli.common import console

    out = console()
    shown = 0
    progress = _progress_bar() if out.is_terminal else None
    asked: list[bool] = []

    def on_interrupt(signum: int, frame: object) -> None:
        asked.append(True)
        signal.signal(signal.SIGINT, signal.default_int_handler)

    previous = signal.signal(signal.SIGINT, on_interrupt)
    reports = stream(
        plan, matches, workers, backend=backend, address=address, stop=lambda: bool(asked)
    )
    try:
        if progress is not None:
            progress.start()
            task = progress.add_task("arena", total=matches, rate="")
        started = last = time.perf_counter()
        for report in reports:
            tally.add(report)
            if report.failure is not None:
                shown += 1
                if shown <= MAX_SHOWN_FAILURES:
                    saved = f"; record: {report.saved}" if report.saved else ""
                    out.print(f"[red]{escape(report.failure)}[/red]{escape(saved)}", soft_wrap=True)
                elif shown == MAX_SHOWN_FAILURES + 1:
                    out.print("[red]more failures: not shown one by one[/red]")
            if progress is not None:
                now = time.perf_counter()
                if now - last >= 0.25 or tally.played == matches:
                    last = now
                    per_s = f"{tally.played / (now - started):,.0f}"
                    rate = counted(per_s, "match/s", "matches/s")
                    progress.update(task, completed=tally.played, rate=rate)
            if settled is not None and settled():
                break
    except KeyboardInterrupt:  # the second Ctrl-C
        return True, None
    except ArenaError as exc:
        return bool(asked), str(exc)
    except BackendError as exc:
        return bool(asked), str(exc)
    finally:
        reports.close()  # the worker processes end here, however the run ended
        signal.signal(signal.SIGINT, previous)
        if progress is not None:
            progress.stop()
    return bool(asked), None


def _progress_bar() -> Progress:
    """The arena's progress bar on the shared console."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from cli.common import console

    return Progress(
        TextColumn("[bold]playing"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console(),
        refresh_per_second=4,
    )


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


def counted(number: int | str, one: str, many: str) -> str:
    """``number`` and the noun it counts: ``one`` when the number reads 1, else ``many``."""
    text = str(number)
    return f"{text} {one if text == '1' else many}"


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
