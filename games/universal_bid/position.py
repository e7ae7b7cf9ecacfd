"""Positions and sampled worlds of the bid-exact game (see :mod:`cardkit.positions`).

A position's game part is the state's record, written and read by the core
(docs/positions.md gives its keys) and checked by the state's
``check_position``; :func:`first_version` reads a version 1 part. A sampled
world is :func:`public_state` with the cards dealt by the core from what the
seat knows (:meth:`cardkit.game.Game.sample_world`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardkit import Card
from cardkit.positions import PositionError, card_of, game_part, listed, whole
from games.universal_bid.cards import CARDS
from games.universal_bid.view import UniversalBidView

if TYPE_CHECKING:
    from games.universal_bid.game import UniversalBidGame
    from games.universal_bid.state import UniversalBidState

BY_TEXT: dict[str, Card] = {c.text: c for c in CARDS}


def first_version(state: UniversalBidState, part: Any) -> dict[str, Any]:
    """The record of a version 1 game part (``hands``, ``past_tricks``, ``trick`` as
    pairs, ``out_of_play``, ``draw``; the rest as in version 2)."""
    keys = ("phase", "draw", "hands", "bids", "past_tricks", "trick", "out_of_play", "hand_log")
    part = game_part(part, keys)
    n = state.players
    tricks = [
        _pairs(t, f"past trick {i + 1}", n)
        for i, t in enumerate(listed(part["past_tricks"], "past_tricks"))
    ]
    trick = _pairs(part["trick"], "the trick in progress", n)
    hands = listed(part["hands"], "hands")
    if len(hands) != n:
        raise PositionError(f"hands must list {n} seats, not {len(hands)}")
    zones = {f"hand {s}": listed(h, f"hand of seat {s}") for s, h in enumerate(hands)}
    zones["out of play"] = listed(part["out_of_play"], "out_of_play")
    zones["played"] = [c.text for t in (*tricks, trick) for _, c in t]
    return {
        "phase": part["phase"],
        "drawn": part["draw"],
        "bids": part["bids"],
        "finished": [[t[0][0] if t else -1, [c.text for _, c in t]] for t in tricks],
        "trick": {"leader": trick[0][0] if trick else -1, "plays": [[s, c.text] for s, c in trick]},
        "hand_log": part["hand_log"],
        "cards": {"zones": zones},
    }


def _pairs(value: Any, what: str, players: int) -> list[tuple[int, Card]]:
    pairs: list[tuple[int, Card]] = []
    for item in listed(value, what):
        if not isinstance(item, list) or len(item) != 2:
            raise PositionError(f"{what}: each play is [seat, card], not {item!r}")
        seat, due = (
            whole(item[0], f"{what}: a seat", 0, players - 1),
            len(pairs) and pairs[-1][0] + 1,
        )
        if pairs and seat != due % players:
            raise PositionError(f"{what}: seat {seat} plays where seat {due % players} is to play")
        pairs.append((seat, card_of(item[1], BY_TEXT, what)))
    return pairs


def public_state(game: UniversalBidGame, view: UniversalBidView) -> UniversalBidState:
    """A state with ``view``'s public part: its record but the cards."""
    n = view.players
    world = game.new_state(n, 0, game.make_options({"schedule": view.schedule}), False)
    world.phase = view.phase
    world.drawn = tuple(BY_TEXT[text] for _, text in view.draw)
    world.bids = view.bids
    world.finished = tuple((t[0][0], tuple(c for _, c in t)) for t in view.past_tricks)
    world.trick.restart(view.trick[0][0] if view.trick else -1)
    for seat, card in view.trick:
        world.trick.play(seat, card)
    world.hand_log = view.hand_log
    world.derive()
    steps = 1 + sum(1 + n + n * h.size for h in view.hand_log) if view.draw else 0
    if view.phase in ("bid", "play"):
        steps += 1 + world.bids_made + sum(map(len, view.past_tricks)) + len(view.trick)
    world.step_offset = steps
    return world
