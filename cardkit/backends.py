"""Where an arena's matches are played: local processes, or a Ray cluster.

Both backends play the same :func:`~cardkit.plan.play_one` for each match
index and yield the reports in match order, so a run's results for a seed are
the same whatever the backend and the number of workers.

``local`` is :func:`cardkit.pool.reports`: this machine's processes.

``ray`` (``pip install 'cardkit[ray]'``) sends chunks of consecutive match
indices as Ray tasks: the plan goes out once (``ray.put``), each task gets
only its bounds and sends back one small report per match. A bounded number
of chunks is in flight, so memory stays flat. A task whose worker dies is run
again by Ray (``max_retries``), and since a match depends only on its index
the results are those of a run without the loss. ``ray.init()`` starts a
local Ray with ``workers`` CPUs unless Ray is already running in this
process; ``address`` joins an existing cluster (``"auto"``, or
``"ray://HOST:PORT"``). A Ray started here is shut down when the run ends.
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Callable, Generator, Iterator
from typing import Any

from cardkit.chunks import IN_FLIGHT_PER_WORKER, chunk_size, chunks, in_order
from cardkit.clock import move_clock
from cardkit.plan import ArenaError, Plan, Report, check_move_time, play_one
from cardkit.pool import reports

BACKENDS = ("local", "ray")
RAY_RETRIES = 3
"""Times Ray runs a chunk again after its worker died."""


class BackendError(Exception):
    """A backend cannot be used (Ray not installed, no cluster at the address): one line."""


def stream(
    plan: Plan,
    matches: int,
    workers: int = 1,
    *,
    backend: str = "local",
    address: str | None = None,
    stop: Callable[[], bool] = lambda: False,
    wind_down: Callable[[], bool] = lambda: False,
) -> Generator[Report, None, None]:
    """Every match's report in match order, from ``backend``; see :func:`cardkit.pool.reports`.

    Close the iterator (``contextlib.closing``) when you may not exhaust it:
    the workers end then. ``address`` is for ``ray`` only. On Ray, where a
    task reports its chunk whole, ``wind_down`` sends no new task and waits
    for the tasks under way.
    """
    if backend == "local":
        if address is not None:
            raise BackendError("--address is for --backend ray only")
        return reports(plan, matches, workers, stop, wind_down)
    if backend == "ray":
        if workers < 1:
            raise ValueError(f"workers must be at least 1, not {workers}")
        check_move_time(plan.move_time)
        return _ray_reports(plan, matches, workers, address, stop, wind_down)
    raise BackendError(f"unknown backend {backend!r}; use one of: {', '.join(BACKENDS)}")


def play_chunk(plan: Plan, start: int, stop: int) -> tuple[str, int, Any]:
    """Play matches ``start`` to ``stop - 1``: ``("ok", start, reports)``, or
    ``("error", start, line)`` when a record cannot be written or a game raised,
    worded as the local workers word it."""
    try:
        with move_clock(plan.move_time):
            return ("ok", start, [play_one(plan, i) for i in range(start, stop)])
    except ArenaError as exc:
        return ("error", start, str(exc))
    except Exception as exc:  # a game that raised: one line, as from a local worker
        return ("error", start, f"matches {start}-{stop - 1}: {type(exc).__name__}: {exc}")


def import_ray() -> Any:
    """The ``ray`` module, or :class:`BackendError` saying how to install it."""
    try:
        import ray
    except ImportError:
        raise BackendError(
            "--backend ray needs Ray: pip install 'cardkit[ray]' (or pip install 'ray>=2.9')"
        ) from None
    return ray


def start_ray(workers: int, address: str | None) -> bool:
    """Start or join Ray unless it is running here; True when this call started it."""
    ray = import_ray()
    if ray.is_initialized():
        return False
    settings: dict[str, Any] = {
        "include_dashboard": False,
        "log_to_driver": False,
        "logging_level": logging.ERROR,
    }
    try:
        if address is None:
            ray.init(num_cpus=workers, **settings)
        else:
            ray.init(address=address, **settings)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        where = "a local Ray" if address is None else f"the Ray cluster at {address}"
        raise BackendError(f"cannot start {where}: {str(exc).splitlines()[0]}") from None
    return True


_REMOTE: dict[str, Any] = {}


def _remote(name: str) -> Any:
    """The Ray remote function of ``name`` (``play`` or ``ready``), made once per process."""
    remote = _REMOTE.get(name)
    if remote is None:
        ray = import_ray()
        if name == "play":
            remote = ray.remote(num_cpus=1, max_retries=RAY_RETRIES)(play_chunk)
        else:
            remote = ray.remote(num_cpus=1, max_retries=RAY_RETRIES)(worker_ready)
        _REMOTE[name] = remote
    return remote


def worker_ready(plan: Plan) -> int:
    """On a Ray worker: nothing but receiving ``plan``, which imports cardkit and the
    game's modules there; the worker's process id."""
    return os.getpid()


@contextlib.contextmanager
def ray_ready(plan: Plan, workers: int, address: str | None = None) -> Iterator[Any]:
    """Ray running here (started or joined, see :func:`start_ray`) with ``plan`` in its
    object store and ``workers`` worker processes that have loaded it; yields the
    plan's object reference. A Ray started here is shut down at the end.

    This is a run's start-up on Ray: a new worker is a fresh Python process that
    imports cardkit and the game before its first match (local workers are forked
    with them loaded). Done once, before the first chunk, it is a fixed cost that
    the chunks no longer pay, and a caller can time it apart (benchmarks/scale.py).
    """
    ray = import_ray()
    started = start_ray(workers, address)
    try:
        plan_ref = ray.put(plan)
        ready = _remote("ready")
        # one task per worker at once: each takes a CPU, so each lands on its own worker
        ray.get([ready.remote(plan_ref) for _ in range(workers)])
        yield plan_ref
    finally:
        if started:
            ray.shutdown()


def _ray_reports(
    plan: Plan,
    matches: int,
    workers: int,
    address: str | None,
    stop: Callable[[], bool],
    wind_down: Callable[[], bool],
) -> Generator[Report, None, None]:
    ray = import_ray()
    with ray_ready(plan, workers, address) as plan_ref:
        remote = _remote("play")
        size = chunk_size(matches, workers)
        fresh = chunks(matches, size)
        bound = workers * IN_FLIGHT_PER_WORKER
        pending: dict[Any, int] = {}
        done: dict[int, Report] = {}  # finished matches, until their turn
        counted = 0
        exhausted = winding = False
        try:
            while counted < matches:
                if not winding and wind_down():
                    winding = exhausted = True  # no new task: the tasks under way finish
                while not exhausted and len(pending) + -(-len(done) // size) < bound:
                    bounds = next(fresh, None)
                    if bounds is None:
                        exhausted = True
                        break
                    pending[remote.remote(plan_ref, *bounds)] = bounds[0]
                counted = yield from in_order(done, counted, stop)
                if counted >= matches or stop():
                    return
                if winding and not pending:  # the matches that finished past a gap
                    for index in sorted(done):
                        if stop():
                            return
                        yield done.pop(index)
                    return
                ready, _ = ray.wait(list(pending), num_returns=1, timeout=0.2)
                for ref in ready:
                    del pending[ref]
                    try:
                        kind, _, payload = ray.get(ref)
                    except Exception as exc:  # retries used up, or the cluster went away
                        why = f"{type(exc).__name__}: {exc}"
                        raise ArenaError(f"a Ray task failed: {why}") from None
                    if kind == "error":
                        raise ArenaError(payload)
                    done.update((report.index, report) for report in payload)
        finally:
            for ref in pending:
                with contextlib.suppress(Exception):
                    ray.cancel(ref, force=True)
