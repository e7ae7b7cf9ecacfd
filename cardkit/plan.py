"""A run of the arena: its plan, the seating and seed of each match, and one match played.

Match ``i`` of a run seeded ``s`` is played with the seed :func:`match_seed`
``(s, i)`` and the seating :meth:`Plan.seating` ``(i)``, so its outcome depends
on nothing else: :func:`play_one` plays it and returns its :class:`Report`,
whatever process, or machine, it runs in.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from cardkit import schedule, seeds
from cardkit.bots import LONGEST_MOVE_TIME, SHORTEST_MOVE_TIME, Bot, BotSpec, bot_seed
from cardkit.clock import TimedBot, release
from cardkit.errors import OptionError
from cardkit.game import Game, State
from cardkit.options import OptionValue, resolve
from cardkit.record import Record, write_new
from cardkit.registry import bots_for, check_bot_spec, get_game
from cardkit.runner import play_match


def match_seed(seed: int, index: int) -> int:
    """The seed of match (or deal) ``index`` of a run seeded ``seed``: 128 bits of a hash
    keyed with the run seed (:func:`cardkit.seeds.match_seed`), so that neither a match's
    seed nor anything derived from it gives away the run seed or another match's seed."""
    return seeds.match_seed(seed, index)


class ArenaError(Exception):
    """A run cannot go on (a match record cannot be written, a worker broke): one line."""


def check_move_time(move_time: float | None) -> None:
    """``OptionError`` (a ``ValueError``, one line) unless ``move_time`` is None (no limit)
    or from :data:`SHORTEST_MOVE_TIME` to :data:`LONGEST_MOVE_TIME` seconds."""
    if move_time is not None and not SHORTEST_MOVE_TIME <= move_time <= LONGEST_MOVE_TIME:
        raise OptionError(
            f"move_time must be a positive number of seconds from {SHORTEST_MOVE_TIME:g} to "
            f"{LONGEST_MOVE_TIME:,.0f} (None: no limit), not {move_time}"
        )


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


def play_one(plan: Plan, index: int) -> Report:
    """Play match ``index`` of ``plan``; :class:`ArenaError` if its record cannot be written.

    With :attr:`Plan.move_time` set, the caller must hold the move clock (as
    :func:`cardkit.pool.reports` does).
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
            bots.append(bot if plan.move_time is None else TimedBot(bot))
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
        release(bots)
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
