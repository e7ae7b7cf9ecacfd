"""The bid-exact game's fixed shapes for learning: its action space (and observation).

Actions: ``bid 0`` to ``bid M`` (M the largest hand of the match's schedule),
then ``play CARD`` for the 54 cards by id (``V:1`` first, ``E:Sun`` last).
"""

from __future__ import annotations

from cardkit import Action
from games.universal_bid.actions import BIDS, PLAYS
from games.universal_bid.state import UniversalBidOptions, effective_schedule


def all_actions(players: int, options: UniversalBidOptions) -> tuple[Action, ...]:
    """Every bid a hand of the schedule allows, then every play, by card id."""
    largest = max(effective_schedule(options.schedule, players))
    return (*BIDS[: largest + 1], *PLAYS)
