"""Oh Hell: bid the exact number of tricks you will take (see :mod:`cardkit_oh_hell.rules`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from cardkit import CHANCE, Action, Deck, Game, OptionError, State, View
from cardkit.positions import PositionError

from cardkit_oh_hell.actions import parse
from cardkit_oh_hell.bot import HeuristicBot
from cardkit_oh_hell.cards import max_tricks
from cardkit_oh_hell.infer import bid_weight
from cardkit_oh_hell.position import public_state
from cardkit_oh_hell.rules import RULES
from cardkit_oh_hell.spaces import SPACES
from cardkit_oh_hell.state import RANDOM_TRICKS, OhHellOptions, OhHellState, table
from cardkit_oh_hell.view import OhHellView

DEFAULT_DECK = table(3, OhHellOptions()).deck
"""The deck card texts are read from when no match is given."""


class OhHellGame(Game[OhHellState]):
    """Oh Hell with OpenSpiel's parameters; see :data:`~cardkit_oh_hell.rules.RULES`."""

    id = "oh-hell"
    name = "Oh Hell"
    summary = "bid the exact number of tricks you will take; the dealer's bid may not fit"
    min_players = 3
    max_players = 7
    default_players = 3
    state = OhHellState
    Options = OhHellOptions
    rules = RULES
    spaces = SPACES
    bots: ClassVar[Mapping[str, type[Any]]] = {"heuristic": HeuristicBot}

    def deck(self, players: int, options: OhHellOptions) -> Deck:
        return table(players, options).deck

    def check_options(self, players: int, options: OhHellOptions) -> None:
        cards = options.num_suits * options.num_cards_per_suit
        if players > cards - 1:
            raise OptionError(
                f"{players} players need at least {players + 1} cards; "
                f"num_suits x num_cards_per_suit gives {cards}"
            )
        fixed = options.num_tricks_fixed
        top = max_tricks(players, options.num_suits, options.num_cards_per_suit)
        if fixed != RANDOM_TRICKS and not 1 <= fixed <= top:
            raise OptionError(
                f"bad value {fixed} for option 'num_tricks_fixed': allowed -1 (random) "
                f"or 1 to {top} with {players} players and {cards} cards"
            )

    def parse_action(self, text: str, state: State | None = None) -> Action:
        deck = state.game.deck(state.players, state.options) if state else DEFAULT_DECK
        return parse(text, deck)

    def public_state(self, view: View) -> OhHellState:
        """The state of what ``view`` shows, at a decision or at the end (see
        :mod:`cardkit_oh_hell.position`); its worlds deal the hidden cards uniformly among
        the deals where no seat holds a suit it did not follow."""
        if not isinstance(view, OhHellView) or CHANCE in view.to_act:
            raise PositionError(f"{self.id} samples worlds from its views at a decision or the end")
        return public_state(self, view)

    def world_weight(self, world: State, seat: int) -> float:
        """The others' bids weigh a world by their hands in it (:func:`bid_weight`)."""
        assert isinstance(world, OhHellState)
        return bid_weight(world, seat)

    def max_steps(self, players: int, options: OhHellOptions) -> int:
        top = max_tricks(players, options.num_suits, options.num_cards_per_suit)
        return (3 + players + players * top) * options.hands


GAME = OhHellGame()
