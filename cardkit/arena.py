"""The arena: many bot matches, in one process or several, with results in match order.

Match ``i`` of a run seeded ``s`` is played with the seed :func:`match_seed`
``(s, i)`` and the seating :meth:`Plan.seating` ``(i)``, so its outcome depends
on nothing else: a run gives the same results whatever the number of worker
processes. Workers play chunks of consecutive matches and send back one small
:class:`Report` as each match ends; nothing else of a match is kept (its record
is written to disk when asked for, or when it failed, and never over a file
already there: see :func:`write_new`). Chunks are handed out lazily with a
bounded number in flight, so memory stays flat however many matches a run has.

From Python::

    from cardkit import arena

    tally = arena.run("universal-bid", ["heuristic", "random", "random"], 600, seed=1)
    for row in tally.entrants():
        print(row["bot"], row["win_rate"], row["win_rate_ci95"])

:func:`reports` streams the reports of a :class:`Plan` one match at a time,
for a caller that wants to show progress or stop early; its ``wind_down``
ends a run the way Ctrl-C should: the matches under way finish and are
reported, so every match whose record was written is counted.

Faults stay inside their match: a bot that raises, answers illegally or takes
longer than :attr:`Plan.move_time` on one move fails that match (a
:class:`~cardkit.runner.BotFailure`) and the run goes on. A worker process that
dies (killed, out of memory) has its chunk played again by a new worker, so the
results are those of a run without the loss; a match that kills its worker
each time it is played is reported as failed. Worker processes end with the
run, however it ends.
"""

from __future__ import annotations

import collections
import contextlib
import errno
import itertools
import math
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from pathlib import Path
from types import FrameType
from typing import Any

import attrs

from cardkit import schedule, seeds
from cardkit.actions import Action
from cardkit.bots import LONGEST_MOVE_TIME, SHORTEST_MOVE_TIME, Bot, BotSpec, bot_seed
from cardkit.events import Event
from cardkit.game import Game, State, View
from cardkit.options import OptionValue, resolve
from cardkit.ratings import Comparisons, Fit, finishing_pairs
from cardkit.ratings import fit as fit_ratings
from cardkit.record import Record, write_json
from cardkit.runner import play_match
from cardkit.stats import Running, wilson

WORKERS_PER_CPU = 4
MIN_MAX_WORKERS = 8
IN_FLIGHT_PER_WORKER = 4
"""Chunks handed out or waiting to be counted, per worker: the bound on a run's memory."""
DEATHS_BEFORE_SPLIT = 2
"""Times a chunk may lose its worker before its matches are played one by one."""
REPORT_EVERY = 0.05
"""Seconds a worker may keep the reports of finished matches (without records) before
sending them: few messages, and a run wound down at once."""
FREE_NAMES = 1000
"""How many other names (``NAME-2.json`` on) :func:`write_new` tries."""


def match_seed(seed: int, index: int) -> int:
    """The seed of match (or deal) ``index`` of a run seeded ``seed``: 128 bits of a hash
    keyed with the run seed (:func:`cardkit.seeds.match_seed`), so that neither a match's
    seed nor anything derived from it gives away the run seed or another match's seed."""
    return seeds.match_seed(seed, index)


def max_workers() -> int:
    """The most worker processes a run may ask for: 4 per CPU, and at least 8."""
    return max(MIN_MAX_WORKERS, WORKERS_PER_CPU * (os.cpu_count() or 1))


class ArenaError(Exception):
    """A run cannot go on (a match record cannot be written, a worker broke): one line."""


def check_move_time(move_time: float | None) -> None:
    """``OptionError`` (a ``ValueError``, one line) unless ``move_time`` is None (no limit)
    or from :data:`SHORTEST_MOVE_TIME` to :data:`LONGEST_MOVE_TIME` seconds."""
    from cardkit.errors import OptionError

    if move_time is not None and not SHORTEST_MOVE_TIME <= move_time <= LONGEST_MOVE_TIME:
        raise OptionError(
            f"move_time must be a positive number of seconds from {SHORTEST_MOVE_TIME:g} to "
            f"{LONGEST_MOVE_TIME:,.0f} (None: no limit), not {move_time}"
        )


def write_new(path: Path, data: Any, indent: int = 2) -> Path:
    """Write ``data`` as JSON to ``path``, never replacing anything: if the name is taken
    (even by a file made a moment ago), to the first free one of ``STEM-2.SUFFIX``,
    ``STEM-3.SUFFIX``... beside it. Returns the path written; ``OSError`` as
    :func:`~cardkit.record.write_json` raises it."""
    names = itertools.chain(
        [path],
        (path.with_name(f"{path.stem}-{n}{path.suffix}") for n in range(2, FREE_NAMES + 2)),
    )
    last = path
    for name in names:
        try:
            write_json(name, data, indent=indent, replace=False)
        except FileExistsError:
            last = name
            continue
        return name
    raise FileExistsError(errno.EEXIST, f"{path} and the next {FREE_NAMES} names are taken", last)


class MoveTimeout(Exception):
    """A bot took longer than the arena's time limit for one move."""


@attrs.frozen(slots=True)
class Entrant:
    """One bot of the run: its spec as typed, its class and parameters."""

    spec: str
    cls: type[Any]
    params: dict[str, str]


@attrs.frozen(slots=True)
class Plan:
    """Everything a worker needs to play any match of the run.

    ``logs`` is a folder for every match's record (or None); ``failures`` a
    folder for the records of failed matches when there are no ``logs`` (None:
    not kept). ``move_time`` is the limit in seconds on one ``choose`` call of
    a bot (None: no limit).

    With ``duplicate``, each deal is played once per seat rotation (cyclic, or
    every permutation with ``permutations``): matches ``d * R`` to
    ``d * R + R - 1`` play deal ``d``, with the same shuffles
    (:func:`~cardkit.schedule.deal_seeded`) and the same bot seeds per seat.
    Without it every match is a fresh deal and seats rotate every match.
    ``tables`` (a tournament: more entrants than seats) lists the entrants of
    each table of a pass (:func:`~cardkit.schedule.tables`); empty, the
    entrants are the one line-up.
    """

    game: Game
    players: int
    options: dict[str, OptionValue]
    seed: int
    entrants: tuple[Entrant, ...]
    logs: str | None = None
    failures: str | None = None
    move_time: float | None = None
    duplicate: bool = False
    permutations: bool = False
    tables: tuple[tuple[int, ...], ...] = ()

    @property
    def self_play(self) -> bool:
        """True when one entrant fills every seat: it plays only against itself."""
        return len(self.entrants) == 1

    @property
    def rotations(self) -> int:
        """Matches per deal: 1 with fresh deals, else the number of seat rotations."""
        if not self.duplicate:
            return 1
        return len(schedule.rotations(self.players, self.permutations))

    def deal(self, index: int) -> int:
        """The deal match ``index`` plays (its own with fresh deals)."""
        return index // self.rotations

    def deal_seed(self, index: int) -> int:
        """The seed of match ``index``'s deal: the game's seed, and its bots'."""
        return match_seed(self.seed, self.deal(index))

    def seating(self, index: int) -> tuple[int, ...]:
        """Which entrant sits in each seat in match ``index``.

        Fresh deals: seats rotate every match. Duplicate: the rotations of the
        deal in turn. A tournament's table changes with every deal.
        """
        if len(self.entrants) == 1:
            return (0,) * self.players
        turns = schedule.rotations(self.players, self.permutations)
        turn = turns[index % len(turns)]
        if self.tables:
            table = schedule.table_of(self.tables, self.deal(index))
            return tuple(table[p] for p in turn)
        return turn

    def record_path(self, index: int, failed: bool) -> Path | None:
        """Where match ``index``'s record goes: the logs, or the failures folder, or nowhere."""
        if self.logs is not None:
            return Path(self.logs) / f"match-{index:06d}.json"
        if failed and self.failures is not None:
            return Path(self.failures) / f"match-{index:06d}.json"
        return None


def make_plan(
    game: Game | str,
    bots: Sequence[str | BotSpec | type[Any]],
    *,
    seed: int = 0,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    logs: str | os.PathLike[str] | None = None,
    failures: str | os.PathLike[str] | None = None,
    move_time: float | None = None,
    duplicate: bool = False,
    permutations: bool = False,
    tournament: bool = False,
) -> Plan:
    """A checked :class:`Plan`: ``CardkitError`` (one line) for a bad game, bot or option.

    ``game`` is a :class:`Game` or an installed game's id. Each of ``bots`` is a
    bot spec (``"NAME"`` or ``"NAME:KEY=VALUE,..."``, as ``cardkit bots``
    lists them), a :class:`BotSpec` or a bot class; give one per seat, or one
    for every seat. ``players`` defaults to the number of bots when there are
    several, else to the game's default. ``options`` are game options (values
    or their texts). ``duplicate`` and ``permutations``: see :class:`Plan`
    (``permutations`` implies ``duplicate``). ``tournament``: any number of
    bots, at least ``players``, at tables of ``players`` (default: the game's
    default, at most the number of bots), with duplicate deals.
    """
    from cardkit.errors import OptionError
    from cardkit.registry import bots_for, check_bot_spec, get_game

    g = get_game(game) if isinstance(game, str) else game
    if not bots:
        raise OptionError("give at least one bot")
    if tournament:
        if len(bots) < 2:
            raise OptionError(f"a tournament needs at least 2 bots, not {len(bots)}")
        fits = max(g.min_players, min(len(bots), g.default_players))
        n = players if players is not None else fits
        g.check_players(n)
        if n > len(bots):
            raise OptionError(f"tables of {n} players need at least {n} bots, not {len(bots)}")
        duplicate = True
    else:
        n = players if players is not None else (len(bots) if len(bots) > 1 else g.default_players)
        g.check_players(n)
        if len(bots) not in (1, n):
            raise OptionError(f"give one bot per seat ({n}) or one for all seats, not {len(bots)}")
    duplicate = duplicate or permutations
    if permutations and n > schedule.MAX_PERMUTED_PLAYERS:
        raise OptionError(
            f"all seat permutations only up to {schedule.MAX_PERMUTED_PLAYERS} players, not {n}"
        )
    try:
        subsets = schedule.tables(len(bots), n) if tournament else ()
    except ValueError as exc:
        raise OptionError(str(exc)) from None
    entrants = []
    for bot in bots:
        if isinstance(bot, type):
            entrants.append(Entrant(str(getattr(bot, "name", bot.__name__)), bot, {}))
            continue
        spec = check_bot_spec(bot if isinstance(bot, str) else str(bot), g)
        entrants.append(Entrant(str(spec), bots_for(g)[spec.name], dict(spec.params)))
    check_move_time(move_time)
    values = resolve(g.options, options, g.id)
    g.create(n, seed, values)  # conflicting settings fail here
    return Plan(
        game=g,
        players=n,
        options=values,
        seed=seed,
        entrants=tuple(entrants),
        logs=None if logs is None else os.fspath(logs),
        failures=None if failures is None else os.fspath(failures),
        move_time=move_time,
        duplicate=duplicate,
        permutations=permutations,
        tables=subsets,
    )


@attrs.frozen(slots=True)
class Report:
    """The outcome of one match: scores and win shares per seat, or why it failed."""

    index: int
    scores: tuple[float, ...]
    shares: tuple[float, ...]
    finished: bool
    failure: str | None = None
    saved: str | None = None


class _TimedBot:
    """A bot whose every ``choose`` must end within the move clock's limit (:func:`_move_clock`)."""

    __slots__ = ("bot", "name", "observes", "reads_view")

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = str(getattr(bot, "name", type(bot).__name__))
        self.reads_view = bool(getattr(bot, "reads_view", True))
        self.observes = bool(getattr(bot, "observes", False))

    def join(self, players: int, options: Any, events: Sequence[Event]) -> None:
        """Pass the match's start on to a bot that follows events (see :func:`drive`)."""
        bot: Any = self.bot  # one that declares observes = True has join and observe
        bot.join(players, options, events)

    def observe(self, events: Sequence[Event]) -> None:
        """Pass a step's events on to a bot that follows events."""
        bot: Any = self.bot
        bot.observe(events)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        clock = _CLOCK
        clock.started = started = time.monotonic()
        try:
            action = self.bot.choose(view, legal)
        finally:
            clock.started = None
        if time.monotonic() - started > clock.limit:  # it caught MoveTimeout and answered late
            raise MoveTimeout(f"no move within {clock.limit:g} s")
        return action


class _Clock:
    """When the move under way started (None between moves), and the limit on one move."""

    started: float | None = None
    limit = math.inf


_CLOCK = _Clock()
TICKS_PER_LIMIT = 4
"""The move clock looks at the move under way this many times per limit: a move that
runs past the limit ends within a quarter of the limit more."""


def _on_tick(signum: int, frame: FrameType | None) -> None:
    started = _CLOCK.started
    if started is not None and time.monotonic() - started > _CLOCK.limit:
        raise MoveTimeout(f"no move within {_CLOCK.limit:g} s")


@contextlib.contextmanager
def _move_clock(limit: float | None) -> Iterator[None]:
    """While ``limit`` is set, a bot's move past it raises :class:`MoveTimeout` in the bot.

    A repeating SIGALRM timer (main thread only) looks at the move under way;
    the move itself costs one clock reading at each end, no system call.
    """
    if limit is None:
        yield
        return
    if threading.current_thread() is not threading.main_thread():
        raise ValueError("a move time limit needs the main thread when workers is 1")
    _CLOCK.limit, _CLOCK.started = limit, None
    previous = signal.signal(signal.SIGALRM, _on_tick)
    tick = limit / TICKS_PER_LIMIT
    signal.setitimer(signal.ITIMER_REAL, tick, tick)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        _CLOCK.limit, _CLOCK.started = math.inf, None


def _release(bots: Sequence[Bot]) -> None:
    """End the match for bots that hold something outside this process (an external
    bot's processes), with no move under way so that the move clock cannot cut it
    short. A bot ends its processes itself on a fault or at the match's end; this
    covers a fault that came while it was doing so."""
    _CLOCK.started = None
    for bot in bots:
        inner = bot.bot if isinstance(bot, _TimedBot) else bot
        close = getattr(inner, "close", None)
        if callable(close):
            with contextlib.suppress(Exception):  # the match is decided; a bad close is not
                close()


def play_one(plan: Plan, index: int) -> Report:
    """Play match ``index`` of ``plan``; :class:`ArenaError` if its record cannot be written.

    With :attr:`Plan.move_time` set, the caller must hold the move clock (as
    :func:`reports` does).
    """
    seed = plan.deal_seed(index)
    seating = plan.seating(index)
    game = plan.game
    state: State | None = None
    failure: str | None = None
    report: Report
    bots: list[Bot] = []
    try:
        for seat, who in enumerate(seating):
            entrant = plan.entrants[who]
            bot = entrant.cls(game, seat, bot_seed(seed, seat), **entrant.params)
            bots.append(bot if plan.move_time is None else _TimedBot(bot))
        # a bot that follows events (an external bot) is sent the deal before its first move
        events = any(getattr(b, "observes", False) for b in bots)
        if plan.duplicate:
            state = schedule.deal_seeded(
                game.create(plan.players, seed, plan.options, auto_chance=False, events=events),
                seed,
            )
        else:
            state = game.create(plan.players, seed, plan.options, events=events)
        outcome = play_match(game, bots, seed, state=state)
    except Exception as exc:  # a game error (or a bot that cannot be made) ends this match only
        failure = f"match {index}: game error: {type(exc).__name__}: {exc}"
        report = Report(index, (), (), False, failure)
    else:
        if outcome.failure is not None:
            f = outcome.failure
            spec = plan.entrants[seating[f.seat]].spec
            failure = f"match {index}: bot {spec} in seat {f.seat} failed: {f.reason}{f.chose()}"
            report = Report(index, (), (), False, failure)
        else:
            result = outcome.result
            assert result is not None
            shares = tuple(result.share(s) for s in range(plan.players))
            report = Report(index, tuple(result.scores), shares, result.finished)
    finally:
        _release(bots)
    path = plan.record_path(index, failure is not None)
    if path is not None and state is not None:
        meta = {
            "arena": {
                "seed": plan.seed,
                "match": index,
                "deal": plan.deal(index),
                "bots": [plan.entrants[w].spec for w in seating],
            }
        }
        if failure is not None:
            meta["arena"]["failure"] = failure
        try:
            # the failures folder is made with the first failed match's record, private
            path.parent.mkdir(0o700 if plan.logs is None else 0o777, parents=True, exist_ok=True)
            saved = write_new(path, Record.of(state, meta).to_json(), indent=1)
        except OSError as exc:
            raise ArenaError(f"cannot write {path}: {exc.strerror or exc}") from None
        report = attrs.evolve(report, saved=str(saved))
    return report


def chunk_size(matches: int, workers: int) -> int:
    """Matches per task: enough to keep overhead low, small enough to balance and report."""
    return max(1, min(200, matches // (workers * 16)))


def chunks(matches: int, size: int) -> Iterator[tuple[int, int]]:
    """The ``(start, stop)`` bounds of consecutive chunks of ``size`` matches, made lazily."""
    for start in range(0, matches, size):
        yield start, min(start + size, matches)


def _worker_main(conn: Connection, plan: Plan, parent: int) -> None:
    """A worker: play each chunk the parent sends, reporting each match as it ends; end
    when the parent sends None (between two matches, in a chunk under way), closes or dies.

    It sends ``("matches", reports)`` as matches end (at once after a match whose
    record it wrote, else every :data:`REPORT_EVERY` seconds), ``("done", None)``
    after a chunk's last match, ``("stopped", None)`` when told to stop within a chunk, and
    ``("error", line)`` when a record cannot be written, a chunk broke outside its
    matches, or the worker cannot play at all (then it ends).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    try:
        with _move_clock(plan.move_time):
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

    def end(self) -> None:
        """Stop the process now, whatever it is doing, and reap it."""
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(1.0)
            if self.process.is_alive():
                self.process.kill()
        self.process.join()
        self.conn.close()

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
        with _move_clock(plan.move_time):
            for index in range(matches):
                if stop() or wind_down():
                    return
                yield play_one(plan, index)
        return
    yield from _pooled(plan, matches, workers, stop, wind_down)


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
        for worker in pool:
            worker.end()


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


class Tally:
    """Results so far: per entrant and per seat, over finished matches."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        n = len(plan.entrants)
        self.matches = [0] * n
        self.wins = [0.0] * n
        self.scores = [Running() for _ in range(n)]
        self.seat_wins = [0.0] * plan.players
        self.seat_scores = [Running() for _ in range(plan.players)]
        self.finished = 0
        self.unfinished = 0
        self.failed = 0
        self.played = 0
        self.failures: list[str] = []
        """The first :data:`KEPT_FAILURES` failure lines, in match order."""
        self.pair_shares: dict[tuple[int, int], Running] = {}
        self.pair_scores: dict[tuple[int, int], Running] = {}
        self.comparisons = Comparisons(n)
        self.deals = 0
        """Deals (matches, with fresh deals) counted whole in the pairs and the ratings."""
        self.deals_dropped = 0
        """Deals left out of the pairs and ratings: a match of theirs failed or did not finish."""
        self._deal: int | None = None
        self._deal_reports: list[Report] = []

    KEPT_FAILURES = 100

    def add(self, report: Report) -> None:
        """Count one match (reports come in match order)."""
        self.played += 1
        self._add_to_deal(report)
        if report.failure is not None:
            self.failed += 1
            if len(self.failures) < self.KEPT_FAILURES:
                self.failures.append(report.failure)
            return
        if not report.finished:
            self.unfinished += 1
            return
        self.finished += 1
        seating = self.plan.seating(report.index)
        for who in set(seating):
            self.matches[who] += 1
        for seat, who in enumerate(seating):
            score = report.scores[seat]
            share = report.shares[seat]
            self.wins[who] += share
            self.scores[who].add(score)
            self.seat_wins[seat] += share
            self.seat_scores[seat].add(score)

    def _add_to_deal(self, report: Report) -> None:
        deal = self.plan.deal(report.index)
        if deal != self._deal:
            self._deal, self._deal_reports = deal, []
        self._deal_reports.append(report)
        if len(self._deal_reports) < self.plan.rotations:
            return
        done, self._deal_reports = self._deal_reports, []
        if any(r.failure is not None or not r.finished for r in done):
            self.deals_dropped += 1
            return
        self.deals += 1
        shares: dict[int, float] = collections.defaultdict(float)
        scores: dict[int, float] = collections.defaultdict(float)
        seats: dict[int, int] = collections.defaultdict(int)
        for r in done:
            seating = self.plan.seating(r.index)
            for seat, who in enumerate(seating):
                shares[who] += r.shares[seat]
                scores[who] += r.scores[seat]
                seats[who] += 1
            for i, j, score in finishing_pairs(seating, r.scores, r.shares):
                self.comparisons.add(i, j, score)
        present = sorted(seats)
        for x, a in enumerate(present):
            for b in present[x + 1 :]:
                key = (a, b)
                if key not in self.pair_shares:
                    self.pair_shares[key], self.pair_scores[key] = Running(), Running()
                self.pair_shares[key].add(shares[a] / seats[a] - shares[b] / seats[b])
                self.pair_scores[key].add(scores[a] / seats[a] - scores[b] / seats[b])

    def pairs(self) -> list[dict[str, Any]]:
        """Per two entrants that met: the paired difference of their win rates (and mean
        scores), ``a`` minus ``b``, over the deals (or, with fresh deals, matches) they met in,
        with its 95% interval and standard deviation per deal.

        In a deal each entrant's figure is its mean over the deal's matches, so
        the luck of the deal cancels out of the difference.
        """
        out: list[dict[str, Any]] = []
        names = [e.spec for e in self.plan.entrants]
        unit = "deal" if self.plan.duplicate else "match"
        for (a, b), diffs in sorted(self.pair_shares.items()):
            score = self.pair_scores[(a, b)]
            out.append(
                {
                    "a": names[a],
                    "b": names[b],
                    "a_index": a,
                    "b_index": b,
                    "unit": unit,
                    "units": diffs.n,
                    "win_rate_diff": _mean(diffs),
                    "win_rate_diff_ci95": _list(diffs.ci95()),
                    "win_rate_diff_sd": diffs.sd(),
                    "mean_score_diff": _mean(score),
                    "mean_score_diff_ci95": _list(score.ci95()),
                }
            )
        return out

    def ratings(self) -> Fit:
        """Bradley-Terry ratings of the entrants over the deals counted (:mod:`cardkit.ratings`)."""
        return fit_ratings(self.comparisons)

    def entrants(self) -> list[dict[str, Any]]:
        """Per entrant: bot, matches, wins, win rate and its 95% interval, mean score and its.

        A figure with no data (no finished match) is None. When one entrant
        fills every seat (:attr:`Plan.self_play`) it only plays itself: its
        wins, win rate and mean score say nothing about it, so they are None
        (the results are by seat, :meth:`seats`).
        """
        out: list[dict[str, Any]] = []
        for i, entrant in enumerate(self.plan.entrants):
            n = self.matches[i]
            if self.plan.self_play:
                figures = ("wins", "win_rate", "win_rate_ci95", "mean_score", "mean_score_ci95")
                out.append({"bot": entrant.spec, "matches": n} | dict.fromkeys(figures))
                continue
            out.append(
                {
                    "bot": entrant.spec,
                    "matches": n,
                    "wins": self.wins[i],
                    "win_rate": self.wins[i] / n if n else None,
                    "win_rate_ci95": list(wilson(self.wins[i], n)) if n else None,
                    "mean_score": _mean(self.scores[i]),
                    "mean_score_ci95": _list(self.scores[i].ci95()),
                }
            )
        return out

    def seats(self) -> list[dict[str, Any]]:
        """Per seat, over finished matches: wins, win rate and mean score with their intervals."""
        n = self.finished
        return [
            {
                "seat": seat,
                "wins": self.seat_wins[seat],
                "win_rate": self.seat_wins[seat] / n if n else None,
                "win_rate_ci95": list(wilson(self.seat_wins[seat], n)) if n else None,
                "mean_score": _mean(self.seat_scores[seat]),
                "mean_score_ci95": _list(self.seat_scores[seat].ci95()),
            }
            for seat in range(self.plan.players)
        ]


def run(
    game: Game | str,
    bots: Sequence[str | BotSpec | type[Any]],
    matches: int,
    *,
    seed: int = 0,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    move_time: float | None = None,
    logs: str | os.PathLike[str] | None = None,
    duplicate: bool = False,
    permutations: bool = False,
    backend: str = "local",
    address: str | None = None,
) -> Tally:
    """Play ``matches`` matches of ``game`` between ``bots`` and return their :class:`Tally`.

    The arguments are those of :func:`make_plan` and
    :func:`cardkit.backends.stream`. The result for a seed is the same
    whatever ``workers`` and ``backend`` are. A failed match (a bot raised,
    answered illegally or ran past ``move_time`` seconds on a move) is counted
    in ``tally.failed`` and its line kept in ``tally.failures``; its record is
    kept only with ``logs`` (a folder, made if missing). With ``duplicate``,
    each deal is played once per seat rotation (``tally.pairs()`` gives the
    paired differences per deal); give a multiple of the rotations as
    ``matches`` to count every deal.
    """
    from cardkit.backends import stream

    if matches < 0:
        raise ValueError(f"matches must be at least 0, not {matches}")
    plan = make_plan(
        game,
        bots,
        seed=seed,
        players=players,
        options=options,
        logs=logs,
        move_time=move_time,
        duplicate=duplicate,
        permutations=permutations,
    )
    tally = Tally(plan)
    with contextlib.closing(
        stream(plan, matches, workers, backend=backend, address=address)
    ) as reports_:
        for report in reports_:
            tally.add(report)
    return tally


def _mean(running: Running) -> float | None:
    return running.mean if running.n else None


def _list(pair: tuple[float, float] | None) -> list[float] | None:
    return None if pair is None else list(pair)
