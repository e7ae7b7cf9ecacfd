"""What one UNO: Star Trek seat may know: :class:`UnoView`."""

from __future__ import annotations

import attrs

from cardkit import Card, View
from cardkit.zones import SeatCards
from games.uno_star_trek.options import UnoOptions


@attrs.frozen(slots=True)
class UnoView(View):
    """What one seat may know.

    ``turn`` is the seat whose turn it is (or who must respond to a command, or
    name a colour); ``phase`` is one of ``play``, ``drawn``, ``respond``,
    ``colour``, ``deal``, ``over``. ``command`` names a command card directed at
    ``turn`` and not yet answered (``skip``, ``reverse``, ``draw2``, ``wd4``,
    ``meld``, ``tribble``), played by ``commander``; ``previous_colour`` is the
    colour in force before a pending Wild Draw 4. ``drawn`` is the text of the card
    this seat has just drawn (it is in ``hand``). ``window`` is ``catch`` while a
    catch window is open on ``window_subject`` (the seats still to answer it come
    first in ``to_act``). ``shown`` lists the cards of other hands this seat knows,
    as ``(seat, cards that seat surely still holds)``: a hand shown to it alone (Mind
    Meld, a Wild Draw 4 challenge), the Beam Me Up, Scotty an UNO call made while
    answering a command shows everyone. ``first_draw`` holds, per
    seat, the value drawn in the last round of drawing for the first dealer
    (None for a seat that did not draw in it).
    """

    hand: tuple[Card, ...]
    top: Card | None
    colour: str | None
    hand_sizes: tuple[int, ...]
    draw_pile: int
    direction: str
    turn: int
    phase: str
    drawn: str | None
    command: str | None
    commander: int | None
    previous_colour: str | None
    called_uno: bool
    window: str | None
    window_subject: int | None
    shown: tuple[tuple[int, tuple[Card, ...]], ...]
    dealer: int
    scores: tuple[int, ...]
    hand_number: int
    turns: int
    first_draw: tuple[int | None, ...]
    last_hand: tuple[int, ...]
    discard: tuple[str, ...] = ()
    under: tuple[tuple[int, int, int], ...] = ()
    window_answered: tuple[int, ...] = ()
    fair: bool | None = None
    redrew: bool = False
    """The player of a pending Wild Draw 4 has drawn since playing it (caught)."""
    call_on: tuple[tuple[int, str, str], ...] = ()
    """``(seat, top, colour)``: the seat's UNO call on that top discard and colour
    showed it held a card it could play on them, and no card that could be that one
    has left its hand since (but the card it drew after calling)."""
    options: UnoOptions | None = None
    cards: SeatCards | None = attrs.field(default=None, eq=False)
    """What the seat knows of every card (:class:`cardkit.zones.SeatCards`): its hand, the
    discard pile, the hands shown to it, how many cards each zone holds. Not compared:
    it tells copies of a face apart, which a seat cannot (the fields above say the same
    of the faces)."""
