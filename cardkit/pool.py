"""The arena's local backend: a run's matches played in this process or a pool of workers.

Workers play chunks of consecutive matches (:mod:`cardkit.chunks`) and send
back one small :class:`~cardkit.plan.Report` as each match ends. Chunks are
handed out lazily with a bounded number in flight, so memory stays flat
however many matches a run has. A worker process that dies (killed, out of
memory) has its chunk played again by a new worker, so the results are those
of a run without the loss; a match that kills its worker each time it is
played is reported as failed. Worker processes end with the run, however it
ends.
"""

from __future__ import annotations

import collections
import contextlib
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Generator, Iterator
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess

import attrs

from cardkit.chunks import IN_FLIGHT_PER_WORKER, chunk_size, chunks, in_order
from cardkit.clock import move_clock
from cardkit.plan import ArenaError, Plan, Report, check_move_time, play_one

WORKERS_PER_CPU = 4
MIN_MAX_WORKERS = 8
DEATHS_BEFORE_SPLIT = 2
"""Times a chunk may lose its worker before its matches are played one by one."""
END_WAIT = 1.0
"""Seconds a worker asked to end may take before it is killed."""
REPORT_EVERY = 0.05
"""Seconds a worker may keep the reports of finished matches (without records) before
sending them: few messages, and a run wound down at once."""


def max_workers() -> int:
    """The most worker processes a run may ask for: 4 per CPU, and at least 8."""
    return max(MIN_MAX_WORKERS, WORKERS_PER_CPU * (os.cpu_count() or 1))


def reports(
    plan: Plan,
    matches: int,
    workers: int = 1,
    stop: Callable[[], bool] = lambda: False,
    wind_down: Callable[[], bool] = lambda: False,
) -> Generator[Report, None, None]:
    """Every match's report, in match order, until ``stop()`` or ``wind_down()`` says to
    end early.

    ``stop`` is asked between matches, and while waiting for workers (every
    0.2 s): the run ends between whole reports, and matches under way are
    dropped. ``wind_down`` (Ctrl-C) starts no new match: the matches under way
    finish and their reports follow, in match order (after a gap, when an
    earlier match was not reached), so every match whose record was written is
    reported. With ``workers`` > 1 the matches are played by that many
    processes; they end when the iterator is exhausted or closed (use
    ``contextlib.closing`` when you may not exhaust it). Raises
    :class:`ArenaError` if a match record cannot be written or a worker cannot
    play, and ``ValueError`` for a ``workers`` count outside 1 to
    :func:`max_workers` or a ``move_time`` out of range (:func:`check_move_time`).
    """
    if not 1 <= workers <= max_workers():
        raise ValueError(f"workers must be from 1 to {max_workers()}, not {workers}")
    check_move_time(plan.move_time)
    if workers == 1:
        with move_clock(plan.move_time):
            for index in range(matches):
                if stop() or wind_down():
                    return
                yield play_one(plan, index)
        return
    yield from _pooled(plan, matches, workers, stop, wind_down)


def _pooled(
    plan: Plan,
    matches: int,
    workers: int,
    stop: Callable[[], bool],
    wind_down: Callable[[], bool],
) -> Iterator[Report]:
    size = chunk_size(matches, workers)
    fresh = chunks(matches, size)
    in_flight = size * workers * IN_FLIGHT_PER_WORKER  # matches handed out but not yet reported
    taken = 0  # end of the chunks taken from ``fresh``
    counted = 0  # matches reported so far
    again: collections.deque[tuple[int, int]] = collections.deque()  # chunks to play again
    deaths: collections.Counter[tuple[int, int]] = collections.Counter()
    done: dict[int, Report] = {}  # finished matches, until their turn
    pool: list[_Worker] = []
    winding = False
    try:
        for _ in range(min(workers, -(-matches // size))):
            pool.append(_Worker.start(plan))
        while counted < matches:
            if not winding and wind_down():
                winding = True
                for worker in pool:  # an idle worker ends now, a busy one after its match
                    with contextlib.suppress(OSError):
                        worker.conn.send(None)
            for worker in [] if winding else pool:  # hand out work: chunks to play again first
                if worker.task is not None:
                    continue
                if again:
                    task = again.popleft()
                elif taken < matches and taken - counted < in_flight:
                    task = next(fresh)
                    taken = task[1]
                else:
                    break
                worker.task = task
                with contextlib.suppress(OSError):  # a dead worker is found below
                    worker.conn.send(task)
            counted = yield from in_order(done, counted, stop)
            if counted >= matches or stop():
                return
            busy = [w for w in pool if w.task is not None]
            if not busy:
                if winding:  # every match that was under way is in
                    break
                continue  # a lost chunk waits in ``again`` for the next hand-out
            ready = set(wait([w.conn for w in busy] + [w.process.sentinel for w in busy], 0.2))
            for i, worker in enumerate(pool):
                if worker.task is None or not ready & {worker.conn, worker.process.sentinel}:
                    continue
                alive = worker.receive(done)
                if worker.task is None or (alive and worker.process.sentinel not in ready):
                    continue
                task, worker.task = worker.task, None  # it died with these matches unreported
                how = worker.died()
                worker.end()
                if not winding:
                    pool[i] = _Worker.start(plan)
                    _lost(task, how, deaths, again, done)
        for index in sorted(done):  # wound down: the matches that finished past a gap
            if stop():
                return
            yield done.pop(index)
    finally:
        _end_all(pool)


def _end_all(pool: list[_Worker]) -> None:
    """End every worker together: all are asked at once, then each is reaped (killed if it
    has not ended :data:`END_WAIT` seconds after the asking)."""
    for worker in pool:
        worker.stop()
    deadline = time.monotonic() + END_WAIT
    for worker in pool:
        worker.reap(max(0.0, deadline - time.monotonic()))


def _lost(
    task: tuple[int, int],
    how: str,
    deaths: collections.Counter[tuple[int, int]],
    again: collections.deque[tuple[int, int]],
    done: dict[int, Report],
) -> None:
    """The unreported matches of a chunk lost with its worker: play them again, then match
    by match; report a match that kills its worker each time as failed."""
    start, stop = task
    if start >= stop:  # every match was reported: only the end of the chunk was lost
        return
    deaths[task] += 1
    if deaths[task] < DEATHS_BEFORE_SPLIT:
        again.appendleft(task)
    elif stop - start > 1:
        again.extendleft((i, i + 1) for i in reversed(range(start, stop)))
    else:
        failure = (
            f"match {start}: its worker process died ({how}) each of "
            f"{DEATHS_BEFORE_SPLIT} times it was played"
        )
        done[start] = Report(start, (), (), False, failure)


def _worker_main(conn: Connection, plan: Plan, parent: int) -> None:
    """A worker: play each chunk the parent sends, reporting each match as it ends; end
    when the parent sends None (between two matches, in a chunk under way), closes or dies.

    It sends ``("matches", reports)`` as matches end (at once after a match whose
    record it wrote, else every :data:`REPORT_EVERY` seconds), ``("done", None)``
    after a chunk's last match, ``("stopped", None)`` when told to stop within a chunk, and
    ``("error", line)`` when a record cannot be written, a chunk broke outside its
    matches, or the worker cannot play at all (then it ends).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and SIGTERM,
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # sent to it or its whole process group
    try:
        with move_clock(plan.move_time):
            _serve(conn, plan, parent)
    except Exception as exc:  # the worker cannot play any match: the run cannot go on
        with contextlib.suppress(OSError):
            conn.send(("error", f"a worker process failed: {type(exc).__name__}: {exc}"))


def _serve(conn: Connection, plan: Plan, parent: int) -> None:
    """The loop of :func:`_worker_main`."""
    while True:
        while not conn.poll(1.0):
            if os.getppid() != parent:
                return
        try:
            task = conn.recv()
        except EOFError:
            return
        if task is None:
            return
        start, stop = task
        batch: list[Report] = []
        sent = time.monotonic()
        try:
            for index in range(start, stop):
                if os.getppid() != parent:
                    return
                if conn.poll():  # within a chunk the parent sends only None: wind down
                    conn.send(("matches", batch))
                    conn.send(("stopped", None))
                    return
                report = play_one(plan, index)
                batch.append(report)
                # a match with a record on disk is reported at once: if this process dies,
                # only matches without a record are played again
                if report.saved is not None or time.monotonic() - sent >= REPORT_EVERY:
                    conn.send(("matches", batch))
                    batch, sent = [], time.monotonic()
            conn.send(("matches", batch))
        except ArenaError as exc:
            conn.send(("error", str(exc)))
            continue
        except Exception as exc:
            conn.send(("error", f"matches {start}-{stop - 1}: {type(exc).__name__}: {exc}"))
            continue
        conn.send(("done", None))


@attrs.define(eq=False)
class _Worker:
    process: BaseProcess
    conn: Connection
    task: tuple[int, int] | None = None
    """The matches of its chunk not reported yet (None: idle)."""

    @classmethod
    def start(cls, plan: Plan) -> _Worker:
        ours, theirs = multiprocessing.Pipe()
        process = multiprocessing.get_context().Process(
            target=_worker_main, args=(theirs, plan, os.getpid()), daemon=True
        )
        process.start()
        theirs.close()
        return cls(process, ours)

    def receive(self, done: dict[int, Report]) -> bool:
        """Take in what the process sent for its chunk: each match's report (into ``done``,
        by match), the end of the chunk. False if its pipe is closed (it died);
        :class:`ArenaError` for its error line."""
        try:
            while self.task is not None and self.conn.poll():
                kind, payload = self.conn.recv()
                if kind == "matches":
                    for report in payload:
                        done[report.index] = report
                        self.task = (report.index + 1, self.task[1])
                elif kind == "error":
                    raise ArenaError(payload)
                else:  # "done" or "stopped"
                    self.task = None
        except (EOFError, OSError):
            return False
        return True

    def stop(self) -> None:
        """End the process now: one with no match left to report is told to (it ends at
        once, between two matches), a busy one is killed."""
        if not self.process.is_alive():
            return
        if self.task is None or self.task[0] >= self.task[1]:
            with contextlib.suppress(OSError):
                self.conn.send(None)
        else:
            self.process.kill()

    def reap(self, wait: float) -> None:
        """Wait up to ``wait`` seconds for the process to end, kill it if it has not, and
        reap it."""
        self.process.join(wait)
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.conn.close()

    def end(self) -> None:
        """Stop the process now, whatever it is doing, and reap it."""
        self.stop()
        self.reap(END_WAIT)

    def died(self) -> str:
        """How the process ended, for a report line."""
        self.process.join(1.0)
        code = self.process.exitcode
        if code is None:
            return "stopped answering"
        if code < 0:
            with contextlib.suppress(ValueError):
                return f"killed by {signal.Signals(-code).name}"
        return f"exit code {code}"
