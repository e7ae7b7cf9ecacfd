"""Events: frozen records of what a step did, outcomes included, and who may see it.

A state that records events (``game.create(..., events=True)``) appends them
as its steps are applied; :meth:`State.apply <cardkit.state.State.apply>`
returns the events of that step. Front ends print them (``str(event)`` is a
sentence), ``cardkit replay --seat K`` and arena logs are built from them, and
the conformance kit checks that no event a seat may see names a card that seat
may not see.

Visibility is all or nothing: ``to`` is ``None`` for an event every seat sees,
or the seats that see it. What only some seats may know goes in an event of
its own, beside the public one: "seat 2 draws 2 cards" for everyone, "seat 2
draws R7 B3" for seat 2. So filtering events for a seat never edits one.

The events here are shared vocabulary; games define their own the same way
(a frozen attrs subclass of :class:`Event` with a ``__str__``).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from cardkit.cards import Card, cards_text, cards_within


@attrs.frozen(slots=True)
class Event:
    """Base of all events. ``to``: the seats that see it, ``None`` for everyone.

    ``cover`` marks the public face of a private event ("seat 2 picks in
    secret" beside "seat 2 picks high" for seat 2): it goes to the seats that
    do not see the private one, and an all-seeing observer gets the private
    one instead.
    """

    to: frozenset[int] | None = attrs.field(default=None, kw_only=True)
    cover: bool = attrs.field(default=False, kw_only=True)

    def seen_by(self, viewer: int | None) -> bool:
        """True when ``viewer`` may see this event (``None``: an all-seeing observer)."""
        if viewer is None:
            return not self.cover
        return self.to is None or viewer in self.to

    def __str__(self) -> str:  # pragma: no cover - every subclass overrides it
        return type(self).__name__


def only(*seats: int) -> frozenset[int]:
    """The ``to`` of an event that only ``seats`` may see."""
    return frozenset(seats)


def others(players: int, *seats: int) -> frozenset[int]:
    """The ``to`` of a cover: every seat of ``players`` but ``seats``."""
    return frozenset(s for s in range(players) if s not in seats)


def seen_by(events: Iterable[Event], viewer: int | None) -> tuple[Event, ...]:
    """The events of ``events`` that ``viewer`` may see, in order."""
    return tuple(e for e in events if e.seen_by(viewer))


def _seat(seat: int) -> str:
    return f"seat {seat}"


@attrs.frozen(slots=True)
class Note(Event):
    """A sentence with no structure of its own (for rare steps; prefer a typed event)."""

    text: str

    def __str__(self) -> str:
        return self.text


@attrs.frozen(slots=True)
class Dealt(Event):
    """``dealer`` dealt ``size`` cards to each seat (``dealer`` None: no dealer)."""

    dealer: int | None
    size: int
    hand: int = 0
    hands: int = 0

    def __str__(self) -> str:
        each = "card" if self.size == 1 else "cards"
        who = "the cards are dealt" if self.dealer is None else f"seat {self.dealer} deals"
        head = f"hand {self.hand} of {self.hands}: " if self.hands else ""
        return f"{head}{who} {self.size} {each} each"


@attrs.frozen(slots=True)
class Received(Event):
    """``seat`` received ``cards`` (a deal or a draw); usually only ``seat`` sees it."""

    seat: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"{_seat(self.seat)} receives {cards_text(self.cards)}"


@attrs.frozen(slots=True)
class BidMade(Event):
    """``seat`` bid ``amount`` (tricks, points: what the game bids)."""

    seat: int
    amount: int

    def __str__(self) -> str:
        return f"seat {self.seat} bids {self.amount}"


@attrs.frozen(slots=True)
class Played(Event):
    """``seat`` played ``card``; ``declare`` is a named suit or colour where there is one."""

    seat: int
    card: Card
    declare: str | None = None

    def __str__(self) -> str:
        line = f"{_seat(self.seat)} plays {self.card.text}"
        return line if self.declare is None else f"{line} as {self.declare}"


@attrs.frozen(slots=True)
class TrickWon(Event):
    """``seat`` won trick ``number`` (from 1) with ``card``; ``plays`` are ``(seat, card)``."""

    seat: int
    card: Card
    number: int
    plays: tuple[tuple[int, Card], ...] = ()

    def __str__(self) -> str:
        return f"{_seat(self.seat)} wins the trick with {self.card.text}"


@attrs.frozen(slots=True)
class HandScored(Event):
    """Hand ``hand`` (from 1) scored ``points`` per seat, giving ``totals``."""

    hand: int
    points: tuple[int, ...]
    totals: tuple[int, ...]

    def columns(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """What else the hand's table shows per seat, as ``(heading, one text per seat)``
        columns before the points (``("bid", ("2", "0", "1"))``); a game's subclass gives
        its own (bids, tricks), the base none."""
        return ()

    def __str__(self) -> str:
        parts = ", ".join(f"seat {s} {p:+d}" for s, p in enumerate(self.points))
        totals = " ".join(str(t) for t in self.totals)
        return f"hand {self.hand} scored: {parts}; totals {totals}"


@attrs.frozen(slots=True)
class MatchOver(Event):
    """The match ended: final ``scores`` and the ``winners`` (several on a tie)."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    finished: bool = True

    def __str__(self) -> str:
        who = " and ".join(_seat(s) for s in self.winners)
        verb = "wins" if len(self.winners) == 1 else "share the win"
        totals = " ".join(f"{s:g}" for s in self.scores)
        head = "the match is over" if self.finished else "the match was stopped"
        return f"{head}: {who} {verb} (scores {totals})"


def cards_of(event: Event) -> tuple[Card, ...]:
    """Every card an event names (its attrs fields, looked into tuples, sets and records)."""
    return tuple(cards_within(event, depth=8))
