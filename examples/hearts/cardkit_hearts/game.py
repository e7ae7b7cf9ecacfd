"""Hearts: avoid hearts and the queen of spades (see :mod:`cardkit_hearts.rules`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from cardkit import Action, Deck, Game, State

from cardkit_hearts.actions import parse
from cardkit_hearts.bot import HeuristicBot
from cardkit_hearts.cards import DECK
from cardkit_hearts.rules import RULES
from cardkit_hearts.spaces import SPACES
from cardkit_hearts.state import STEPS_PER_HAND, HeartsOptions, HeartsState, most_hands


class HeartsGame(Game[HeartsState]):
    """Hearts with OpenSpiel's parameters; see :data:`~cardkit_hearts.rules.RULES`."""

    id = "hearts"
    name = "Hearts"
    summary = "pass three cards, then avoid taking hearts and the queen of spades"
    min_players = 4
    max_players = 4
    default_players = 4
    state = HeartsState
    cards: ClassVar[Deck | None] = DECK
    Options = HeartsOptions
    rules = RULES
    spaces = SPACES
    bots: ClassVar[Mapping[str, type[Any]]] = {"heuristic": HeuristicBot}

    def parse_action(self, text: str, state: State | None = None) -> Action:
        return parse(text)

    def max_steps(self, players: int, options: HeartsOptions) -> int:
        return STEPS_PER_HAND * most_hands(options)


GAME = HeartsGame()
