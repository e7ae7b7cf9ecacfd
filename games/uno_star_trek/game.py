"""The UNO: Star Trek plugin game: options, parsing, step bound."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cardkit import Action, Game, State, View
from cardkit.events import Dealt, Event
from cardkit.positions import PositionError, deal_world
from games.uno_star_trek.actions import parse
from games.uno_star_trek.bot import HeuristicBot
from games.uno_star_trek.cards import DECK
from games.uno_star_trek.options import UnoOptions
from games.uno_star_trek.position import call_shows, fill_in, public_state
from games.uno_star_trek.rules import HELP, RULES
from games.uno_star_trek.spaces import SPACES
from games.uno_star_trek.state import MAX_HANDS, UnoState
from games.uno_star_trek.table import table as build_table
from games.uno_star_trek.view import UnoView


class UnoStarTrek(Game[UnoState]):
    """UNO: Star Trek for 2 to 10 players."""

    id = "uno-star-trek"
    name = "UNO: Star Trek"
    summary = "UNO with Star Trek specials: Live Long and Prosper, Mind Meld, Beam, Tribbles"
    min_players = 2
    max_players = 10
    default_players = 4
    cards = DECK
    state = UnoState
    Options = UnoOptions
    rules = RULES
    help = HELP
    table = staticmethod(build_table)
    spaces = SPACES
    bots: ClassVar[Mapping[str, type[Any]]] = {"heuristic": HeuristicBot}

    def parse_action(self, text: str, state: State | None = None) -> Action:
        return parse(text)

    def line(self, event: Event, viewer: int | None) -> str:
        """Event lines; a deal names its hand number (a match has no fixed number of hands)."""
        if isinstance(event, Dealt) and event.dealer is not None:
            return f"seat {event.dealer} deals hand {event.hand}: {event.size} cards each"
        return str(event)

    def max_steps(self, players: int, options: UnoOptions | Mapping[str, Any]) -> int:
        """A bound on a match's steps (``options``: the typed record, or a plain mapping)."""
        # Per turn at most: uno, play or draw, play or keep the drawn card, a catch
        # window (one answer per seat), an answer to a command, a colour, and a
        # reshuffle for each of two draws; plus drawing for the deal and turn-ups.
        per_turn = players + 10
        per_hand = (int(options["max_turns"]) + 2) * per_turn + 100
        return per_hand * MAX_HANDS + 1000

    def public_state(self, view: View) -> UnoState:
        """The state of what ``view`` shows but the cards (see
        :func:`games.uno_star_trek.position.public_state`)."""
        if not isinstance(view, UnoView):
            raise PositionError(f"{self.id} samples worlds from its own views only")
        return public_state(self, view)

    def sample_world(self, view: View, rng: random.Random) -> UnoState:
        """A world of ``view``: the core's (:meth:`public_state` with the cards its seat has
        not seen dealt, keeping what an UNO call showed:
        :func:`~games.uno_star_trek.position.call_shows`), completed by
        :func:`~games.uno_star_trek.position.fill_in`."""
        if not isinstance(view, UnoView):
            raise PositionError(f"{self.id} samples worlds from its own views only")
        world = deal_world(self, view, rng, self.public_state, call_shows(view))
        fill_in(world, view, rng)
        return world
