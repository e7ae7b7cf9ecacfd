"""The benchmark entry point: ``python -m benchmarks [--quick] [--only KEY,...]``.

Runs every figure of the suite and prints one markdown table (figure, cardkit,
peer, ratio, target, met) followed by notes. A peer that is not installed
shows "not installed"; a game that does not load shows why.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.loops import (
    CardkitHands,
    CardkitRunner,
    DriverFloor,
    OpenSpielHands,
    RLCardBare,
    RLCardEnvRun,
    load_game,
    peer_version,
    per_match,
)
from benchmarks.measure import Stat, fmt, peak_kib, processes, rates, run_process
from benchmarks.rl import report as rl_report
from benchmarks.search import search_bots, search_costs

HERE = Path(__file__).resolve().parent

TRICK_OPTIONS: dict[str, Any] = {"schedule": "12"}
"""universal-bid: a single 12-card hand, so one match is one hand."""

UNO_OPTIONS: dict[str, Any] = {"target_score": 1}
"""uno-star-trek: the first hand's winner scores at least 1, so a match is one hand."""

UFOS_OPTIONS: dict[str, Any] = {"hands_per_player": 1}
"""ufos: one hand per player in a match; the figure counts hands, not matches."""

ARENA_GAME: tuple[str, int, dict[str, Any]] = ("universal-bid", 4, {})
"""The game, players and options the arena figures play (full ten-hand matches)."""


@dataclass
class Config:
    """How long and how often to measure."""

    quick: bool
    reps: int
    seconds: float


@dataclass
class Row:
    """One line of the results table."""

    figure: str
    cardkit: str
    peer: str = "-"
    ratio: str = "-"
    target: str = "-"
    met: str = "-"
    compiled: str = "-"
    """The same figure measured on the compiled build (``--compiled``), and its ratio."""
    compiled_ratio: str = "-"


@dataclass
class Report:
    """What a figure adds to the output: table rows and notes."""

    rows: list[Row] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def ratio_row(
    figure: str, ours: Stat, theirs: Stat | str, target: float | None, higher: bool = True
) -> Row:
    """A row comparing two stats; ``higher`` says whether a bigger cardkit figure is better."""
    if isinstance(theirs, str):
        return Row(figure, str(ours), theirs)
    ratio = ours.median / theirs.median
    met = "-"
    goal = "-"
    if target is not None:
        ok = ratio >= target if higher else ratio <= target
        met = "yes" if ok else "NO"
        goal = f"{'>=' if higher else '<='} {target:g}x"
    return Row(figure, str(ours), str(theirs), f"{ratio:.2f}x", goal, met)


# -- figures --------------------------------------------------------------------------


def trick_taking(cfg: Config) -> Report:
    """universal-bid (4 players, one 12-card hand) against OpenSpiel oh_hell."""
    report = Report()
    label = "trick-taking: universal-bid vs oh_hell, 4p, 12 tricks (hands/s)"
    game = load_game("universal-bid")
    if isinstance(game, str):
        report.rows.append(Row(label, f"game missing ({game})"))
        return report
    ours = CardkitHands(game, 4, TRICK_OPTIONS)
    runner = CardkitRunner(game, 4, TRICK_OPTIONS)
    if peer_version("open_spiel") is None:
        a, b = rates([ours, runner], cfg.reps, cfg.seconds, "hands/s")
        report.rows.append(Row(label, str(a), "not installed"))
        report.rows.append(Row(label + " [runner, views]", str(b), "not installed"))
        return report
    params = {"players": 4, "num_tricks_fixed": 12}
    peer = OpenSpielHands("oh_hell", params)
    fast = OpenSpielHands("oh_hell", params, chance_by_legal=True)
    a, b, p, f = rates([ours, runner, peer, fast], cfg.reps, cfg.seconds, "hands/s")
    report.rows.append(ratio_row(label, a, p, 1.0))
    report.rows.append(ratio_row(label + " [runner, views]", b, p, None))
    report.rows.append(ratio_row(label + " vs chance through legal_actions()", a, f, None))
    report.notes.append(
        f"trick-taking: cardkit {per_match(game, 4, TRICK_OPTIONS, 20)}; OpenSpiel "
        f"{peer.decisions / max(1, peer.hands):.1f} decisions per hand "
        "(4 bids + 48 plays = 52 on both sides)"
    )
    return report


def shedding(cfg: Config) -> Report:
    """uno-star-trek (4 players, single hands) against RLCard UNO, in decisions/s."""
    report = Report()
    label = "shedding: uno-star-trek vs RLCard uno, 4p (decisions/s)"
    game = load_game("uno-star-trek")
    if isinstance(game, str):
        report.rows.append(Row(label + " vs env.run", f"game missing ({game})"))
        report.rows.append(Row(label + " vs bare loop", f"game missing ({game})"))
        return report
    ours = CardkitHands(game, 4, UNO_OPTIONS, "decisions")
    runner = CardkitRunner(game, 4, UNO_OPTIONS, "decisions")
    if peer_version("rlcard") is None:
        a, b = rates([ours, runner], cfg.reps, cfg.seconds, "dec/s")
        report.rows.append(Row(label + " vs env.run", str(a), "not installed"))
        report.rows.append(Row(label + " vs bare loop", str(a), "not installed"))
        report.rows.append(Row(label + " [runner, views]", str(b), "not installed"))
        return report
    env_run = RLCardEnvRun(4)
    bare = RLCardBare(4)
    sides = [ours, runner, env_run, bare, DriverFloor()]
    a, b, e, g, floor = rates(sides, cfg.reps, cfg.seconds, "dec/s")
    report.rows.append(ratio_row(label + " vs env.run", a, e, 20.0))
    report.rows.append(ratio_row(label + " vs bare loop", a, g, 1.0))
    report.rows.append(ratio_row(label + " [runner, views] vs bare loop", b, g, None))
    report.rows.append(
        ratio_row("shedding: driver loop over a state with no rules vs env.run", floor, e, None)
    )
    report.notes.append(
        f"shedding: 20x env.run is {20 * e.median:,.0f} decisions/s, "
        f"{1e6 / (20 * e.median):.2f} µs per decision; the driver loop alone (to_act, "
        f"legal_actions, a seeded randrange, apply's legality check, over a state with no "
        f"rules) takes {1e6 / floor.median:.2f} µs, leaving "
        f"{1e6 / (20 * e.median) - 1e6 / floor.median:.2f} µs for the rules of a decision "
        f"(cardkit takes {1e6 / a.median - 1e6 / floor.median:.2f} µs)"
    )
    report.notes.append(
        f"shedding: cardkit {per_match(game, 4, UNO_OPTIONS, 20)}; RLCard decisions per hand: bare "
        f"{bare.decisions / max(1, bare.hands):.1f}, env.run "
        f"{env_run.decisions / max(1, env_run.hands):.1f}"
    )
    return report


def ufos(cfg: Config) -> Report:
    """U.F.O.s hands/s for 4 and 6 players (no peer plays it)."""
    report = Report()
    game = load_game("ufos")
    for players in (4, 6):
        label = f"U.F.O.s, {players}p (hands/s)"
        if isinstance(game, str):
            report.rows.append(Row(label, f"game missing ({game})"))
            continue
        (a,) = rates([CardkitHands(game, players, UFOS_OPTIONS)], cfg.reps, cfg.seconds, "hands/s")
        report.rows.append(Row(label, str(a), "no peer"))
        report.notes.append(f"U.F.O.s {players}p: {per_match(game, players, UFOS_OPTIONS, 20)}")
    return report


def cardkit_command() -> list[str]:
    """The ``cardkit`` console script next to this interpreter (or on PATH)."""
    script = Path(sys.executable).with_name("cardkit")
    if script.exists():
        return [str(script)]
    found = shutil.which("cardkit")
    return [found] if found else [sys.executable, "-m", "cli"]


def startup(cfg: Config) -> Report:
    """``cardkit list`` against a minimal two-command Typer app, as whole processes.

    ``cardkit list`` runs with its own ``CARDKIT_HOME``: the warm-up run fills the
    listing cache, as a user's first ``cardkit list`` does; the cold row empties the
    cache before every run (every plugin loaded).
    """
    report = Report()
    label = "start-up: `cardkit list` vs minimal Typer app"
    ours_argv = [*cardkit_command(), "list"]
    commands = [ours_argv, [sys.executable, str(HERE / "mini_typer.py"), "list"]]
    reps = 10 if cfg.quick else 30
    saved = os.environ.get("CARDKIT_HOME")
    with tempfile.TemporaryDirectory() as home:
        os.environ["CARDKIT_HOME"] = home
        try:
            (ours, ours_cpu), (base, base_cpu) = processes(commands, reps)
            cold: list[float] = []
            for _ in range(reps // 3):
                shutil.rmtree(Path(home) / "cache", ignore_errors=True)
                cold.append(run_process(ours_argv).cpu)
        finally:
            if saved is None:
                del os.environ["CARDKIT_HOME"]
            else:
                os.environ["CARDKIT_HOME"] = saved
    report.rows.append(ratio_row(label + " (wall s)", ours, base, 1.25, higher=False))
    report.rows.append(ratio_row(label + " (CPU s)", ours_cpu, base_cpu, 1.25, higher=False))
    cold_stat = Stat(tuple(cold), "s")
    report.rows.append(ratio_row(label + " (CPU s, empty cache)", cold_stat, base_cpu, None))
    report.notes.append(
        "start-up CPU time (user + system of the process) is the same work as the wall time "
        "without the waits that other load on the machine adds; fastest runs: "
        f"{fmt(min(ours.samples))} s and {fmt(min(base.samples))} s, "
        f"{min(ours.samples) / min(base.samples):.2f}x. `cardkit list` keeps each game's line "
        "in a cache (docs/cli.md); the empty-cache row loads every plugin, as the first "
        "listing after a plugin is installed or changed does"
    )
    return report


def arena_argv(matches: int, workers: int) -> list[str]:
    """The arena command line the parallel and memory figures run."""
    game, players, options = ARENA_GAME
    argv = [*cardkit_command(), "arena", game, "--bot", "random", "--players", str(players)]
    argv += ["--matches", str(matches), "--workers", str(workers), "--seed", "1"]
    for key, value in options.items():
        argv += ["--option", f"{key}={value}"]
    return argv


def arena_missing() -> str | None:
    """Why ``cardkit arena`` cannot run the figures, or None when it can."""
    try:
        run_process(arena_argv(2, 1))
    except RuntimeError as exc:
        lines = [ln.strip("│╭╰─ ") for ln in str(exc).split(": ", 1)[-1].splitlines()]
        return next((ln for ln in lines if ln), "failed")[:70]
    return None


def arena(cfg: Config) -> Report:
    """``cardkit arena --workers 2`` against ``--workers 1`` on the same matches."""
    report = Report()
    matches = 200 if cfg.quick else 3000
    label = f"parallel arena: --workers 2 vs 1, {matches} matches (speed-up)"
    why = arena_missing()
    if why:
        report.rows.append(Row(label, f"arena missing ({why})"))
        return report
    (one, one_cpu), (two, two_cpu) = processes(
        [arena_argv(matches, 1), arena_argv(matches, 2)], max(3, cfg.reps)
    )
    speedup = one.median / two.median
    row = Row(
        label,
        f"{fmt(two.median)} s ±{two.spread * 100:.0f}% (2 workers)",
        f"{fmt(one.median)} s ±{one.spread * 100:.0f}% (1 worker)",
        f"{speedup:.2f}x",
        ">= 1.7x",
        "yes" if speedup >= 1.7 else "NO",
    )
    report.notes.append(
        f"parallel arena CPU time: {fmt(one_cpu.median)} s with 1 worker, "
        f"{fmt(two_cpu.median)} s with 2 (the extra is the cost of the worker processes); "
        f"fastest runs: {fmt(min(one.samples))} s and {fmt(min(two.samples))} s, "
        f"{min(one.samples) / min(two.samples):.2f}x"
    )
    report.rows.append(row)
    report.notes.append(
        f"parallel arena: {ARENA_GAME[0]} default options, random bots, {os.cpu_count()} CPUs, "
        f"load average {_load()} after the figure"
    )
    return report


def memory(cfg: Config) -> Report:
    """Peak resident memory of an arena run: few matches against ten times as many."""
    report = Report()
    small, large = (100, 1000) if cfg.quick else (1000, 10000)
    label = f"arena peak memory: {large:,} vs {small:,} matches (MiB)"
    why = arena_missing()
    if why:
        report.rows.append(Row(label, f"arena missing ({why})"))
        return report
    out: dict[int, tuple[float, float]] = {}
    for matches in (small, large):
        seconds, kib = peak_kib(arena_argv(matches, 1))
        out[matches] = (seconds, kib / 1024)
    growth = out[large][1] / out[small][1]
    report.rows.append(
        Row(
            label,
            f"{out[large][1]:.1f} MiB",
            f"{out[small][1]:.1f} MiB",
            f"{growth:.2f}x",
            "<= 1.1x (flat)",
            "yes" if growth <= 1.1 else "NO",
        )
    )
    report.notes.append(
        f"arena wall time: {small:,} matches {out[small][0]:.1f} s, "
        f"{large:,} matches {out[large][0]:.1f} s (1 worker; peak RSS of the process tree)"
    )
    return report


def search(cfg: Config) -> Report:
    """Cost of ``state.clone()`` and of sampling a view's hidden cards, per game; the search
    bots' simulations/s against OpenSpiel's ISMCTS and their time per default decision."""
    report = Report()
    setups = {"universal-bid": TRICK_OPTIONS, "uno-star-trek": UNO_OPTIONS, "ufos": UFOS_OPTIONS}
    for row, note in search_costs(cfg.reps, cfg.seconds, setups):
        report.rows.append(Row(*row))
        if note:
            report.notes.append(note)
    for row, note in search_bots(cfg.reps, cfg.seconds, list(setups)):
        if row:
            report.rows.append(Row(*row))
        if note:
            report.notes.append(note)
    return report


def worlds(cfg: Config) -> Report:
    """Microseconds of a sampled world and of a state copy, per game with sampled worlds."""
    from benchmarks.worlds import world_costs

    report = Report()
    for row, note in world_costs(cfg.reps, cfg.seconds):
        if row:
            report.rows.append(Row(*row))
        if note:
            report.notes.append(note)
    return report


def scale(cfg: Config) -> Report:
    """Matches/s of the Ray backend against local processes, 2 workers each."""
    from benchmarks.scale import measure

    report = Report()
    matches = 1000 if cfg.quick else 10_000
    label = f"backends: ray vs local, 2 workers, {matches:,} matches (matches/s)"
    try:
        (ray, local), lines = measure(matches)
    except Exception as exc:  # Ray not installed, or it cannot start here
        report.rows.append(Row(label, f"not run ({type(exc).__name__}: {exc})"))
        return report
    ratio = ray / local
    met = "yes" if ratio >= 0.9 else "NO"
    report.rows.append(
        Row(label, f"{ray:,.0f}/s", f"{local:,.0f}/s", f"{ratio:.2f}x", ">= 0.9x", met)
    )
    report.notes.extend(lines)
    return report


FIGURES: dict[str, Callable[[Config], Report]] = {
    "trick": trick_taking,
    "shedding": shedding,
    "ufos": ufos,
    "startup": startup,
    "arena": arena,
    "search": search,
    "worlds": worlds,
    "memory": memory,
    "scale": scale,
    "rl": rl_report,
}


# -- the compiled build -------------------------------------------------------------------


def compiled_python(choice: str, notes: list[str]) -> Path | str:
    """The interpreter of a compiled cardkit: ``choice`` itself, or (``build``) one built now
    into build/bench-compiled with this interpreter's peers, its build time noted; else why
    there is none (one line)."""
    from benchmarks.compiled import BuildFailed, build, compiled_modules, listed_modules

    try:
        if choice != "build":
            python = Path(choice)
            done = compiled_modules(python)
            notes.append(f"compiled: {python} ({len(done)} of {len(listed_modules())} modules)")
            return python if done else f"{python} imports no compiled cardkit module"
        peers = tuple(
            f"{name}=={version}"
            for name in ("open_spiel", "rlcard")
            if (version := peer_version(name)) is not None
        )
        print("building the compiled cardkit ...", file=sys.stderr, flush=True)
        built = build(HERE.parent / "build" / "bench-compiled", isolated=False, extra=peers)
    except BuildFailed as exc:
        return str(exc)
    notes.append(
        f"compiled build: {len(listed_modules())} modules, {built.build_cpu:.1f} s CPU "
        f"({built.wall:.1f} s wall) for mypyc and the C compiler (pip install of cardkit alone)"
    )
    return built.python


def compiled_rows(python: Path, key: str, cfg: Config) -> list[Row]:
    """Figure ``key`` measured by ``python`` (the compiled build), in a process of its own
    started outside the checkout, so that it imports the compiled cardkit."""
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "benchmarks").symlink_to(HERE)
        out = Path(tmp, "rows.json")
        argv = [str(python), "-m", "benchmarks", "--only", key, "--rows", str(out)]
        argv += ["--reps", str(cfg.reps), "--seconds", str(cfg.seconds)]
        done = subprocess.run(argv, cwd=tmp, capture_output=True, text=True, check=False)
        if done.returncode != 0 or not out.exists():
            why = (done.stderr.strip().splitlines() or ["(no message)"])[-1]
            return [Row(key, "-", compiled=f"error: {why}"[:120])]
        return [Row(**r) for r in json.loads(out.read_text())]


def merge(rows: list[Row], compiled: list[Row]) -> None:
    """Put each compiled row's figure and ratio beside the pure row of the same figure."""
    by_figure = {r.figure: r for r in compiled}
    for row in rows:
        other = by_figure.pop(row.figure, None)
        if other is not None:
            row.compiled, row.compiled_ratio = other.cardkit, other.ratio
    rows.extend(Row(r.figure, "-", compiled=r.cardkit or r.compiled) for r in by_figure.values())


# -- output ---------------------------------------------------------------------------


def machine() -> list[str]:
    """Lines describing the machine and the software measured."""
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    peers = ", ".join(
        f"{name} {peer_version(name) or 'not installed'}"
        for name in ("open_spiel", "rlcard", "numpy")
    )
    return [
        f"machine: {os.cpu_count()} CPUs (nproc), {cpu}, {platform.system()} {platform.release()}",
        f"python: {platform.python_implementation()} {platform.python_version()}",
        f"cardkit: {peer_version('cardkit') or '?'} at commit {_commit()}; peers: {peers}",
        f"load average at start: {_load()}",
    ]


def _load() -> str:
    """The 1-minute load average: other work on the machine shows here."""
    try:
        return f"{os.getloadavg()[0]:.2f}"
    except OSError:
        return "?"


def _commit() -> str:
    try:
        out = subprocess.run(
            ["git", "-C", str(HERE), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        )
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def table(rows: Sequence[Row], compiled: bool = False) -> str:
    """The rows as a markdown table (with ``compiled``, the compiled build's columns)."""
    head: tuple[str, ...] = ("figure", "cardkit", "peer", "ratio", "target", "met")
    if compiled:
        head = ("figure", "cardkit", "compiled", "peer", "ratio", "compiled ratio", "target", "met")
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        cells: tuple[str, ...] = (r.figure, r.cardkit, r.peer, r.ratio, r.target, r.met)
        if compiled:
            cells = (r.figure, r.cardkit, r.compiled, r.peer, r.ratio, r.compiled_ratio)
            cells += (r.target, r.met)
        lines.append("| " + " | ".join(c.replace("|", "/") for c in cells) + " |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Parse arguments, run the chosen figures, print the table and notes."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a fast smoke run")
    parser.add_argument(
        "--only",
        default="",
        help=f"comma-separated figures to run (of: {', '.join(FIGURES)}); default all",
    )
    parser.add_argument("--reps", type=int, default=None, help="repetitions per side (default 7)")
    parser.add_argument("--seconds", type=float, default=None, help="seconds per batch")
    parser.add_argument(
        "--compiled",
        nargs="?",
        const="build",
        metavar="PYTHON",
        help="also measure the compiled build: built now (timed) into build/bench-compiled, "
        "or the cardkit installed for PYTHON",
    )
    parser.add_argument("--rows", metavar="FILE", help=argparse.SUPPRESS)  # a child run's rows
    args = parser.parse_args(argv)
    keys = [k.strip() for k in args.only.split(",") if k.strip()] or list(FIGURES)
    unknown = [k for k in keys if k not in FIGURES]
    if unknown:
        parser.error(f"unknown figure {unknown[0]!r}; choose from {', '.join(FIGURES)}")
    cfg = Config(
        quick=args.quick,
        reps=args.reps or 7,
        seconds=args.seconds or (0.05 if args.quick else 0.3),
    )
    print("\n".join(machine()))
    print(f"settings: {cfg.reps} repetitions per side, batches of ~{cfg.seconds:g} s", flush=True)
    rows: list[Row] = []
    notes: list[str] = []
    started = time.perf_counter()
    other: Path | None = None
    if args.compiled is not None:
        found = compiled_python(args.compiled, notes)
        if isinstance(found, str):
            parser.exit(1, f"error: {found}\n")
        other = found
    for key in keys:
        t0 = time.perf_counter()
        try:
            report = FIGURES[key](cfg)
        except Exception as exc:  # a figure that breaks must not hide the others
            report = Report([Row(key, f"error: {type(exc).__name__}: {exc}"[:120])])
        if other is not None:
            merge(report.rows, compiled_rows(other, key, cfg))
        rows.extend(report.rows)
        notes.extend(report.notes)
        print(f"  {key}: {time.perf_counter() - t0:.1f} s", file=sys.stderr, flush=True)
    if args.rows:
        Path(args.rows).write_text(json.dumps([dataclasses.asdict(r) for r in rows]))
        return 0
    print()
    print(table(rows, other is not None))
    print()
    print("spread: half the range of the repetitions, relative to the median.")
    for note in notes:
        print(f"- {note}")
    print(f"total time: {time.perf_counter() - started:.0f} s; load average at end: {_load()}")
    return 0
