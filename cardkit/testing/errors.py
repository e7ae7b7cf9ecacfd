"""The error the conformance kit raises when a game breaks a guarantee, and its
message: the game, the player count, the seed and the step where it broke."""

from __future__ import annotations

from cardkit.game import Game


class ConformanceError(AssertionError):
    """A game broke one of the guarantees; the message says which, where and how."""


def _fail(game: Game, n: int, seed: int, step: int, what: str) -> ConformanceError:
    return ConformanceError(f"{game.id} ({n} players, seed {seed}) at step {step}: {what}")
