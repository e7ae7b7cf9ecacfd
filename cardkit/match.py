"""Matches: a series of hands with dealer rotation and running scores."""

from __future__ import annotations

from collections.abc import Sequence

import attrs


@attrs.define(slots=True)
class Scoreboard:
    """Running totals over a match and the score of every hand played.

    ``floor`` (when set) is the lowest total a player can have: a hand that
    would take a player below it leaves them at the floor.
    """

    totals: list[int]
    floor: int | None = None
    hands: list[tuple[int, ...]] = attrs.field(factory=list)

    def copy(self) -> Scoreboard:
        """An independent copy (the hands' score tuples are shared: they never change)."""
        return Scoreboard(self.totals.copy(), self.floor, self.hands.copy())

    @classmethod
    def start(cls, players: int, points: int = 0, floor: int | None = None) -> Scoreboard:
        """Every player starts on ``points``."""
        return cls([points] * players, floor)

    def add_hand(self, deltas: Sequence[int]) -> tuple[int, ...]:
        """Add one hand's score changes; return the changes actually applied (after the floor)."""
        applied: list[int] = []
        for seat, delta in enumerate(deltas):
            new = self.totals[seat] + delta
            if self.floor is not None and new < self.floor:
                new = self.floor
            applied.append(new - self.totals[seat])
            self.totals[seat] = new
        self.hands.append(tuple(applied))
        return tuple(applied)

    def add(self, seat: int, points: int) -> None:
        """Move points to (or, negative, from) one seat mid-hand.

        Unlike :meth:`add_hand`, this does not stop at the floor: it raises
        ``ValueError`` when the move would take the seat below it.
        """
        new = self.totals[seat] + points
        if self.floor is not None and new < self.floor:
            raise ValueError(f"seat {seat} cannot go below {self.floor}")
        self.totals[seat] = new

    @property
    def hands_played(self) -> int:
        """How many hands have been scored."""
        return len(self.hands)
