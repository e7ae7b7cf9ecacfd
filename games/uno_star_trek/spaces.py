"""UNO: Star Trek's fixed shapes for learning: its action space (and observation).

Actions, in order: ``play CARD`` for each face by id (a Wild, Wild Draw 4, Beam
Me Up Scotty or Double Tribble once per colour named), ``draw``, ``keep``,
``uno``, ``accept``, ``challenge``, ``decline``, ``catch 0`` to ``catch n-1``,
``beam COLOUR`` and ``colour COLOUR`` for each colour.
"""

from __future__ import annotations

from cardkit import Action
from games.uno_star_trek.actions import (
    ACCEPT,
    BEAMS,
    CATCHES,
    CHALLENGE,
    DECLINE,
    DRAW,
    KEEP,
    NAMES,
    PLAYS,
    UNO,
)
from games.uno_star_trek.state import UnoOptions


def all_actions(players: int, options: UnoOptions) -> tuple[Action, ...]:
    """Every play of every face, the single-word actions, catches, beams and colours."""
    plays = tuple(p for face in PLAYS for p in face)
    singles = (DRAW, KEEP, UNO, ACCEPT, CHALLENGE, DECLINE)
    return (*plays, *singles, *CATCHES[:players], *BEAMS, *NAMES)
