"""Games and states: the contract between the core and every plugin game.

A plugin provides a :class:`Game` (what the registry lists: id, name, player
range, typed options, rules, bots) and a :class:`State` subclass (one match in
progress: a series of hands with running scores). A state implements:

- ``setup()``: the match's own fields; the core resolves due chance after it;
- ``to_act()``: the seats that may act now (``(CHANCE,)`` while a shuffle is
  due and chance is not automatic);
- ``_legal_actions(seat)``: every legal action, which is the verdict on any
  action (the default filters ``candidates(seat)`` through ``_refusal``);
- ``_refusal(seat, action)``: why an action the legal actions leave out is
  not allowed, per action kind, as a :class:`Refusal` (a stable code and the
  reason); the core words a match that is over, a seat not to act and an
  action of a kind the phase does not take (:attr:`State.phases`);
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

Action spaces and observations (:mod:`cardkit.spaces`): a game that declares
its :attr:`Game.spaces` (a :class:`~cardkit.spaces.Spaces` record listing every
action it can ever take) has a fixed :meth:`Game.action_space`;
:meth:`Game.observation_space` encodes a seat's view as a fixed-length list of
floats (the record's ``observer``, or a generic one from the view class).
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

from cardkit import chance
from cardkit.actions import Action, Shuffle, parse_shuffle
from cardkit.cards import Card, Deck
from cardkit.errors import IllegalActionError, OptionError, ParseError, PositionError
from cardkit.events import Event
from cardkit.options import Option, declared, resolve
from cardkit.positions import Common, check_common, common_of, deal_world, write_position
from cardkit.public import read_record, write_record
from cardkit.seats import CHANCE
from cardkit.spaces import (
    ActionSpace,
    ObservationSpace,
    Spaces,
    action_space_of,
    observation_space_of,
)
from cardkit.values import Refusal as Refusal
from cardkit.values import Result as Result
from cardkit.values import View as View
from cardkit.values import hand_value as hand_value
from cardkit.values import highest as highest
from cardkit.values import lowest as lowest
from cardkit.zones import Zone as Zone


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
    ``phase`` field (``{"bid": (Bid,), "play": (Play,)}``). An action of another kind is
    refused by the core (``wrong-phase``), so a game words only the refusals of the
    kinds a phase takes."""
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
        phase = getattr(self, "phase", None)
        takes = type(self).phases.get(phase) if isinstance(phase, str) else None
        if takes is not None and not isinstance(action, takes):
            kinds = " or ".join(_kind(k) for k in takes)
            return Refusal(
                "wrong-phase", f"the {phase} phase takes {kinds}, not {_kind(type(action))}"
            )
        return self._refusal(seat, action) or Refusal("not-allowed", self._not_listed(seat))

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
        return self.__deepcopy__({})

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        cls = type(self)
        new = cls.__new__(cls)
        memo[id(self)] = new
        if cls.copied:
            plan = _PLANS.get(cls)
            if plan is None:
                plan = _PLANS[cls] = (_slots(cls), ("history", "log", *cls.copied))
            slots, changing = plan
            if hasattr(self, "__dict__"):  # one copy of the table, then its changing fields
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


_PLANS: dict[type, tuple[tuple[str, ...], tuple[str, ...]]] = {}
"""How :meth:`State.clone` copies each state class with :attr:`State.copied` fields met
so far: its ``__slots__`` fields (:func:`_slots`), and the fields it copies."""


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


class _DeclaredOptions:
    """``Game.options``: the Option of each field of the game's ``Options`` record."""

    def __get__(self, game: object, owner: type[Any]) -> tuple[Option, ...]:
        record = owner.Options
        return () if record is None else declared(record)


if TYPE_CHECKING:  # a default, so that a bare ``Game`` means ``Game[State]`` (PEP 696)
    from typing_extensions import TypeVar as DefaultTypeVar

    S = DefaultTypeVar("S", bound=State, default=State, covariant=True)
else:
    S = TypeVar("S", bound=State, covariant=True)


class Game(ABC, Generic[S]):
    """A plugin game. Subclass it, fill in the class attributes, register an instance.

    ``state`` is the game's :class:`State` class, which :meth:`create` makes;
    ``Options`` its typed options record (an ``attrs.frozen`` class whose fields
    are made with :func:`cardkit.options.option`), from which ``options`` (the
    declared :class:`~cardkit.options.Option` list) is derived. ``bots`` maps
    bot names (``heuristic``, ...) to bot classes that play this game; generic
    bots such as ``random`` come from the registry.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    state: type[S]
    cards: ClassVar[Deck | None] = None
    """The game's deck, when it is the same for every match (see :meth:`deck`)."""
    Options: ClassVar[type[Any] | None] = None
    options: _DeclaredOptions | tuple[Option, ...] = _DeclaredOptions()
    """The declared :class:`~cardkit.options.Option` list, derived from ``Options``
    (on the class and its instances alike)."""
    rules: ClassVar[str] = ""
    """The rules in full (Markdown), as ``cardkit rules GAME`` prints them."""
    help: ClassVar[str] = ""
    """A page of help for a player in the middle of a match (at most 22 lines of 80
    columns): the rules in brief, the ranking or suit order, and the texts a player types
    or sees; ``""``: front ends show the summary."""
    bots: ClassVar[Mapping[str, type[Any]]] = {}
    spaces: ClassVar[Spaces | None] = None
    """The game's action space and observer for learning (see :mod:`cardkit.spaces`);
    ``None`` (the default): no action space, and the generic observer."""

    def new_state(self, players: int, seed: int, options: Any, auto_chance: bool) -> S:
        """A fresh match with validated options (called by :meth:`create`)."""
        return self.state(self, players, seed, options, auto_chance)

    def deck(self, players: int, options: Any) -> Deck:
        """The deck a match with these settings uses (for parsing card texts).

        The default is :attr:`cards`, for a game whose deck never changes; a game
        whose deck depends on the player count or options overrides this.
        """
        if self.cards is None:
            raise NotImplementedError(f"{type(self).__name__} has no cards and no deck()")
        return self.cards

    @abstractmethod
    def parse_action(self, text: str, state: State | None = None) -> Action:
        """The action whose text form is ``text``; ``ParseError`` if there is none.

        ``state`` is given when known, for games whose deck depends on options.
        """

    @abstractmethod
    def max_steps(self, players: int, options: Any) -> int:
        """An upper bound on the number of steps (actions, chance included) of a match."""

    def check_players(self, players: int) -> None:
        """Raise ``OptionError`` unless ``players`` is a whole number the game allows."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(f"players must be a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.id} is for {self.min_players} to {self.max_players} players, not {players}"
            )

    def check_options(self, players: int, options: Any) -> None:
        """Raise ``OptionError`` for option values that conflict with each other or
        with the player count. Called by :meth:`create` after each option is checked,
        with the typed options record."""
        return None

    def make_options(self, options: Mapping[str, Any] | None = None) -> Any:
        """The typed options record (or, for a game without one, the mapping) for ``options``:
        defaults overridden by the values given, each checked."""
        values = resolve(self.options, options, self.id)
        return values if self.Options is None else self.Options(**values)

    def create(
        self,
        players: int | None = None,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        *,
        auto_chance: bool = True,
        events: bool = False,
    ) -> S:
        """Validate players and options, then start a match seeded with ``seed``.

        With ``events``, the state records :mod:`events <cardkit.events>` as it
        plays (the deal made at creation included, in ``state.log``).
        """
        n = self.default_players if players is None else players
        self.check_players(n)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise OptionError(f"seed must be a whole number, not {seed!r}")
        values = self.make_options(options)
        self.check_options(n, values)
        if not events:
            return self.new_state(n, seed, values, auto_chance)
        state = self.new_state(n, seed, values, False)  # record from the first chance step on
        state.log = []
        state.auto_chance = auto_chance
        if auto_chance:
            state.resolve_chance()
        return state

    def parse_record_action(self, seat: int, text: str, state: State) -> Action:
        """Parse one recorded action: a shuffle for the chance seat, else a game action."""
        if seat == CHANCE:
            cards = state.chance_cards()
            if not cards:
                raise ParseError("a shuffle is recorded where none is due")
            return parse_shuffle(text, self.deck(state.players, state.options))
        return self.parse_action(text, state)

    def line(self, event: Event, viewer: int | None) -> str:
        """One line of an event stream: ``event`` in words, for ``viewer`` (None: all-seeing).

        Formatting only: an event says what happened, and only events that
        ``viewer`` may see are passed here. The default is ``str(event)``.
        """
        return str(event)

    def describe(self, state: State, seat: int, action: Action, viewer: int | None) -> str:
        """The line of the step ``seat`` would take with ``action`` from ``state``, as
        ``viewer`` may see it (None: all-seeing): a convenience for tests and tools.

        Formatting only: the action is applied to a copy that records events, and
        the lines (:meth:`line`) of the events ``viewer`` may see are joined.
        """
        copy = state.clone()
        copy.log = []
        copy.auto_chance = False
        try:
            events = copy.apply(seat, action)
        except IllegalActionError:
            return f"seat {seat}: {action}"
        lines = [self.line(e, viewer) for e in events if e.seen_by(viewer)]
        return "; ".join(lines) or f"seat {seat}: {action}"

    # -- action spaces and observations (see cardkit.spaces) -------------------------

    def action_space(self, players: int, options: Any = None) -> ActionSpace:
        """The :class:`~cardkit.spaces.ActionSpace` of these settings (built once), in
        the order of :attr:`spaces`' ``actions``; ``options``: the typed record, a
        mapping of values or None (the defaults). ``NotImplementedError`` for a game
        that declares no spaces."""
        return action_space_of(self, players, options)

    def observation_space(self, players: int, options: Any = None) -> ObservationSpace:
        """The :class:`~cardkit.spaces.ObservationSpace` of these settings (built once):
        :attr:`spaces`' ``observer``, else :func:`~cardkit.spaces.default_observer`
        from the class of the game's views."""
        return observation_space_of(self, players, options)

    # -- positions (see cardkit.positions) -------------------------------------------

    @property
    def has_positions(self) -> bool:
        """True when the game writes and reads positions and samples worlds: its state
        names a :attr:`State.record` (or implements :meth:`State.position_part` and
        :meth:`State.restore_position` itself) and implements
        :meth:`State.position_summary`, and the game implements :meth:`sample_world` or
        :meth:`public_state` (see the module docstring); the conformance kit then checks
        them too."""
        state = self.state
        return (
            (
                bool(state.record)
                or (
                    state.position_part is not State.position_part
                    and state.restore_position is not State.restore_position
                )
            )
            and state.position_summary is not State.position_summary
            and self.has_worlds
        )

    @property
    def has_worlds(self) -> bool:
        """True when the game samples worlds: it implements :meth:`sample_world` or
        :meth:`public_state`."""
        cls = type(self)
        return (
            cls.sample_world is not Game.sample_world or cls.public_state is not Game.public_state
        )

    def position(self, state: State, seat: int | None = None) -> dict[str, Any]:
        """The position of ``state`` as JSON values (``"format": "cardkit-position/2"``).

        With ``seat``, that seat's position: only what it knows (no seed, each card it
        cannot see :data:`~cardkit.positions.UNKNOWN`), for reading, not for setting up.
        """
        return write_position(self, state, seat)

    def from_position(self, data: Any, *, auto_chance: bool = True, events: bool = False) -> S:
        """The state of the position ``data`` (JSON values), which plays on exactly as the
        original would; ``PositionError`` (one line: what is wrong) for a position that
        cannot be read or breaks the rules. With ``events``, the state records events
        from here on."""
        if not self.has_positions:
            raise PositionError(f"{self.id} has no positions")
        common = common_of(self, data)
        state = self.new_state(common.players, common.seed, common.options, False)
        try:
            state.restore_position(common, data["state"])
        except IllegalActionError as exc:
            raise PositionError(f"the position breaks the rules: {exc.reason}") from None
        state.history = []
        state.step_offset = common.step
        state.start_position = data
        state._legal_seat = _STALE
        check_common(state, common)
        if events:
            state.log = []
        state.auto_chance = auto_chance
        if auto_chance:
            state.resolve_chance()
        return state

    def sample_world(self, view: View, rng: random.Random) -> S:
        """A full state consistent with everything ``view``'s seat knows and nothing it does
        not: the cards it cannot see dealt uniformly among the arrangements its view allows.

        The world's later chance is drawn from a fresh seed taken from ``rng``. By
        default, for a game that implements :meth:`public_state`: that state, made once
        per view (kept in ``view.cards.memo``) and copied for each world, with its
        ``cards`` dealt by the core (:meth:`SeatCards.deal <cardkit.zones.SeatCards.deal>`)
        and any chance then due drawn.
        """
        own = type(self).public_state is not Game.public_state
        return deal_world(self, view, rng, self.public_state if own else None)

    def public_state(self, view: View) -> S:
        """Optional: a state holding what ``view`` shows of the match but the cards: its
        record's other fields as the view gives them (then :meth:`State.derive`) and
        :attr:`State.step_offset` at the view's step. :meth:`sample_world` deals its cards."""
        raise NotImplementedError(f"{self.id} makes no state from a view")

    def world_weight(self, world: State, seat: int) -> float:
        """Optional: how likely the other seats' choices so far (a bid, a pass) were, had
        they held the cards they hold in ``world``, a world sampled for ``seat``: any scale,
        0 for impossible. Search bots with ``infer=K`` draw ``K`` worlds for each one they
        search and keep one in proportion to this weight (sampling importance resampling),
        so a game declares an inference such as "a high bid means high cards". By default
        every world weighs the same."""
        return 1.0

    @property
    def weighs_worlds(self) -> bool:
        """Whether the game declares :meth:`world_weight`."""
        return type(self).world_weight is not Game.world_weight


def _kind(kind: type) -> str:
    """An action kind as a player names it (``Bid``: "bid", ``PlayCard``: "play card")."""
    return "".join(f" {c.lower()}" if c.isupper() else c for c in kind.__name__).strip()
