"""Hearts: avoid hearts and the queen of spades (see :mod:`cardkit_hearts.rules`)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cardkit import Action, Deck, Game, PositionError, State, View

from cardkit_hearts.actions import parse
from cardkit_hearts.bot import HeuristicBot
from cardkit_hearts.cards import DECK
from cardkit_hearts.rules import RULES, HeartsOptions
from cardkit_hearts.spaces import SPACES
from cardkit_hearts.state import (
    DIRECTIONS,
    PASS_SIZE,
    PASSING,
    SEATS,
    STEPS_PER_HAND,
    STOCK,
    WON,
    HeartsState,
    most_hands,
)
from cardkit_hearts.view import HeartsView


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

    def sample_world(self, view: View, rng: random.Random) -> HeartsState:
        """A state ``view``'s seat cannot tell from the true one: the view's public record
        (set up once per view, kept in its ``SeatCards.memo``, copied for each world), the
        cards the seat does not know dealt by the core, later chance from a fresh seed."""
        known = view.cards if isinstance(view, HeartsView) else None
        if known is None:
            raise PositionError("a world is sampled from a Hearts view with its cards")
        assert isinstance(view, HeartsView)
        base = known.memo
        if not isinstance(base, HeartsState) or base.game is not self:
            base = known.memo = self.new_state(SEATS, 0, view.options, False)
            passed = [0] * SEATS
            passed[(view.seat - view.direction) % SEATS] = DECK.mask(view.received)
            passed[view.seat] |= DECK.mask(view.passed)
            tricks = (*view.tricks, tuple((s, c) for s, c, _ in view.trick))
            base.resume(
                view.phase, view.hands, tuple(passed), tricks, view.hearts_broken, view.to_act
            )
            passes = [DIRECTIONS[h % SEATS] and view.options.pass_cards for h in range(99)]
            base.step_offset = sum(STEPS_PER_HAND - (not p) * 12 for p in passes[: len(view.hands)])
            if view.phase in ("pass", "play"):
                picked = (
                    sum(known.sizes[PASSING:WON]) or SEATS * PASS_SIZE * passes[len(view.hands)]
                )
                base.step_offset += 1 + picked + sum(known.sizes[WON:STOCK])
            base.auto_chance = True
        world = base.clone()
        world.seed = rng.getrandbits(32)
        world.cards = known.deal(rng)
        if world.phase == "deal":
            world.resolve_chance()
        return world


GAME = HeartsGame()
