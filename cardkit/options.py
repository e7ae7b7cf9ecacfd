"""Game options: declared per game, validated when a game is created."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

import attrs

from cardkit.errors import OptionError

OptionValue = bool | int | str | tuple[int, ...]

_TYPES: dict[str, type] = {"bool": bool, "int": int, "str": str, "ints": tuple}


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
                value = int(raw)
            except ValueError:
                raise self._error(raw) from None
        elif self.kind == "ints":
            parts = [p.strip() for p in raw.split(",")] if raw else []
            try:  # an empty part ("3,,4") or a space inside one ("3 4") is an error
                value = tuple(int(p) for p in parts)
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


def to_json(values: Mapping[str, OptionValue]) -> dict[str, Any]:
    """Option values ready for JSON: ``ints`` values (tuples) as lists."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in values.items()}


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
