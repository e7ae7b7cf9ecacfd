"""The Universal Deck bid-exact game object, registered as ``universal-bid``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from cardkit import Action, Game, OptionError, State, View
from cardkit.positions import PositionError
from games.universal_bid.actions import parse_action
from games.universal_bid.bot import HeuristicBot
from games.universal_bid.cards import CARDS, DECK
from games.universal_bid.options import DEFAULT_SCHEDULE, UniversalBidOptions
from games.universal_bid.position import public_state
from games.universal_bid.rules import HELP, RULES
from games.universal_bid.spaces import SPACES
from games.universal_bid.state import UniversalBidState, effective_schedule
from games.universal_bid.table import table as build_table
from games.universal_bid.view import UniversalBidView


class UniversalBidGame(Game[UniversalBidState]):
    """The Universal Deck bid-exact game, registered as ``universal-bid``."""

    id = "universal-bid"
    name = "Universal Deck bid-exact"
    summary = "bid the tricks you will take, then take exactly that many; highest suit wins"
    min_players = 2
    max_players = 6
    default_players = 4
    cards = DECK
    state = UniversalBidState
    Options = UniversalBidOptions
    rules = RULES
    help = HELP
    table = staticmethod(build_table)
    spaces = SPACES
    bots: ClassVar[Mapping[str, type[Any]]] = {"heuristic": HeuristicBot}

    def check_options(self, players: int, options: UniversalBidOptions) -> None:
        schedule = options.schedule
        if schedule == DEFAULT_SCHEDULE:
            return
        most = len(CARDS) // players
        for size in schedule:
            if size > most:
                raise OptionError(
                    f"bad value {','.join(map(str, schedule))} for option 'schedule': "
                    f"a {size}-card hand cannot be dealt to {players} players from "
                    f"{len(CARDS)} cards; hands for {players} players hold 1 to {most} cards"
                )

    def parse_action(self, text: str, state: State | None = None) -> Action:
        return parse_action(text)

    def max_steps(self, players: int, options: UniversalBidOptions) -> int:
        sizes = effective_schedule(options.schedule, players)
        return 1 + sum(1 + players + players * size for size in sizes)

    def public_state(self, view: View) -> UniversalBidState:
        """The state of what ``view`` shows (see :mod:`games.universal_bid.position`); its
        worlds deal the other hands uniformly among the deals where every seat lacks the
        suits it has not followed."""
        if not isinstance(view, UniversalBidView):
            raise PositionError(f"{self.id} samples worlds from its own views only")
        return public_state(self, view)
