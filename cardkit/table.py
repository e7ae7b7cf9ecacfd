"""The card table: a seat's view as plain data a front end draws.

A game may give its :class:`~cardkit.game.Game` a ``table(view)`` method (a
one-line hook) returning a :class:`TableLayout`: the seats round the table,
the trick in progress, the last trick, the seat's own hand and a few panels in
words. :func:`table_for` calls it, or builds a plain layout from the view's
fields for a game without one. A layout is built from the view only, so it
never holds a card the seat may not see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardkit.cards import Card
from cardkit.game import Game, View


@attrs.frozen(slots=True)
class SeatRow:
    """One seat at the table.

    ``held``: the cards this seat holds as far as the viewer knows (a count, or
    None when unknown); ``numbers``: short ``(name, value)`` pairs such as
    ``("bid", "2")``; ``note``: a word or two (``passed``, ``UNO``).
    """

    seat: int
    label: str
    held: int | None = None
    numbers: tuple[tuple[str, str], ...] = ()
    dealer: bool = False
    turn: bool = False
    note: str = ""


@attrs.frozen(slots=True)
class Played:
    """A card on the table: who played it, and a note (``as Y``) or ``""``."""

    seat: int
    card: Card
    note: str = ""


@attrs.frozen(slots=True)
class Panel:
    """A small piece of the table in words: ``title: text`` (card texts in it are coloured)."""

    title: str
    text: str


@attrs.frozen(slots=True)
class TableLayout:
    """What one seat sees of the table now, as plain data.

    ``hand`` is the seat's own cards (None for a game without a hand);
    ``trick`` the cards of the trick in progress in play order; ``last_trick``
    and ``last_winner`` the trick completed before it; ``status`` one line
    saying where the match is.
    """

    seat: int
    seats: tuple[SeatRow, ...]
    hand: tuple[Card, ...] | None = None
    trick: tuple[Played, ...] = ()
    last_trick: tuple[Played, ...] = ()
    last_winner: int | None = None
    panels: tuple[Panel, ...] = ()
    status: str = ""


def seat_label(seat: int, you: int) -> str:
    """``you`` for the viewer's seat, else ``seat N``."""
    return "you" if seat == you else f"seat {seat}"


def table_for(game: Game[Any], view: View, players: int) -> TableLayout:
    """The game's own layout (its ``table(view)`` hook), else :func:`default_table`."""
    hook = getattr(game, "table", None)
    if callable(hook):
        layout = hook(view)
        if isinstance(layout, TableLayout):
            return layout
    return default_table(view, players)


def _cards(value: Any) -> bool:
    return isinstance(value, tuple) and all(isinstance(c, Card) for c in value)


def _played(value: Any) -> tuple[Played, ...] | None:
    """``(seat, card, ...)`` records as :class:`Played`, or None if ``value`` is not such."""
    if not isinstance(value, tuple):
        return None
    out = []
    for item in value:
        if not (
            isinstance(item, tuple)
            and len(item) >= 2
            and isinstance(item[0], int)
            and isinstance(item[1], Card)
        ):
            return None
        out.append(Played(item[0], item[1]))
    return tuple(out)


def _short(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def default_table(view: View, players: int) -> TableLayout:
    """A plain layout from a view's fields: one-per-seat tuples of numbers as the seats'
    numbers, a ``hand`` of cards, a ``trick`` of ``(seat, card)`` records, and the other
    short fields as one panel."""
    numbers: list[tuple[str, tuple[Any, ...]]] = []
    hand: tuple[Card, ...] | None = None
    trick: tuple[Played, ...] = ()
    facts: list[str] = []
    for field in attrs.fields(type(view)):
        name = field.name
        if name in ("seat", "to_act") or name.startswith("_"):
            continue
        value = getattr(view, name)
        words = name.replace("_", " ")
        if name == "hand" and _cards(value):
            hand = value
        elif name == "trick" and _played(value) is not None:
            trick = _played(value) or ()
        elif (
            isinstance(value, tuple)
            and len(value) == players
            and all(v is None or isinstance(v, int | float | str) for v in value)
        ):
            numbers.append((words, value))
        elif value is None or isinstance(value, tuple | list):
            continue
        elif isinstance(value, int | float | str | Card):
            facts.append(f"{words} {_short(value)}")
    seats = tuple(
        SeatRow(
            seat,
            seat_label(seat, view.seat),
            numbers=tuple((name, _short(values[seat])) for name, values in numbers),
            turn=seat in view.to_act,
        )
        for seat in range(players)
    )
    panels = (Panel("game", ", ".join(facts)),) if facts else ()
    return TableLayout(view.seat, seats, hand=hand, trick=trick, panels=panels)


def count_played(trick: Sequence[Played], seat: int) -> int:
    """1 if ``seat`` has a card in ``trick``, else 0."""
    return int(any(p.seat == seat for p in trick))
