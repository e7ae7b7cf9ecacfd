"""The U.F.O.s events: bid cards chosen and shown, the auction, spying, hand scores.

The deal, plays, tricks won and the end of the match use the core events
(:class:`~cardkit.events.Dealt`, :class:`~cardkit.events.Received`,
:class:`~cardkit.events.Played`, :class:`~cardkit.events.TrickWon`,
:class:`~cardkit.events.MatchOver`). Suit letters are R, Y, G, T, or X for no trump.
"""

from __future__ import annotations

import attrs

from cardkit import Card
from cardkit.events import Event, HandScored
from games.ufos.cards import SUIT_NAMES


@attrs.frozen(slots=True)
class Chose(Event):
    """``seat`` laid down its bid cards; ``suit``/``game`` are None in the public cover."""

    seat: int
    suit: str | None = None
    game: str | None = None

    def __str__(self) -> str:
        if self.suit is None or self.game is None:
            return f"seat {self.seat} chose bid cards"
        return f"seat {self.seat} chose {SUIT_NAMES[self.suit]} {self.game}"


@attrs.frozen(slots=True)
class GameCardsRevealed(Event):
    """Every Game Card is turned up: ``games[seat]`` is high or low."""

    games: tuple[str, ...]

    def __str__(self) -> str:
        shown = ", ".join(f"seat {s} {g}" for s, g in enumerate(self.games))
        return f"Game Cards revealed: {shown}"


@attrs.frozen(slots=True)
class Passed(Event):
    """``seat`` passed: out of the auction for this hand."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} passes"


@attrs.frozen(slots=True)
class Waited(Event):
    """``seat``, the standing high bidder, let its turn go by."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} waits"


@attrs.frozen(slots=True)
class Spied(Event):
    """``seat`` paid ``target`` one point to look at its Suit Card (public)."""

    seat: int
    target: int

    def __str__(self) -> str:
        return f"seat {self.seat} pays seat {self.target} 1 point to spy on its Suit Card"


@attrs.frozen(slots=True)
class SuitCardSeen(Event):
    """``seat`` saw ``target``'s Suit Card ``card`` (suit letter ``suit``): only the spy sees it."""

    seat: int
    target: int
    card: Card
    suit: str

    def __str__(self) -> str:
        return f"seat {self.seat} sees seat {self.target}'s Suit Card: {SUIT_NAMES[self.suit]}"


@attrs.frozen(slots=True)
class AuctionWon(Event):
    """``seat`` won the auction for ``amount``: ``trump`` (X: none) and ``game`` are set.

    ``bid`` is False when nobody bid and the dealer won for 0. The text names the game;
    the trump is told by the :class:`SuitCardShown` that follows.
    """

    seat: int
    amount: int
    trump: str
    game: str
    bid: bool = True

    def __str__(self) -> str:
        # the trump is told once, by the Suit Card turned up next (SuitCardShown)
        if not self.bid:
            return f"nobody bid: the dealer, seat {self.seat}, wins for 0: game {self.game}"
        return f"seat {self.seat} wins the bid for {self.amount}: game {self.game}"


@attrs.frozen(slots=True)
class SuitCardShown(Event):
    """The bid winner ``seat`` turned up its Suit Card ``card`` (suit letter ``suit``)."""

    seat: int
    card: Card
    suit: str

    def __str__(self) -> str:
        what = "x, no trump" if self.suit == "X" else f"{SUIT_NAMES[self.suit]}, trump"
        return f"seat {self.seat} turns up its Suit Card: {what}"


@attrs.frozen(slots=True)
class UfosHandScored(HandScored):
    """A hand scored: ``tricks`` taken per seat, ``points`` won or lost (after the 0 floor),
    the new ``totals``; ``winner`` won the bid for ``bid`` points and ``game`` (high or
    low) was played."""

    tricks: tuple[int, ...] = ()
    winner: int = 0
    game: str = "high"
    bid: int = 0

    def columns(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Each seat's tricks, and the bid won (``5 high``) on the bid winner's row."""
        won = f"{self.bid} {self.game}"
        return (
            ("tricks", tuple(str(t) for t in self.tricks)),
            ("bid won", tuple(won if s == self.winner else "" for s in range(len(self.tricks)))),
        )

    def __str__(self) -> str:
        tricks = " ".join(str(t) for t in self.tricks)
        points = ", ".join(f"seat {s} {p:+d}" for s, p in enumerate(self.points))
        totals = " ".join(str(t) for t in self.totals)
        return (
            f"hand {self.hand} scored ({self.game}, bid won by seat {self.winner}): "
            f"tricks {tricks}; {points}; totals {totals}"
        )
