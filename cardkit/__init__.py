"""cardkit: an open engine for trick-taking and shedding card games.

The core knows no game by name: games are plugins found through the
``cardkit.games`` entry-point group (see :mod:`cardkit.registry`).
"""

from cardkit.actions import Action, Bid, Decline, Draw, Pass, Play, Shuffle
from cardkit.bots import BaseBot, Bot, BotSpec, RandomBot
from cardkit.cards import Card, CardTable, Deck, stack
from cardkit.errors import (
    CardkitError,
    IllegalActionError,
    OptionError,
    ParseError,
    PositionError,
    RecordError,
    UnknownNameError,
)
from cardkit.events import Event
from cardkit.game import Game, Refusal, Result, State, View, Zone
from cardkit.match import Scoreboard
from cardkit.options import Option, Options, option
from cardkit.record import Record, replay
from cardkit.seats import CHANCE, ResponseWindow, SealedChoice, TurnOrder
from cardkit.tricks import Trick, TrickOrder

__version__ = "0.2.0"

__all__ = [
    "CHANCE",
    "Action",
    "BaseBot",
    "Bid",
    "Bot",
    "BotSpec",
    "Card",
    "CardTable",
    "CardkitError",
    "Deck",
    "Decline",
    "Draw",
    "Event",
    "Game",
    "IllegalActionError",
    "Option",
    "OptionError",
    "Options",
    "ParseError",
    "Pass",
    "Play",
    "PositionError",
    "RandomBot",
    "Record",
    "RecordError",
    "Refusal",
    "ResponseWindow",
    "Result",
    "Scoreboard",
    "SealedChoice",
    "Shuffle",
    "State",
    "Trick",
    "TrickOrder",
    "TurnOrder",
    "UnknownNameError",
    "View",
    "Zone",
    "__version__",
    "option",
    "replay",
    "stack",
]
