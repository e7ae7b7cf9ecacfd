"""A person against bots in the terminal: the loop behind ``cardkit play``.

The match is played by :func:`cardkit.runner.drive`, like every match: chance
deals from the state's own generator, a bot chooses from its view, and the
person is prompted whenever the seat to act is theirs (their turn, an
out-of-turn window, a sealed choice). On a terminal the card table
(:mod:`cli.play_screens`) is drawn for each decision and again after each bot's
move, paused by :class:`cli.prompt.Pace`; through a pipe every step is a line of
the events the person's seat may see. The record is saved (atomically) after
every step, so any interruption can be resumed. A session holds a
:class:`cli.saves.SaveLock` on its file, so one save is played by one process
at a time. On resume, and on a take-back (``undo``), the match is rebuilt with
its bots (:mod:`cli.play_match`).
A watched session (``watch``) has a bot in every seat and shows one seat's view.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs
from rich.markup import escape
from rich.text import Text

from cardkit.actions import Action
from cardkit.events import Event, HandScored, TrickWon
from cardkit.game import Game, Result, State, View
from cardkit.rebuild import rebuild, revealed
from cardkit.record import Record
from cardkit.runner import GameFault, Stuck, drive
from cardkit.seats import CHANCE
from cardkit.table import Played, table_for
from cli.common import fail, safe_text
from cli.play_match import META_KEY, read_settings, seen_steps, step_lines
from cli.play_screens import DELAY, PlayScreens
from cli.prompt import keys_work, prompt
from cli.saves import SaveFailed
from cli.table import Step
from cli.table import show as show_screen

QUIT_WORDS = ("quit", "q", "exit")  # no game has an action with one of these texts
HELP_WORDS = ("help", "h", "?")
UNDO_WORDS = ("undo",)
HINT_WORDS = ("hint",)
SCORE_WORDS = ("scores", "score")
PAGE_WORDS = (">", "more")  # the next page of actions, when they do not all fit
BACK_WORDS = ("<",)  # the page before
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


class PlaySession(PlayScreens):
    """One match between a person in seat ``human`` and bots in the other seats.

    With ``watch``, every seat is a bot (``specs`` has one for each) and ``human`` is
    only the seat whose view the table shows. ``delay`` is the pause after each bot's
    move (any key skips it). ``takebacks`` are the take-backs so far, as saved.
    """

    @classmethod
    def resume(cls, record: Record, game: Game, path: Path, delay: float = DELAY) -> PlaySession:
        """Rebuild a saved match, its bots and their generators, to continue it; the
        screen first recaps the last moves."""
        game.check_players(record.players)  # a bad count is named as such, before the seats
        settings = record.meta.get(META_KEY)
        human, specs, watch = read_settings(settings, record.players)
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
