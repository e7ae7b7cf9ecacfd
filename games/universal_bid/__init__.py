"""The Universal Deck bid-exact trick game, registered as ``universal-bid``."""

from games.universal_bid.bots import HeuristicBot
from games.universal_bid.deck import DECK, TRICK_ORDER, parse_card
from games.universal_bid.game import (
    DEFAULT_SCHEDULE,
    GAME,
    UniversalBidGame,
    UniversalBidState,
)
from games.universal_bid.view import HandScore, UniversalBidView

__all__ = [
    "DECK",
    "DEFAULT_SCHEDULE",
    "GAME",
    "TRICK_ORDER",
    "HandScore",
    "HeuristicBot",
    "UniversalBidGame",
    "UniversalBidState",
    "UniversalBidView",
    "parse_card",
]
