"""The move clock: a limit on the seconds a bot may take over one move.

:func:`move_clock` holds the clock for a stretch of matches (one process's
share of a run); a bot wrapped in :class:`TimedBot` is then timed on every
``choose``, and one that runs past the limit has :class:`MoveTimeout` raised
inside it. Both arena backends (:mod:`cardkit.pool`, :mod:`cardkit.backends`)
hold it around the matches they play.
"""

from __future__ import annotations

import contextlib
import math
import signal
import threading
import time
from collections.abc import Iterator, Sequence
from types import FrameType
from typing import Any

from cardkit.actions import Action
from cardkit.bots import Bot
from cardkit.events import Event
from cardkit.game import View


class MoveTimeout(Exception):
    """A bot took longer than the arena's time limit for one move."""


class TimedBot:
    """A bot whose every ``choose`` must end within the move clock's limit (:func:`move_clock`)."""

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
        """The bot's choice; :class:`MoveTimeout` if it came past the clock's limit."""
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
def move_clock(limit: float | None) -> Iterator[None]:
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


def release(bots: Sequence[Bot]) -> None:
    """End the match for bots that hold something outside this process (an external
    bot's processes), with no move under way so that the move clock cannot cut it
    short. A bot ends its processes itself on a fault or at the match's end; this
    covers a fault that came while it was doing so."""
    _CLOCK.started = None
    for bot in bots:
        inner = bot.bot if isinstance(bot, TimedBot) else bot
        close = getattr(inner, "close", None)
        if callable(close):
            with contextlib.suppress(Exception):  # the match is decided; a bad close is not
                close()
