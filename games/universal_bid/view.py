"""What one seat may know in the bid-exact game."""

from __future__ import annotations

import attrs

from cardkit import Card, View
from cardkit.zones import SeatCards


@attrs.frozen(slots=True)
class HandScore:
    """One finished hand on the score sheet (public numbers only)."""

    number: int
    size: int
    dealer: int
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    points: tuple[int, ...]


@attrs.frozen(slots=True)
class UniversalBidView(View):
    """A seat's view: its own hand and everything public.

    ``phase`` is ``draw`` or ``deal`` (chance is due), ``bid``, ``play`` or
    ``over``. ``hand`` lists the seat's cards suit by suit from E to V, each
    suit from 1 up to Sun (the order of its legal plays too). ``draw`` lists
    ``(seat, card text)`` of the cards drawn to choose the first dealer
    (public; those cards went back into the deck).
    ``bids`` has ``None`` for a seat that has not bid yet. ``trick`` is the
    trick in progress as ``(seat, card)`` in play order; ``past_tricks`` the
    finished tricks of this hand, each led by its first seat.
    ``tricks_taken`` counts the tricks each seat took this hand, ``scores``
    are the match totals and ``hand_log`` the score sheet of the finished
    hands. ``dealer`` is None before the draw.
    """

    players: int
    phase: str
    hand: tuple[Card, ...]
    hand_number: int
    hands_total: int
    hand_size: int
    dealer: int | None
    draw: tuple[tuple[int, str], ...]
    bids: tuple[int | None, ...]
    trick: tuple[tuple[int, Card], ...]
    tricks_taken: tuple[int, ...]
    past_tricks: tuple[tuple[tuple[int, Card], ...], ...]
    scores: tuple[int, ...]
    hand_log: tuple[HandScore, ...]
    schedule: tuple[int, ...] = ()
    """The hand sizes of the match (public): what a sampled world needs besides the above."""
    cards: SeatCards | None = None
    """What the seat knows of every card (:class:`cardkit.zones.SeatCards`): its hand, the
    cards played, how many cards each zone holds and the suits a seat has shown it lacks."""

    @property
    def turn(self) -> int | None:
        """The seat whose turn it is (None while chance is due or the match is over)."""
        if not self.to_act or self.to_act[0] < 0:
            return None
        return self.to_act[-1]
