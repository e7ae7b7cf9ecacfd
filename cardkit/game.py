"""Games: what a plugin registers, around its :class:`~cardkit.state.State` class.

A plugin provides a :class:`Game` (what the registry lists: id, name, player
range, typed options, rules, bots) and a :class:`State` subclass
(:mod:`cardkit.state`: one match in progress, the step protocol). The game makes
its states (:meth:`Game.create`, :meth:`Game.new_state`), parses and describes
actions, writes and reads positions (:meth:`Game.position`,
:meth:`Game.from_position`), samples worlds for search (:meth:`Game.sample_world`)
and declares its action space and observer (:meth:`Game.action_space`,
:meth:`Game.observation_space`). ``State`` and the values a state hands out are
importable from here too.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from cardkit.actions import Action, parse_shuffle
from cardkit.cards import Deck
from cardkit.errors import IllegalActionError, OptionError, ParseError, PositionError
from cardkit.events import Event
from cardkit.options import Option, declared, resolve
from cardkit.positions import check_common, common_of, deal_world, write_position
from cardkit.seats import CHANCE
from cardkit.spaces import (
    ActionSpace,
    ObservationSpace,
    Spaces,
    action_space_of,
    observation_space_of,
)
from cardkit.state import _STALE
from cardkit.state import State as State
from cardkit.values import Refusal as Refusal
from cardkit.values import Result as Result
from cardkit.values import View as View
from cardkit.values import hand_value as hand_value
from cardkit.values import highest as highest
from cardkit.values import lowest as lowest
from cardkit.zones import Zone as Zone


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
