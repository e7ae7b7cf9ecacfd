"""The ``cardkit-bot/1`` protocol: JSON lines between a referee and a bot process.

Messages are JSON objects, one per line, each with a ``type``; docs/bot-protocol.md
describes them with a full exchange per built-in game. What both sides share
(the encoding of views and events, the message builders the referee,
:class:`cardkit.extbot.ExecBot`, sends) is in :mod:`cardkit.messages` and
named here too. This module holds the bot side, :func:`serve`, which runs any
cardkit bot class as a protocol process::

    python -m cardkit.protocol MODULE:Class
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Sequence
from typing import IO, Any

from cardkit.cards import Card
from cardkit.messages import (
    VERSION,
    act_message,
    decode,
    dumps,
    encode,
    end_message,
    event_message,
    seconds,
    sent_seed,
)
from cardkit.registry import get_game

__all__ = [
    "VERSION",
    "act_message",
    "decode",
    "dumps",
    "encode",
    "end_message",
    "event_message",
    "main",
    "seconds",
    "sent_seed",
    "serve",
]


def serve(bot_class: type[Any], stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    """Run ``bot_class`` (a cardkit bot class) as a ``cardkit-bot/1`` process.

    The bot is built at ``start`` for the game, seat and seed it names, and each
    ``act`` is answered with ``choose(view, legal)``. The view and the legal
    actions are read back into the game's own types (:func:`decode`), so the
    bot plays as it does in-process. Returns an exit code.
    """
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
