"""Where the cards are and who may see them, checked at every step of a match.

Every card stays in exactly one zone; no view shows a card that is not in a
zone visible to its seat, and no view holds the state (:func:`cards_in`); every
event is an :class:`~cardkit.events.Event`, and no event a seat may see names a
card that seat may not see.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from cardkit.actions import Action
from cardkit.cards import Card, cards_within
from cardkit.events import Event, cards_of
from cardkit.game import Game, State
from cardkit.testing.errors import _fail
from cardkit.zones import SeatCards


def _inventory(state: State) -> Counter[Card]:
    counts: Counter[Card] = Counter()
    for zone in state.zones():
        counts.update(zone.cards)
    return counts


def _check_zones(
    game: Game, n: int, seed: int, step: int, state: State, initial: Counter[Card]
) -> None:
    now = _inventory(state)
    if now != initial:
        lost = initial - now
        extra = now - initial
        raise _fail(
            game,
            n,
            seed,
            step,
            f"cards not conserved: missing {sorted(c.text for c in lost.elements())}, "
            f"extra {sorted(c.text for c in extra.elements())}",
        )


def cards_in(obj: Any) -> Counter[Card]:
    """Every card a view shows (attrs fields, tuples, lists, dicts, sets, and the cards
    its :class:`~cardkit.zones.SeatCards` shows); a ``TypeError`` if the view holds the
    state. A card named in several fields of a view is one card: each card counts as
    often as the field naming it most often does (a hand and the cards just received
    name the same cards)."""
    fields = (
        [getattr(obj, f.name) for f in attrs.fields(type(obj))] if attrs.has(type(obj)) else [obj]
    )
    total: Counter[Card] = Counter()
    for value in fields:
        if isinstance(value, SeatCards):
            total |= Counter(c for z in range(len(value.sizes)) for c in value.cards(z))
            continue
        try:
            total |= Counter(cards_within(value, refuse=State))
        except TypeError:
            raise TypeError("a view holds the state") from None
    return total


def _check_views(game: Game, n: int, seed: int, step: int, state: State) -> None:
    zones = state.zones()
    for seat in range(n):
        try:
            seen = cards_in(state.view(seat))
        except TypeError as exc:
            raise _fail(game, n, seed, step, f"view of seat {seat}: {exc}") from None
        leaked = seen - _visible(zones, seat)
        if leaked:
            raise _fail(
                game,
                n,
                seed,
                step,
                f"view of seat {seat} shows cards it may not see: "
                f"{sorted(c.text for c in leaked.elements())}",
            )


def _visible(zones: Sequence[Any], seat: int) -> Counter[Card]:
    seen: Counter[Card] = Counter()
    for zone in zones:
        if seat in zone.visible_to:
            seen.update(zone.cards)
    return seen


def _check_events(
    game: Game,
    n: int,
    seed: int,
    step: int,
    state: State,
    events: Sequence[Any],
    before: Sequence[Any],
    after: Sequence[Any],
    action: Action | None,
) -> None:
    """Every event is an Event whose cards each seat that sees it may see.

    A seat may see the cards visible to it before or after the step, and the
    card the step's action plays (a card played and gathered in one step, as
    the last card of a hand, is visible in between).
    """
    played = Counter(_action_cards(action))
    for event in events:
        if not isinstance(event, Event):
            raise _fail(game, n, seed, step, f"step gave {event!r}, which is not an Event")
        if event.to is not None and not event.to <= frozenset(range(n)):
            raise _fail(game, n, seed, step, f"event {event!r} is shown to no such seat")
        try:
            text = str(event)
        except Exception as exc:
            raise _fail(game, n, seed, step, f"event {event!r} has no text: {exc}") from None
        if not text:
            raise _fail(game, n, seed, step, f"event {event!r} has an empty text")
        named = set(cards_of(event))
        if not named:
            continue
        for seat in range(n):
            if not event.seen_by(seat):
                continue
            may = _visible(before, seat) | _visible(after, seat) | played
            leaked = sorted(c.text for c in named if not may[c])
            if leaked:
                raise _fail(
                    game,
                    n,
                    seed,
                    step,
                    f"event {text!r} shown to seat {seat} names cards it may not see: {leaked}",
                )


def _action_cards(action: Action | None) -> list[Card]:
    if action is None or not attrs.has(type(action)):
        return []
    names = [f.name for f in attrs.fields(type(action))]
    return [v for v in (getattr(action, n) for n in names) if isinstance(v, Card)]
