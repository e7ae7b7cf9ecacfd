"""The match of a ``cardkit play`` session, apart from the terminal.

:class:`PlayMatch` holds the seats and their bots, writes the save after every
step (with the settings ``--resume`` reads back: :func:`read_settings`), takes a
move back, finds the legal action a typed text names and asks a bot for a hint.

On resume, and on a take-back (``undo``), the match is rebuilt by
:func:`cardkit.rebuild.rebuild`: the bots are made again from the match seed
and their seats, and are asked again for each of their recorded decisions
(the answers are dropped), so a bot's generator and any memory it keeps are
where they were.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from cardkit.actions import Action
from cardkit.bots import BaseBot, BotSpec, bot_seed
from cardkit.errors import CardkitError
from cardkit.events import Event, HandScored
from cardkit.game import Game, State
from cardkit.rebuild import Reveal, make_bots, rebuild, take_back
from cardkit.record import Record, hands_scored
from cardkit.registry import bots_for, make_bot
from cardkit.runner import BotFailure
from cli.common import fail
from cli.render import step_line
from cli.saves import SaveFailed
from cli.table import Step

META_KEY = "play"
HINT_BOTS = ("pimc:worlds=20", "heuristic")
"""The bots ``hint`` asks, the strongest first (else the game's own first bot): ``pimc``
(the strongest measured, docs/games/universal-bid.md) with a fixed budget, so that the
same moment gives the same hint, where the game has sampled worlds."""


class PlayMatch:
    """The match of a play session: the person in seat ``human`` (with ``watch``, only
    the seat whose view is shown), a bot in each seat ``specs`` names (made from the
    match seed unless ``bots`` are given), and the save at ``path``. ``kept`` is the
    record a resumed match came from; ``takebacks`` are the take-backs so far, as saved.
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
        takebacks: list[dict[str, Any]] | None = None,
    ) -> None:
        self.game = game
        self.state = state
        if state.log is None:  # the steps from here on are shown from their events
            state.log = []
        self.human = human
        self.specs = specs
        self.path = path
        self.watch = watch
        # the steps since the person's last decision (that decision's own step first)
        self.recent: list[Step] = []
        self.recap = False  # the recent lines are a recap of a resumed match, not yet shown
        self.takebacks = list(takebacks or [])
        self.bots = bots if bots is not None else make_bots(game, state.seed, specs)
        # what a resumed save held besides the match: its other meta and unknown fields
        self.kept_meta = {k: v for k, v in kept.meta.items() if k != META_KEY} if kept else {}
        self.extra = dict(kept.extra) if kept else {}
        self.saved: int | None = None  # the steps the file holds, once this session saved
        self.reveal: Reveal | None = None  # the last step that showed the person a hidden card

    # -- saving and taking back ------------------------------------------------------

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

    # -- the seats and their moves ---------------------------------------------------

    def seats(self) -> list[tuple[int, Any]]:
        """``(seat, bot)`` for every seat; the person's seat has None."""
        return [(s, self.bots.get(s)) for s in range(self.state.players)]

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

    def failure_line(self, failure: BotFailure) -> str:
        """A bot's failure, naming the bot as it was given (with its parameters) and the seat."""
        spec = self.specs[failure.seat]
        if failure.action is None:
            return f"bot {spec} in seat {failure.seat} failed: {failure.reason}"
        return (
            f"bot {spec} in seat {failure.seat} chose an illegal action "
            f"{failure.action!r}: {failure.reason}"
        )

    def hands_scored(self) -> list[HandScored]:
        """Every hand scored so far in the match, from the events of its record."""
        return hands_scored(Record.of(self.state, self.meta()), self.game)


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


def read_settings(settings: Any, players: int) -> tuple[int, list[BotSpec | None], bool]:
    """The person's seat, the bot specs and whether it is watched (every seat a bot),
    as stored by :meth:`PlayMatch.meta`."""
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
    _, specs, _ = read_settings(record.meta.get(META_KEY), record.players)
    return specs
