"""The ``cardkit-bot/1`` protocol: JSON lines between a referee and a bot process.

Messages are JSON objects, one per line, each with a ``type``; docs/bot-protocol.md
describes them with a full exchange per built-in game. This module holds what
both sides share: the generic encoding of views and events, the message
builders the referee (:class:`cardkit.extbot.ExecBot`) sends, and :func:`serve`,
which runs any cardkit bot class as a protocol process::

    python -m cardkit.protocol MODULE:Class
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import json
import math
import sys
import types
import typing
from collections.abc import Mapping, Sequence
from typing import IO, Any

import attrs

from cardkit.actions import Action
from cardkit.cards import Card
from cardkit.errors import ParseError
from cardkit.events import Event, HandScored, MatchOver

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


# -- the bot side ---------------------------------------------------------------


def serve(bot_class: type[Any], stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    """Run ``bot_class`` (a cardkit bot class) as a ``cardkit-bot/1`` process.

    The bot is built at ``start`` for the game, seat and seed it names, and each
    ``act`` is answered with ``choose(view, legal)``. The view and the legal
    actions are read back into the game's own types (:func:`decode`), so the
    bot plays as it does in-process. Returns an exit code.
    """
    from cardkit.registry import get_game

    inp = sys.stdin if stdin is None else stdin
    out = sys.stdout if stdout is None else stdout
    name = str(getattr(bot_class, "name", bot_class.__name__))
    out.write(dumps({"type": "hello", "protocol": VERSION, "name": name}) + "\n")
    out.flush()
    bot: Any = None
    game: Any = None
    deck: dict[str, Card] = {}
    for line in inp:
        try:
            message = json.loads(line)
        except (ValueError, RecursionError):  # not JSON, or nested too deep to read
            continue
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "start":
            game = get_game(message["game"])
            state = game.create(message["players"], 0, message.get("options") or None)
            deck = _cards(game, state)
            view_class = type(state.view(message["seat"]))
            bot = bot_class(game, message["seat"], message["seed"])
        elif kind == "act" and bot is not None:
            legal = [game.parse_action(text, state) for text in message["legal"]]
            view = decode(message["view"], view_class, deck)
            choice = bot.choose(view, legal)
            out.write(dumps({"type": "action", "id": message["id"], "action": str(choice)}) + "\n")
            out.flush()
        elif kind == "match_end":
            return 0
    return 0


def _cards(game: Any, state: Any) -> dict[str, Card]:
    """Every card of a match by its text: the deck's and those of every zone."""
    found = {c.text: c for zone in state.zones() for c in zone.cards}
    found.update({c.text: c for c in game.deck(state.players, state.options).cards})
    return found


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


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m cardkit.protocol MODULE:Class``: serve that bot class."""
    args = sys.argv[1:] if argv is None else list(argv)
    if len(args) != 1 or ":" not in args[0]:
        print("usage: python -m cardkit.protocol MODULE:Class", file=sys.stderr)
        return 2
    module, _, cls = args[0].partition(":")
    try:
        bot_class = getattr(importlib.import_module(module), cls)
    except (ImportError, AttributeError) as exc:
        print(f"cannot load bot {args[0]!r}: {exc}", file=sys.stderr)
        return 2
    return serve(bot_class)


if __name__ == "__main__":
    raise SystemExit(main())
