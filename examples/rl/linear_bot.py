"""The trained linear policy as a cardkit bot over the cardkit-bot/1 protocol.

    cardkit arena universal-bid --bot 'exec:python examples/rl/linear_bot.py policy.npz' \\
        --bot random --bot random --bot random

The adapter: each view is encoded by the game's own observation
(``game.observation_space``), the legal actions become a mask over its action
space, and the policy's most likely legal action is played.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from policy import LinearPolicy  # beside this script: its folder is first on sys.path

from cardkit import Action, BaseBot, View
from cardkit.protocol import serve

POLICY: LinearPolicy | None = None


class LinearBot(BaseBot):
    """Plays the policy loaded from the weights file named on the command line."""

    name = "linear"
    summary = "a linear policy trained with REINFORCE (examples/rl)"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        assert POLICY is not None
        players = view.players  # type: ignore[attr-defined]
        actions = self.game.action_space(players)
        observation = np.asarray(self.game.observation_space(players).encode(view))
        mask = np.frombuffer(actions.mask_bytes(legal), dtype=np.int8)
        return actions.action(POLICY.best(observation, mask))


if __name__ == "__main__":
    POLICY = LinearPolicy.load(Path(sys.argv[1]))
    raise SystemExit(serve(LinearBot))
