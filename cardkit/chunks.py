"""Chunks of a run's matches, shared by the arena's backends.

Both backends hand out consecutive match indices in chunks of
:func:`chunk_size`, keep at most :data:`IN_FLIGHT_PER_WORKER` chunks per
worker handed out or waiting to be counted, and yield the reports in match
order with :func:`in_order`.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator

from cardkit.plan import Report

IN_FLIGHT_PER_WORKER = 4
"""Chunks handed out or waiting to be counted, per worker: the bound on a run's memory."""


def chunk_size(matches: int, workers: int) -> int:
    """Matches per task: enough to keep overhead low, small enough to balance and report."""
    return max(1, min(200, matches // (workers * 16)))


def chunks(matches: int, size: int) -> Iterator[tuple[int, int]]:
    """The ``(start, stop)`` bounds of consecutive chunks of ``size`` matches, made lazily."""
    for start in range(0, matches, size):
        yield start, min(start + size, matches)


def in_order(
    done: dict[int, Report], counted: int, stop: Callable[[], bool]
) -> Generator[Report, None, int]:
    """Yield the reports of ``done`` (by match) that come next in match order, from match
    ``counted`` on, removing them; return the new count. Stops between reports as soon
    as ``stop()`` says so (the caller sees ``stop()`` and ends too)."""
    while counted in done:
        if stop():
            return counted
        yield done.pop(counted)
        counted += 1
    return counted
