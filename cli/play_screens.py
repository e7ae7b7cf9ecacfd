"""What a ``cardkit play`` session shows.

:class:`PlayScreens` draws the card table (:mod:`cli.table`) for each decision
and after each bot's move, the hand's table when a hand is scored, and the help
and the score sheet: on a terminal in place, a page at a time; through a pipe
appended to the output.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from cardkit.actions import Action, Draw, Play
from cardkit.bots import BaseBot, BotSpec
from cardkit.events import HandScored
from cardkit.game import Game, State
from cardkit.record import Record
from cardkit.table import Played, TableLayout, table_for
from cli.common import console, safe_text
from cli.play_match import PlayMatch
from cli.prompt import PAUSED_KEYS, WATCH_KEYS, Pace, page_keys
from cli.render import Renderer
from cli.table import Screen, done_to, wrap
from cli.table import show as show_screen

DELAY = 0.6
"""The pause after each bot's move (seconds) unless ``--delay`` says otherwise."""
WATCH_DELAY = 1.5
"""The pause after each step of a watched match, unless ``--delay`` says otherwise."""


class PlayScreens(PlayMatch):
    """A play session's match with its screens: ``delay`` is the pause after each bot's
    move (any key skips it)."""

    def __init__(
        self,
        game: Game,
        state: State,
        human: int,
        specs: list[BotSpec | None],
        path: Path,
        bots: dict[int, BaseBot] | None = None,
        kept: Record | None = None,
        watch: bool = False,
        delay: float = DELAY,
        takebacks: list[dict[str, Any]] | None = None,
    ) -> None:
        super().__init__(game, state, human, specs, path, bots, kept, watch, takebacks)
        self.out = console()
        self.render = Renderer(game, state.players, state.options)
        self.screen = Screen(self.render, watching=watch)
        self.last_won: tuple[tuple[Played, ...], int] = ((), 0)  # a trick and its winner
        self.last_scored: HandScored | None = None
        self.redraw: tuple[tuple[Action, ...], Text | None] = ((), None)  # the last screen
        self.pace = Pace(delay, watch=watch)
        self.pace.on_pause = self.paused

    def hand_table(self, scored: HandScored, layout: TableLayout | None = None) -> list[Text]:
        """A hand's table (:meth:`cli.table.Screen.scores`) with the last trick."""
        if layout is None:
            layout = table_for(self.game, self.state.view(self.human), self.state.players)
        if not layout.last_trick and self.last_won[0]:
            trick, winner = self.last_won
            layout = attrs.evolve(layout, last_trick=trick, last_winner=winner)
        width = max(self.out.width, 40)
        return self.screen.scores(scored, layout, self.human, width)

    def summary_line(self, scored: HandScored) -> str:
        """``you +10 (30), seat 1 +3 (23), ...``: each seat's points for a hand, and total."""
        return ", ".join(
            f"{'you' if seat == self.human and not self.watch else f'seat {seat}'} "
            f"{points:+d} ({total})"
            for seat, (points, total) in enumerate(zip(scored.points, scored.totals, strict=False))
        )

    def choices(self, legal: tuple[Action, ...]) -> str:
        """What the prompt offers: the numbers (and which are on screen when the actions
        are paged: ``> more``), or Enter for the only action."""
        if len(legal) == 1:  # the only choice: Enter takes it
            return f"Enter for {escape(str(legal[0]))}, undo, help, quit"
        page = self.screen.shown
        if self.out.is_terminal and page is not None and not page.whole:
            return (
                f"1-{len(legal)}, actions {page.first}-{page.last} shown, > more, "
                "hint, undo, help, quit"
            )
        return f"1-{len(legal)}, action, hint, undo, help, quit"

    def say(self, legal: tuple[Action, ...], line: str, style: str = "red") -> None:
        """One line for the person (a refusal, a hint): on a terminal the screen is drawn
        again with it above the prompt, so that the table stays whole; else a line."""
        if self.out.is_terminal:
            self.show(legal, note=Text.assemble(self.render.line(line), style=style))
        else:
            self.out.print(self.render.line(line), style=style, soft_wrap=True)

    def show(
        self, legal: tuple[Action, ...], scored: HandScored | None = None, note: Text | None = None
    ) -> None:
        """The table screen: for this decision, or after a bot's move (``legal`` empty),
        or for a hand just scored; redrawn in place on a terminal, appended to the
        output otherwise (a pipe, a test)."""
        self.redraw = (legal, note) if scored is None else ((), None)
        view = self.state.view(self.human)
        layout = table_for(self.game, view, self.state.players)
        terminal = self.out.is_terminal
        name = safe_text(self.game.name)
        title = f"{name}: your move"
        footer: list[Text] = []
        if self.watch:
            title = f"{name}: watching"
            keys = PAUSED_KEYS if self.pace.paused else WATCH_KEYS
            footer.append(Text(f"seat {self.human}'s view · {keys}", style="dim"))
        elif not legal:
            title = f"{name}: bots' moves"
            footer.append(Text("any key goes on at once", style="dim"))
        # appended output shows every event already, but for a recap
        recent = self.recent if terminal or self.recap else ()
        heading = "before you left" if self.recap else "recent"
        if scored is not None:
            title = f"{name}: hand {scored.hand} is over"
            bare = attrs.evolve(
                layout, seats=(), hand=None, trick=(), last_trick=(), panels=(), status=""
            )
            lines = self.screen.lines(
                self.out,
                title,
                bare,
                (),
                recent,
                footer if self.watch else (),
                events_title=heading,
                note=None,
                extra=self.hand_table(scored, layout),
            )
        else:
            lines = self.screen.lines(
                self.out,
                title,
                layout,
                legal,
                recent,
                footer,
                events_title=heading,
                note=note,
                done=self.done_to_you(),
            )
        show_screen(self.out, lines)

    def paused(self) -> None:
        """The watched table again, its foot saying whether the match is paused."""
        legal, note = self.redraw
        if self.out.is_terminal:
            self.show(legal, note=note)

    def done_to_you(self) -> list[str]:
        """The lines of the steps since the person's last decision that say something was
        done to their seat (:func:`cli.table.done_to`)."""
        players = self.state.players
        return [line for step in self.recent for line in done_to(step.lines, self.human, players)]

    def help(self, legal: tuple[Action, ...]) -> None:
        """The game's help (the rules in brief, the ranking or suit order), how to type
        an action and what each legal action does now: paged on a terminal (space or
        Enter for the next page, q back to the table), printed whole otherwise."""
        text = Text()
        text.append(safe_text(self.game.name), style="bold")
        text.append(f": {safe_text(self.game.summary)}")
        lines = [text]
        for line in (self.game.help or "").splitlines():
            lines.append(Text(safe_text(line)))
        lines += [
            Text(f"Full rules: cardkit rules {safe_text(self.game.id)}"),
            Text("Type a listed number, an action's text, or a card alone to play it."),
            Text("hint shows the strongest bot's move; undo takes back your last move;"),
            Text("scores shows the score sheet, hand by hand;"),
            Text("'quit' (or q, exit) saves and leaves."),
            Text("Legal now:", style="bold"),
        ]
        for i, action in enumerate(legal, start=1):
            lines.append(self.render.line(f"{i:>3}) {explain(action)}"))
        self.pager("help", lines)

    def pager(self, title: str, lines: list[Text]) -> None:
        """``lines`` a page at a time on a terminal, each page headed by ``title`` and its
        number (space or Enter: the next page; q: back); printed whole otherwise."""
        width = max(self.out.width, 40)
        body = [piece for line in lines for piece in wrap(line, width)]
        if not self.out.is_terminal:
            for line in body:
                self.out.print(line, soft_wrap=True)
            return
        size = max(1, max(self.out.height, 24) - 2)  # the heading and the keys' line
        count = max(1, -(-len(body) // size))
        for n in range(count):
            self.out.clear()
            head = Text(f"── {title}", style="bold green")
            if count > 1:
                head.append(f" · page {n + 1} of {count}", style="bold")
            self.out.print(head, no_wrap=True, overflow="crop")
            for line in body[n * size : (n + 1) * size]:
                self.out.print(line, no_wrap=True, overflow="crop")
            last = n == count - 1
            if not page_keys(last):
                return

    def score_sheet(self) -> None:
        """The score sheet: each finished hand's points by seat and the running totals,
        then each hand's table (the game's columns, such as bid and tricks, from
        :meth:`~cardkit.events.HandScored.columns`); paged on a terminal."""
        scored = self.hands_scored()
        if not scored:
            self.pager("score sheet", [Text("No hand has been scored yet.")])
            return
        n = self.state.players
        sheet = Table(title="score sheet", title_justify="left", box=None, pad_edge=False)
        sheet.add_column("hand", justify="right")
        for seat in range(n):
            sheet.add_column(self.screen.name(seat, self.human), justify="right")
        for e in scored:
            sheet.add_row(
                str(e.hand), *(f"{p:+d} ({t})" for p, t in zip(e.points, e.totals, strict=True))
            )
        width = max(self.out.width, 40)
        lines = [
            Text.assemble(*((seg.text, seg.style or "") for seg in line))
            for line in self.out.render_lines(sheet, self.out.options.update(width=width))
        ]
        for line in lines:
            line.rstrip()
        lines.append(Text("each cell: the hand's points (the total after it)", style="dim"))
        if any(e.columns() for e in scored):
            for e in scored:
                lines.append(Text(f"hand {e.hand}", style="bold"))
                lines += self.screen.scores(e, _bare(), self.human, width)
        self.pager("score sheet", lines)


def _bare() -> TableLayout:
    """A layout with nothing on it (a hand's table without its last trick)."""
    return TableLayout(0, ())


def explain(action: Action) -> str:
    """An action's text with a sentence saying what it does, where the core knows its kind
    (from the action alone: nothing hidden is looked at)."""
    text = str(action)
    if isinstance(action, Play):
        card = action.card.text
        if action.declare is not None:
            return f"{text} (or {card} {action.declare}): play {card}, declaring {action.declare}"
        return f"{text} (or {card}): play {card} from your hand"
    if isinstance(action, Draw):
        return f"{text}: take a card from the draw pile"
    return text  # the simplest actions (bid 2, pass, wait) say it all
