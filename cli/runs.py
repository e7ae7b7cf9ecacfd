"""What ``cardkit arena`` and ``cardkit tournament`` share: their common options, the checks
before a run, the run with its progress bar, and the end of a run (the JSON file, the notes,
the rate line and the exit code)."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple

import typer

from cli.common import ascii_float, ascii_int

if TYPE_CHECKING:
    from rich.progress import Progress

    from cardkit.arena import Entrant, Plan, Tally
    from cardkit.bots import BotSpec
    from cardkit.game import Game
    from cardkit.options import OptionValue

MAX_SHOWN_FAILURES = 10
DEFAULT_MOVE_TIME = 60.0

# -- the options both commands take (typer reads these aliases in each command) ----------

Seed = Annotated[
    int | None, typer.Option("--seed", metavar="N", parser=ascii_int, help="Seed of the run.")
]
Workers = Annotated[
    int,
    typer.Option(
        "--workers",
        "-w",
        metavar="N",
        parser=ascii_int,
        help="Workers: processes (at most 4 per CPU, or 8), or Ray tasks.",
    ),
]
GameOptions = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="KEY=VALUE", help="Game option KEY=VALUE."),
]
JsonFile = Annotated[
    Path | None,
    typer.Option("--json", metavar="FILE", help="Write the results as JSON to this file."),
]
Force = Annotated[
    bool, typer.Option("--force", metavar="", help="With --json: replace an existing file.")
]
MoveTime = Annotated[
    float,
    typer.Option(
        "--move-time",
        metavar="SECONDS",
        parser=ascii_float,
        help="Seconds a bot may take for one move before its match fails: 0 (no limit) "
        "or 0.001 to 86400.",
    ),
]
Backend = Annotated[
    str,
    typer.Option("--backend", metavar="local|ray", help="Where matches are played: local or ray."),
]
Address = Annotated[
    str | None,
    typer.Option(
        "--address",
        metavar="ADDRESS",
        help="With --backend ray: an existing cluster (auto, ray://...).",
    ),
]

# -- checks before a run -----------------------------------------------------------------


def check_run(
    matches: int, workers: int, move_time: float, backend: str, address: str | None
) -> None:
    """Fail (one line) for run settings the arena and the tournament share."""
    from cardkit.arena import MIN_MAX_WORKERS, WORKERS_PER_CPU, max_workers
    from cardkit.bots import LONGEST_MOVE_TIME, SHORTEST_MOVE_TIME
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
    if not (move_time == 0 or SHORTEST_MOVE_TIME <= move_time <= LONGEST_MOVE_TIME):
        fail(
            f"--move-time must be a number of seconds, 0 (no limit) or from {SHORTEST_MOVE_TIME:g} "
            f"to {LONGEST_MOVE_TIME:.0f}, not {move_time}"
        )


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


def settle(
    game: Game,
    players: int,
    option: Sequence[str] | None,
    seed: int | None,
    json_file: Path | None,
    force: bool,
) -> tuple[dict[str, OptionValue], int]:
    """The run's option values and seed, after the checks that need them: conflicting
    settings and an unwritable (or existing, without ``force``) ``--json`` fail now."""
    from cli.settings import create_state, new_seed, resolved_options

    values = resolved_options(game, list(option or []))
    run_seed = new_seed() if seed is None else seed
    create_state(game, players, run_seed, values)  # conflicting settings fail here, one line
    if json_file is not None:
        check_writable(json_file, force)  # an unwritable --json fails now, not after the run
    return values, run_seed


def entrants(game: Game, specs: Sequence[BotSpec]) -> tuple[Entrant, ...]:
    """The run's entrants: each spec as typed, its class and its parameters."""
    from cardkit.arena import Entrant
    from cli.settings import bot_class

    return tuple(Entrant(str(s), bot_class(game, s), dict(s.params)) for s in specs)


def failures_folder(command: str, game: Game, seed: int) -> Path:
    """Where the records of a run's failed matches go: a new name in the temporary folder,
    made (private) only with the first failed match's record, so a run where nothing
    fails, or one ended by a signal, leaves no empty folder. Its name leaves ``seed``
    out: anyone may list the temporary folder, and the seed decides every deal of the
    run; its random part is not guessable, so no one can make it first."""
    import secrets
    import tempfile

    name = f"cardkit-{command}-failures-{game.id}-{secrets.token_hex(8)}"
    return Path(tempfile.gettempdir()) / name


RUN_MARKER = ".cardkit-run"
"""The file that says a run writes its records to a ``--logs`` folder (:class:`LogsClaim`)."""


class LogsClaim:
    """A ``--logs`` folder claimed by this run: :data:`RUN_MARKER` in it, made exclusively
    (so a second run sees it and is refused), holding this process's id; :meth:`release`
    removes it, only if it is still the one this run made."""

    def __init__(self, folder: Path) -> None:
        from cardkit.files import create_new

        self.folder = folder
        self.marker = folder / RUN_MARKER
        fd = create_new(self.marker)  # FileExistsError: another run holds the folder
        try:
            os.write(fd, f"{os.getpid()}\n".encode())
            self._made = os.fstat(fd)
        finally:
            os.close(fd)

    def release(self) -> None:
        """Remove the marker (once), unless someone replaced it meanwhile."""
        import contextlib

        with contextlib.suppress(OSError):
            now = os.lstat(self.marker)
            if (now.st_dev, now.st_ino) == (self._made.st_dev, self._made.st_ino):
                os.unlink(self.marker)


def check_logs(logs: str) -> LogsClaim:
    """Make the ``--logs`` folder and claim it for this run (:class:`LogsClaim`; the caller
    releases it); refuse an empty name, a file, an unwritable folder, one another run is
    writing to, or one holding match records of an earlier run."""
    from cli.common import fail

    if not logs:
        fail("--logs needs a folder name, not an empty text (give . for the current folder)")
    folder = Path(logs)
    if os.path.lexists(folder) and not folder.is_dir():
        fail(f"--logs {folder} exists and is not a folder; give an empty or new folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"cannot create {folder}: {exc.strerror or exc}")
    try:
        claim = LogsClaim(folder)
    except FileExistsError:
        fail(
            f"--logs {folder} is in use by another run ({RUN_MARKER} in it; remove that file "
            "if no run writes there); give another folder"
        )
    except OSError as exc:
        fail(f"cannot write {folder}: {exc.strerror or exc}")
    if next(folder.glob("match-*.json"), None) is not None:
        claim.release()
        fail(
            f"--logs {folder} already holds match records (match-*.json); "
            "give an empty or new folder"
        )
    return claim


def check_writable(path: Path, force: bool) -> None:
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


# -- the run -------------------------------------------------------------------------------


class Played(NamedTuple):
    """How a run went: whether Ctrl-C (or SIGTERM: ``terminated``) stopped it, why it
    broke off (or None), its time, and the matches asked for. (A named tuple: ``cardkit
    list`` imports this module, and must not pay for attrs.)"""

    interrupted: bool
    broken: str | None
    seconds: float
    requested: int
    terminated: bool = False

    def rate(self, played: int) -> float:
        """Matches per second."""
        return played / self.seconds if self.seconds > 0 else 0.0


def where(workers: int, backend: str) -> str:
    """``N workers``, and the backend when it is not the local one."""
    return counted(workers, "worker", "workers") + ("" if backend == "local" else f" on {backend}")


def play(
    plan: Plan,
    tally: Tally,
    matches: int,
    workers: int,
    backend: str = "local",
    address: str | None = None,
    *,
    settled: Callable[[], bool] | None = None,
    failures: Path | None = None,
) -> Played:
    """Play the run into ``tally`` (see :func:`run_matches`), timed; ``failures`` (the
    folder for this run's failed matches, made with the first one's record) is removed
    afterwards if it is empty."""
    import contextlib
    import signal
    import time

    started = time.perf_counter()
    try:
        stopped_by, broken = run_matches(plan, tally, matches, workers, backend, address, settled)
    finally:
        if failures is not None:
            with contextlib.suppress(OSError):
                failures.rmdir()  # only if empty
    seconds = time.perf_counter() - started
    return Played(stopped_by != 0, broken, seconds, matches, stopped_by == signal.SIGTERM)


def run_matches(
    plan: Plan,
    tally: Tally,
    matches: int,
    workers: int,
    backend: str = "local",
    address: str | None = None,
    settled: Callable[[], bool] | None = None,
) -> tuple[int, str | None]:
    """Play the matches, with a progress bar on a terminal (on every backend).

    ``settled`` (asked after each match) ends the run early when it says so.

    Returns the signal that stopped the run (SIGINT for Ctrl-C, SIGTERM; 0:
    none), and the line saying why the run broke off (a match record that
    cannot be written: a full disk; a backend that cannot start), or None.

    Output that is not a terminal (a file, a pipe) gets no progress bar, only results,
    and, every :data:`PROGRESS_LINE_EVERY` seconds of a long run, a line on standard
    error saying how far it is (:func:`progress_line`). The first Ctrl-C (or SIGTERM)
    starts no new match and lets the matches under way finish (``wind_down``, see
    :func:`cardkit.arena.reports`), so the tally counts every finished match once, and
    every record written belongs to a counted match; a second one interrupts at once.
    A match record that had to go to another name (its own was made during the run)
    is said in one line.
    """
    import signal
    import time

    from rich.markup import escape

    from cardkit.arena import ArenaError
    from cardkit.backends import BackendError, stream
    from cli.common import console

    out = console()
    err = console(stderr=True)
    shown = 0
    progress = progress_bar() if out.is_terminal else None
    asked: list[int] = []  # the signal that asked the run to end

    def at_once(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    def on_signal(signum: int, frame: object) -> None:
        asked.append(signum)
        signal.signal(signal.SIGINT, at_once)
        signal.signal(signal.SIGTERM, at_once)

    previous = signal.signal(signal.SIGINT, on_signal)
    previous_term = signal.signal(signal.SIGTERM, on_signal)
    reports = stream(
        plan, matches, workers, backend=backend, address=address, wind_down=lambda: bool(asked)
    )
    try:
        if progress is not None:
            progress.start()
            # a Ray run starts its workers first: the bar says so until the first match is in
            first = "starting Ray" if backend == "ray" else "playing"
            task = progress.add_task(first, total=matches, rate="")
        started = last = time.perf_counter()
        next_line = started + PROGRESS_LINE_EVERY
        for report in reports:
            tally.add(report)
            if report.failure is not None:
                shown += 1
                if shown <= MAX_SHOWN_FAILURES:
                    saved = f"; record: {report.saved}" if report.saved else ""
                    out.print(f"[red]{escape(report.failure)}[/red]{escape(saved)}", soft_wrap=True)
                elif shown == MAX_SHOWN_FAILURES + 1:
                    out.print("[red]more failures: not shown one by one[/red]")
            if report.saved is not None:
                meant = plan.record_path(report.index, report.failure is not None)
                if meant is not None and Path(report.saved) != meant:
                    out.print(
                        f"{meant} was made during the run, and is kept; the record of match "
                        f"{report.index} is {report.saved}",
                        soft_wrap=True,
                        markup=False,
                        style="yellow",
                    )
            if progress is not None:
                now = time.perf_counter()
                if now - last >= 0.25 or tally.played == matches:
                    last = now
                    rate = pace(tally.played, now - started, live=True)
                    progress.update(task, completed=tally.played, rate=rate, description="playing")
            elif (now := time.perf_counter()) >= next_line and tally.played < matches:
                next_line = now + PROGRESS_LINE_EVERY
                line = progress_line(tally.played, matches, now - started)
                err.print(line, soft_wrap=True, markup=False, highlight=False)
            if settled is not None and settled():
                break
    except KeyboardInterrupt:  # the second Ctrl-C (or SIGTERM)
        return (asked[0] if asked else signal.SIGINT), None
    except (ArenaError, BackendError) as exc:
        return (asked[0] if asked else 0), str(exc)
    finally:
        reports.close()  # the workers end here, however the run ended
        signal.signal(signal.SIGINT, previous)
        signal.signal(signal.SIGTERM, previous_term)
        if progress is not None:
            progress.stop()
    return (asked[0] if asked else 0), None


PROGRESS_LINE_EVERY = 60.0
"""Seconds between the progress lines of a run whose output is not a terminal."""


def progress_line(played: int, matches: int, elapsed: float) -> str:
    """How far a run is, for a log: ``played`` of ``matches`` in ``elapsed`` seconds, and
    the time left at that pace."""
    line = f"played {played:,} of {matches:,} matches in {_duration(elapsed)}"
    if played:
        line += f", about {_duration(elapsed * (matches - played) / played)} left"
    return line


def _duration(seconds: float) -> str:
    """``seconds`` as a log reads it: 42 s, 17 min, 3 h 5 min."""
    if seconds < 60:
        return f"{seconds:.0f} s"
    minutes = int(seconds // 60)
    if minutes < 60:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60} min"


def progress_bar() -> Progress:
    """The progress bar of a run, on the shared console."""
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
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console(),
        refresh_per_second=4,
    )


# -- the end of a run ----------------------------------------------------------------------


def results(plan: Plan, tally: Tally, played: Played, backend: str, workers: int) -> dict[str, Any]:
    """The JSON keys both commands write (each adds its own)."""
    from cardkit.options import to_json as options_json

    return {
        "game": plan.game.id,
        "players": plan.players,
        "matches": tally.played,
        "requested": played.requested,
        "seed": plan.seed,
        "options": options_json(plan.options),
        "rotations": plan.rotations,
        "deals": tally.deals,
        "deals_dropped": tally.deals_dropped,
        "pairs": tally.pairs(),
        "bot_pairs": tally.pairs(by_bot=True),
        "finished": tally.finished,
        "unfinished": tally.unfinished,
        "failed": tally.failed,
        "backend": backend,
        "workers": workers,
        "seconds": played.seconds,
        "matches_per_s": played.rate(tally.played),
    }


def write_results(
    json_file: Path | None, data: dict[str, Any], force: bool
) -> tuple[Path | None, str | None]:
    """Write ``data`` to ``json_file`` (if given) before the tables, so the results are kept
    even if the output is cut off. Without ``force`` nothing is ever replaced: if the name
    was taken during the run (by another run, or the user), the results go to the first
    free ``STEM-2.SUFFIX``, ``STEM-3.SUFFIX``... beside it, said in one line. Returns the
    file written (or None) and the line saying why it could not be written (or None)."""
    if json_file is None:
        return None, None
    from cardkit.arena import write_new
    from cardkit.record import write_json
    from cli.common import console

    try:
        if force:
            write_json(json_file, data)
            return json_file, None
        written = write_new(json_file, data)
    except OSError as exc:
        return None, f"cannot write {json_file}: {exc.strerror or exc}"
    if written != json_file:
        console().print(
            f"{json_file} was made during the run, and is kept; results written to {written}",
            soft_wrap=True,
            markup=False,
            style="yellow",
        )
    return written, None


def say_interrupted(tally: Tally, played: Played) -> None:
    """The line before the tables of a run that Ctrl-C (or SIGTERM) stopped."""
    from cli.common import console

    if played.interrupted:
        of = counted(played.requested, "match", "matches")
        how = "terminated" if played.terminated else "interrupted"
        console().print(f"[yellow]{how}: {tally.played} of {of} finished[/yellow]")


def finish(
    tally: Tally,
    played: Played,
    workers: int,
    backend: str,
    failures: Path,
    written: Path | None,
    unwritten: str | None,
    notes: Sequence[str] = (),
) -> None:
    """After the tables: what was not counted (naming the failures folder only if it holds
    records), the rate, then the exit: 1 for a run that broke off, 2 for a results file
    that could not be written, 130 after Ctrl-C, 143 after SIGTERM."""
    from cli.common import console, fail

    out = console()
    left_out = []
    if tally.unfinished:
        left_out.append(f"{tally.unfinished} unfinished (stopped by a limit)")
    if tally.failed:
        kept = failures.is_dir() and next(failures.glob("match-*.json"), None) is not None
        where_kept = f"records in {failures}" if kept else "no records kept"
        left_out.append(f"{tally.failed} failed ({where_kept})")
    left_out.extend(notes)
    if left_out:
        out.print("Not counted above: " + "; ".join(left_out), soft_wrap=True, markup=False)
    out.print(
        f"{counted(tally.played, 'match', 'matches')} in {played.seconds:.2f} s: "
        f"{pace(tally.played, played.seconds)} ({where(workers, backend)})"
    )
    if played.broken is not None:
        fail(played.broken, code=1)
    if unwritten is not None:
        fail(unwritten)
    if written is not None:
        out.print(f"Results written to {written}", soft_wrap=True, markup=False)
    if played.interrupted:
        raise typer.Exit(143 if played.terminated else 130)


def pace(played: int, seconds: float, live: bool = False) -> str:
    """How fast ``played`` matches went in ``seconds``: ``N matches/s`` (whole numbers from
    10 a second on a ``live`` bar, else one decimal), or ``N s/match`` below one a second,
    so a slow run never reads ``0 matches/s``."""
    if played <= 0 or seconds <= 0:
        return "0 matches/s"
    rate = played / seconds
    if rate < 1:
        return f"{seconds / played:,.1f} s/match"
    text = f"{rate:,.0f}" if live and rate >= 10 else f"{rate:,.1f}"
    return counted(text, "match/s", "matches/s")


def counted(number: int | str, one: str, many: str) -> str:
    """``number`` and the noun it counts: ``one`` when the number reads 1, else ``many``."""
    text = str(number)
    return f"{text} {one if text == '1' else many}"


def check_unused(unused: Sequence[tuple[bool, str, str]]) -> None:
    """Fail (one line) for the first option given where it does nothing: each entry is
    (whether it was given so, the option, when it does nothing: ``without --json``)."""
    from cli.common import fail

    for given, option, when in unused:
        if given:
            fail(f"{option} does nothing {when}; leave it out")
