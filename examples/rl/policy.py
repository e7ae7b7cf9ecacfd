"""A linear softmax policy over a cardkit game's action space (numpy only).

``logits = W @ observation + b``, with the actions the mask rules out left out.
Shared by the training script and the bot adapter that plays it in ``cardkit arena``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np


class LinearPolicy:
    """Weights ``W`` (actions x observation) and biases ``b`` (actions)."""

    def __init__(self, actions: int, features: int, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.W: Any = rng.normal(0.0, 0.01, (actions, features)).astype(np.float32)
        self.b: Any = np.zeros(actions, dtype=np.float32)

    def probabilities(self, observation: Any, mask: Any) -> Any:
        """The policy's distribution over the legal actions (0 elsewhere)."""
        logits = self.W @ observation + self.b
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        weights = np.exp(logits)
        return weights / weights.sum()

    def best(self, observation: Any, mask: Any) -> int:
        """The most likely legal action (how the trained policy plays)."""
        logits = self.W @ observation + self.b
        return int(np.argmax(np.where(mask > 0, logits, -np.inf)))

    def save(self, path: Path) -> None:
        np.savez(path, W=self.W, b=self.b)

    @classmethod
    def load(cls, path: Path) -> LinearPolicy:
        data = np.load(path)
        policy = cls(*data["W"].shape)
        policy.W, policy.b = data["W"], data["b"]
        return policy
