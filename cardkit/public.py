"""A state's record: the fields a game declares in :attr:`State.record
<cardkit.state.State.record>`, written to a position's game part and read back by
their declared types.

A record field holds a JSON value (``bool``, ``int``, ``str``, ``None``), a
:class:`~cardkit.cards.Card` (written as its text), a tuple or list of these
(written as a list), a set of these (a sorted list), a dict of these by int or
str keys (an object), an ``attrs`` class of these (an object of its fields: a
game's line of a score sheet, or the core's
:class:`~cardkit.seats.TurnOrder`, :class:`~cardkit.seats.ResponseWindow` and
:class:`~cardkit.seats.SealedChoice`), or one of the core's mutable parts: a
:class:`~cardkit.tricks.Trick` (its leader and plays), a
:class:`~cardkit.match.Scoreboard` (totals and each hand's points) or the
state's :class:`~cardkit.zones.Cards` (as :meth:`Cards.write
<cardkit.zones.Cards.write>` writes them; for one seat's position, what
:meth:`~cardkit.zones.Cards.seen_by` that seat). Reading checks each value
against the field's annotation on the state class and raises
:class:`~cardkit.errors.PositionError` naming the field.

Every field of the record but the cards is public by contract: any seat may
know it. A seat's position shows the whole record and the cards it knows.
"""

from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

import attrs

from cardkit.cards import Card
from cardkit.errors import ParseError, PositionError
from cardkit.match import Scoreboard
from cardkit.positions import game_part
from cardkit.tricks import Trick
from cardkit.zones import Cards

if TYPE_CHECKING:
    from cardkit.state import State


def write_record(state: State, seat: int | None = None) -> dict[str, Any]:
    """The record of ``state`` as JSON values (with ``seat``: as that seat knows it)."""
    return {name: _write(getattr(state, name), seat) for name in type(state).record}


def read_record(state: State, part: Any, names: tuple[str, ...] | None = None) -> None:
    """Set the record fields of the fresh ``state`` (or just ``names``) from ``part`` (JSON
    values), which must hold exactly them; ``PositionError`` naming the first field that
    is wrong."""
    names = type(state).record if names is None else names
    part = game_part(part, names)
    for name in names:
        setattr(state, name, read_value(state, name, part[name]))


def read_value(state: State, name: str, data: Any) -> Any:
    """``data`` (JSON values) read as field ``name`` of ``state`` by its annotation (the
    fresh state's value of a Trick, Scoreboard or Cards field is read into a copy);
    ``PositionError`` naming the field when it does not fit."""
    hint = _hint(type(state), name)
    if hint is None:
        raise TypeError(f"{type(state).__name__}.{name} has no type annotation")
    deck = state.game.deck(state.players, state.options)
    try:
        return _read(hint, data, getattr(state, name, None), deck.card)
    except (ValueError, TypeError, KeyError, IndexError, ParseError) as exc:
        raise PositionError(f"{name!r} is not valid: {exc}") from None


@cache
def _hint(cls: type[State], name: str) -> Any:
    """The resolved annotation of field ``name`` of a state class, from the nearest class
    in its MRO that annotates it; None when none does."""
    for klass in cls.__mro__:
        if name in inspect.get_annotations(klass):
            return inspect.get_annotations(klass, eval_str=True)[name]
    return None


def _write(value: Any, seat: int | None) -> Any:
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Card):
        return value.text
    if isinstance(value, tuple | list):
        return [_write(v, seat) for v in value]
    if isinstance(value, set | frozenset):
        return [_write(v, seat) for v in sorted(value)]
    if isinstance(value, dict):
        return {str(k): _write(v, seat) for k, v in sorted(value.items())}
    if isinstance(value, Trick):
        plays: list[list[Any]] = [[s, c.text] for s, c in value.pairs()]
        if plays and value.led is not None and value.led != value.cards[0].suit:
            plays[0].append(value.led)  # the suit a led adopter was declared as
        return {"leader": value.leader, "plays": plays}
    if isinstance(value, Scoreboard):
        return {"totals": list(value.totals), "hands": [list(h) for h in value.hands]}
    if isinstance(value, Cards):
        return value.write() if seat is None else value.seen_by(seat).write()
    if attrs.has(type(value)):
        return {f.name: _write(getattr(value, f.name), seat) for f in attrs.fields(type(value))}
    raise TypeError(f"a record cannot hold {type(value).__name__}")


def _read(hint: Any, data: Any, current: Any, card: Any) -> Any:
    """``data`` read as the type ``hint`` (``current``: the fresh state's value)."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        if data is None and type(None) in args:
            return None
        errors = []
        for alternative in (a for a in args if a is not type(None)):
            try:
                return _read(alternative, data, current, card)
            except (ValueError, TypeError, KeyError, IndexError, ParseError) as exc:
                errors.append(str(exc))
        raise ValueError("; ".join(errors))
    if origin is tuple or origin is list:
        if not isinstance(data, list):
            raise ValueError(f"a list was expected, not {data!r}")
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(data) != len(args):
                raise ValueError(f"{len(args)} items were expected, not {len(data)}")
            return tuple(_read(a, d, None, card) for a, d in zip(args, data, strict=True))
        items = [_read(args[0], d, None, card) for d in data]
        return tuple(items) if origin is tuple else items
    if origin is set or origin is frozenset:
        if not isinstance(data, list):
            raise ValueError(f"a list was expected, not {data!r}")
        found = {_read(args[0], d, None, card) for d in data}
        if len(found) != len(data):
            raise ValueError(f"a list without repeats was expected, not {data!r}")
        return found if origin is set else frozenset(found)
    if origin is dict:
        if not isinstance(data, Mapping) or args[0] not in (int, str):
            raise ValueError(f"an object was expected, not {data!r}")
        key = (lambda k: _read(int, int(k), None, card)) if args[0] is int else str
        return {key(k): _read(args[1], v, None, card) for k, v in data.items()}
    if hint is bool:
        if not isinstance(data, bool):
            raise ValueError(f"true or false was expected, not {data!r}")
        return data
    if hint is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise ValueError(f"a whole number was expected, not {data!r}")
        return data
    if hint is str:
        if not isinstance(data, str):
            raise ValueError(f"a text was expected, not {data!r}")
        return data
    if hint is Card:
        if not isinstance(data, str):
            raise ValueError(f"a card was expected, not {data!r}")
        return card(data)
    if hint is Trick:
        return _read_trick(data, current, card)
    if hint is Scoreboard:
        totals = _read(list[int], data["totals"], None, card)
        hands = _read(list[tuple[int, ...]], data["hands"], None, card)
        return Scoreboard(totals, current.floor if current is not None else None, hands)
    if hint is Cards:
        if not isinstance(current, Cards):
            raise TypeError("the fresh state holds no Cards to read into")
        return Cards.read(current.layout, data)
    if isinstance(hint, type) and attrs.has(hint):
        return _read_attrs(hint, data, card, {})
    if isinstance(origin, type) and attrs.has(origin):  # a generic one, such as SealedChoice[T]
        params = getattr(origin, "__parameters__", ())
        return _read_attrs(origin, data, card, dict(zip(params, args, strict=True)))
    raise TypeError(f"a record cannot hold {hint!r}")


def _read_trick(data: Any, current: Any, card: Any) -> Trick:
    if not isinstance(current, Trick):
        raise TypeError("the fresh state holds no Trick to read into")
    if not isinstance(data, Mapping) or set(data) != {"leader", "plays"}:
        raise ValueError("a trick is an object with 'leader' and 'plays'")
    trick = current.copy()
    trick.restart(_read(int, data["leader"], None, card))
    plays = data["plays"]
    if not isinstance(plays, list):
        raise ValueError("a trick's plays are a list")
    for i, play in enumerate(plays):
        if not isinstance(play, list) or len(play) not in (2, 3) or (len(play) == 3 and i):
            raise ValueError(f"a play is [seat, card] (a lead may add its suit), not {play!r}")
        declared = _read(str, play[2], None, card) if len(play) == 3 else None
        trick.play(_read(int, play[0], None, card), _read(Card, play[1], None, card), declared)
    return trick


def _read_attrs(cls: type[Any], data: Any, card: Any, given: dict[Any, Any]) -> Any:
    """An ``attrs`` class from an object of its fields (``given``: its type parameters)."""
    names = [f.name for f in attrs.fields(cls)]
    if not isinstance(data, Mapping) or set(data) != set(names):
        raise ValueError(f"an object with {', '.join(names)} was expected, not {data!r}")
    hints = typing.get_type_hints(cls)
    values = {n: _read(_bound(hints[n], given), data[n], None, card) for n in names}
    return cls(**values)


def _bound(hint: Any, given: dict[Any, Any]) -> Any:
    """``hint`` with the type parameters in ``given`` replaced by their types."""
    if not given:
        return hint
    if isinstance(hint, typing.TypeVar):
        return given.get(hint, hint)
    args = typing.get_args(hint)
    origin = typing.get_origin(hint)
    if not args or origin is None:
        return hint
    bound = tuple(_bound(a, given) for a in args)
    if origin in (types.UnionType, typing.Union):
        return typing.Union[bound]  # noqa: UP007
    return origin[bound]
