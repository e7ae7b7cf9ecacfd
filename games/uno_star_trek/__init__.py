"""UNO: Star Trek, the built-in plugin registered as ``uno-star-trek``.

The package: :mod:`.cards` (deck and tables), :mod:`.actions` (action texts),
:mod:`.state` (rules engine and views), :mod:`.bot` (the heuristic bot),
:mod:`.game` (the plugin object) and :mod:`.rules` (the rules text).
"""

from games.uno_star_trek.actions import Accept, Beam, CallUno, Catch, Challenge, Keep, NameColour
from games.uno_star_trek.bot import HeuristicBot
from games.uno_star_trek.cards import DECK
from games.uno_star_trek.game import UnoStarTrek
from games.uno_star_trek.state import UnoState, UnoView

GAME = UnoStarTrek()

__all__ = [
    "DECK",
    "GAME",
    "Accept",
    "Beam",
    "CallUno",
    "Catch",
    "Challenge",
    "HeuristicBot",
    "Keep",
    "NameColour",
    "UnoStarTrek",
    "UnoState",
    "UnoView",
]
