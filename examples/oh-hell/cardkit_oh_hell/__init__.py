"""Oh Hell as a cardkit plugin: ``GAME`` is registered under ``cardkit.games``."""

from cardkit_oh_hell.bot import HeuristicBot
from cardkit_oh_hell.game import GAME, OhHellGame, OhHellState, OhHellView

__all__ = ["GAME", "HeuristicBot", "OhHellGame", "OhHellState", "OhHellView"]
