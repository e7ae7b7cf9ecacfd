"""Hearts: avoid hearts and the queen of spades (see :mod:`cardkit_hearts.rules`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from cardkit import Action, Card, Deck, Game, PositionError, State, View
from cardkit.public import read_record

from cardkit_hearts.actions import parse
from cardkit_hearts.bot import HeuristicBot
from cardkit_hearts.cards import DECK
from cardkit_hearts.rules import RULES, HeartsOptions
from cardkit_hearts.spaces import SPACES
from cardkit_hearts.state import SEATS, STEPS_PER_HAND, HeartsState, most_hands
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

    def public_state(self, view: View) -> HeartsState:
        """The state of what ``view`` shows: its record but the cards, and the passes its
        seat made and received; :meth:`sample_world` deals the cards."""
        if not isinstance(view, HeartsView):
            raise PositionError("a world is sampled from a Hearts view")
        state = self.new_state(SEATS, 0, view.options, False)
        leader = view.trick[0][0] if view.trick else view.to_act[0] if view.to_act else 0
        record = {
            "phase": view.phase,
            "direction": view.direction,
            "current": view.to_act[0] if view.phase == "play" else 0,
            "broken": view.hearts_broken,
            "tricks": [[[s, c.text] for s, c in t] for t in view.tricks],
            "trick": {"leader": leader, "plays": [[s, c.text] for s, c, _ in view.trick]},
            "board": {"totals": list(view.scores), "hands": [list(h) for h in view.hands]},
        }
        read_record(state, record, tuple(record))
        passed: list[tuple[Card, ...]] = [()] * SEATS
        passed[view.seat], passed[(view.seat - view.direction) % SEATS] = (
            view.passed,
            view.received,
        )
        state.exchanged = tuple(passed)
        state.step_offset = view.steps
        return state


GAME = HeartsGame()
