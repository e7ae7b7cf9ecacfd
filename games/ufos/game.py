"""The U.F.O.s game object: options, rules text, parsing, bounds and event lines."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cardkit import Action, Game, State, View
from cardkit.events import Event, Played
from cardkit.positions import PositionError
from games.ufos import actions
from games.ufos.bot import HeuristicBot
from games.ufos.cards import DECK, SUIT_NAMES
from games.ufos.options import RESPY_LIMIT, UfosOptions
from games.ufos.position import public_state, redraw, unseen
from games.ufos.rules import HELP, RULES
from games.ufos.spaces import SPACES
from games.ufos.state import UfosState
from games.ufos.table import table as build_table
from games.ufos.view import UfosView


class UfosGame(Game[UfosState]):
    """U.F.O.s: sealed bid cards, an auction with spying, tricks, High or Low."""

    id = "ufos"
    name = "U.F.O.s"
    summary = "bid for trump and High or Low, spy on Suit Cards, take tricks (or avoid them)"
    min_players = 3
    max_players = 6
    default_players = 4
    cards = DECK
    state = UfosState
    Options = UfosOptions
    rules = RULES
    help = HELP
    table = staticmethod(build_table)
    spaces = SPACES
    bots: ClassVar[Mapping[str, type[Any]]] = {"heuristic": HeuristicBot}

    def parse_action(self, text: str, state: State | None = None) -> Action:
        return actions.parse(text)

    def max_steps(self, players: int, options: UfosOptions) -> int:
        hands = options.hands_per_player * players
        tricks = len(DECK) // players
        # bids rise by at least 1 and never exceed the points in play, which
        # grow by at most 2 * players * tricks per hand (spies only move them)
        points = players * options.starting_points + hands * 2 * players * tricks
        per_opponent = RESPY_LIMIT if options.respy else players - 1
        spies = players * per_opponent
        auction = 2 * (players + points + spies) + 1  # waits: at most one per other action
        return hands * (1 + players + auction + len(DECK))

    def line(self, event: Event, viewer: int | None) -> str:
        """A led Blue reads "seat 2 leads B12 as green"; every other event is its sentence."""
        if isinstance(event, Played) and event.declare is not None:
            return f"seat {event.seat} leads {event.card.text} as {SUIT_NAMES[event.declare]}"
        return str(event)

    def public_state(self, view: View) -> UfosState:
        """The state of what ``view`` shows (see :mod:`games.ufos.position`)."""
        if not isinstance(view, UfosView):
            raise PositionError(f"{self.id} samples worlds from its own views only")
        return public_state(self, view)

    def sample_world(self, view: View, rng: random.Random) -> UfosState:
        """A world consistent with ``view``: :meth:`public_state` and the pick parts its seat
        has not seen, worked out once per view (kept in ``view.cards.memo``); the state
        copied, its cards dealt by the core (the cards the seat has not seen, uniformly among
        the deals where no seat holds a suit it has shown it lacks) and each unseen pick
        part drawn uniformly."""
        if not isinstance(view, UfosView) or view.cards is None:
            raise PositionError(f"{self.id} samples worlds from its own views, with their cards")
        known = view.cards
        if not isinstance(known.memo, tuple) or known.memo[0].game is not self:
            base = public_state(self, view)
            base.auto_chance = True
            known.memo = (base, unseen(base, view))
        base, draws = known.memo
        world: UfosState = base.clone()
        world.seed = rng.getrandbits(32)
        world.cards = known.deal(rng)
        world.resolve_chance()
        redraw(world, draws, rng)
        return world


GAME = UfosGame()
