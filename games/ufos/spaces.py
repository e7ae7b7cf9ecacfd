"""U.F.O.s' fixed shapes for learning: its action space (and observation).

Actions, in order: the ten sealed picks (``choose red high`` ... ``choose x
low``), ``pass``, ``wait``, ``bid 1`` to ``bid B``, ``spy 0`` to ``spy n-1``,
``play CARD`` for each face (by id), then a led Blue declared as each suit
(``play B10 as R`` ...). ``B`` (:func:`max_points`) is the most points a seat
can ever hold with these options, so every bid a match allows is in the space.
"""

from __future__ import annotations

from cardkit import Action
from games.ufos.actions import CHOOSES, LEADS, PASS, PLAYS, SPIES, WAIT, bids
from games.ufos.cards import DECK
from games.ufos.state import UfosOptions


def max_points(players: int, options: UfosOptions) -> int:
    """A bound on any seat's points: all the points in play.

    Points start at ``starting_points`` each; spies only move them and a bid
    is paid away; a hand's scoring adds at most ``(players + 1) * tricks``
    (Low: every seat tied for fewest tricks gains the most-tricks count, the
    bid winner twice), and the 0-point floor never adds more than the losses.
    """
    tricks = len(DECK) // players
    hands = options.hands_per_player * players
    return players * options.starting_points + hands * (players + 1) * tricks


def all_actions(players: int, options: UfosOptions) -> tuple[Action, ...]:
    """Picks, pass, wait, every bid up to :func:`max_points`, spies, plays, declared leads."""
    return (
        *CHOOSES,
        PASS,
        WAIT,
        *bids(1, max_points(players, options)),
        *SPIES[:players],
        *PLAYS,
        *LEADS.values(),
    )
