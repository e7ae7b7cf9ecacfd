"""UNO: Star Trek, the built-in plugin registered as ``uno-star-trek``.

The package: :mod:`.cards` (deck and tables), :mod:`.actions` (action texts),
:mod:`.events` (what a step did, and who sees it), :mod:`.view` (what a seat
knows), :mod:`.state` (the rules and steps), :mod:`.bot` (the heuristic bot),
:mod:`.game` (the plugin object), :mod:`.options` (the match options),
:mod:`.position` (positions and sampled worlds) and :mod:`.rules` (the rules text).
"""

from games.uno_star_trek.actions import Accept, Beam, CallUno, Catch, Challenge, Keep, NameColour
from games.uno_star_trek.bot import HeuristicBot
from games.uno_star_trek.cards import DECK
from games.uno_star_trek.game import UnoStarTrek
from games.uno_star_trek.options import UnoOptions
from games.uno_star_trek.state import UnoState
from games.uno_star_trek.view import UnoView

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
    "UnoOptions",
    "UnoStarTrek",
    "UnoState",
    "UnoView",
]
