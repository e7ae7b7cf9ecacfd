"""States: one match in progress, the step protocol every plugin game implements.

A plugin provides a :class:`~cardkit.game.Game` (:mod:`cardkit.game`) and a
:class:`State` subclass (one match in progress: a series of hands with running
scores). A state implements:

- ``setup()``: the match's own fields; the core resolves due chance after it;
- ``to_act()``: the seats that may act now (``(CHANCE,)`` while a shuffle is
  due and chance is not automatic);
- ``_legal_actions(seat)``: every legal action, which is the verdict on any
  action (the default filters ``candidates(seat)`` through ``_refusal``);
- ``_refusal(seat, action)``: why an action the legal actions leave out is
  not allowed, per action kind, as a :class:`Refusal` (a stable code and the
  reason); the core words a match that is over, a seat not to act and, unless
  ``_wrong_phase`` words it, an action of a kind the phase does not take
  (:attr:`State.phases`);
- ``_apply(seat, action)``: carry out a legal action, emitting
  :mod:`events <cardkit.events>` that say what happened;
- ``chance_cards()``, ``view(seat)``, ``zones()``, ``is_over()``, ``result()``.

The public protocol around them:

- ``state.legal_actions(seat)`` is computed once per step;
- ``state.apply(seat, action)`` checks the action against it, raises
  :class:`~cardkit.errors.IllegalActionError` (with the refusal's code and
  reason) for anything else and changes nothing, appends ``(seat, action)``
  to ``state.history`` and returns the step's events (when recording);
  ``state.check`` and ``state.refusal`` give the same verdict without applying.

The values a state hands out (:class:`View`, :class:`Refusal`, :class:`Result`,
:func:`highest`, :func:`lowest`, :func:`hand_value`) live in
:mod:`cardkit.values` and are importable from here.

Chance is a recorded step too: a :class:`~cardkit.actions.Shuffle` applied by
the :data:`~cardkit.seats.CHANCE` seat. With ``auto_chance`` (the default) the
state draws each shuffle from its own ``random.Random``, seeded from the match
seed and the step number, and applies it at once. So ``(game, players,
options, seed, history)`` rebuild the identical state, and an explicit deal is
simply a different shuffle applied by hand. A chance step that only needs a
few cards (each player draws one for the deal) declares their number with
:meth:`State.chance_draw`, and its :class:`~cardkit.actions.Shuffle` holds just
the cards drawn.

Explicit deals (:mod:`cardkit.chance`): a game declares where its deal puts the
cards of the shuffle (:meth:`State.deal_places`), and :meth:`State.deal_shuffle`
then makes the shuffle that deals any hands and piles asked for, the same way in
every game.

Positions (:mod:`cardkit.positions`): a game writes any moment of a match as
JSON (:meth:`Game.position`, from the state's :meth:`State.position_part` and
:meth:`State.position_summary`), builds it back (:meth:`Game.from_position`,
through :meth:`State.restore_position`, which refuses a position that breaks
the rules) and deals the cards a seat cannot see (:meth:`Game.sample_world`,
from that seat's view, which must hold everything the seat knows: its cards,
the cards played, the tricks that show voids, hand sizes and the options). A
game whose state implements those three state methods and which implements
``sample_world`` has positions: :attr:`Game.has_positions` is derived from
that, not declared. A rebuilt state counts its steps from the position's
``step`` (:attr:`State.step_offset`), so its chance draws continue the original's.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

from cardkit import chance
from cardkit.actions import Action, Shuffle
from cardkit.cards import Card
from cardkit.errors import IllegalActionError
from cardkit.events import Event
from cardkit.positions import Common
from cardkit.public import read_record, write_record
from cardkit.seats import CHANCE
from cardkit.values import Refusal as Refusal
from cardkit.values import Result as Result
from cardkit.values import View as View
from cardkit.values import hand_value as hand_value
from cardkit.values import highest as highest
from cardkit.values import lowest as lowest
from cardkit.zones import Zone as Zone

if TYPE_CHECKING:
    from cardkit.game import Game


class State(ABC):
    """One match in progress. Subclasses implement the abstract methods.

    Public attributes: ``game``, ``players``, ``seed``, ``options``,
    ``history`` (list of ``(seat, action)``), ``rng`` (the state's own
    generator; reseeded for each chance step) and ``auto_chance``.
    """

    game: Game[Any]
    players: int
    seed: int
    options: Any
    history: list[tuple[int, Action]]
    log: list[Event] | None
    _rng: random.Random | None
    auto_chance: bool
    _legal_seat: int
    _legal: tuple[Action, ...]
    step_offset: int = 0
    """Steps taken before ``history`` began (a state built from a position); chance
    steps are seeded from ``(seed, step_offset + len(history))``."""
    start_position: Mapping[str, Any] | None = None
    """The position (JSON values) a state built by :meth:`Game.from_position` started
    from, else None; a record of the state starts from it (:mod:`cardkit.record`)."""
    phases: ClassVar[Mapping[str, tuple[type[Action], ...]]] = {}
    """Optional: the action kinds each phase takes, by the name a state keeps in its
    ``phase`` field (``{"bid": (Bid,), "play": (Play,)}``) or :meth:`phase_for` gives.
    An action of another kind is refused by this table (code ``wrong-phase``, or the
    game's words from :meth:`_wrong_phase`), so :meth:`_refusal` words only the
    refusals of the kinds a phase takes."""
    record: ClassVar[tuple[str, ...]] = ()
    """The game's record: the fields that, with the core's own (seed, steps, options),
    make up its state at any moment: its :class:`~cardkit.zones.Cards` and the public
    rest (phase, whose turn, bids, tricks, the scoreboard), each with a type annotation
    on the class (see :mod:`cardkit.public`). When a game names them, the core writes
    and reads the game's part of a position (:meth:`position_part`,
    :meth:`restore_position`) and the game states only what a position must obey that
    the types do not say (:meth:`check_position`)."""
    copied: ClassVar[tuple[str, ...]] = ()
    """The game's fields that hold something a step changes in place (a list, a
    :class:`~cardkit.tricks.Trick`, a :class:`~cardkit.zones.Cards`, a
    :class:`~cardkit.match.Scoreboard`: anything with a ``copy()`` method). When a game
    names them, :meth:`clone` copies just those (a field holding None stays None) and
    shares every other field, ``__slots__`` ones included (tuples, numbers, cards and
    actions never change): the fast copy a search makes thousands of times a move.
    Empty (the default): every field is deep-copied."""

    def __init__(
        self,
        game: Game[Any],
        players: int,
        seed: int,
        options: Any,
        auto_chance: bool = True,
    ) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.history = []
        self.log = None
        self._rng = None
        self.auto_chance = auto_chance
        self._legal_seat = _STALE
        self._legal = ()
        self.setup()
        if auto_chance:
            self.resolve_chance()

    @abstractmethod
    def setup(self) -> None:
        """Set up the match's own fields (hands, scores, phase); called by ``__init__``.

        ``game``, ``players``, ``seed``, ``options`` (the game's typed options
        record) are set before; due chance is resolved after, so a game never
        calls :meth:`resolve_chance` itself.
        """

    # -- what a game implements -------------------------------------------------

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        """Every legal action of ``seat`` now (empty if it may not act).

        The default filters :meth:`candidates` through :meth:`_refusal`.
        """
        found = self.candidates(seat)
        if found is None:
            raise NotImplementedError(f"{type(self).__name__} lists no candidates or legal actions")
        if seat not in self.to_act():
            return ()
        return tuple(a for a in found if self._refusal(seat, a) is None)

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Carry out a legal action (already checked)."""

    @abstractmethod
    def chance_cards(self) -> tuple[Card, ...]:
        """The cards the due shuffle orders (any order); ``()`` when none is due."""

    @abstractmethod
    def is_over(self) -> bool:
        """True once the match has ended."""

    @abstractmethod
    def result(self) -> Result:
        """The outcome; only meaningful once :meth:`is_over`."""

    @abstractmethod
    def view(self, seat: int) -> View:
        """Exactly what ``seat`` may know now."""

    @abstractmethod
    def zones(self) -> tuple[Zone, ...]:
        """Every place a card can be, with who may see it. Every card is in exactly one."""

    @abstractmethod
    def _refusal(self, seat: int, action: Action) -> Refusal | None:
        """Why ``seat`` may not apply ``action``: the :class:`Refusal` in the game's words.

        The core asks only about an action :meth:`legal_actions` leaves out (or
        one by a seat not to act, which the game may word or leave to the core
        by returning ``None``), so this words the reason and never decides
        legality twice; ``None`` leaves it to the core's "not allowed now; legal
        actions include ...". A game that lists :meth:`candidates` instead of
        its legal actions states its rules here: its legal actions are the
        candidates this returns ``None`` for. Word each reason through the
        primitive the legal actions use (such as :meth:`TrickOrder.must_follow
        <cardkit.tricks.TrickOrder.must_follow>`).
        """

    def candidates(self, seat: int) -> tuple[Action, ...] | None:
        """Optional: every action of every kind ``seat`` might try now, legal or not.

        A game that returns them gets :meth:`_legal_actions` for free (the
        candidates its :meth:`_refusal` accepts), and the conformance kit tries
        each against the rules. ``None`` (the default): the game lists its legal
        actions itself.
        """
        return None

    # -- the public protocol ------------------------------------------------------

    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that may act now, in the order a runner should ask them; ``()`` when over.

        Return ``(CHANCE,)`` while a shuffle is due (see :meth:`chance_cards`).
        """

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """Every legal action of ``seat`` now; computed once per step."""
        if self._legal_seat == seat:  # reset by every applied step
            return self._legal
        legal = () if seat == CHANCE else self._legal_actions(seat)
        self._legal_seat = seat
        self._legal = legal
        return legal

    def refusal(self, seat: int, action: Action) -> Refusal | None:
        """``None`` when ``seat`` may apply ``action`` now, else the :class:`Refusal` (why not).

        One verdict for :meth:`check`, :meth:`apply`, front ends and the
        conformance kit, from the legal actions: an action is allowed exactly
        when :meth:`legal_actions` lists it. Only the words of a refusal come from
        elsewhere: the core's for a match that is over, a seat not to act (unless
        the game words it) and an action of a kind the phase does not take (see
        :attr:`phases`); else the game's :meth:`_refusal`, or the core's list of
        what is legal.
        """
        if seat == CHANCE:
            try:
                self._check_chance(action)
            except IllegalActionError as exc:
                return Refusal(exc.code, exc.reason)
            return None
        if self.is_over():
            return Refusal("game-over", "the match is over")
        if seat not in self.to_act():
            verdict = self._refusal(seat, action)
            if verdict is None:
                who = self._who()
                return Refusal("not-your-turn", f"it is not seat {seat}'s turn (to act: {who})")
            return verdict
        if action in self.legal_actions(seat):
            return None
        phase = self.phase_for(seat)
        takes = type(self).phases.get(phase) if phase is not None else None
        if phase is not None and takes is not None and not isinstance(action, takes):
            kinds = " or ".join(_kind(k) for k in takes)
            return self._wrong_phase(seat, action, phase) or Refusal(
                "wrong-phase", f"the {phase} phase takes {kinds}, not {_kind(type(action))}"
            )
        return self._refusal(seat, action) or Refusal("not-allowed", self._not_listed(seat))

    def phase_for(self, seat: int) -> str | None:
        """The row of :attr:`phases` that judges the kind of ``seat``'s action now: by
        default the state's ``phase`` field. A game where a seat answers something
        apart from the turn's phase (a window opened over a turn) names that row."""
        phase = getattr(self, "phase", None)
        return phase if isinstance(phase, str) else None

    def _wrong_phase(self, seat: int, action: Action, phase: str) -> Refusal | None:
        """The words for ``action``, of a kind the row ``phase`` of :attr:`phases` does
        not take: the verdict is the table's, the reason may be the game's. ``None``
        (the default): "the PHASE phase takes KINDS, not KIND" (``wrong-phase``)."""
        return None

    def explain(self, seat: int, action: Action) -> tuple[str, str]:
        """``(code, reason)`` of :meth:`refusal`, for callers of the first contract;
        ``("", "")`` for a legal action."""
        verdict = self.refusal(seat, action)
        return ("", "") if verdict is None else (verdict.code, verdict.reason)

    def check(self, seat: int, action: Action) -> None:
        """Raise ``IllegalActionError`` (with the game's code and reason) unless ``seat``
        may apply ``action`` now; change nothing either way."""
        if seat == CHANCE:
            self._check_chance(action)
        elif action not in self.legal_actions(seat):
            verdict = self.refusal(seat, action)
            assert verdict is not None  # the verdict is the legal actions'
            raise IllegalActionError(action, seat, verdict.reason, verdict.code)

    def _not_listed(self, seat: int) -> str:
        legal = ", ".join(str(a) for a in self.legal_actions(seat)[:8])
        return f"not allowed now; legal actions include {legal}" if legal else "not allowed now"

    @property
    def recording(self) -> bool:
        """True when this state records events (``game.create(..., events=True)``)."""
        return self.log is not None

    def emit(self, event: Event) -> None:
        """Record ``event`` for the step being applied (nothing when not recording).

        In a hot path, test :attr:`log` first so that no event is even built::

            if self.log is not None:
                self.log.append(Played(seat, card))
        """
        if self.log is not None:
            self.log.append(event)

    def apply(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Apply ``action`` for ``seat``, or raise ``IllegalActionError`` and change nothing.

        Returns the events of the step (due chance included), or ``()`` when
        the state records none.
        """
        log = self.log
        if log is not None:
            mark = len(log)
        if seat == CHANCE:
            self._check_chance(action)
        else:
            legal = self._legal if self._legal_seat == seat else self.legal_actions(seat)
            for allowed in legal:  # identity first: bots return the listed objects
                if allowed is action:
                    break
            else:  # an equal action (parsed from text) passes; anything else raises
                self.check(seat, action)
        self.history.append((seat, action))
        self._apply(seat, action)
        self._legal_seat = _STALE
        if self.auto_chance and self.chance_cards():
            self.resolve_chance()
        if log is None:
            return ()
        return tuple(log[mark:])

    def resolve_chance(self) -> None:
        """Apply every due shuffle from the state's own generator."""
        while True:
            cards = self.chance_cards()
            if not cards:
                return
            shuffle = self.sample_chance(cards)
            self.history.append((CHANCE, shuffle))
            self._apply(CHANCE, shuffle)
            self._legal_seat = _STALE

    @property
    def rng(self) -> random.Random:
        """The state's own generator, made on first use; reseeded before every chance step."""
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    def chance_draw(self) -> int:
        """How many cards of :meth:`chance_cards` the due chance step draws, in order.

        0 (the default) orders the whole pile. A game that only needs the first
        few cards of a fresh shuffle (each player draws one card for the deal)
        returns that count: the recorded :class:`Shuffle` then holds just the
        cards drawn, in order.
        """
        return 0

    def sample_chance(self, cards: Sequence[Card] | None = None) -> Shuffle:
        """The shuffle the state's generator gives at this step (deterministic)."""
        pile = self.chance_cards() if cards is None else cards
        key = self.seed * 1_000_003 + self.step_offset + len(self.history)
        rng = self._rng
        if rng is None:  # made here seeded at once: seeding costs as much as a short shuffle
            rng = self._rng = random.Random(key)
        else:
            rng.seed(key)
        return chance.draw_shuffle(pile, self.chance_draw(), rng)

    # -- explicit deals -------------------------------------------------------------

    def deal_places(self) -> tuple[tuple[int | str, int | None], ...]:
        """Where the due deal puts the cards of its shuffle, as runs in shuffle order:
        ``(seat, count)`` for the next ``count`` cards going to that seat's hand,
        ``(name, count)`` for a pile (``count`` None: all the cards left); ``()`` when
        no deal is due. A deal one card at a time is runs of one card.

        The inverse of the game's deal layout, declared once so that
        :meth:`deal_shuffle` can make any deal. The default is ``()``: the game
        declares no deal.
        """
        return ()

    def deal_shuffle(
        self,
        hands: Mapping[int, Iterable[Card]] | Sequence[Iterable[Card]] = (),
        **piles: Iterable[Card],
    ) -> Shuffle:
        """The :class:`~cardkit.actions.Shuffle` that the due deal turns into exactly these
        ``hands`` (``hands[seat]``, in any order) and ``piles`` (by the names of
        :meth:`deal_places`, in the order the deal puts them: a draw pile top card
        first): the one documented way to deal by hand.

        A hand or pile given fewer cards than the deal puts there (or not given) is
        filled with the cards nobody was given, in the order of :meth:`chance_cards`.
        ``ValueError`` (one line) when no deal is declared, for a card not due or
        named twice, a hand or pile given more cards than the deal puts there, and a
        seat or pile the deal does not have. Apply it with ``state.apply(CHANCE, ...)``.
        """
        return chance.deal_shuffle(self, hands, piles)

    def _check_chance(self, action: Action) -> None:
        chance.check_chance(self, action)

    def _who(self) -> str:
        seats = self.to_act()
        return ", ".join("chance" if s == CHANCE else str(s) for s in seats) or "nobody"

    @property
    def steps(self) -> int:
        """Steps taken since the match began, chance included (a position's ``step``)."""
        return self.step_offset + len(self.history)

    # -- positions (games with ``Game.has_positions``) -----------------------------

    def position_part(self, seat: int | None = None) -> dict[str, Any]:
        """The game's own part of a position (JSON values): everything the common part lacks.

        With ``seat``, only what that seat knows: each card it cannot see is
        :data:`~cardkit.positions.UNKNOWN`. By default the :attr:`record`."""
        if not type(self).record:
            raise NotImplementedError(f"{self.game.id} has no positions")
        return write_record(self, seat)

    def position_summary(self) -> tuple[int | None, tuple[int, ...], int]:
        """The common part's ``dealer`` (None before there is one), ``scores`` and ``hand``."""
        raise NotImplementedError(f"{self.game.id} has no positions")

    def restore_position(self, common: Common, part: Any) -> None:
        """Turn this fresh state (made without auto chance) into the position; raise
        :class:`~cardkit.positions.PositionError` (one line: what is wrong) for a
        position that breaks the rules. The core then clears ``history``, sets
        :attr:`step_offset` and checks the common part against the state. By default
        the :attr:`record` is read, then :meth:`derive` and :meth:`check_position`
        are called."""
        if not type(self).record:
            raise NotImplementedError(f"{self.game.id} has no positions")
        read_record(self, part)
        self.derive()
        self.check_position()

    def derive(self) -> None:
        """Set the fields that follow from the :attr:`record` (whose turn it is, totals
        kept for speed) once the record is read: a position's or a sampled world's. By
        default nothing."""
        return None

    def check_position(self) -> None:
        """Raise :class:`~cardkit.positions.PositionError` (one line) when this state, just
        read from a position's :attr:`record`, breaks a rule its fields' types cannot
        say (where the cards may be, whose turn it is). By default nothing more."""
        return None

    # -- scores so far, and what search bots maximise (cardkit.search) ------------------

    def scores(self) -> tuple[float, ...] | None:
        """Each seat's score so far (its match total now, points paid during a hand
        included), for rewards during a match (:mod:`cardkit.rl`) and a game's
        :meth:`value`; ``None`` (the default): a match is scored by its :meth:`result` only."""
        return None

    def horizon(self) -> int:
        """Where a search bot's rollout stops: a count that moves on at each point where a
        seat's standing can be valued, such as each hand scored. A rollout stops when this
        changes or the match is over. The default, always 0, plays rollouts to the end of
        the match; a game of many hands returns its count of hands played."""
        return 0

    def value(self, seat: int, start: State) -> float:
        """How well ``seat`` did, from 0 (worst) to 1 (best), in this state reached by a
        rollout from ``start`` (see :meth:`horizon`): what search bots maximise.

        The default is the seat's win share (:meth:`Result.share`) of :meth:`result`,
        at the end of the match or, before it, of the seats leading now. A game of
        many hands values the hand just played, for instance with :func:`hand_value`.
        """
        return self.result().share(seat)

    def clone(self) -> Self:
        """An independent copy (cards, actions and the game are shared, being immutable;
        so is ``rng``, which is reseeded before every shuffle)."""
        cls = type(self)
        plan = _PLANS.get(cls)
        if plan is None:
            plan = _plan(cls)
        slots, changing = plan
        if changing is None:
            return self.__deepcopy__({})
        new = cls.__new__(cls)  # one copy of the table, then the fields changed in place
        fields = self.__dict__.copy()
        if not slots:
            for name in changing:
                value = fields.get(name)
                if value is not None:
                    fields[name] = value.copy()
            new.__dict__ = fields
            return new
        new.__dict__ = fields
        for name in slots:
            try:  # noqa: SIM105  (suppress() costs a context manager per slot)
                setattr(new, name, getattr(self, name))
            except AttributeError:  # a slot never set
                pass
        for name in changing:
            value = getattr(self, name, None)
            if value is not None:
                setattr(new, name, value.copy())
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        if type(self).copied:
            return self.clone()
        cls = type(self)
        new = cls.__new__(cls)
        memo[id(self)] = new
        for name, value in _state_items(self):
            if name in _SHARED:  # immutable, or reseeded before every use
                setattr(new, name, value)
            elif name in ("history", "log"):  # lists of immutable steps and events
                setattr(new, name, None if value is None else list(value))
            else:
                setattr(new, name, copy.deepcopy(value, memo))
        return new


_STALE = -2
"""``_legal_seat`` when no legal actions are cached (no seat is -2)."""

_SHARED = frozenset({"game", "_rng", "options", "_legal", "start_position"})


_PLANS: dict[type, tuple[tuple[str, ...], tuple[str, ...] | None]] = {}
"""How :meth:`State.clone` copies each state class met so far (see :func:`_plan`)."""


def _plan(cls: type[State]) -> tuple[tuple[str, ...], tuple[str, ...] | None]:
    """The copy plan of a state class (kept in ``_PLANS``): its ``__slots__`` fields,
    and the fields it copies (None without :attr:`State.copied`: a deep copy)."""
    changing = ("history", "log", *cls.copied) if cls.copied else None
    plan = _PLANS[cls] = (_slots(cls), changing)
    return plan


def _slots(cls: type[State]) -> tuple[str, ...]:
    """The ``__slots__`` fields of a state class and its bases."""
    names = (n for k in cls.__mro__ for n in getattr(k, "__slots__", ()))
    return tuple(n for n in names if n not in ("__dict__", "__weakref__"))


def _state_items(state: State) -> list[tuple[str, Any]]:
    items: list[tuple[str, Any]] = []
    if hasattr(state, "__dict__"):
        items.extend(vars(state).items())
    items.extend((n, getattr(state, n)) for n in _slots(type(state)) if hasattr(state, n))
    return items


def _kind(kind: type) -> str:
    """An action kind as a player names it (``Bid``: "bid", ``PlayCard``: "play card")."""
    return "".join(f" {c.lower()}" if c.isupper() else c for c in kind.__name__).strip()
