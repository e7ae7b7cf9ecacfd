"""Positions and sampled worlds of Oh Hell (see :mod:`cardkit.positions`).

A position's game part is the state's record, written and read by the core and checked
by ``OhHellState.check_position`` (docs/positions.md gives its keys); :func:`first_version`
reads a version 1 part. A sampled world is :func:`public_state` with the cards dealt by the
core (:meth:`cardkit.game.Game.sample_world`): a seat that did not follow a suit gets none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardkit.positions import Common, PositionError, game_part, listed
from cardkit.public import read_record
from cardkit.tricks import voids

from cardkit_oh_hell.cards import HAND, STOCK, TRUMP
from cardkit_oh_hell.view import OhHellView

if TYPE_CHECKING:
    from cardkit_oh_hell.game import OhHellGame
    from cardkit_oh_hell.state import OhHellState

FIRST_KEYS = "phase trick_counters seat_counters num_tricks hands trump stock bids past_tricks"
"""The keys of a version 1 game part, with ``trick`` and ``hand_log``."""


def first_version(state: OhHellState, common: Common, part: Any) -> None:
    """Read a version 1 game part into the fresh ``state``: the hands, stock, trump card and
    counters as zones, the tricks' ``[seat, card]`` plays as the cards played (refused out
    of turn), ``hand_log`` as the hands' sizes and points; derive the rest and bar the suits
    each seat showed it lacks."""
    part = game_part(part, [*FIRST_KEYS.split(), "trick", "hand_log"])
    tricks = [*listed(part["past_tricks"], "past_tricks"), part["trick"]]
    plays, log = (
        [p for t in tricks for p in listed(t, "a trick")],
        listed(part["hand_log"], "hand_log"),
    )
    if not all(isinstance(p, list) and len(p) == 2 for p in plays) or not all(
        isinstance(h, Mapping) and set(h) == {"tricks", "points"} for h in log
    ):
        raise PositionError("a play is [seat, card]; a hand_log entry holds tricks and points")
    trump, counters = part["trump"], [*part["trick_counters"], *part["seat_counters"]]
    zones = {f"hand {s}": hand for s, hand in enumerate(listed(part["hands"], "hands"))}
    zones |= {"stock": part["stock"], "trump card": [] if trump is None else [trump]}
    zones |= {"played": [c for t in tricks[:-1] for _, c in t], "counters": counters}
    zones["trick"] = [c for _, c in tricks[-1]]
    record = {"phase": part["phase"], "dealer": common.dealer, "bids": part["bids"]}
    record |= {"trick_counters": part["trick_counters"], "played": [c for _, c in plays]}
    record |= {"hand_sizes": [h["tricks"] for h in log], "hand_points": [h["points"] for h in log]}
    read_record(state, {**record, "cards": {"zones": zones}})
    state.derive()
    if state.phase == "over" and None not in state.bids:  # its hand_log lacks the last hand
        state.hand_sizes += (state.num_tricks,)
        state.hand_points += (state.hand_scores(),)
        state.derive()
    if state.trumps is not None:
        done, trick, _ = state.replay()
        for seat, faces in voids([*done, trick.pairs()], state.trumps.order).items():
            state.cards.bar(HAND + seat, faces)
        due = [s for t in (*done, trick.pairs()) for s, _ in t]
        wrong = [(p, s) for p, s in zip(plays, due, strict=False) if p[0] != s]
        if wrong:
            (seat, card), turn = wrong[0]
            raise PositionError(f"seat {seat!r} plays {card} where seat {turn} is to play")


def public_state(game: OhHellGame, view: OhHellView) -> OhHellState:
    """A state with ``view``'s public part: its record but the cards (the trump card turned),
    counting its steps from the view's."""
    names = ("num_suits", "num_tricks_fixed", "off_bid_penalty", "points_per_trick", "hands")
    options = {name: getattr(view, name) for name in names} | {"num_cards_per_suit": view.ranks}
    n, over = len(view.bids), not view.to_act
    world = game.new_state(n, 0, game.make_options(options), False)
    world.phase = "over" if over else "play" if None not in view.bids else "bid"
    world.dealer, world.bids = view.dealer, list(view.bids)
    counters = world.table.trick_counters  # any order with the count drawn on top
    world.trick_counters = tuple(sorted(counters, key=lambda c: c.rank != view.num_tricks))
    world.played = view.played + tuple(card for _, card, _ in view.trick)
    world.hand_sizes, world.hand_points = view.hand_sizes, view.hand_points
    if view.trump is not None:
        world.cards.move(view.trump, STOCK, TRUMP)
    world.derive()
    draws = 1 if counters else 0  # a hand's steps: its draw, deal, bids and plays; the cut first
    done = sum(draws + 1 + n + n * k for k in view.hand_sizes[: len(view.hand_sizes) - over])
    world.step_offset = 1 + done + draws + 1 + n - view.bids.count(None) + len(world.played)
    return world
