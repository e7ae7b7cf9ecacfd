"""Seats and turn order.

Seats are numbered ``0 .. n-1`` around the table; "left" is the next higher
number. :class:`TurnOrder` keeps the dealer, the seat whose turn it is and the
direction of play. Who may act now is a tuple of seats (see
``State.to_act``), which covers three shapes: one seat's turn, a
:class:`SealedChoice` (everyone picks in secret, then all are revealed) and a
:class:`ResponseWindow` (some seats may act out of turn until it closes).
"""

from __future__ import annotations

from typing import Generic, TypeVar

import attrs

CHANCE = -1
"""The seat that applies chance actions (shuffles)."""

T = TypeVar("T")


@attrs.define(slots=True)
class TurnOrder:
    """Dealer, current seat and direction (``1`` left/clockwise, ``-1`` right)."""

    players: int
    dealer: int = 0
    current: int = 0
    direction: int = 1

    def copy(self) -> TurnOrder:
        """An independent copy."""
        return TurnOrder(self.players, self.dealer, self.current, self.direction)

    def next_seat(self, seat: int | None = None, steps: int = 1) -> int:
        """The seat ``steps`` places after ``seat`` (default: the current one) in play order."""
        base = self.current if seat is None else seat
        return (base + steps * self.direction) % self.players

    def advance(self, skip: int = 0) -> int:
        """Move the turn on by one seat, passing over ``skip`` seats; return the new seat."""
        self.current = (self.current + (1 + skip) * self.direction) % self.players
        return self.current

    def reverse(self) -> None:
        """Reverse the direction of play."""
        self.direction = -self.direction

    def rotate_dealer(self, steps: int = 1) -> int:
        """Pass the deal ``steps`` seats to the left; return the new dealer."""
        self.dealer = (self.dealer + steps) % self.players
        return self.dealer

    def left_of_dealer(self, steps: int = 1) -> int:
        """The seat ``steps`` places left of the dealer."""
        return (self.dealer + steps) % self.players

    def from_seat(self, seat: int) -> tuple[int, ...]:
        """Every seat once, in play order, starting with ``seat``."""
        return tuple((seat + i * self.direction) % self.players for i in range(self.players))


@attrs.define(slots=True)
class SealedChoice(Generic[T]):
    """Everyone in ``seats`` picks in secret; the picks are revealed together.

    ``pending`` lists the seats still to pick; ``revealed`` turns true once all
    have picked. Until then only each seat's own pick is known to that seat.
    """

    seats: tuple[int, ...]
    picks: dict[int, T] = attrs.field(factory=dict)

    def copy(self) -> SealedChoice[T]:
        """An independent copy (the picks themselves are shared)."""
        return SealedChoice(self.seats, dict(self.picks))

    @property
    def pending(self) -> tuple[int, ...]:
        """Seats that have not picked yet, in seat order."""
        return tuple(s for s in self.seats if s not in self.picks)

    @property
    def revealed(self) -> bool:
        """True once every seat has picked."""
        return len(self.picks) == len(self.seats)

    def pick(self, seat: int, choice: T) -> bool:
        """Record ``seat``'s pick; return True when this pick completes the choice."""
        if seat not in self.seats or seat in self.picks:
            raise ValueError(f"seat {seat} may not pick now")
        self.picks[seat] = choice
        return self.revealed

    def known_to(self, seat: int) -> dict[int, T]:
        """The picks ``seat`` may see: all once revealed, else only its own."""
        if self.revealed:
            return dict(self.picks)
        return {seat: self.picks[seat]} if seat in self.picks else {}


@attrs.define(slots=True)
class ResponseWindow:
    """Seats that may act out of turn until the window closes.

    ``kind`` names the window (``catch``, ``challenge``, ...) for views and
    renderers. A seat leaves the window when it acts or declines; the game
    closes the window when the rules say (typically when the next turn begins).
    """

    kind: str
    seats: tuple[int, ...]
    subject: int | None = None
    done: set[int] = attrs.field(factory=set)

    def copy(self) -> ResponseWindow:
        """An independent copy."""
        return ResponseWindow(self.kind, self.seats, self.subject, set(self.done))

    @property
    def pending(self) -> tuple[int, ...]:
        """Seats that may still respond."""
        return tuple(s for s in self.seats if s not in self.done)

    def respond(self, seat: int) -> None:
        """Mark ``seat`` as having responded (acted or declined)."""
        if seat not in self.seats:
            raise ValueError(f"seat {seat} is not in the {self.kind} window")
        self.done.add(seat)

    @property
    def open(self) -> bool:
        """True while some seat may still respond."""
        return any(s not in self.done for s in self.seats)
