"""Evaluation at scale: backends' matches/s, Ray's per-chunk cost, and duplicate deals' gain.

    python -m benchmarks.scale backends [--matches 10000]   # local 1 and 2 workers, Ray 2
    python -m benchmarks.scale variance [--matches 2400]    # fresh against duplicate deals

``backends`` plays ``--matches`` 4-player universal-bid matches (random bots,
full ten-hand matches) through :func:`cardkit.backends.stream` in this
process: locally with 1 and 2 workers, then on a local Ray of 2 CPUs (started
before the clock; its start-up is reported apart). Ray's per-chunk cost is the
mean wall time of empty chunks (no match) sent as tasks, 2 at a time, which is
what a chunk pays on top of its matches. ``variance`` measures, per built-in
game, heuristic against random: the standard deviation of the paired
difference per match with fresh deals and per deal with duplicate deals, and
from them the matches each needs for the same interval.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardkit import arena
from cardkit.backends import import_ray, play_chunk, ray_ready, stream

GAME = "universal-bid"
PLAYERS = 4
CLUSTER_CORES = 64
TARGET_MATCHES = 10_000_000
EMPTY_CHUNKS = 400
REPS = 2
MEMORY_COUNTS = (10_000, 1_000_000)


def _rate(plan: arena.Plan, matches: int, workers: int, backend: str) -> tuple[float, float, float]:
    """Wall seconds, matches/s and CPU seconds of one run: the CPU of this process and of
    every process under it (workers, and Ray's own daemons and workers)."""
    before = _tree_cpu()
    started = time.perf_counter()
    played = sum(1 for _ in stream(plan, matches, workers, backend=backend))
    seconds = time.perf_counter() - started
    after = _tree_cpu()
    assert played == matches
    cpu = sum(after.values()) - sum(v for k, v in before.items() if k in after)
    return seconds, matches / seconds, cpu


def _tree_cpu() -> dict[int | str, float]:
    """CPU seconds (user + system) of this process, of its reaped children (one entry), and
    of each live process descended from it (read from /proc), by process id."""
    tick = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    used: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
        used[int(entry.name)] = (int(fields[11]) + int(fields[12])) / tick
    me = os.getpid()
    out: dict[int | str, float] = {}
    for pid in used:
        up = pid
        while up not in (0, 1, me):
            up = parents.get(up, 0)
        if up == me:
            out[pid] = used[pid]
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    out["reaped"] = children.ru_utime + children.ru_stime
    return out


def _best(runs: list[tuple[float, float, float]]) -> tuple[float, float, float]:
    """The fastest of a setting's runs: the one least slowed by other work on the machine."""
    return min(runs)


def _chunk_overhead(plan: arena.Plan, workers: int) -> float:
    """Mean wall seconds per empty chunk on Ray, ``workers`` tasks in flight."""
    ray = import_ray()
    remote = ray.remote(num_cpus=1, max_retries=3)(play_chunk)
    ref = ray.put(plan)
    ray.get([remote.remote(ref, 0, 0) for _ in range(workers * 4)])  # warm the workers
    started = time.perf_counter()
    pending = [remote.remote(ref, 0, 0) for _ in range(workers * 4)]
    sent = len(pending)
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        ray.get(ready)
        if sent < EMPTY_CHUNKS:
            pending.append(remote.remote(ref, 0, 0))
            sent += 1
    return (time.perf_counter() - started) * workers / EMPTY_CHUNKS


def _driver_cost(plan: arena.Plan, matches: int = 2000) -> float:
    """Seconds the driver spends per match report: unpickling chunks of reports as they
    arrive and counting each in a :class:`~cardkit.arena.Tally` (what the CLI does)."""
    import pickle

    size = arena.chunk_size(TARGET_MATCHES, CLUSTER_CORES)
    sent = [
        pickle.dumps([arena.play_one(plan, i) for i in range(start, min(start + size, matches))])
        for start in range(0, matches, size)
    ]
    tally = arena.Tally(plan)
    started = time.process_time()  # CPU time: other work on the machine left out
    for _ in range(5):
        for blob in sent:
            for report in pickle.loads(blob):
                tally.add(report)
    return (time.process_time() - started) / (5 * matches)


def backends(matches: int, reps: int = REPS) -> list[str]:
    """Lines of the backends figure and the 10-million-match estimate (see :func:`measure`)."""
    return measure(matches, reps)[1]


def measure(matches: int, reps: int = REPS) -> tuple[tuple[float, float], list[str]]:
    """Ray's and local's matches/s on 2 workers, and the lines of the figure.

    Each setting runs ``reps`` times, the settings in turn (local 1, local 2,
    Ray 2, then again), and the fastest run of each is shown. Ray's start-up
    (:func:`cardkit.backends.ray_ready`: ``ray.init`` and the two workers
    loading cardkit and the game) is timed apart, as a run's fixed cost.
    """
    plan = arena.make_plan(GAME, ["random"] * PLAYERS, seed=1)
    lines = [
        f"{GAME}, {PLAYERS} players, random bots, {matches:,} matches, {os.cpu_count()} CPUs, "
        f"fastest of {reps} runs each"
    ]
    load = os.getloadavg()[0]
    runs: dict[str, list[tuple[float, float, float]]] = {"local1": [], "local2": [], "ray2": []}
    inits: list[float] = []
    for rep in range(reps):
        runs["local1"].append(_rate(plan, matches, 1, "local"))
        runs["local2"].append(_rate(plan, matches, 2, "local"))
        started = time.perf_counter()  # Ray after the local runs: none forks from a Ray process
        with ray_ready(plan, 2):
            inits.append(time.perf_counter() - started)
            runs["ray2"].append(_rate(plan, matches, 2, "ray"))
            if rep == reps - 1:
                overhead = _chunk_overhead(plan, 2)
    init = min(inits)
    local1, local2, ray2 = (_best(runs[k]) for k in ("local1", "local2", "ray2"))
    lines.append("| run | wall time | matches/s | CPU time, all processes | CPU per match |")
    lines.append("|---|---|---|---|---|")
    for name, (seconds, rate, cpu) in (
        ("local, 1 worker", local1),
        ("local, 2 workers", local2),
        ("ray, 2 workers", ray2),
    ):
        lines.append(
            f"| {name} | {seconds:.1f} s | {rate:,.0f} | {cpu:.1f} s "
            f"| {cpu / matches * 1000:.2f} ms |"
        )
    all_runs = "; ".join(
        f"{k}: " + ", ".join(f"{s:.1f} s" for s, _, _ in v) for k, v in runs.items()
    )
    lines.append(f"every run (wall): {all_runs}")
    lines.append(f"ray / local on 2 workers, wall: {ray2[1] / local2[1]:.2f}x (target >= 0.9x)")
    lines.append(
        f"ray / local on 2 workers, from CPU per match: {local2[2] / ray2[2]:.2f}x "
        "(what 2 otherwise idle cores give when both backends keep them busy)"
    )
    lines.append(
        f"ray start-up (ray.init and the workers' imports): {init:.1f} s, not in the figures"
    )
    per_match = local1[2] / matches  # CPU per match: other work on the machine left out
    size = arena.chunk_size(TARGET_MATCHES, CLUSTER_CORES)
    chunks = math.ceil(TARGET_MATCHES / size)
    compute = TARGET_MATCHES * per_match / CLUSTER_CORES
    extra = chunks * overhead / CLUSTER_CORES
    lines.append(
        f"per match {per_match * 1000:.2f} ms of CPU (1 worker); Ray per-chunk cost "
        f"{overhead * 1000:.2f} ms; chunk size for {TARGET_MATCHES:,} matches on "
        f"{CLUSTER_CORES} workers: {size} ({chunks:,} chunks)"
    )
    driver = _driver_cost(plan)
    arriving = CLUSTER_CORES / per_match
    lines.append(
        f"driver: {driver * 1e6:.1f} us per report (unpickle and count); {CLUSTER_CORES} "
        f"workers send {arriving:,.0f} reports/s, {arriving * driver:.0%} of the driver's core"
    )
    counting = TARGET_MATCHES * driver  # the driver counts while the workers play
    lines.append(
        f"estimate, {TARGET_MATCHES:,} matches on {CLUSTER_CORES} cores: "
        f"{compute / 60:.1f} min of play + {extra:.1f} s of chunk cost = "
        f"{(compute + extra) / 60:.1f} min; the driver counting every report takes "
        f"{counting / 60:.1f} min alongside, so the run takes "
        f"{max(compute + extra, counting) / 60:.1f} min plus start-up "
        f"(load average {load:.2f} at the start)"
    )
    return (ray2[1], local2[1]), lines


MEMORY_OPTIONS = {"schedule": "1"}
"""The cheap matches of the memory figure: universal-bid with one hand of one card each."""


def _peak_kib(pid: int | str = "self") -> int:
    """Peak resident memory (VmHWM) of a process, in KiB; 0 if it is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def _ray_workers() -> list[int]:
    """Process ids of this machine's Ray workers (their titles start with ``ray::``)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            title = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if title.startswith(b"ray::"):
            found.append(int(entry.name))
    return found


def peak_one(backend: str, matches: int) -> dict[str, int]:
    """Stream ``matches`` cheap matches on ``backend`` (2 workers) in this process and
    return the peak RSS (KiB) of this process and of its largest worker."""
    plan = arena.make_plan(GAME, ["random"] * PLAYERS, seed=1, options=MEMORY_OPTIONS)
    if backend == "local":
        played = sum(1 for _ in stream(plan, matches, 2))
        workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # reaped at the end
    else:
        with ray_ready(plan, 2):
            played = sum(1 for _ in stream(plan, matches, 2, backend="ray"))
            workers = max((_peak_kib(pid) for pid in _ray_workers()), default=0)
    assert played == matches
    return {"driver": _peak_kib(), "worker": workers}


def memory(counts: Sequence[int]) -> list[str]:
    """Peak RSS of the driver and of a worker, per backend and number of matches: each run
    in a fresh process (``python -m benchmarks.scale peak-one``), so no run sees another's
    peak."""
    lines = [
        "| backend | matches | driver peak RSS | largest worker peak RSS | wall time |",
        "|---|---|---|---|---|",
    ]
    for backend in ("local", "ray"):
        for count in counts:
            started = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "benchmarks.scale", "peak-one", backend, str(count)],
                capture_output=True,
                text=True,
                check=True,
            )
            seconds = time.perf_counter() - started
            peak = json.loads(done.stdout.strip().splitlines()[-1])
            lines.append(
                f"| {backend} | {count:,} | {peak['driver'] / 1024:.1f} MiB "
                f"| {peak['worker'] / 1024:.1f} MiB | {seconds:.0f} s |"
            )
    return lines


VARIANCE_GAMES: dict[str, dict[str, Any]] = {
    "universal-bid": {},
    "ufos": {},
    "uno-star-trek": {},
}


def variance(matches: int, workers: int) -> list[str]:
    """Per game: sd of the heuristic - random paired difference, fresh and duplicate."""
    from cardkit.registry import get_game

    lines = [
        "| game | players | figure | sd per match, fresh | sd per deal, duplicate "
        "| matches per deal | fresh / duplicate matches for the same interval |",
        "|---|---|---|---|---|---|---|",
    ]
    for game, options in VARIANCE_GAMES.items():
        g = get_game(game)
        n = g.default_players
        bots = ["heuristic"] + ["random"] * (n - 1)
        count = matches - matches % n
        runs = {
            dup: arena.run(g, bots, count, seed=11, options=options, duplicate=dup, workers=workers)
            for dup in (False, True)
        }
        for figure, key in (("win rate", "win_rate_diff"), ("score", "mean_score_diff")):
            fresh = _sd(runs[False], key)
            dup = _sd(runs[True], key)
            if fresh is None or dup is None:
                continue
            ratio = "-" if dup == 0 or fresh == 0 else f"{fresh**2 / (n * dup**2):.2f}x"
            lines.append(f"| {game} | {n} | {figure} | {fresh:.3f} | {dup:.3f} | {n} | {ratio} |")
    return lines


def _sd(tally: arena.Tally, key: str) -> float | None:
    """The standard deviation per unit of entrant 0 minus entrant 1 (``key``'s figure)."""
    table = tally.pair_shares if key == "win_rate_diff" else tally.pair_scores
    return table[(0, 1)].sd()


def main(argv: Sequence[str] | None = None) -> None:
    """Print one of the figures."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.scale")
    parser.add_argument("figure", choices=("backends", "variance", "memory", "peak-one"))
    parser.add_argument("args", nargs="*", help="peak-one: BACKEND MATCHES")
    parser.add_argument("--matches", type=int, default=None)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--reps", type=int, default=REPS)
    parser.add_argument(
        "--counts", default=",".join(map(str, MEMORY_COUNTS)), help="memory: match counts"
    )
    args = parser.parse_args(argv)
    if args.figure == "backends":
        lines = backends(args.matches or 10_000, args.reps)
    elif args.figure == "memory":
        lines = memory([int(c) for c in args.counts.split(",")])
    elif args.figure == "peak-one":
        backend, count = args.args
        lines = [json.dumps(peak_one(backend, int(count)))]
    else:
        lines = variance(args.matches or 2400, args.workers)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
