#!/usr/bin/env python3
"""A cardkit-bot/1 bot for tests: it plays the first legal action, but answers its first
``act`` with an illegal action unless every card of its hand was named by an event it was
sent before (so a referee that sends no deal fails the match, naming the missing cards)."""

import json
import sys


def strings(value):
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        value = [v for k, v in value.items() if k != "text"]
    if isinstance(value, list):
        return set().union(set(), *map(strings, value))
    return set()


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


send({"type": "hello", "protocol": "cardkit-bot/1", "name": "told"})
named = set()
first = True
for line in sys.stdin:
    message = json.loads(line)
    kind = message.get("type")
    if kind == "event":
        named |= strings(message["fields"])
    elif kind == "act":
        untold = sorted(set(message["view"]["hand"]) - named) if first else []
        first = False
        action = f"untold {' '.join(untold)}" if untold else message["legal"][0]
        send({"type": "action", "id": message["id"], "action": action})
    elif kind == "match_end":
        break
