"""Hearts as a cardkit plugin: ``GAME`` is registered under ``cardkit.games``."""

from cardkit_hearts.actions import PassCard
from cardkit_hearts.bot import HeuristicBot
from cardkit_hearts.game import GAME, HeartsGame
from cardkit_hearts.rules import HeartsOptions
from cardkit_hearts.state import HeartsState
from cardkit_hearts.view import HeartsView

__all__ = [
    "GAME",
    "HeartsGame",
    "HeartsOptions",
    "HeartsState",
    "HeartsView",
    "HeuristicBot",
    "PassCard",
]
