"""Rebuilding a match with its bots, to play on: on resume and on a take-back.

A match is rebuilt from its record by :func:`rebuild`: its bots are made
again from the match seed and their seats (:func:`make_bots`) and are asked
again for each of their recorded decisions (the answers are dropped), so
each bot's generator and any memory it keeps are where they were. A
take-back (:func:`take_back`) goes back to a seat's previous decision, but
never to before a step that showed that seat a hidden card (:func:`revealed`):
chance would deal it again.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardkit.bots import BaseBot, BotSpec, bot_seed
from cardkit.cards import cards_within
from cardkit.events import Event
from cardkit.game import Game, State
from cardkit.record import Record, replay
from cardkit.registry import make_bot
from cardkit.seats import CHANCE

REVEAL_SHOWN = 60
"""Characters of the revealing event's text that a refused take-back shows."""


def make_bots(game: Game, seed: int, specs: Sequence[BotSpec | None]) -> dict[int, BaseBot]:
    """One bot per seat that has a spec, seeded from the match seed and the seat."""
    return {
        seat: make_bot(spec, game, seat, bot_seed(seed, seat))
        for seat, spec in enumerate(specs)
        if spec is not None
    }


@attrs.frozen
class Reveal:
    """A step that showed the person a hidden card: ``step`` indexes the state's
    history; ``what`` names it for a refused take-back (``your draw (...)``)."""

    step: int
    what: str


def revealed(
    step: int, seat: int, action: Any, events: Sequence[Event], viewer: int
) -> Reveal | None:
    """The step ``step`` (``seat`` did ``action``) if one of its ``events`` is private,
    seen by ``viewer`` and names a card (a draw, a deal, a look at another's card);
    else None. Public events and covers show nothing hidden to ``viewer`` alone."""
    private = next(
        (
            e
            for e in events
            if e.to is not None and not e.cover and viewer in e.to and cards_within(e)
        ),
        None,
    )
    if private is None:
        return None
    text = str(private)
    if len(text) > REVEAL_SHOWN:
        text = text[: REVEAL_SHOWN - 3] + "..."
    if seat == viewer:
        who = f"your {action}"
    elif seat == CHANCE:
        who = "the chance step"
    else:
        who = f"seat {seat}'s {action}"
    return Reveal(step, f"{who} ({text})")


@attrs.frozen
class Rebuilt:
    """A match rebuilt by :func:`rebuild`: its state, its bots by seat, and the last step
    that showed the viewer a hidden card (None: no such step)."""

    state: State
    bots: dict[int, BaseBot]
    reveal: Reveal | None


def rebuild(
    record: Record,
    game: Game,
    specs: Sequence[BotSpec | None],
    viewer: int,
    seen: Callable[[int, Any, tuple[Event, ...]], None] | None = None,
) -> Rebuilt:
    """The match of ``record`` rebuilt with fresh bots (one per seat that has a spec in
    ``specs``) that are asked again for each of their recorded decisions (the answers
    are dropped), so each bot's generator and memory are where they were; with the last
    step that showed ``viewer`` a hidden card (:func:`revealed`).

    ``seen(seat, action, events)`` is called after each step, in order, with its events.
    """
    bots = make_bots(game, record.seed, specs)
    last: list[Reveal] = []

    def catch_up(before: State, step: int, seat: int, action: Any) -> None:
        bot = bots.get(seat)
        if bot is not None:
            # the recorded action stands; the bot only catches up
            with contextlib.suppress(Exception):
                bot.choose(before.view(seat), before.legal_actions(seat))

    def after(state: State, step: int, seat: int, action: Any, events: tuple[Event, ...]) -> None:
        if seen is not None:
            seen(seat, action, events)
        found = revealed(step - 1, seat, action, events, viewer)  # replay counts from 1
        if found is not None:
            last[:] = [found]

    state = replay(record, game, catch_up, auto_chance_after=False, after_step=after)
    return Rebuilt(state, bots, last[0] if last else None)


@attrs.frozen
class TakeBack:
    """A take-back: the record up to a seat's previous decision (``step`` steps, the
    state before that decision) and the steps it undoes."""

    step: int
    undone: tuple[tuple[int, str], ...]
    record: Record


def take_back(record: Record, seat: int, reveal: Reveal | None) -> TakeBack | str:
    """The take-back of ``seat``'s last decision in ``record``, or (nothing changes) why
    not: the seat has not acted yet, or its last decision came before ``reveal``, a step
    that showed it a hidden card (a take-back never shows a hidden card twice)."""
    mine = [i for i, (who, _) in enumerate(record.actions) if who == seat]
    if not mine:
        return "nothing to take back: you have not moved yet in this match"
    keep = mine[-1]
    if reveal is not None and keep <= reveal.step:
        return f"undo: not past {reveal.what}; a take-back never shows you a hidden card twice"
    return TakeBack(
        keep, record.actions[keep:], attrs.evolve(record, actions=record.actions[:keep])
    )
