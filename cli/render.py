"""Generic rendering of views, cards, actions, events and results with rich.

The CLI knows no game by name, so it renders what a game gives it:

- a view (a frozen attrs :class:`~cardkit.game.View`) field by field: a flat
  tuple of cards shows as cards grouped by suit; a tuple of numbers with one
  entry per seat (scores, tricks, bids) goes into a small per-seat table;
  anything else shows as a labelled value;
- cards coloured by the styles of the game's deck (``Deck.styles``), with
  fallback colours for suits the deck gives no style;
- event lines (from the game's events, see :func:`step_line`), with the card texts coloured.

Every text from the game, a record or a bot is shown as text: in ``Text`` objects
(never parsed as markup) with its control characters made visible
(:func:`cli.common.safe_text`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from cardkit.actions import Action
from cardkit.cards import Card, Deck
from cardkit.events import Event
from cardkit.game import Game, Result, View
from cardkit.options import OptionValue
from cardkit.seats import CHANCE
from cli.common import safe_text

FALLBACK_STYLES = (
    "bold cyan",
    "bold magenta",
    "bold yellow",
    "bold green",
    "bold blue",
    "bold red",
    "bold white",
    "cyan",
    "magenta",
    "yellow",
    "green",
    "blue",
)
_PUNCTUATION = ",.;:()[]!?'\""


def step_line(
    game: Game, seat: int, action: Action, events: Sequence[Event], viewer: int | None
) -> str:
    """One line for a step: the lines of the events ``viewer`` may see, joined.

    A step that told ``viewer`` nothing (a game that records no events) is
    named plainly: the action for its own seat or an all-seeing viewer, else
    only that the seat acted.
    """
    lines = [game.line(e, viewer) for e in events if e.seen_by(viewer)]
    if lines:
        return "; ".join(lines)
    if seat == CHANCE:
        return "the cards are shuffled and dealt"
    if viewer is None or viewer == seat:
        return f"seat {seat}: {action}"
    return f"seat {seat} acts"


def seat_name(seat: int, you: int | None = None) -> str:
    """``seat 2``, ``seat 2 (you)`` or ``chance``."""
    if seat == CHANCE:
        return "chance"
    return f"seat {seat} (you)" if seat == you else f"seat {seat}"


def label(name: str) -> str:
    """A field name as a label: ``hand_number`` -> ``hand number``."""
    return name.strip("_").replace("_", " ")


def number(value: float) -> str:
    """An int as is; a float without needless decimals."""
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))
    return str(value)


def cell(value: object) -> str:
    """One per-seat value: ``-`` for None, yes/no, a number or a word."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        return number(value)
    return str(value)


class Renderer:
    """Renders one game's views, actions, events and results."""

    def __init__(self, game: Game, players: int, options: Mapping[str, OptionValue]) -> None:
        self.game = game
        self.players = players
        try:
            deck: Deck | None = game.deck(players, options)
        except Exception:  # a renderer must never fail on a game's deck
            deck = None
        faces: tuple[Card, ...] = () if deck is None else deck.faces
        self.own_styles: Mapping[str, str] = {} if deck is None else deck.styles
        """The deck's style of each suit that has one, in display order."""
        self.styles: dict[str, str] = dict(self.own_styles)
        self.suit_order: dict[str, int] = {s: i for i, s in enumerate(self.own_styles)}
        self.by_text: dict[str, Card] = {}
        for card in faces:
            self.suit_order.setdefault(card.suit, len(self.suit_order))
            self.by_text[card.text] = card
            self.style(card.suit)

    # -- cards --------------------------------------------------------------------

    def style(self, suit: str) -> str:
        """The rich style of ``suit``: the deck's, else a fallback colour."""
        found = self.styles.get(suit)
        if found is None:
            used = len([s for s in self.styles if s not in self.own_styles])
            found = FALLBACK_STYLES[used % len(FALLBACK_STYLES)]
            self.styles[suit] = found
        return found

    def card(self, card: Card) -> Text:
        """One card's text form in its suit's colour."""
        return Text(safe_text(card.text), style=self.style(card.suit))

    def cards(self, cards: Iterable[Card]) -> Text:
        """Cards grouped by suit (in the deck's styles order), lowest rank first, coloured."""
        groups: dict[str, list[Card]] = {}
        for card in cards:
            groups.setdefault(card.suit, []).append(card)
        if not groups:
            return Text("none", style="dim")
        out = Text()
        order = sorted(groups, key=lambda s: (self.suit_order.get(s, len(self.suit_order)), s))
        for i, suit in enumerate(order):
            if i:
                out.append("   ")
            for j, card in enumerate(sorted(groups[suit], key=lambda c: (c.rank, c.id))):
                if j:
                    out.append(" ")
                out.append_text(self.card(card))
        return out

    def line(self, text: str) -> Text:
        """A plain line (an event, an action) with the card texts in it coloured; shown as
        text (:func:`~cli.common.safe_text`), never as markup."""
        out = Text()
        for i, word in enumerate(safe_text(text).split(" ")):
            if i:
                out.append(" ")
            core = word.strip(_PUNCTUATION)
            card = self.by_text.get(core) if core else None
            if card is None:
                out.append(word)
                continue
            start = word.index(core)
            out.append(word[:start])
            out.append_text(self.card(card))
            out.append(word[start + len(core) :])
        return out

    # -- values and views -----------------------------------------------------------

    def value(self, value: Any) -> Text:
        """Any view value as text: cards coloured, tuples listed, attrs records by field."""
        if isinstance(value, Card):
            return self.card(value)
        if value is None:
            return Text("-", style="dim")
        if isinstance(value, bool):
            return Text("yes" if value else "no")
        if isinstance(value, int | float):
            return Text(number(value))
        if isinstance(value, str):
            return self.line(value)
        if isinstance(value, tuple | list):
            return self._sequence(value)
        if isinstance(value, Mapping):
            out = Text()
            for i, (key, item) in enumerate(value.items()):
                if i:
                    out.append(", ")
                out.append(f"{safe_text(key)}: ")
                out.append_text(self.value(item))
            return out
        if attrs.has(type(value)):
            out = Text()
            for i, field in enumerate(attrs.fields(type(value))):
                if i:
                    out.append(", ")
                out.append(f"{safe_text(label(field.name))} ")
                out.append_text(self.value(getattr(value, field.name)))
            return out
        return Text(safe_text(value))

    def _sequence(self, items: Sequence[Any]) -> Text:
        """Cards grouped by suit; small records side by side; groups of records bracketed."""
        if not items:
            return Text("none", style="dim")
        if all(isinstance(v, Card) for v in items):
            return self.cards(items)
        out = Text()
        grouped = False
        for i, item in enumerate(items):
            if _keyed_cards(item):  # (seat, cards): "1: r0 r1"
                if i:
                    out.append(", ")
                out.append_text(self.value(item[0]))
                out.append(": ")
                out.append_text(self.cards(item[1]))
                grouped = True
                continue
            if isinstance(item, tuple | list) and any(isinstance(x, tuple | list) for x in item):
                if i:
                    out.append(" ")
                out.append("[")
                out.append_text(self._sequence(item))
                out.append("]")
                grouped = True
                continue
            if i:
                out.append(" " if _scalar(item) and not grouped else ", ")
            if isinstance(item, tuple | list):
                grouped = True
                out.append_text(self._inline(item))
            else:
                out.append_text(self.value(item))
        return out

    def _inline(self, items: Sequence[Any]) -> Text:
        """A small record such as ``(seat, card, declared)``: its parts side by side."""
        out = Text()
        parts = [v for v in items if v is not None and v != ""]
        for i, part in enumerate(parts):
            if i:
                out.append(" ")
            out.append_text(self.value(part))
        return out

    def per_seat(self, value: Any) -> bool:
        """True for a tuple with one short value (number, word, yes/no or None) per seat:
        shown as a row of the per-seat table."""
        return (
            isinstance(value, tuple)
            and len(value) == self.players
            and all(
                v is None or isinstance(v, int | float) or (isinstance(v, str) and len(v) <= 12)
                for v in value
            )
        )

    def view(self, view: View) -> RenderableType:
        """A view as its seat sees it: who acts, a per-seat table, then every other field
        that has a value."""
        seat_rows: list[tuple[str, tuple[Any, ...]]] = []
        fields = Table.grid(padding=(0, 2))
        fields.add_column(style="bold")
        fields.add_column()
        for field in attrs.fields(type(view)):
            if field.name in ("seat", "to_act") or field.name.startswith("_"):
                continue
            value = getattr(view, field.name)
            if value is None:  # nothing to show now (no trump yet, no window open)
                continue
            if self.per_seat(value):
                seat_rows.append((label(field.name), value))
            elif records(value):
                fields.add_row(Text(safe_text(label(field.name))), self.records_table(value))
            else:
                fields.add_row(Text(safe_text(label(field.name))), self.value(value))
        parts: list[RenderableType] = [self.turn_line(view.to_act, view.seat)]
        if seat_rows:
            seats = [seat_name(seat, view.seat) for seat in range(self.players)]
            parts.append(SeatTable(seats, [(n, [cell(v) for v in vs]) for n, vs in seat_rows]))
        parts.append(fields)
        return Group(*parts)

    def records_table(self, items: Sequence[Any]) -> Table:
        """Records of one attrs class (a log of past hands): a column per field."""
        table = Table(box=None, padding=(0, 1), show_edge=False, header_style="dim")
        names = [f.name for f in attrs.fields(type(items[0]))]
        for name in names:
            table.add_column(Text(safe_text(label(name))))
        for item in items:
            table.add_row(*(self.value(getattr(item, name)) for name in names))
        return table

    def turn_line(self, to_act: Sequence[int], you: int | None) -> Text:
        """``to act: seat 1, seat 0 (you)``."""
        out = Text("to act: ", style="bold")
        if not to_act:
            out.append("nobody (the match is over)")
        for i, seat in enumerate(to_act):
            if i:
                out.append(", ")
            out.append(seat_name(seat, you), style="bold green" if seat == you else "")
        return out

    # -- actions, events, results -------------------------------------------------------

    def event(self, mark: str, text: str, bold: bool = False) -> Table:
        """One event line after a mark (``-``, a step number); long lines wrap under the text."""
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="dim", justify="right", no_wrap=True)
        grid.add_column()
        line = self.line(text)
        if bold:
            line.stylize("bold")
        grid.add_row(mark, line)
        return grid

    def actions(self, legal: Sequence[Action]) -> Table:
        """The legal actions, numbered from 1, in columns."""
        table = Table.grid(padding=(0, 3))
        columns = 1 if len(legal) <= 6 else 2 if len(legal) <= 16 else 3
        for _ in range(columns):
            table.add_column()
        rows = (len(legal) + columns - 1) // columns
        cells: list[list[Text]] = [[] for _ in range(rows)]
        for i, action in enumerate(legal):
            cell = Text(f"{i + 1:>3}) ", style="bold")
            cell.append_text(self.line(str(action)))
            cells[i % rows].append(cell)
        for row in cells:
            table.add_row(*row)
        return table

    def result(self, result: Result, you: int | None = None, names: Sequence[str] = ()) -> Table:
        """Final scores, the winners and, if a limit stopped the match, why; ``names`` (who
        played each seat, from a record or the command line) are shown as text."""
        note = safe_text(result.note or "limit")
        title = Text("Result" if result.finished else f"Result (unfinished: {note})")
        table = Table(title=title, title_justify="left")
        table.add_column("seat")
        if names:
            table.add_column("player")
        table.add_column("score", justify="right")
        table.add_column("")
        for seat, score in enumerate(result.scores):
            row = [Text(seat_name(seat, you))]
            if names:
                row.append(Text(safe_text(names[seat]) if seat < len(names) else ""))
            share = result.share(seat)
            won = (
                ""
                if not share
                else "wins"
                if share == 1
                else f"shares the win (1/{len(result.winners)})"
            )
            row.extend([Text(number(score)), Text(won)])
            table.add_row(*row, style="bold green" if share else "")
        return table


def _keyed_cards(item: Any) -> bool:
    """A pair of a number or word and a tuple of cards, such as ``(seat, hand)``."""
    return (
        isinstance(item, tuple)
        and len(item) == 2
        and isinstance(item[0], int | str)
        and isinstance(item[1], tuple)
        and bool(item[1])
        and all(isinstance(c, Card) for c in item[1])
    )


def records(value: Any) -> bool:
    """True for a non-empty tuple of records of one attrs class (shown as a table)."""
    return (
        isinstance(value, tuple)
        and bool(value)
        and attrs.has(type(value[0]))
        and all(type(v) is type(value[0]) for v in value)
    )


class SeatTable:
    """The per-seat numbers: a column per seat, or a row per seat where that is too wide
    for the terminal (many players, a narrow window)."""

    def __init__(self, seats: Sequence[str], rows: Sequence[tuple[str, Sequence[str]]]) -> None:
        self.seats = [Text(safe_text(seat)) for seat in seats]
        self.rows = [
            (Text(safe_text(name)), [Text(safe_text(v)) for v in values]) for name, values in rows
        ]

    def wide(self) -> Table:
        """One column per seat, one row per field."""
        table = Table(box=None, padding=(0, 2), show_edge=False)
        table.add_column("")
        for seat in self.seats:
            table.add_column(seat, justify="right", no_wrap=True)
        for name, values in self.rows:
            table.add_row(name, *values)
        return table

    def tall(self) -> Table:
        """One row per seat, one column per field."""
        table = Table(box=None, padding=(0, 1), show_edge=False)
        table.add_column("", no_wrap=True)
        for name, _ in self.rows:
            table.add_column(name, justify="right", overflow="fold")
        for i, seat in enumerate(self.seats):
            table.add_row(seat, *(values[i] for _, values in self.rows))
        return table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        wide = self.wide()
        needed = Measurement.get(console, options.update(width=10_000), wide).maximum
        yield wide if needed <= options.max_width else self.tall()


def _scalar(value: Any) -> bool:
    return isinstance(value, int | float | str | Card) or value is None
