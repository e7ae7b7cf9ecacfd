"""The card-table screen of ``cardkit play``: one fixed screen per decision.

It draws a :class:`~cardkit.table.TableLayout` (from the game's ``table``
hook, or the default) with the seat's legal actions, what happened since the
seat's last decision and a status line, laid out by a row budget: the
terminal's rows (the last one is the prompt's) go first to the title, the
seats with all their public facts, the trick and the last trick, the panels,
the hand, a line of what was done to the seat, then to the events (folded into
one line per seat when they do not all fit) and the whole action list in
columns, paged when even that does not fit (:attr:`Screen.page`). Nothing is
cut: a line too long for the terminal goes on, indented, on the next.

Cards are coloured by suit and always carry their own text, so nothing depends
on colour; :func:`show` draws a screen, in ASCII on a terminal that is not
UTF-8.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs
from rich.console import Console
from rich.text import Text

from cardkit.actions import Action
from cardkit.cards import Card
from cardkit.events import HandScored
from cardkit.table import Played, SeatRow, TableLayout
from cli.render import Renderer

HEIGHT = 23  # the screen's lines on a 24-line terminal; the prompt takes the 24th
INDENT = 4  # where a line too long for the terminal goes on
GAP = 3  # spaces between two actions on a line


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


def wrap(text: Text, width: int, indent: int = INDENT) -> list[Text]:
    """``text`` in lines of at most ``width`` cells, broken between words; the lines after
    the first are indented by ``indent``. A word longer than a line is cut into pieces."""
    width = max(width, indent + 8)
    out: list[Text] = []
    rest = text.copy()
    rest.rstrip()
    room = width
    while rest.cell_len > room:
        plain = rest.plain
        cut = plain.rfind(" ", 0, room + 1)
        if cut <= 0:
            cut = room
        head, tail = rest.divide([cut])
        head.rstrip()
        out.append(head)
        rest = tail
        while rest.plain.startswith(" "):
            rest = rest[1:]
        if out and room == width:
            room = width - indent
    if rest.plain or not out:
        out.append(rest)
    return [line if i == 0 else Text(" " * indent) + line for i, line in enumerate(out)]


@attrs.frozen
class Step:
    """One step as a seat saw it: the seat that acted (a seat number, ``CHANCE``, or
    None when unknown) and the lines of its events."""

    seat: int | None
    lines: tuple[str, ...]

    @property
    def text(self) -> str:
        """The step in one line."""
        return "; ".join(self.lines)


def steps_of(events: Sequence[Step | str]) -> list[Step]:
    """Event lines as steps (a plain line is a step by an unknown seat)."""
    return [e if isinstance(e, Step) else Step(None, (e,)) for e in events]


def fold(steps: Sequence[Step]) -> list[str]:
    """The steps' lines as one line per seat, in the order each seat first comes: ``seat 3:
    plays r3, draws 1 card, calls UNO``. A line goes to the seat it begins with (its
    subject); a line that begins with no seat (a deal, a score) is kept whole, in its
    place."""
    order: list[int | str] = []
    parts: dict[int | str, list[str]] = {}
    for step in steps:
        for line in step.lines:
            found = SUBJECT.match(line)
            key: int | str = int(found.group(1)) if found else f"{len(order)}:{line}"
            if key not in parts:
                order.append(key)
                parts[key] = []
            if found is None or found.group(2):  # no seat, or "seat 3's Skip ...": whole
                parts[key].append(line)
            else:
                parts[key].append(line[found.end() :])
    return [
        f"seat {key}: " + ", ".join(parts[key]) if isinstance(key, int) else parts[key][0]
        for key in order
    ]


def columns(texts: Sequence[Text], width: int) -> list[Text]:
    """``texts`` side by side in lines of at most ``width`` cells, in order along each line
    (each text whole, :data:`GAP` spaces apart; a text wider than a line is wrapped)."""
    out: list[Text] = []
    line = Text()
    for item in texts:
        if line.cell_len and line.cell_len + GAP + item.cell_len > width:
            out.append(line)
            line = Text()
        if line.cell_len:
            line.append(" " * GAP)
        if item.cell_len > width:
            pieces = wrap(item, width)
            out.extend(pieces[:-1])
            line = pieces[-1]
            continue
        line.append_text(item)
    if line.cell_len:
        out.append(line)
    return out


@attrs.frozen
class Page:
    """The actions shown: numbers ``first`` to ``last`` (from 1) of ``total``."""

    first: int
    last: int
    total: int

    @property
    def whole(self) -> bool:
        """True when every action is shown."""
        return self.first == 1 and self.last == self.total


def pages(items: Sequence[Text], width: int, rows: int) -> list[tuple[int, int]]:
    """``items`` cut into pages of at most ``rows`` lines at ``width``: ``(start, end)``
    index ranges, each page as full as it can be."""
    out: list[tuple[int, int]] = []
    start = 0
    while start < len(items):
        end = start + 1
        while end < len(items) and len(columns(items[start : end + 1], width)) <= rows:
            end += 1
        out.append((start, end))
        start = end
    return out


NAMED = re.compile(r"\bseat (\d+)\b")
SUBJECT = re.compile(r"seat (\d+)('s)? ")


def done_to(lines: Sequence[str], seat: int, players: int) -> list[str]:
    """The lines that say something was done to ``seat``: each names ``seat`` other than
    as the subject that begins it (``seat 2 catches seat 0``, ``seat 0 challenges ...:
    it was fair, so seat 0 loses``), or as the subject of a passive (``seat 0 is
    skipped``); a line that names every seat (a deal, a score) is about the table."""
    out = []
    for line in lines:
        named = [int(n) for n in NAMED.findall(line)]
        mine = named.count(seat)
        if not mine or (players > 1 and set(range(players)) <= set(named)):
            continue
        if named[0] == seat and mine == 1 and f"seat {seat} is " not in line:
            continue
        out.append(line)
    return out


class Screen:
    """Draws one game's table screen.

    ``page`` is the page of actions to show (from 0; the person turns it); after
    :meth:`lines`, :attr:`shown` says which actions the screen holds.
    """

    def __init__(self, render: Renderer, watching: bool = False) -> None:
        self.render = render
        self.watching = watching  # the viewer's seat is named as a seat, not "you"
        self.page = 0
        self.shown: Page | None = None

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
        out.rstrip()
        return out

    def seats(self, layout: TableLayout, width: int, height: int = HEIGHT) -> list[Text]:
        """One line per seat (a long one goes on below); two seats a line beyond six
        seats (beyond more on a terminal taller than 24 lines)."""
        held = any(row.held is not None for row in layout.seats)
        cells = [self.seat_cell(row, layout.seat, held) for row in layout.seats]
        if len(cells) <= max(6, height - 26):
            return [line for cell in cells for line in wrap(cell, width, 11)]
        half = width // 2
        rows = (len(cells) + 1) // 2
        out = []
        for i in range(rows):
            left = wrap(cells[i], half - 1, 11)
            right = wrap(cells[i + rows], width - half, 11) if i + rows < len(cells) else []
            for j in range(max(len(left), len(right))):
                line = left[j].copy() if j < len(left) else Text()
                if j < len(right):
                    line.pad_right(half - line.cell_len)
                    line.append_text(right[j])
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

    def items(self, legal: Sequence[Action]) -> list[Text]:
        """The legal actions as ``N) text``, numbered from 1."""
        out = []
        for i, action in enumerate(legal):
            item = Text()
            item.append(f"{i + 1}) ", style="bold")
            item.append_text(self.render.line(str(action)))
            out.append(item)
        return out

    def actions(self, legal: Sequence[Action], width: int, lines: int | None = None) -> list[Text]:
        """The legal actions, numbered from 1, side by side (never split inside an
        action): all of them, or the first page of at most ``lines`` lines."""
        items = self.items(legal)
        if lines is not None and items:
            start, end = pages(items, width, lines)[0]
            items = items[start:end]
        return columns(items, width)

    def head(self, console: Console, title: str, layout: TableLayout) -> list[Text]:
        """The title line (with the layout's status) and the seats."""
        width = max(console.width, 40)
        head = Text()
        head.append(f"── {title} ", style="bold green")
        if layout.status:
            head.append(f"· {layout.status} ", style="bold")
        head.rstrip()
        return [*wrap(head, width), *self.seats(layout, width, max(HEIGHT, console.height - 1))]

    def table(self, console: Console, title: str, layout: TableLayout) -> list[Text]:
        """The head, the trick, the last trick, the panels and the hand (no marks)."""
        return self.head(console, title, layout) + self.middle(console, layout, ())

    def middle(self, console: Console, layout: TableLayout, legal: Sequence[Action]) -> list[Text]:
        """The trick, the last trick, the panels and the hand, each whole."""
        width = max(console.width, 40)
        you = layout.seat
        out: list[Text] = []
        if layout.trick or layout.last_trick:
            line = Text()
            line.append("trick ", style="bold")
            line.append_text(self.played(layout.trick, you) if layout.trick else Text("-"))
            out.extend(wrap(line, width, 6))
            if layout.last_trick:
                out.extend(self.last(layout, width))
        for panel in layout.panels:
            text = Text()
            text.append(f"{panel.title}: ", style="bold")
            text.append_text(self.render.line(panel.text))
            out.extend(wrap(text, width))
        if layout.hand is not None:
            out.extend(wrap(self.hand(layout.hand, playable(legal)), width, 5))
        return out

    def last(self, layout: TableLayout, width: int) -> list[Text]:
        """``last  (won by seat 1) you E:1  seat 1 E:Sun ...``, whole."""
        last = Text()
        last.append("last  ", style="bold")
        if layout.last_winner is not None:
            last.append(f"(won by {self.name(layout.last_winner, layout.seat)}) ")
        last.append_text(self.played(layout.last_trick, layout.seat))
        return wrap(last, width, 6)

    def events(self, texts: Sequence[str], width: int) -> list[Text]:
        """Event lines, each whole (indented by two)."""
        return [
            piece
            for text in texts
            for piece in wrap(Text("  ") + self.render.line(text), width, INDENT + 2)
        ]

    def done(self, lines: Sequence[str], you: int, width: int) -> list[Text]:
        """The line of what was done to the viewer's seat since its last decision."""
        if not lines:
            return []
        text = Text()
        text.append(f"to {self.name(you, you)}: ", style="bold yellow")
        text.append_text(self.render.line("; ".join(lines)))
        return wrap(text, width)

    def lines(
        self,
        console: Console,
        title: str,
        layout: TableLayout,
        legal: Sequence[Action],
        events: Sequence[Step | str],
        footer: Sequence[Text] = (),
        events_title: str = "recent",
        most_events: int | None = None,
        note: Text | None = None,
        done: Sequence[str] = (),
        extra: Sequence[Text] = (),
    ) -> list[Text]:
        """The whole screen, at most the console's height less one line (the prompt's),
        at least :data:`HEIGHT`, of the console's width.

        The table and the hand come first, whole; then ``events`` under
        ``events_title`` (its last ``most_events`` steps, when given), one line per step,
        or one line per seat when those do not fit, and ``done`` (what was done to the
        viewer's seat), whole; then the legal actions, all of them, or as many as fit on
        page :attr:`page` (its range in :attr:`shown`). ``extra`` (a hand's table) comes
        after the hand; ``footer`` replaces the actions when ``legal`` is empty (a bot's
        move, watch mode); ``note`` (a refusal, a hint) ends the screen.
        """
        width = max(console.width, 40)
        height = max(HEIGHT, console.height - 1)
        steps = steps_of(events)
        if most_events is not None:
            steps = steps[-most_events:] if most_events > 0 else []
        top = self.head(console, title, layout) + self.middle(console, layout, legal)
        top += extra
        bottom = [line for text in footer for line in wrap(text, width)] if not legal else []
        done_lines = self.done(done, layout.seat, width)
        if note is not None:
            bottom += wrap(note, width)
        room = height - len(top) - len(bottom) - len(done_lines)
        items = self.items(legal)
        whole = columns(items, width)
        full = self.events([s.text for s in steps], width)
        folded = self.events(fold(steps), width)
        recent: list[Text] = []
        for candidate in (full, folded):
            if steps and len(candidate) + 1 + len(whole) <= room:
                recent = candidate
                break
        else:
            if steps:
                # the actions are paged: the events keep what a line of actions leaves
                keep = max(0, room - 1 - (1 if items else 0))
                recent = folded if len(folded) <= keep else self.squeeze(fold(steps), width, keep)
        if recent:
            top += [Text(events_title, style="dim"), *recent]
        top += done_lines  # last of the events, just above the actions
        room = height - len(top) - len(bottom)
        self.shown = None
        if items:
            if len(whole) <= room:
                shown = whole
                self.shown = Page(1, len(items), len(items))
            else:
                cut = pages(items, width, max(1, room))
                self.page %= len(cut)
                start, end = cut[self.page]
                shown = columns(items[start:end], width)
                self.shown = Page(start + 1, end, len(items))
            top += shown
        return top + bottom

    def squeeze(self, texts: Sequence[str], width: int, lines: int) -> list[Text]:
        """``texts`` run together (`` · `` between them) in at most ``lines`` lines; the
        last ends with ``…`` when even that is too long (a screen far too small)."""
        if lines <= 0:
            return []
        joined = Text("  ") + self.render.line(" · ".join(texts))
        out = wrap(joined, width, 2)
        if len(out) > lines:
            out = out[:lines]
            out[-1].truncate(width - 1)
            out[-1].append("…")
        return out

    def scores(self, scored: HandScored, layout: TableLayout, you: int, width: int) -> list[Text]:
        """A hand's table: one row per seat with the game's columns for the hand
        (:meth:`~cardkit.events.HandScored.columns`: bid, tricks), its points and the
        running total; then the last trick."""
        players = len(scored.points)
        heads = [*(name for name, _ in scored.columns()), "hand", "total"]
        cells = [
            [
                *(values[s] if s < len(values) else "" for _, values in scored.columns()),
                f"{scored.points[s]:+d}",
                str(scored.totals[s]) if s < len(scored.totals) else "",
            ]
            for s in range(players)
        ]
        names = [self.name(s, you) for s in range(players)]
        first = max(len(n) for n in names) + 2
        sizes = [max(len(h), *(len(row[i]) for row in cells)) for i, h in enumerate(heads)]
        head = Text(" " * first, style="bold")
        head.append("  ".join(h.rjust(n) for h, n in zip(heads, sizes, strict=True)), "bold")
        out = wrap(head, width)
        for s in range(players):
            row = Text(f"{names[s]:<{first}}", style="bold" if s == you else "")
            row.append("  ".join(c.rjust(n) for c, n in zip(cells[s], sizes, strict=True)))
            out.extend(wrap(row, width, first))
        if layout.last_trick:
            out.extend(self.last(layout, width))
        return out
