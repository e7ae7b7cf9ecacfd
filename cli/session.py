"""A person against bots in the terminal: the loop behind ``cardkit play``.

The match is played by :func:`cardkit.runner.drive`, like every match: chance
deals from the state's own generator, a bot chooses from its view, and the
person is prompted whenever the seat to act is theirs (their turn, an
out-of-turn window, a sealed choice). On a terminal the card table
(:mod:`cli.table`) is drawn for each decision and again after each bot's move,
paused by :class:`cli.prompt.Pace`; through a pipe every step is a line of the
events the person's seat may see. The record is saved (atomically) after every
step, so any interruption can be resumed. A session holds a
:class:`cli.saves.SaveLock` on its file, so one save is played by one process
at a time.

On resume, and on a take-back (``undo``), the match is rebuilt by
:func:`cardkit.rebuild.rebuild`: the bots are made again from the match seed
and their seats, and are asked again for each of their recorded decisions
(the answers are dropped), so a bot's generator and any memory it keeps are
where they were.
A watched session (``watch``) has a bot in every seat and shows one seat's view.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from cardkit.actions import Action, Draw, Play
from cardkit.bots import BaseBot, BotSpec, bot_seed
from cardkit.errors import CardkitError
from cardkit.events import Event, HandScored, TrickWon
from cardkit.game import Game, Result, State, View
from cardkit.rebuild import Reveal, make_bots, rebuild, revealed, take_back
from cardkit.record import Record, hands_scored
from cardkit.registry import bots_for, make_bot
from cardkit.runner import BotFailure, GameFault, Stuck, drive
from cardkit.seats import CHANCE
from cardkit.table import Played, TableLayout, table_for
from cli.common import console, fail, safe_text
from cli.prompt import PAUSED_KEYS, WATCH_KEYS, Pace, keys_work, page_keys, prompt
from cli.render import Renderer, step_line
from cli.saves import SaveFailed
from cli.table import Screen, Step, done_to, wrap
from cli.table import show as show_screen

META_KEY = "play"
QUIT_WORDS = ("quit", "q", "exit")  # no game has an action with one of these texts
HELP_WORDS = ("help", "h", "?")
UNDO_WORDS = ("undo",)
HINT_WORDS = ("hint",)
SCORE_WORDS = ("scores", "score")
PAGE_WORDS = (">", "more")  # the next page of actions, when they do not all fit
BACK_WORDS = ("<",)  # the page before
HINT_BOTS = ("pimc:worlds=20", "heuristic")
"""The bots ``hint`` asks, the strongest first (else the game's own first bot): ``pimc``
(the strongest measured, docs/games/universal-bid.md) with a fixed budget, so that the
same moment gives the same hint, where the game has sampled worlds."""
DELAY = 0.6
"""The pause after each bot's move (seconds) unless ``--delay`` says otherwise."""
WATCH_DELAY = 1.5
"""The pause after each step of a watched match, unless ``--delay`` says otherwise."""
KEEP_EVENTS = 12  # steps kept for the screen while watching (there is no decision)
KEEP_MOST = 400  # steps kept at most between two decisions of the person
RECAP = 8  # event lines shown after --resume
SUMMARY_PAUSE = 5.0  # the hand's summary stays this many delays while watching
NEXT_HAND = "Enter: next hand"
LEAVE = "Enter: leave the table"


class Ended(BaseException):
    """A signal to end (``SIGTERM``, ``SIGHUP``) arrived: play ends as on Ctrl-C, saved.

    A ``BaseException``, as ``KeyboardInterrupt`` is, so that no bot's containment
    takes it for the bot's own failure. ``code`` is the exit code, 128 + the signal.
    """

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.name = signal.Signals(signum).name
        self.code = 128 + signum


ENDING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


@contextlib.contextmanager
def ending_on_signals() -> Iterator[None]:
    """While inside, ``SIGTERM`` and ``SIGHUP`` raise :class:`Ended` (once: later ones are
    ignored while the match is saved); the previous handlers come back on leaving. A
    signal ignored when play started (``nohup``) stays ignored. Off the main thread
    (where handlers cannot be set) nothing changes."""
    watched = [s for s in ENDING_SIGNALS if signal.getsignal(s) != signal.SIG_IGN]
    if threading.current_thread() is not threading.main_thread():
        watched = []

    def on_signal(signum: int, frame: object) -> None:
        for ending in watched:
            signal.signal(ending, signal.SIG_IGN)
        raise Ended(signum)

    previous = {signum: signal.signal(signum, on_signal) for signum in watched}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


class _Leave(Exception):
    """The person typed quit."""


class _TakeBack(Exception):
    """The person typed undo: the match goes back to their previous decision."""


class _Person:
    """The person's seat, as :func:`cardkit.runner.drive` sees it: it asks at the prompt."""

    reads_view = False  # the session shows the full view itself

    def __init__(self, session: PlaySession) -> None:
        self.session = session

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        action = self.session.ask()
        if action is _UNDO:
            raise _TakeBack
        if action is None:
            raise _Leave
        return action


_UNDO = Action()  # what ask() gives for undo (never a legal action: no game lists it)


class PlaySession:
    """One match between a person in seat ``human`` and bots in the other seats.

    With ``watch``, every seat is a bot (``specs`` has one for each) and ``human`` is
    only the seat whose view the table shows. ``delay`` is the pause after each bot's
    move (any key skips it). ``takebacks`` are the take-backs so far, as saved.
    """

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
        self.game = game
        self.state = state
        if state.log is None:  # the steps from here on are shown from their events
            state.log = []
        self.human = human
        self.specs = specs
        self.path = path
        self.out = console()
        self.render = Renderer(game, state.players, state.options)
        self.screen = Screen(self.render, watching=watch)
        self.watch = watch
        # the steps since the person's last decision (that decision's own step first)
        self.recent: list[Step] = []
        self.last_won: tuple[tuple[Played, ...], int] = ((), 0)  # a trick and its winner
        self.last_scored: HandScored | None = None
        self.redraw: tuple[tuple[Action, ...], Text | None] = ((), None)  # the last screen
        self.recap = False  # the recent lines are a recap of a resumed match, not yet shown
        self.pace = Pace(delay, watch=watch)
        self.pace.on_pause = self.paused
        self.takebacks = list(takebacks or [])
        self.bots = bots if bots is not None else make_bots(game, state.seed, specs)
        # what a resumed save held besides the match: its other meta and unknown fields
        self.kept_meta = {k: v for k, v in kept.meta.items() if k != META_KEY} if kept else {}
        self.extra = dict(kept.extra) if kept else {}
        self.saved: int | None = None  # the steps the file holds, once this session saved
        self.reveal: Reveal | None = None  # the last step that showed the person a hidden card

    # -- saving and resuming ---------------------------------------------------------

    def meta(self) -> dict[str, Any]:
        """What ``--resume`` needs besides the actions: the person's seat and the bots."""
        bots = [None if s is None else str(s) for s in self.specs]
        settings: dict[str, Any] = {"human": self.human, "bots": bots}
        if self.watch:
            settings["watch"] = True
        if self.takebacks:
            settings["takebacks"] = self.takebacks
        return self.kept_meta | {META_KEY: settings}

    def save(self) -> None:
        """Write the record so far (atomically) to the session's file; ``SaveFailed``
        if it cannot be written (the file then holds the previous save, whole).

        The folder is never made: a save whose folder has gone is an error.
        """
        record = attrs.evolve(Record.of(self.state, self.meta()), extra=self.extra)
        try:
            record.save(self.path, make_folders=False)
        except OSError as exc:
            raise SaveFailed(self.path, exc, self.saved) from None
        self.saved = len(record.actions)

    @classmethod
    def resume(cls, record: Record, game: Game, path: Path, delay: float = DELAY) -> PlaySession:
        """Rebuild a saved match, its bots and their generators, to continue it; the
        screen first recaps the last moves."""
        game.check_players(record.players)  # a bad count is named as such, before the seats
        settings = record.meta.get(META_KEY)
        human, specs, watch = _read_settings(settings, record.players)
        steps: list[Step] = []
        rebuilt = rebuild(record, game, specs, human, seen_steps(game, human, steps))
        takebacks = settings.get("takebacks") if isinstance(settings, dict) else None
        session = cls(
            game,
            rebuilt.state,
            human,
            specs,
            path,
            rebuilt.bots,
            kept=record,
            watch=watch,
            delay=delay,
            takebacks=takebacks if isinstance(takebacks, list) else None,
        )
        session.saved = len(record.actions)
        session.reveal = rebuilt.reveal
        session.recent = steps[-RECAP:]
        session.recap = bool(steps)
        return session

    def take_back(self) -> str | None:
        """Go back to the person's previous decision (the state before their last
        action), bots and their generators included; the save says a take-back
        happened. Else (nothing changed) why not: the person has not acted yet, or
        their last decision came before a step that showed them a hidden card (a
        take-back never shows a hidden card twice: chance would deal it again)."""
        record = attrs.evolve(Record.of(self.state, self.meta()), extra=self.extra)
        back = take_back(record, self.human, self.reveal)
        if isinstance(back, str):
            return back
        undone = [[seat, text] for seat, text in back.undone]
        self.takebacks.append({"step": back.step, "undone": undone})
        lines: list[Step] = []
        rebuilt = rebuild(
            back.record, self.game, self.specs, self.human, seen_steps(self.game, self.human, lines)
        )
        self.state, self.bots, self.reveal = rebuilt.state, rebuilt.bots, rebuilt.reveal
        self.recap = False
        steps = f"{len(undone)} step" + ("" if len(undone) == 1 else "s")
        took = Step(self.human, (f"you took back your move ({steps} undone)",))
        self.recent = [*since_last(lines, self.human), took]
        self.save()
        return None

    # -- the loop ------------------------------------------------------------------

    def run(self) -> int:
        """Play to the end or until the person leaves; return the exit code.

        A save that cannot be written ends the match with one line and exit code 2;
        the file keeps the previous save. A closed terminal (``OSError`` EIO from
        output or input) is left to the caller: every step is saved before it is
        shown.
        """
        try:
            return self.loop()
        except SaveFailed as exc:
            fail(str(exc))

    def loop(self) -> int:
        """:meth:`run` without the handling of a failed save: the match through
        :func:`cardkit.runner.drive`, the person's seat asking at the prompt."""
        try:
            while True:
                person = None if self.watch else self.human
                seats: list[Any] = [_Person(self) if s == person else b for s, b in self.seats()]
                bots = [s for s in range(self.state.players) if s != person]
                try:
                    outcome = drive(self.state, seats, contained=bots, after=self.after_step)
                except _TakeBack:
                    continue  # ask() took the match back: play on from there
                break
        except _Leave:
            self.leave("saved")
            return 0
        except Stuck:
            return self.stuck(self.state.to_act())
        except GameFault as exc:  # the game failed on an action it listed: the plugin's bug
            self.out.print(f"[bold red]{escape(str(exc))}[/bold red]", soft_wrap=True)
            where = f"The record up to the step before is saved in {self.path}"
            self.out.print(where, soft_wrap=True, markup=False)
            return 1
        except EOFError:
            self.leave("input closed; saved")
            return 0
        except KeyboardInterrupt:
            self.leave("interrupted; saved")
            return 130
        except Ended as exc:
            self.leave(f"ended by {exc.name}; saved")
            return exc.code
        if outcome.failure is not None:
            self.out.print(f"[bold red]{escape(self.failure_line(outcome.failure))}[/bold red]")
            self.save()
            self.out.print(
                f"The record up to this point is saved in {self.path}",
                soft_wrap=True,
                markup=False,
            )
            return 1
        self.finish()
        return 0

    def seats(self) -> list[tuple[int, Any]]:
        """``(seat, bot)`` for every seat; the person's seat has None."""
        return [(s, self.bots.get(s)) for s in range(self.state.players)]

    def after_step(
        self, state: State, seat: int, action: Action, events: tuple[Event, ...]
    ) -> None:
        """Save the step, then show its events as the person may see them: on a terminal
        the table after each bot's move, with a pause, and the hand's screen when a hand
        is scored (it waits for Enter, but while watching); through a pipe the event
        lines and the hand's table."""
        self.save()
        found = revealed(len(state.history) - 1, seat, action, events, self.human)
        if found is not None:
            self.reveal = found
        step = Step(seat, step_lines(self.game, seat, action, events, self.human))
        if seat == self.human and not self.watch:  # a decision: what follows is new
            self.recent = [step]
        else:
            keep = max(KEEP_EVENTS, 2 * state.players) if self.watch else KEEP_MOST
            self.recent = [*self.recent[-(keep - 1) :], step]
        self.recap = False
        won = [e for e in events if isinstance(e, TrickWon) and e.plays]
        if won:
            self.last_won = (tuple(Played(s, c) for s, c in won[-1].plays), won[-1].seat)
        scored = next((e for e in events if isinstance(e, HandScored)), None)
        if scored is not None:
            self.last_scored = scored
        if not self.out.is_terminal:
            self.out.print(self.render.event("  -", step.text, bold=seat == self.human))
            if scored is not None:
                self.out.print(
                    f"  hand {scored.hand} scored: {self.summary_line(scored)}", soft_wrap=True
                )
                for line in self.hand_table(scored):
                    self.out.print(Text("    ") + line, soft_wrap=True)
            return
        bot_move = seat != CHANCE and (self.watch or seat != self.human)
        if scored is not None and not state.is_over():
            going = self.hand_over(scored)
        elif bot_move:
            self.show(())
            going = self.pace.wait()
        else:
            going = True
        if not going:
            raise _Leave

    def hand_over(self, scored: HandScored) -> bool:
        """The hand's screen: each seat's columns for the hand, its points and total, the
        last trick, what happened since the person's last decision. It waits for Enter
        on a terminal (a watched match pauses as after a move); False to leave."""
        self.show((), scored)
        if self.watch or not keys_work():
            return self.pace.wait(SUMMARY_PAUSE)
        answer = prompt(f"[bold green]hand {scored.hand} is over[/bold green] · {NEXT_HAND}: ")
        return answer.lower() not in QUIT_WORDS

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

    def failure_line(self, failure: BotFailure) -> str:
        """A bot's failure, naming the bot as it was given (with its parameters) and the seat."""
        spec = self.specs[failure.seat]
        if failure.action is None:
            return f"bot {spec} in seat {failure.seat} failed: {failure.reason}"
        return (
            f"bot {spec} in seat {failure.seat} chose an illegal action "
            f"{failure.action!r}: {failure.reason}"
        )

    def ask(self) -> Action | None:
        """Prompt the person until they give a legal action; None when they quit,
        ``_UNDO`` once the match is taken back to their previous decision."""
        state = self.state
        legal = state.legal_actions(self.human)
        self.screen.page = 0
        self.show(legal)
        while True:
            text = prompt(f"[bold green]your move[/bold green] \\[{self.choices(legal)}]: ")
            word = text.lower()
            if not word:
                if len(legal) == 1:
                    return legal[0]
                continue
            if word in QUIT_WORDS:
                return None
            if word in PAGE_WORDS or word in BACK_WORDS:
                self.screen.page += 1 if word in PAGE_WORDS else -1
                self.show(legal)
                continue
            if word in HELP_WORDS:
                self.help(legal)
                if self.out.is_terminal:
                    self.show(legal)
                continue
            if word in UNDO_WORDS:
                refused = self.take_back()
                if refused is None:
                    if not self.out.is_terminal:  # a terminal shows it on the next screen
                        self.say(legal, self.recent[-1].text, style="bold")
                    return _UNDO
                self.say(legal, refused)
                continue
            if word in HINT_WORDS:
                self.say(legal, self.hint(legal), style="bold")
                continue
            if word in SCORE_WORDS:
                self.score_sheet()
                if self.out.is_terminal:
                    self.show(legal)
                continue
            found = self.read(text, legal)
            if isinstance(found, str):
                self.say(legal, found)
                continue
            return found

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

    def hint(self, legal: tuple[Action, ...]) -> str:
        """What the strongest available bot would play now (not played)."""
        known = bots_for(self.game)
        searching = self.game.has_positions  # search bots sample worlds
        spec = next(
            (
                BotSpec.parse(text)
                for text in HINT_BOTS
                if text.split(":")[0] in known and (searching or text == "heuristic")
            ),
            None,
        )
        if spec is None:
            spec = BotSpec.parse(next(iter(self.game.bots), "random"))
        name = spec.name
        seed = bot_seed(self.state.seed, self.human) ^ len(self.state.history)
        try:
            bot = make_bot(spec, self.game, self.human, seed)
            choice = bot.choose(self.state.view(self.human), legal)
        except Exception as exc:  # a broken bot is no reason to leave the match
            return f"no hint: bot {name} failed ({type(exc).__name__}: {exc})"
        number = next((i for i, a in enumerate(legal, start=1) if a == choice), None)
        if number is None:
            return f"no hint: bot {name} chose {choice}, which is not legal now"
        return f"hint from {name}: {choice} (type {number} to play it)"

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

    def read(self, text: str, legal: tuple[Action, ...]) -> Action | str:
        """The legal action ``text`` names, or why it is not one.

        ``text`` is a listed number, an action's text (``play V:2``), or a card's text
        alone for the play of that card (``V:2``; ``B10 R`` or ``B10 as R`` for a
        card that takes a declared suit).
        """
        if text.isascii() and text.isdecimal():  # ASCII digits only, no other script's
            n = int(text)
            if 1 <= n <= len(legal):
                return legal[n - 1]
            if len(legal) == 1:
                return f"no action {n}: the only action now is {legal[0]} (Enter takes it)"
            return f"no action {n}: type a number from 1 to {len(legal)}, or an action's text"
        try:
            action = self.game.parse_action(text, self.state)
        except CardkitError as exc:
            card = self.card_play(text, legal)
            if card is not None:
                return card
            return str(exc)
        for allowed in legal:
            if allowed == action:
                return allowed
        verdict = self.state.refusal(self.human, action)
        reason = verdict.reason if verdict is not None else "not a legal action now"
        return f"{action} is not allowed: {reason}"

    def card_play(self, text: str, legal: tuple[Action, ...]) -> Action | str | None:
        """The legal play that a card's text alone names (``V:2``, ``B10 R``, ``B10 as R``);
        why not, for a card that may not be played now; None if ``text`` names no card."""
        parts = text.split()
        forms = [f"play {text}"]
        if len(parts) == 2:
            forms.append(f"play {parts[0]} as {parts[1]}")
        if len(parts) == 3 and parts[1].lower() == "as":
            forms.append(f"play {parts[0]} {parts[2]}")
        refused: str | None = None
        for form in forms:
            try:
                action = self.game.parse_action(form, self.state)
            except CardkitError:
                continue
            for allowed in legal:
                if allowed == action:
                    return allowed
            if refused is None:
                verdict = self.state.refusal(self.human, action)
                reason = verdict.reason if verdict is not None else "not a legal action now"
                refused = f"{action} is not allowed: {reason}"
        return refused

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

    def hands_scored(self) -> list[HandScored]:
        """Every hand scored so far in the match, from the events of its record."""
        return hands_scored(Record.of(self.state, self.meta()), self.game)

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

    def stuck(self, to_act: tuple[int, ...]) -> int:
        """The game offers no way on (a bug in the game): say so, keep the record."""
        who = ", ".join(str(s) for s in to_act) or "nobody"
        self.out.print(
            f"[bold red]{escape(self.game.id)} is stuck: the match is not over, but seats to act "
            f"({who}) have no legal action; this is a bug in the game.[/bold red]"
        )
        self.save()
        self.out.print(f"The record is saved in {self.path}", soft_wrap=True, markup=False)
        return 1

    def leave(self, why: str) -> None:
        """Save and say how to come back."""
        self.save()
        self.out.print(f"{why}: {self.path}", soft_wrap=True, markup=False)
        self.out.print(
            f"Resume with: cardkit play --resume {self.path}", soft_wrap=True, markup=False
        )

    def finish(self) -> None:
        """The final table, the last hand's table, the result and where the record is;
        on a terminal (but while watching) it waits for Enter."""
        self.save()
        result = self.state.result()
        you = None if self.watch else self.human
        names = ["you" if seat == you else str(spec) for seat, spec in enumerate(self.specs)]
        layout = table_for(self.game, self.state.view(self.human), self.state.players)
        layout = attrs.evolve(layout, status="final table")
        title = f"{safe_text(self.game.name)}: the match is over"
        head = self.screen.head(self.out, title, layout)
        lines = head
        if self.last_scored is not None:
            lines = [*head, Text(f"hand {self.last_scored.hand}", style="bold")]
            lines += self.hand_table(self.last_scored, layout)
        table = self.render.result(result, you, names)
        tall = len(self.out.render_lines(table, pad=False)) + 3  # the lines below it
        waits = self.out.is_terminal and not self.watch and keys_work()
        if self.out.is_terminal and len(lines) + tall > max(24, self.out.height):
            lines = [head[0], *lines[len(head) :]]  # the hand's table has the totals
        show_screen(self.out, lines)
        if self.out.is_terminal and len(lines) + tall > max(24, self.out.height):
            self.out.print(self.result_line(result, names), soft_wrap=True)
        else:
            self.out.print(table)
        if you in result.winners:
            shared = len(result.winners) > 1
            self.out.print(
                "[bold green]You share the win![/bold green]"
                if shared
                else "[bold green]You win![/bold green]"
            )
        self.out.print(
            f"Record saved in {self.path} (cardkit replay {self.path})",
            soft_wrap=True,
            markup=False,
        )
        if waits:
            with contextlib.suppress(EOFError):
                prompt(f"[bold green]the match is over[/bold green] · {LEAVE}: ")

    def result_line(self, result: Result, names: Sequence[str]) -> Text:
        """The result in a line, for a screen too small for its table: ``result: seat 1
        (heuristic) wins with 20``."""
        who = " and ".join(
            f"{self.screen.name(s, self.human)}"
            + (f" ({safe_text(names[s])})" if names[s] != "you" else "")
            for s in result.winners
        )
        verb = "wins" if len(result.winners) == 1 else "share the win"
        best = max(result.scores) if result.scores else 0
        text = Text("result: ", style="bold")
        text.append(f"{who} {verb} with {best:g}")
        if not result.finished:
            text.append(f" (unfinished: {safe_text(result.note or 'limit')})")
        return text


def _bare() -> TableLayout:
    """A layout with nothing on it (a hand's table without its last trick)."""
    return TableLayout(0, ())


def step_lines(
    game: Game, seat: int, action: Action, events: Sequence[Event], viewer: int
) -> tuple[str, ...]:
    """The lines of a step's events ``viewer`` may see; the step in one line
    (:func:`cli.render.step_line`) when it told ``viewer`` nothing."""
    lines = tuple(game.line(e, viewer) for e in events if e.seen_by(viewer))
    return lines or (step_line(game, seat, action, events, viewer),)


def seen_steps(
    game: Game, viewer: int, steps: list[Step]
) -> Callable[[int, Any, tuple[Event, ...]], None]:
    """A ``seen`` for :func:`cardkit.rebuild.rebuild` that appends each step to ``steps``
    as ``viewer`` saw it (:func:`step_lines`)."""

    def seen(seat: int, action: Any, events: tuple[Event, ...]) -> None:
        steps.append(Step(seat, step_lines(game, seat, action, events, viewer)))

    return seen


def since_last(steps: Sequence[Step], seat: int) -> list[Step]:
    """The steps from ``seat``'s last one on (all of them if it has none)."""
    mine = [i for i, step in enumerate(steps) if step.seat == seat]
    return list(steps[mine[-1] :]) if mine else list(steps)


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


def _read_settings(settings: Any, players: int) -> tuple[int, list[BotSpec | None], bool]:
    """The person's seat, the bot specs and whether it is watched (every seat a bot),
    as stored by :meth:`PlaySession.meta`."""
    hint = "it is not a `cardkit play` save (replay it with `cardkit replay`)"
    if not isinstance(settings, dict):
        fail(f"cannot resume: {hint}")
    human = settings.get("human")
    bots = settings.get("bots")
    if (
        not isinstance(human, int)
        or isinstance(human, bool)
        or not isinstance(bots, list)
        or len(bots) != players
        or not 0 <= human < players
    ):
        fail(f"cannot resume: damaged seat settings; {hint}")
    watch = settings.get("watch") is True
    specs: list[BotSpec | None] = []
    for seat, text in enumerate(bots):
        if seat == human and not watch:
            specs.append(None)
        elif isinstance(text, str):
            try:
                specs.append(BotSpec.parse(text))
            except CardkitError as exc:
                fail(f"cannot resume: {exc}")
        else:
            fail(f"cannot resume: no bot recorded for seat {seat}")
    return human, specs, watch


def saved_bots(record: Record, game: Game) -> list[BotSpec | None]:
    """The bot spec of each seat that the play save ``record`` names (None: the
    person's seat), read without making any bot; ``CardkitError`` for a player count
    ``game`` does not allow, one line and exit 2 for damaged settings."""
    game.check_players(record.players)
    _, specs, _ = _read_settings(record.meta.get(META_KEY), record.players)
    return specs
