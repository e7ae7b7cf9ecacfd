"""Oh Hell's fixed shapes for learning: its action space (and observation).

Actions: ``bid 0`` to ``bid T`` (T the most tricks a hand can have with these
settings), then ``play CARD`` for each card of the deck by id (suit by suit).
"""

from __future__ import annotations

from cardkit import Action, Play

from cardkit_oh_hell.actions import BIDS
from cardkit_oh_hell.cards import SUITS
from cardkit_oh_hell.state import OhHellOptions, table


def all_actions(players: int, options: OhHellOptions) -> tuple[Action, ...]:
    """Every bid a hand allows, then a play of each card."""
    t = table(players, options)
    plays = tuple(Play(card) for card in t.deck.faces if card.suit in SUITS)
    return (*BIDS[: t.max_tricks + 1], *plays)
