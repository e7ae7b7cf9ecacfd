"""What one U.F.O.s seat may know: :class:`UfosView`."""

from __future__ import annotations

import attrs

from cardkit import Card, View
from cardkit.zones import SeatCards


@attrs.frozen(slots=True)
class UfosView(View):
    """What one seat may know.

    ``hand``: own cards. ``bid_cards``: own bid cards not played;
    ``my_suit``/``my_game``: own pick (suit letter R, Y, G, T or X; high/low).
    ``picked``: who has laid bid cards down. ``games``: every Game Card once
    revealed (else None). ``spied``: ``(seat, suit letter)`` for each Suit Card
    this seat has seen by spying. ``shown``: the bid cards face up for this
    seat (own picks, revealed Game Cards, spied Suit Cards, the winner's Suit
    Card). ``points``: everyone's points. ``auction``: ``(seat, action text)``
    in order; ``passed``; ``high_bid``/``high_bidder`` (0/None before a bid).
    ``bid_winner``, ``winning_bid``, ``trump`` (R, Y, G, T, or X for no trump)
    and ``game`` once the auction is over. ``trick``: ``(seat, card, suit in
    trick)`` of the trick in play, led by ``leader``; ``last_trick`` and
    ``last_winner``: the trick just completed. ``tricks``: tricks taken.
    ``last_tricks`` and ``last_scores``: each seat's tricks and points in the
    previous hand. ``earlier_tricks``: this hand's finished tricks before
    ``last_trick``, as ``trick``. ``step``: the steps taken in the match so far (chance included).
    ``starting_points`` and ``respy``: the match's options. ``cards``: what the seat
    knows of the cards (:class:`~cardkit.zones.SeatCards`): the zones it sees, how many
    cards each zone holds, and the suits a seat has shown it lacks.
    """

    phase: str
    hand_number: int
    hands_total: int
    dealer: int
    points: tuple[int, ...]
    hand: tuple[Card, ...]
    bid_cards: tuple[Card, ...]
    my_suit: str | None
    my_game: str | None
    picked: tuple[bool, ...]
    games: tuple[str | None, ...]
    spied: tuple[tuple[int, str], ...]
    shown: tuple[Card, ...]
    auction: tuple[tuple[int, str], ...]
    passed: tuple[bool, ...]
    high_bid: int
    high_bidder: int | None
    bid_winner: int | None
    winning_bid: int
    trump: str | None
    game: str | None
    trick: tuple[tuple[int, Card, str], ...]
    leader: int | None
    last_trick: tuple[tuple[int, Card, str], ...]
    last_winner: int | None
    tricks: tuple[int, ...]
    last_tricks: tuple[int, ...]
    last_scores: tuple[int, ...]
    earlier_tricks: tuple[tuple[tuple[int, Card, str], ...], ...]
    step: int
    starting_points: int
    respy: bool
    cards: SeatCards | None = None
