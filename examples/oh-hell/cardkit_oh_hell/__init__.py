"""Oh Hell as a cardkit plugin: ``GAME`` is registered under ``cardkit.games``."""

from cardkit_oh_hell.bot import HeuristicBot
from cardkit_oh_hell.game import GAME, OhHellGame
from cardkit_oh_hell.state import OhHellOptions, OhHellState
from cardkit_oh_hell.view import OhHellView

__all__ = ["GAME", "HeuristicBot", "OhHellGame", "OhHellOptions", "OhHellState", "OhHellView"]
