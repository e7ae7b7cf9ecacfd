"""Explicit set-ups for universal-bid tests: draws, deals, bids."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardkit import CHANCE, Shuffle
from games.universal_bid import GAME, UniversalBidState, parse_card


def cards(text: str) -> list[Any]:
    """Cards from space-separated texts."""
    return [parse_card(t) for t in text.split()]


def new(players: int, schedule: str | None = None, events: bool = False) -> UniversalBidState:
    """A match with chance applied by hand (nothing drawn or dealt yet); ``events``: it
    records events."""
    options = {} if schedule is None else {"schedule": schedule}
    state = GAME.create(players, seed=0, options=options, auto_chance=False, events=events)
    assert isinstance(state, UniversalBidState)
    return state


def draw(state: UniversalBidState, *texts: str) -> None:
    """Seat 0 draws ``texts[0]``, seat 1 ``texts[1]``, ... (a chance draw of one card each)."""
    state.apply(CHANCE, Shuffle(tuple(cards(" ".join(texts)))))


def deal(state: UniversalBidState, hands: Mapping[int, str]) -> None:
    """Deal ``hands[seat]`` to each seat (the dealer deals from its left)."""
    state.apply(CHANCE, state.deal_shuffle({s: cards(h) for s, h in hands.items()}))


def start(
    players: int, schedule: str, dealer: int, hands: Mapping[int, str], events: bool = False
) -> UniversalBidState:
    """A match where ``dealer`` drew E:Sun (the others low V cards), then ``hands`` dealt."""
    state = new(players, schedule, events)
    low = iter(["V:1", "V:2", "V:3", "V:4", "V:5", "V:6"])
    draw(state, *("E:Sun" if s == dealer else next(low) for s in range(players)))
    assert state.view(0).dealer == dealer
    deal(state, hands)
    return state


def act(state: UniversalBidState, seat: int, text: str) -> None:
    """Apply a typed action for ``seat``."""
    state.apply(seat, GAME.parse_action(text, state))


def bids(state: UniversalBidState, amounts: Mapping[int, int]) -> None:
    """Every seat bids, in turn from the left of the dealer."""
    for _ in range(state.players):
        seat = state.to_act()[0]
        act(state, seat, f"bid {amounts[seat]}")
