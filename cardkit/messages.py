"""The ``cardkit-bot/1`` messages: what a referee and a bot process send each other.

Messages are JSON objects, one per line, each with a ``type``; docs/bot-protocol.md
describes them. This module holds what both sides share: the generic encoding
of views and events (:func:`encode`, and :func:`decode` to read a view back),
the seed a bot is sent and the message builders the referee
(:class:`cardkit.extbot.ExecBot`) sends. The bot side, :func:`cardkit.protocol.serve`,
is in :mod:`cardkit.protocol`.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from cardkit.actions import Action
from cardkit.cards import Card
from cardkit.errors import ParseError
from cardkit.events import Event, HandScored, MatchOver
from cardkit.zones import SeatCards

VERSION = "cardkit-bot/1"
"""The protocol version a bot names in its ``hello``."""


def sent_seed(seed: int) -> int:
    """The seed a protocol bot is sent for its own randomness: a one-way digest of its bot
    seed, so that no bot can work the match seed (which decides every deal) back from it."""
    digest = hashlib.blake2b(f"{VERSION} {seed}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


def encode(value: Any) -> Any:
    """``value`` as JSON data: cards as their text, tuples and sets as lists, attrs
    records as objects of their fields, mappings as objects; other values as text."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Card):
        return value.text
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted((encode(v) for v in value), key=str)
    if isinstance(value, Mapping):
        return {str(k): encode(v) for k, v in value.items()}
    if attrs.has(type(value)):
        return {f.name: encode(getattr(value, f.name)) for f in attrs.fields(type(value))}
    if isinstance(value, SeatCards):
        return value.write()
    return str(value)


def event_message(event: Event) -> dict[str, Any]:
    """An ``event`` message: the event's kind, its sentence and its fields."""
    fields = encode(event)
    fields.pop("to", None)
    fields.pop("cover", None)
    return {"type": "event", "kind": type(event).__name__, "text": str(event), "fields": fields}


def end_message(event: Event) -> dict[str, Any] | None:
    """The ``hand_end`` or ``match_end`` message an event stands for, if any."""
    if isinstance(event, MatchOver):
        return {
            "type": "match_end",
            "scores": list(event.scores),
            "winners": list(event.winners),
            "finished": event.finished,
        }
    names = {f.name for f in attrs.fields(type(event))}
    if isinstance(event, HandScored) or {"hand", "points", "totals"} <= names:
        scored: Any = event  # a game's own scoring event, with these three fields
        return {
            "type": "hand_end",
            "hand": scored.hand,
            "points": encode(scored.points),
            "totals": encode(scored.totals),
        }
    return None


def seconds(value: float) -> float | None:
    """A time for a message: seconds to the millisecond, or None (``null``) for no limit
    (an infinite time, which JSON cannot write)."""
    return round(value, 3) if math.isfinite(value) else None


def act_message(
    request: int, view: Any, legal: Sequence[Action], match_left: float, move: float
) -> dict[str, Any]:
    """An ``act`` request: the seat's view, the legal actions' texts and the clock (a
    limit of ``math.inf`` is sent as ``null``: no limit)."""
    view_fields = encode(view) if attrs.has(type(view)) else {}
    return {
        "type": "act",
        "id": request,
        "view": view_fields,
        "legal": [str(a) for a in legal],
        "clock": {"match": seconds(match_left), "move": seconds(move)},
    }


def dumps(message: Mapping[str, Any]) -> str:
    """One message as one line (no newline inside)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


@functools.cache
def _hints(cls: type[Any]) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def decode(value: Any, hint: Any, deck: Mapping[str, Card]) -> Any:
    """JSON data read back as the declared type ``hint``: the inverse of :func:`encode`
    for the types views hold (cards, numbers, text, tuples, unions, attrs records);
    ``deck`` gives the cards by their text."""
    if hint is Card:
        return deck[value] if isinstance(value, str) else value
    if attrs.has(hint) and isinstance(value, dict):
        hints = _hints(hint)
        return hint(**{k: decode(v, hints.get(k, Any), deck) for k, v in value.items()})
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        if value is None:
            return None
        for arg in args:
            if arg is type(None):
                continue
            try:
                return decode(value, arg, deck)
            except Exception:
                continue
        return value
    if isinstance(value, list):
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(v, args[0], deck) for v in value)
        if origin is tuple and args:
            return tuple(decode(v, a, deck) for v, a in zip(value, args, strict=False))
        if origin in (frozenset, set):
            return frozenset(decode(v, args[0] if args else Any, deck) for v in value)
        return tuple(value)
    if hint in (int, float, str, bool) and not isinstance(value, hint):
        raise ParseError(f"{value!r} is not a {hint.__name__}")
    return value
