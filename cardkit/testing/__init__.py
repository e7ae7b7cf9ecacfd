"""The conformance kit: call :func:`check_game` from a plugin's own tests.

It plays seeded random matches at every allowed player count and checks, at
every step, what every game must guarantee:

- every match ends within ``game.max_steps``;
- while the match is not over, some seat may act, every seat to act has a
  legal action and no other seat has one;
- only legal actions are applied, and an illegal one raises
  ``IllegalActionError`` and changes nothing;
- every card is in exactly one zone (nothing lost or duplicated);
- no view shows a card that is not in a zone visible to its seat, and no
  view holds the state;
- every legal action's text form parses back to the same action;
- every event is an :class:`~cardkit.events.Event`, and no event a seat may
  see names a card that seat may not see (in the zones before or after the
  step); recording events changes nothing in the match;
- one statement per rule: over a pool of candidate actions (every action
  legal anywhere earlier in the match, and the game's ``candidates``), an
  action is refused with a code and a reason exactly when it is not among the
  legal actions, and asking changes nothing;
- replaying the record rebuilds an equal state, and the same seed gives the
  same match;
- for a game with an action space (``Game.spaces``), :func:`check_spaces`:
  every legal action has an index that maps back to it, and the space is
  what the game declares; every observation has the space's fixed size and
  is a function of the view alone;
- for a game with positions (``Game.has_positions``), :func:`check_positions`:
  a state rebuilt from its position plays on exactly as the original, and
  sampled worlds agree with their view and do not leak the hidden cards
  (:func:`check_uniform` tests a sampler's uniformity on one small position);
  and :func:`check_worlds`: at every decision of a seeded match (at the fewest
  and the most players), a world sampled for a seat shows it its view, passes
  the game's check of a position (``State.check_position``), has the same
  seats to act, each with a legal action, and agrees with every earlier
  play the seat saw (:func:`check_line` does the same along a line of play a
  test sets up by hand).

For a trick game, :func:`check_endgames` compares the endgame solver with
brute force on the game's own small endgames (pimc's ``solve`` relies on it).

The checks are imported from here; they live in :mod:`cardkit.testing.matches`
and :mod:`cardkit.testing.cards` (every step of a match),
:mod:`cardkit.testing.positions`, :mod:`cardkit.testing.worlds`,
:mod:`cardkit.testing.spaces` and :mod:`cardkit.testing.endgames`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from cardkit.game import Game
from cardkit.registry import get_game
from cardkit.testing.cards import cards_in
from cardkit.testing.endgames import check_endgame, check_endgames, random_endgame
from cardkit.testing.errors import ConformanceError
from cardkit.testing.matches import _check_match, states_equal
from cardkit.testing.positions import (
    CHECKPOINTS,
    LEAK_DEALS,
    LEAK_SAMPLES,
    WORLDS,
    chance_overlap,
    check_positions,
    check_uniform,
    chi_square_limit,
)
from cardkit.testing.spaces import check_spaces
from cardkit.testing.worlds import DECISION_MATCHES, DECISION_STEPS, check_line, check_worlds

__all__ = [
    "CHECKPOINTS",
    "DECISION_MATCHES",
    "DECISION_STEPS",
    "LEAK_DEALS",
    "LEAK_SAMPLES",
    "WORLDS",
    "ConformanceError",
    "Report",
    "cards_in",
    "chance_overlap",
    "check_endgame",
    "check_endgames",
    "check_game",
    "check_line",
    "check_positions",
    "check_spaces",
    "check_uniform",
    "check_worlds",
    "chi_square_limit",
    "random_endgame",
    "states_equal",
]


@attrs.frozen(slots=True)
class Report:
    """What :func:`check_game` played: matches and steps per player count."""

    game: str
    matches: dict[int, int]
    steps: dict[int, int]


def check_game(
    game: Game | str,
    players: Iterable[int] | None = None,
    matches: int = 3,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    deep_every: int = 1,
) -> Report:
    """Play ``matches`` seeded random matches per player count and check every guarantee.

    ``deep_every`` sets how often (in steps) the costlier checks run: views,
    zones and text round-trips. Raises :class:`ConformanceError` on the first
    broken guarantee.
    """
    if isinstance(game, str):
        game = get_game(game)
    counts = (
        list(players)
        if players is not None
        else list(range(game.min_players, game.max_players + 1))
    )
    played: dict[int, int] = {}
    steps: dict[int, int] = {}
    for n in counts:
        for m in range(matches):
            match_seed = seed * 1000 + n * 100 + m
            steps[n] = steps.get(n, 0) + _check_match(game, n, match_seed, options, deep_every)
            played[n] = played.get(n, 0) + 1
    if game.spaces is not None:
        check_spaces(game, counts, 1, seed, options)
    if game.has_positions:
        check_positions(game, counts, min(matches, 2), seed, options)
        check_worlds(game, sorted({min(counts), max(counts)}), 1, seed, options)
    return Report(game.id, played, steps)
