"""The bid-exact game's own events (the core's Dealt, Received, Played, TrickWon and
MatchOver say the rest).

Every event here is public: the draw for the first deal, each bid, each hand's score.
"""

from __future__ import annotations

import attrs

from cardkit import events
from cardkit.events import Event, HandScored


@attrs.frozen(slots=True)
class DealerDrawn(Event):
    """Each seat drew a card for the first deal; ``dealer`` drew the highest and deals.

    ``draw`` is ``(seat, card text)`` per seat: the cards went back into the deck,
    unseen, so the event names them as texts (as the view's ``draw`` does).
    """

    draw: tuple[tuple[int, str], ...]
    dealer: int

    def __str__(self) -> str:
        listed = ", ".join(f"seat {s} {text}" for s, text in self.draw)
        return f"draw for the deal: {listed}; seat {self.dealer} deals first"


@attrs.frozen(slots=True)
class BidMade(events.BidMade):
    """``seat`` bid ``amount``; for the dealer (who bids last) ``total`` is the sum of the
    bids, against the ``tricks`` of the hand (``total`` None for the other seats)."""

    total: int | None = None
    tricks: int = 0

    def __str__(self) -> str:
        line = f"seat {self.seat} bids {self.amount}"
        if self.total is None:
            return line
        return f"{line} (bids total {self.total} for {self.tricks} tricks)"


@attrs.frozen(slots=True)
class ExactScored(HandScored):
    """Hand ``hand`` of ``hands`` scored: per seat its bid, the tricks it took, whether
    that was exact, and the ``points`` it scored (tricks, + 10 when exact)."""

    hands: int
    bids: tuple[int, ...]
    taken: tuple[int, ...]
    exact: tuple[bool, ...]

    def columns(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Each seat's bid, the tricks it took and whether it made its bid exactly."""
        return (
            ("bid", tuple(str(b) for b in self.bids)),
            ("tricks", tuple(str(t) for t in self.taken)),
            ("made", tuple("yes" if e else "no" for e in self.exact)),
        )

    def __str__(self) -> str:
        parts = []
        for s, (bid, took, exact, points) in enumerate(
            zip(self.bids, self.taken, self.exact, self.points, strict=True)
        ):
            made = "exact, " if exact else ""
            parts.append(f"seat {s} bid {bid}, took {took}: {made}+{points}")
        totals = " ".join(str(t) for t in self.totals)
        return f"hand {self.hand} of {self.hands} scored: {'; '.join(parts)}; totals {totals}"
