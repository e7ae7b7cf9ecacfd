#!/usr/bin/env python3
"""A cardkit-bot/1 bot that plays any cardkit game by picking a legal action at random.

Run it as `cardkit arena GAME --bot 'exec:python3 examples/bots/random.py' ...`.
Standard library only; stderr is its log.
"""

import json
import sys

sys.path.pop(0)  # this file is named random.py: let `import random` find the standard module
import random


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    send({"type": "hello", "protocol": "cardkit-bot/1", "name": "random.py"})
    rng = random.Random(0)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "start":
            rng.seed(message["seed"])
        elif kind == "act":
            choice = rng.choice(message["legal"])
            send({"type": "action", "id": message["id"], "action": choice})
        elif kind == "match_end":
            break
        # events, hand_end and unknown types are ignored


if __name__ == "__main__":
    main()
