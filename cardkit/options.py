"""Game options: declared per game, validated when a game is created."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from typing import Any, cast

import attrs

from cardkit.errors import OptionError

OptionValue = bool | int | str | tuple[int, ...]

_TYPES: dict[str, type] = {"bool": bool, "int": int, "str": str, "ints": tuple}


_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")


def whole_number(text: str) -> int:
    """The integer ``text`` writes in ASCII digits, an optional sign first (spaces around
    ignored); ``ValueError`` for anything else. Unlike ``int()``, other scripts' digits
    (Arabic-Indic, full-width) and underscores are not numbers here: every number cardkit
    reads from text (options, bot parameters, action texts) goes through this."""
    raw = text.strip()
    if not _WHOLE.fullmatch(raw):
        raise ValueError(f"not a whole number in ASCII digits: {text!r}")
    return int(raw)


def decimal_number(text: str) -> float:
    """The number ``text`` writes in ASCII digits (``1.5``, ``-2``, ``1e-3``; spaces around
    ignored); ``ValueError`` for anything else, other scripts' digits, ``inf`` and ``nan``
    included."""
    raw = text.strip()
    if not _DECIMAL.fullmatch(raw):
        raise ValueError(f"not a number in ASCII digits: {text!r}")
    return float(raw)


@attrs.frozen(slots=True)
class Option:
    """One option: ``kind`` is ``bool``, ``int``, ``str`` or ``ints`` (a list of ints).

    ``choices`` lists the allowed values of a ``str`` or ``int`` option;
    ``low``/``high`` bound an ``int`` option or every item of an ``ints`` one.
    """

    name: str
    kind: str
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] | None = None
    low: int | None = None
    high: int | None = None

    def allowed(self) -> str:
        """The allowed values in words."""
        if self.choices is not None:
            return ", ".join(_show(c) for c in self.choices)
        if self.kind == "bool":
            return "true, false"
        bounds = _bounds(self.low, self.high)
        if self.kind == "ints":
            return "comma-separated whole numbers" + (f" each {bounds}" if bounds else "")
        if self.kind == "int":
            return "a whole number" + (f" {bounds}" if bounds else "")
        return "any text"

    def parse(self, text: str) -> OptionValue:
        """Convert command-line text to a value of this option's kind, then check it."""
        raw = text.strip()
        value: OptionValue
        if self.kind == "bool":
            low = raw.lower()
            if low in ("true", "yes", "1", "on"):
                value = True
            elif low in ("false", "no", "0", "off"):
                value = False
            else:
                raise self._error(raw)
        elif self.kind == "int":
            try:
                value = whole_number(raw)
            except ValueError:
                raise self._error(raw) from None
        elif self.kind == "ints":
            parts = [p.strip() for p in raw.split(",")] if raw else []
            try:  # an empty part ("3,,4") or a space inside one ("3 4") is an error
                value = tuple(whole_number(p) for p in parts)
            except ValueError:
                raise self._error(raw) from None
        else:
            value = raw
        return self.check(value)

    def check(self, value: Any) -> OptionValue:
        """Return ``value`` if it is allowed, else raise ``OptionError``."""
        if self.kind == "ints" and isinstance(value, list):
            value = tuple(value)
        if self.kind == "int" and isinstance(value, bool):
            raise self._error(value)
        if not isinstance(value, _TYPES[self.kind]):
            raise self._error(value)
        items: list[Any]
        if isinstance(value, tuple):
            if not value or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                raise self._error(value)
            items = list(value)
        else:
            items = [value]
        for item in items:
            if self.low is not None and item < self.low:
                raise self._error(value)
            if self.high is not None and item > self.high:
                raise self._error(value)
        if self.choices is not None and value not in self.choices:
            raise self._error(value)
        checked = cast(OptionValue, value)
        return checked

    def _error(self, value: Any) -> OptionError:
        shown = _show(value) or "(empty)"
        return OptionError(f"bad value {shown} for option {self.name!r}: allowed {self.allowed()}")


def _bounds(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"from {low} to {high}"
    if low is not None:
        return f"at least {low}"
    if high is not None:
        return f"at most {high}"
    return ""


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple | list):
        return ",".join(str(v) for v in value)
    return str(value)


def show_value(value: Any) -> str:
    """An option value as it is typed on the command line."""
    return _show(value)


def to_json(values: Any) -> dict[str, Any]:
    """Option values ready for JSON (a typed record or a mapping): ``ints`` values as lists."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in as_dict(values).items()}


def resolve(
    declared: Sequence[Option], given: Mapping[str, Any] | None, game_id: str = "game"
) -> dict[str, OptionValue]:
    """All options of a game: defaults overridden by ``given``, each checked.

    String values are parsed as on the command line, so ``{"schedule": "3,2"}``
    and ``{"schedule": (3, 2)}`` mean the same.
    """
    by_name = {o.name: o for o in declared}
    values: dict[str, OptionValue] = {o.name: o.default for o in declared}
    for name, value in (given or {}).items():
        option = by_name.get(name)
        if option is None:
            known = ", ".join(by_name) or "none"
            raise OptionError(f"unknown option {name!r} for {game_id}: options are {known}")
        if isinstance(value, str) and option.kind != "str":
            values[name] = option.parse(value)
        else:
            values[name] = option.check(value)
    return values


def parse_assignments(items: Sequence[str]) -> dict[str, str]:
    """``["key=value", ...]`` from the command line into a dict of texts."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"bad option {item!r}: write it as KEY=VALUE")
        if key.strip() in out:
            raise OptionError(f"option {key.strip()!r} is given twice: give it once")
        out[key.strip()] = value.strip()
    return out


class Options:
    """Base of a game's typed options record (an ``attrs.frozen`` subclass).

    Fields are made with :func:`option`; a record also reads like the mapping
    of option values it replaces (``options["schedule"]``, ``dict(options)``).
    """

    __slots__ = ()

    def __getitem__(self, name: str) -> Any:
        if name not in attrs.fields_dict(type(self)):  # type: ignore[arg-type]
            raise KeyError(name)
        return getattr(self, name)

    def keys(self) -> list[str]:
        """The option names, in declaration order."""
        return [f.name for f in attrs.fields(type(self))]  # type: ignore[arg-type]

    def __iter__(self) -> Any:
        return iter(self.keys())

    def __len__(self) -> int:
        return len(self.keys())


_KIND_OF_TYPE: dict[Any, str] = {bool: "bool", int: "int", str: "str", tuple[int, ...]: "ints"}


def option(
    default: Any,
    help: str,
    *,
    choices: Sequence[OptionValue] | None = None,
    low: int | None = None,
    high: int | None = None,
) -> Any:
    """One field of a game's typed options record (an ``attrs.frozen`` class).

    The field's annotation gives the kind (``bool``, ``int``, ``str`` or
    ``tuple[int, ...]``); ``help``, ``choices`` and the bounds are what
    ``cardkit rules`` lists and what creation checks::

        @attrs.frozen
        class TinyOptions:
            hand_size: int = option(2, "cards dealt to each seat", low=1, high=4)
    """
    meta = {"help": help, "choices": tuple(choices) if choices is not None else None}
    return attrs.field(default=default, metadata={"cardkit": {**meta, "low": low, "high": high}})


@functools.cache
def declared(options_type: type[Any]) -> tuple[Option, ...]:
    """The :class:`Option` of each field of a typed options record, in field order."""
    attrs.resolve_types(options_type)
    out: list[Option] = []
    for field in attrs.fields(options_type):
        meta = field.metadata.get("cardkit")
        if meta is None:
            raise TypeError(f"{options_type.__name__}.{field.name} is not declared with option()")
        kind = _KIND_OF_TYPE.get(field.type)
        if kind is None:
            raise TypeError(
                f"{options_type.__name__}.{field.name}: an option is bool, int, str "
                f"or tuple[int, ...], not {field.type}"
            )
        out.append(
            Option(
                field.name,
                kind,
                field.default,
                meta["help"],
                choices=meta["choices"],
                low=meta["low"],
                high=meta["high"],
            )
        )
    return tuple(out)


def as_dict(options: Any) -> dict[str, OptionValue]:
    """Option values by name, from a typed options record or a mapping."""
    if attrs.has(type(options)):
        return dict(attrs.asdict(options, recurse=False))
    return dict(options)
