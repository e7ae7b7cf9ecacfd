"""Timing helpers: calibrated batches, alternating sides, median and spread."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

Work = Callable[[int], float]
"""``work(n)`` does ``n`` units of a benchmark (hands, matches) and returns the count
of what is measured (hands, decisions); the caller times it."""


@dataclass(frozen=True)
class Stat:
    """Repeated measurements of one side: rates (or times), median and spread."""

    samples: tuple[float, ...]
    unit: str

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def spread(self) -> float:
        """Half the range, relative to the median (0.02 means +-2%)."""
        if len(self.samples) < 2 or self.median == 0:
            return 0.0
        return (max(self.samples) - min(self.samples)) / 2 / self.median

    def __str__(self) -> str:
        return f"{fmt(self.median)} {self.unit} ±{self.spread * 100:.0f}%"


def fmt(x: float) -> str:
    """A number with three significant digits and thousands separators."""
    if x >= 100:
        return f"{x:,.0f}"
    if x >= 10:
        return f"{x:.1f}"
    if x >= 1:
        return f"{x:.2f}"
    return f"{x:.3g}"


def calibrate(work: Work, seconds: float) -> int:
    """The batch size that makes ``work(n)`` take about ``seconds``."""
    n = 1
    while True:
        start = time.process_time()
        work(n)
        elapsed = time.process_time() - start
        if elapsed >= seconds / 4 or n >= 1 << 24:
            return max(1, round(n * seconds / max(elapsed, 1e-9)))
        n *= 4 if elapsed < seconds / 40 else 2


def rates(sides: Sequence[Work], reps: int, seconds: float, unit: str) -> list[Stat]:
    """Rates (units per second) of each side, run alternately ``reps`` times.

    Each side is calibrated once to a batch of about ``seconds``; then every
    repetition runs one batch of each side in turn. Time is the CPU time of
    this process, so other load on the machine stays out of the figures.
    """
    batches = [calibrate(w, seconds) for w in sides]
    samples: list[list[float]] = [[] for _ in sides]
    for _ in range(reps):
        for i, work in enumerate(sides):
            start = time.process_time()
            done = work(batches[i])
            samples[i].append(done / (time.process_time() - start))
    return [Stat(tuple(s), unit) for s in samples]


@dataclass(frozen=True)
class Run:
    """One whole process: wall time and CPU time (user + system, children included)."""

    wall: float
    cpu: float


def run_process(argv: Sequence[str]) -> Run:
    """Run ``argv`` to completion (output discarded); raise ``RuntimeError`` if it fails.

    CPU time covers the process and the children it waited for. (Its peak
    memory would include this process's own: see :func:`peak_kib`.)
    """
    start = time.perf_counter()
    proc = subprocess.Popen(list(argv), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        lines = [ln.strip("│╭╰─ ") for ln in err.splitlines()]
        why = next((ln for ln in reversed(lines) if ln), "(no message)")
        raise RuntimeError(f"{' '.join(argv)} exited {proc.returncode}: {why}")
    return Run(elapsed, usage.ru_utime + usage.ru_stime)


def peak_kib(argv: Sequence[str]) -> tuple[float, int]:
    """Wall time (s) and peak resident memory (KiB) of ``argv``, measured by a small launcher."""
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "benchmarks.peak", *argv],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parent.parent,
    )
    elapsed = time.perf_counter() - start
    if out.returncode != 0:
        lines = [ln.strip("│╭╰─ ") for ln in out.stderr.splitlines()]
        why = next((ln for ln in reversed(lines) if ln), "(no message)")
        raise RuntimeError(f"{' '.join(argv)} exited {out.returncode}: {why}")
    return elapsed, int(out.stdout.split()[-1])


def processes(
    commands: Sequence[Sequence[str]], reps: int, warmup: int = 1
) -> list[tuple[Stat, Stat]]:
    """(wall, CPU) times of whole processes, run alternately ``reps`` times after a warm-up."""
    for argv in commands:
        for _ in range(warmup):
            run_process(argv)
    walls: list[list[float]] = [[] for _ in commands]
    cpus: list[list[float]] = [[] for _ in commands]
    for _ in range(reps):
        for i, argv in enumerate(commands):
            run = run_process(argv)
            walls[i].append(run.wall)
            cpus[i].append(run.cpu)
    return [(Stat(tuple(w), "s"), Stat(tuple(c), "s")) for w, c in zip(walls, cpus, strict=True)]
