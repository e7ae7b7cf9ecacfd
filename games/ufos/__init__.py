"""U.F.O.s: the built-in plugin game ``ufos`` (see :mod:`games.ufos.game`).

Registered through the ``cardkit.games`` entry point ``ufos = games.ufos:GAME``.
Modules: ``cards`` (the decks), ``actions`` (action texts), ``events``,
``view`` (:class:`UfosView`), ``state`` (the rules), ``game``, ``bot``, ``rules``.
"""

from __future__ import annotations

from games.ufos.actions import Choose, PlayCard, Spy, Wait, parse
from games.ufos.bot import HeuristicBot
from games.ufos.cards import BID_DECK, DECK
from games.ufos.game import GAME, UfosGame
from games.ufos.options import UfosOptions
from games.ufos.state import UfosState, hand_scores
from games.ufos.view import UfosView

__all__ = [
    "BID_DECK",
    "DECK",
    "GAME",
    "Choose",
    "HeuristicBot",
    "PlayCard",
    "Spy",
    "UfosGame",
    "UfosOptions",
    "UfosState",
    "UfosView",
    "Wait",
    "hand_scores",
    "parse",
]
