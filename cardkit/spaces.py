"""Action spaces and observations: the fixed shapes reinforcement learning needs.

A game declares its shapes with one :class:`Spaces` record
(:attr:`Game.spaces <cardkit.game.Game.spaces>`). Its ``actions(players,
options)`` lists every action a match with those settings can ever take; the
core numbers them in that order as an :class:`ActionSpace` (OpenSpiel's
"distinct actions"): ``index(action)``, ``action(index)``, ``size`` and
``mask(legal)``.

An :class:`ObservationSpace` encodes a seat's view as a fixed-length list of
floats, part by part (own hand, the trick by seat, bids, scores, ...): a game
gives its own (the record's ``observer(players, options)``), or the core
builds :func:`default_observer` from the view's fields. Observations are a
function of the view alone, so they never show what the seat may not see.

A game's spaces are built once per setting (:func:`action_space_of`,
:func:`observation_space_of`, behind :meth:`Game.action_space
<cardkit.game.Game.action_space>` and :meth:`Game.observation_space
<cardkit.game.Game.observation_space>`). Everything here is plain Python (no
numpy); :mod:`cardkit.rl` wraps it for PettingZoo.
"""

from __future__ import annotations

import sys
import typing
from array import array
from collections.abc import Callable, Iterable, Mapping, MutableSequence, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from cardkit.actions import Action
from cardkit.cards import Card, Deck

if TYPE_CHECKING:
    from cardkit.game import Game


class ActionSpace:
    """A stable numbering of every action a game can take at given settings.

    ``actions[i]`` is the action of index ``i``; the order is the game's, the
    same in every process (indices are safe to store with a trained policy).
    """

    __slots__ = ("_index", "actions")

    actions: tuple[Action, ...]

    def __init__(self, actions: Iterable[Action]) -> None:
        self.actions = tuple(actions)
        index: dict[Action, int] = {}
        for i, action in enumerate(self.actions):
            if action in index:
                raise ValueError(f"action {action} is listed twice (at {index[action]} and {i})")
            index[action] = i
        self._index = index

    @property
    def size(self) -> int:
        """The number of distinct actions."""
        return len(self.actions)

    def __len__(self) -> int:
        return len(self.actions)

    def __contains__(self, action: object) -> bool:
        return action in self._index

    def index(self, action: Action) -> int:
        """The index of ``action``; ``ValueError`` for an action outside the space."""
        found = self._index.get(action)
        if found is None:
            raise ValueError(f"{action} is not in the action space ({self.size} actions)")
        return found

    def action(self, index: int) -> Action:
        """The action of ``index``; ``ValueError`` outside ``0 .. size - 1``."""
        if isinstance(index, bool) or not 0 <= index < len(self.actions):
            raise ValueError(f"action index {index} is outside 0 to {len(self.actions) - 1}")
        return self.actions[index]

    def indices(self, legal: Iterable[Action]) -> list[int]:
        """The indices of some actions (the legal ones), in their order."""
        get = self._index.__getitem__
        return [get(a) for a in legal]

    def mask(self, legal: Iterable[Action]) -> list[int]:
        """A list of ``size`` zeros with a 1 at the index of each action of ``legal``."""
        return list(self.mask_bytes(legal))

    def mask_bytes(self, legal: Iterable[Action]) -> bytearray:
        """:meth:`mask` as a ``bytearray`` (numpy takes it as int8 without a copy)."""
        out = bytearray(len(self.actions))
        index = self._index
        for action in legal:
            out[index[action]] = 1
        return out

    def __repr__(self) -> str:
        return f"ActionSpace({self.size} actions)"


@attrs.frozen(slots=True)
class Part:
    """One named run of an observation: ``size`` floats, described by ``doc``."""

    name: str
    size: int
    doc: str = ""


Encode = Callable[[Any], Sequence[float]]
"""``encode(view) -> floats``: one observation, as long as the space's ``size``: a list,
or (faster to hand to numpy) the ``array('f')`` that :func:`zeros` starts."""


FromState = Callable[[Any, int], Sequence[float]]
"""``from_state(state, seat) -> floats``: ``encode(state.view(seat))``, without the view."""


class ObservationSpace:
    """A fixed-shape encoding of a seat's view: ``parts`` in order, ``encode(view)``.

    ``encode`` must read the view only and return exactly :attr:`size` floats,
    ``parts`` after one another (the conformance kit checks both), as a list or as
    the single-precision ``array('f')`` of :func:`zeros`. A game may add
    ``from_state(state, seat)``, a fast path that gives exactly what ``encode`` gives
    for that seat's view without building the view (the kit checks they agree at
    every step it observes).
    """

    __slots__ = ("encode", "from_state", "parts", "size")

    def __init__(
        self, parts: Sequence[Part], encode: Encode, from_state: FromState | None = None
    ) -> None:
        self.parts: tuple[Part, ...] = tuple(parts)
        self.size: int = sum(p.size for p in self.parts)
        self.encode: Encode = encode
        self.from_state: FromState | None = from_state

    def observe(self, state: Any, seat: int) -> Sequence[float]:
        """The observation of ``seat`` in ``state``: ``encode(state.view(seat))``, through
        the game's ``from_state`` fast path when it has one."""
        if self.from_state is not None:
            return self.from_state(state, seat)
        return self.encode(state.view(seat))

    def offsets(self) -> dict[str, slice]:
        """Each part's slice of an observation, by name."""
        out: dict[str, slice] = {}
        start = 0
        for part in self.parts:
            out[part.name] = slice(start, start + part.size)
            start += part.size
        return out

    def layout(self) -> str:
        """The parts as a Markdown table: offset, size, name, meaning."""
        lines = ["| offset | size | part | meaning |", "|---:|---:|---|---|"]
        start = 0
        for part in self.parts:
            lines.append(f"| {start} | {part.size} | `{part.name}` | {part.doc} |")
            start += part.size
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"ObservationSpace({self.size} floats, {len(self.parts)} parts)"


@attrs.frozen(slots=True)
class Spaces:
    """A game's fixed shapes for learning, declared as ``Game.spaces``.

    ``actions(players, options)``: every action a match with these settings (the
    typed options record) can ever take, in a stable order, which
    :meth:`Game.action_space <cardkit.game.Game.action_space>` numbers and the
    conformance kit checks every legal action against. ``observer(players,
    options)``: the game's own :class:`ObservationSpace`; ``None`` (the default):
    :func:`default_observer`, built from the class of the game's views.
    """

    actions: Callable[[int, Any], Sequence[Action]]
    observer: Callable[[int, Any], ObservationSpace] | None = None


# -- helpers for encoders -------------------------------------------------------------


class Layout:
    """Parts declared one after another: ``offset = layout.add(name, size, doc)``, then
    ``layout.space(encode)``. For writing an encoder with named offsets."""

    __slots__ = ("parts", "size")

    def __init__(self) -> None:
        self.parts: list[Part] = []
        self.size = 0

    def add(self, name: str, size: int, doc: str) -> int:
        """Declare the next part; returns its offset."""
        offset = self.size
        self.parts.append(Part(name, size, doc))
        self.size += size
        return offset

    def space(self, encode: Encode, from_state: FromState | None = None) -> ObservationSpace:
        """The observation space of the parts declared, encoded by ``encode`` (and
        ``from_state``, a fast path, when given)."""
        return ObservationSpace(self.parts, encode, from_state)


def zeros(size: int) -> array[float]:
    """``size`` zeros as a single-precision ``array('f')``: an observation to write into.

    It reads and writes like a list of floats, and numpy takes it without a copy."""
    template = _ZEROS.get(size)
    if template is None:
        template = _ZEROS[size] = array("f")
        template.frombytes(bytes(4 * size))
    return template[:]


_ZEROS: dict[int, array[float]] = {}


def relative(seat: int, viewer: int, players: int) -> int:
    """``seat`` counted from ``viewer`` (0 is the viewer, 1 the seat to its left, ...)."""
    return (seat - viewer) % players


def card_counts(out: MutableSequence[float], start: int, cards: Iterable[Card]) -> None:
    """Add 1 at ``start + card.id`` for each card (a plane over the deck's faces)."""
    for card in cards:
        out[start + card.id] += 1.0


def one_hot(out: MutableSequence[float], start: int, index: int | None) -> None:
    """Set ``out[start + index]`` to 1 (nothing for ``None``)."""
    if index is not None:
        out[start + index] = 1.0


# -- the generic default --------------------------------------------------------------

_NUMBER = (int, float, bool)


def _holds_card(hint: Any) -> bool:
    if hint is Card:
        return True
    return any(_holds_card(a) for a in typing.get_args(hint))


def _number(hint: Any) -> bool:
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    if hint in _NUMBER:
        return True
    return bool(args) and typing.get_origin(hint) is not tuple and all(a in _NUMBER for a in args)


def _numbers(hint: Any) -> bool:
    """``tuple[int, ...]`` (or of ``int | None``, ``float``, ``bool``)."""
    if typing.get_origin(hint) is not tuple:
        return False
    args = typing.get_args(hint)
    return len(args) == 2 and args[1] is Ellipsis and _number(args[0])


def _cards_of(value: Any, out: list[Card], depth: int = 0) -> None:
    if isinstance(value, Card):
        out.append(value)
    elif isinstance(value, tuple | list) and depth < 6:
        for item in value:
            _cards_of(item, out, depth + 1)


def _hints(view_type: type[Any]) -> dict[str, Any]:
    """The view's field types; a field whose annotation does not resolve is left out."""
    try:
        return typing.get_type_hints(view_type)
    except Exception:  # a name only a type checker sees: resolve the fields one by one
        module = sys.modules.get(view_type.__module__)
        scope = {**vars(typing), "Card": Card, **(vars(module) if module is not None else {})}
        found: dict[str, Any] = {}
        for field in attrs.fields(view_type):
            kind = field.type
            if isinstance(kind, str):
                try:
                    kind = eval(kind, scope)
                except Exception:
                    continue
            found[field.name] = kind
        return found


def default_observer(view_type: type[Any], players: int, deck: Deck) -> ObservationSpace:
    """The generic encoding of a view class, from its fields' types.

    The seat to act (one per seat, counted from the viewer); then, field by
    field in order: a field holding cards is a plane over the deck's faces
    (how many of each face it shows); a number (or ``None``, as 0) is one
    float; a tuple of numbers is one float per seat (its first ``players``
    entries, 0 past its end or for ``None``). Other fields (texts, records)
    are left out. Per-seat tuples are taken as given, seat 0 first.
    """
    hints = _hints(view_type)
    faces = len(deck.faces)
    parts: list[Part] = [Part("to_act", players, "1 for the seat to act first, from the viewer")]
    plan: list[tuple[str, str]] = []
    for field in attrs.fields(view_type):
        name = field.name
        if name in ("seat", "to_act") or name.startswith("_"):
            continue
        hint = hints.get(name)
        if _holds_card(hint):
            parts.append(Part(name, faces, f"cards of `{name}`, by face id"))
            plan.append((name, "cards"))
        elif _numbers(hint):
            parts.append(Part(name, players, f"`{name}`, by seat"))
            plan.append((name, "numbers"))
        elif _number(hint):
            parts.append(Part(name, 1, f"`{name}`"))
            plan.append((name, "number"))
    size = sum(p.size for p in parts)

    def encode(view: Any) -> array[float]:
        out = zeros(size)
        me = view.seat
        if view.to_act and view.to_act[0] >= 0:
            out[relative(view.to_act[0], me, players)] = 1.0
        at = players
        for name, kind in plan:
            value = getattr(view, name)
            if kind == "cards":
                found: list[Card] = []
                _cards_of(value, found)
                card_counts(out, at, found)
                at += faces
            elif kind == "numbers":
                for i, item in enumerate(value[:players]):
                    out[at + i] = float(item or 0)
                at += players
            else:
                out[at] = float(value or 0)
                at += 1
        return out

    return ObservationSpace(parts, encode)


# -- a game's spaces, built once per setting ------------------------------------------


def action_space_of(game: Game, players: int, options: Any = None) -> ActionSpace:
    """``game``'s :class:`ActionSpace` for these settings (built once), in the order of its
    :class:`Spaces`' ``actions``; ``options``: the typed record, a mapping of values or
    None (the defaults). ``NotImplementedError`` for a game that declares no spaces."""
    record = _settings(game, options)
    key = ("actions", players, _key(record))
    cache = game.__dict__.setdefault("_spaces", {})
    found = cache.get(key)
    if found is None:
        if game.spaces is None:
            raise NotImplementedError(f"{game.id} declares no action space")
        found = cache[key] = ActionSpace(game.spaces.actions(players, record))
    assert isinstance(found, ActionSpace)
    return found


def observation_space_of(game: Game, players: int, options: Any = None) -> ObservationSpace:
    """``game``'s :class:`ObservationSpace` for these settings (built once): its
    :class:`Spaces`' ``observer``, else :func:`default_observer` from the class of the
    game's views."""
    record = _settings(game, options)
    key = ("observations", players, _key(record))
    cache = game.__dict__.setdefault("_spaces", {})
    found = cache.get(key)
    if found is None:
        own = None if game.spaces is None else game.spaces.observer
        found = None if own is None else own(players, record)
        if found is None:
            sample = game.new_state(players, 0, record, True)
            deck = game.deck(players, record)
            found = default_observer(type(sample.view(0)), players, deck)
        cache[key] = found
    assert isinstance(found, ObservationSpace)
    return found


def _settings(game: Game, options: Any) -> Any:
    """The typed options record of ``options`` (a record, a mapping of values or None)."""
    if game.Options is not None and isinstance(options, game.Options):
        return options
    return game.make_options(options)


def _key(options: Any) -> Any:
    """A cache key for an options record (a plain mapping of values by its items)."""
    if isinstance(options, Mapping):
        return tuple(sorted((k, repr(v)) for k, v in options.items()))
    return options
