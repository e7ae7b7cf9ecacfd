"""The Universal Deck bid-exact trick game, registered as ``universal-bid``.

Modules: :mod:`~games.universal_bid.cards` (the deck, card parsing, the trick
order), :mod:`~games.universal_bid.actions` (bids, plays, parsing),
:mod:`~games.universal_bid.events`, :mod:`~games.universal_bid.view`,
:mod:`~games.universal_bid.state` (the rules and steps),
:mod:`~games.universal_bid.game`, :mod:`~games.universal_bid.bot` and
:mod:`~games.universal_bid.rules` (the rules text).
"""

from games.universal_bid.bot import HeuristicBot
from games.universal_bid.cards import DECK, TRICK_ORDER, parse_card
from games.universal_bid.game import UniversalBidGame
from games.universal_bid.options import DEFAULT_SCHEDULE, UniversalBidOptions
from games.universal_bid.state import UniversalBidState
from games.universal_bid.view import HandScore, UniversalBidView

GAME = UniversalBidGame()
"""The registered game (entry point ``games.universal_bid:GAME``)."""

__all__ = [
    "DECK",
    "DEFAULT_SCHEDULE",
    "GAME",
    "TRICK_ORDER",
    "HandScore",
    "HeuristicBot",
    "UniversalBidGame",
    "UniversalBidOptions",
    "UniversalBidState",
    "UniversalBidView",
    "parse_card",
]
