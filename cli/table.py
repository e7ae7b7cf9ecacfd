"""The card-table screen of ``cardkit play``: one fixed screen per decision.

It draws a :class:`~cardkit.table.TableLayout` (from the game's ``table``
hook, or the default) with the seat's legal actions, the last event lines and
a status line, as a list of lines no wider than the console, bounded so that
the whole screen and its prompt fit 24 lines at any player count (a taller
terminal gets more events). Cards are coloured by suit and always carry their
own text, so nothing depends on colour; :func:`show` draws a screen, in ASCII
on a terminal that is not UTF-8.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from cardkit.actions import Action
from cardkit.cards import Card
from cardkit.table import Played, SeatRow, TableLayout
from cli.render import Renderer

HEIGHT = 23  # the screen's lines; the prompt takes the 24th
EVENTS = 3
ACTION_LINES = 3


ASCII = str.maketrans({"─": "-", "·": "|", "…": "~", "→": ">"})
"""What the screen's own marks become on a terminal that is not UTF-8 (one character
each, so the colours stay where they were)."""


def plain_ascii(line: Text) -> Text:
    """``line`` with every character outside ASCII replaced by one that is (``?`` for
    those :data:`ASCII` does not name), its styles kept."""
    text = line.plain.translate(ASCII)
    if text.isascii() and text == line.plain:
        return line
    out = line.copy()
    out.plain = "".join(c if c.isascii() else "?" for c in text)
    return out


def show(console: Console, lines: Sequence[Text]) -> None:
    """Print a screen: in place of the last one on a terminal (it is cleared first),
    appended otherwise; in ASCII when the console cannot write UTF-8."""
    ascii_only = not console.encoding.lower().startswith("utf")
    if console.is_terminal:
        console.clear()
    for line in lines:
        console.print(plain_ascii(line) if ascii_only else line, no_wrap=True, overflow="crop")


def playable(legal: Sequence[Action]) -> set[Card]:
    """The cards some legal action plays."""
    found = set()
    for action in legal:
        card = getattr(action, "card", None)
        if isinstance(card, Card):
            found.add(card)
    return found


def _fit(console: Console, text: Text, width: int, lines: int) -> list[Text]:
    """``text`` wrapped to ``width``, at most ``lines`` lines (the last ends with ``…``)."""
    wrapped = list(text.wrap(console, width))
    if len(wrapped) > lines:
        wrapped = wrapped[:lines]
        last = wrapped[-1]
        last.truncate(width - 1)
        last.append("…")
    return wrapped


class Screen:
    """Draws one game's table screen."""

    def __init__(self, render: Renderer, watching: bool = False) -> None:
        self.render = render
        self.watching = watching  # the viewer's seat is named as a seat, not "you"

    def name(self, seat: int, you: int) -> str:
        """``you`` for the viewer's seat (``seat N`` when watching), else ``seat N``."""
        return "you" if seat == you and not self.watching else f"seat {seat}"

    def seat_cell(self, row: SeatRow, you: int | None = None, held: bool = False) -> Text:
        """``> you  D  7 cards  bid 2  tricks 1  score 12  passed``; with ``held``, an
        unknown count of cards is blank, so that the columns stay in line."""
        out = Text()
        out.append("> " if row.turn else "  ", style="bold green")
        label = row.label if row.seat != you else self.name(row.seat, you)
        out.append(f"{label:<7}", style="bold" if row.seat == you else "")
        out.append(" D " if row.dealer else "   ", style="bold")
        if row.held is not None:
            out.append(f"{row.held:>2} card{'s' if row.held != 1 else ' '}  ")
        elif held:
            out.append(" " * len("99 cards  "))
        for name, value in row.numbers:
            out.append(f"{name} {value:>2}  ")
        if row.note:
            out.append(row.note, style="italic")
        return out

    def seats(self, layout: TableLayout, width: int, height: int = HEIGHT) -> list[Text]:
        """One line per seat; two seats a line beyond six seats (beyond more on a
        terminal taller than 24 lines)."""
        held = any(row.held is not None for row in layout.seats)
        cells = [self.seat_cell(row, layout.seat, held) for row in layout.seats]
        if len(cells) <= max(6, height - 26):
            for cell in cells:
                cell.truncate(width, overflow="ellipsis")
            return cells
        half = width // 2
        rows = (len(cells) + 1) // 2
        out = []
        for i in range(rows):
            left = cells[i]
            left.truncate(half - 1, overflow="ellipsis", pad=True)
            line = left + Text(" ")
            if i + rows < len(cells):
                right = cells[i + rows]
                right.truncate(width - half, overflow="ellipsis")
                line.append_text(right)
            out.append(line)
        return out

    def played(self, cards: Sequence[Played], you: int) -> Text:
        out = Text()
        for i, p in enumerate(cards):
            if i:
                out.append("  ")
            out.append(f"{self.name(p.seat, you)} ")
            out.append_text(self.render.card(p.card))
            if p.note:
                out.append(f" {p.note}")
        return out

    def hand(self, cards: Sequence[Card], marks: set[Card]) -> Text:
        """The hand by suit; when only some cards are playable, those carry a ``*``."""
        some = bool(marks) and not set(cards) <= marks
        out = Text()
        out.append("hand ", style="bold")
        if some:
            out.append("(* playable) ", style="dim")
        shown = self.render.cards(cards)
        if not some:
            return out + shown
        by_text = {c.text: c for c in cards}
        for word in shown.split(" "):
            out.append_text(word)
            card = by_text.get(word.plain)
            if card is not None and card in marks:
                out.append("*", style="bold")
            out.append(" ")
        out.rstrip()
        return out

    def actions(self, legal: Sequence[Action], width: int, lines: int) -> list[Text]:
        """The legal actions, numbered from 1, side by side on at most ``lines`` lines
        (never split inside an action); ``…`` ends the last line when some are left out."""
        out = [Text()]
        for i, action in enumerate(legal):
            item = Text()
            item.append(f"{i + 1}) ", style="bold")
            item.append_text(self.render.line(str(action)))
            line = out[-1]
            gap = 3 if line.cell_len else 0
            if line.cell_len + gap + item.cell_len > width - 2 and line.cell_len:
                if len(out) == lines:
                    line.append(" …" if line.cell_len + 2 <= width else "")
                    break
                out.append(Text())
                line, gap = out[-1], 0
            line.append(" " * gap)
            line.append_text(item)
        for line in out:
            line.truncate(width, overflow="ellipsis")
        return out

    def head(self, console: Console, title: str, layout: TableLayout) -> list[Text]:
        """The title line (with the layout's status) and the seats."""
        width = max(console.width, 40)
        head = Text()
        head.append(f"── {title} ", style="bold green")
        if layout.status:
            head.append(f"· {layout.status} ", style="bold")
        head.truncate(width, overflow="ellipsis")
        return [head, *self.seats(layout, width, max(HEIGHT, console.height - 1))]

    def lines(
        self,
        console: Console,
        title: str,
        layout: TableLayout,
        legal: Sequence[Action],
        events: Sequence[str],
        footer: Sequence[Text] = (),
        events_title: str = "recent",
        most_events: int | None = None,
        note: Text | None = None,
    ) -> list[Text]:
        """The whole screen, at most :data:`HEIGHT` lines of the console's width (more on a
        taller terminal: the extra lines show more events).

        ``footer`` replaces the legal actions when ``legal`` is empty (a bot's move, watch
        mode); ``note`` (a refusal, a hint) ends the screen; ``events`` are shown under
        ``events_title``, at most ``most_events`` of them (:data:`EVENTS`, more on a
        taller terminal), as many as fit.
        """
        width = max(console.width, 40)
        height = max(HEIGHT, console.height - 1)
        if most_events is None:
            most_events = EVENTS if height == HEIGHT else EVENTS + (height - HEIGHT) // 2
        out = self.head(console, title, layout)
        you = layout.seat
        if layout.trick or layout.last_trick:
            line = Text()
            line.append("trick ", style="bold")
            line.append_text(self.played(layout.trick, you) if layout.trick else Text("-"))
            out.extend(_fit(console, line, width, 1))
            if layout.last_trick:
                last = Text()
                last.append("last  ", style="bold")
                if layout.last_winner is not None:
                    who = self.name(layout.last_winner, you)
                    last.append(f"(won by {who}) ")
                last.append_text(self.played(layout.last_trick, you))
                out.extend(_fit(console, last, width, 1))
        for panel in layout.panels:
            text = Text()
            text.append(f"{panel.title}: ", style="bold")
            text.append_text(self.render.line(panel.text))
            out.extend(_fit(console, text, width, 1))
        if layout.hand is not None:
            out.extend(_fit(console, self.hand(layout.hand, playable(legal)), width, 2))
        bottom = min(ACTION_LINES, 2) if legal else max(1, len(footer))
        noted = _fit(console, note, width, 2) if note is not None else []
        bottom += len(noted)
        room = height - len(out) - 1 - bottom  # the events' title line
        recent = list(events)[-max(0, min(most_events, room)) :] if room > 0 else []
        if recent:
            out.append(Text(events_title, style="dim"))
            for event in recent:
                line = Text("  ") + self.render.line(event)
                out.extend(_fit(console, line, width, 1))
        if legal:
            room = max(1, min(ACTION_LINES, height - len(out) - len(noted)))
            out.extend(self.actions(legal, width, room))
        else:
            for line in footer:
                out.extend(_fit(console, line, width, 1))
        return out[: height - len(noted)] + noted
