"""Chance steps: the shuffles a state draws, the check of a shuffle, and explicit deals.

A chance step is a :class:`~cardkit.actions.Shuffle` applied by the
:data:`~cardkit.seats.CHANCE` seat. :func:`draw_shuffle` is how a state's own
generator orders the cards due (:meth:`State.sample_chance
<cardkit.state.State.sample_chance>`), :func:`check_chance` is the verdict on a
shuffle applied by hand, and :func:`deal_shuffle` makes the shuffle that deals
given hands and piles from the places a game's deal declares
(:meth:`State.deal_places <cardkit.state.State.deal_places>`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from cardkit.actions import Action, Shuffle
from cardkit.cards import Card
from cardkit.errors import IllegalActionError
from cardkit.seats import CHANCE

if TYPE_CHECKING:
    from cardkit.state import State


def draw_shuffle(pile: Sequence[Card], count: int, rng: random.Random) -> Shuffle:
    """The shuffle ``rng`` gives of ``pile``: its first ``count`` cards drawn in order, or
    (``count`` 0) the whole pile in a uniform order."""
    if count:
        return Shuffle(tuple(rng.sample(pile, count)))
    draw = rng.random
    keys = [draw() for _ in pile]  # a uniform permutation: sort by random keys
    return Shuffle(tuple([pile[i] for i in sorted(range(len(pile)), key=keys.__getitem__)]))


def check_chance(state: State, action: Action) -> None:
    """Raise ``IllegalActionError`` unless ``action`` is the chance step due in ``state``:
    a shuffle of exactly the cards due, or a draw of :meth:`State.chance_draw
    <cardkit.state.State.chance_draw>` of them."""
    expected = state.chance_cards()
    if not expected:
        raise IllegalActionError(action, CHANCE, "no shuffle is due now", "no-chance")
    if not isinstance(action, Shuffle):
        raise IllegalActionError(action, CHANCE, "chance only shuffles", "not-a-shuffle")
    count = state.chance_draw()
    if count:
        if len(action.cards) != count or Counter(action.cards) - Counter(expected):
            raise IllegalActionError(
                action,
                CHANCE,
                f"the draw must take {count} of the {len(expected)} cards due",
                "wrong-cards",
            )
        return
    if len(action.cards) != len(expected) or Counter(action.cards) != Counter(expected):
        raise IllegalActionError(
            action,
            CHANCE,
            f"the shuffle must order exactly the {len(expected)} cards due",
            "wrong-cards",
        )


def deal_shuffle(
    state: State,
    hands: Mapping[int, Iterable[Card]] | Sequence[Iterable[Card]],
    piles: Mapping[str, Iterable[Card]],
) -> Shuffle:
    """The shuffle that the deal due in ``state`` turns into these ``hands`` and ``piles``
    (see :meth:`State.deal_shuffle <cardkit.state.State.deal_shuffle>`)."""
    places = state.deal_places()
    if not places:
        raise ValueError("no deal is due now (or the game declares none: deal_places)")
    given: dict[int | str, list[Card]] = {}
    items = hands.items() if isinstance(hands, Mapping) else enumerate(hands)
    for seat, cards in items:
        given[seat] = list(cards)
    for name, cards in piles.items():
        given[name] = list(cards)
    known = dict.fromkeys(place for place, _ in places)  # in the order they are dealt
    strange = [_place(p) for p in given if p not in known]
    if strange:
        names = ", ".join(_place(p) for p in known)
        raise ValueError(f"the deal has no {', '.join(strange)}; it deals to {names}")
    due = state.chance_cards()
    spare = _spare(due, given)
    queues = {place: list(cards) for place, cards in given.items()}
    dealt: Counter[int | str] = Counter()
    order: list[Card] = []
    for place, count in places:
        queue = queues.get(place, [])
        if count is None:
            count = len(queue) + len(spare)
        mine = queue[:count]
        del queue[:count]
        fill = count - len(mine)
        order += mine + spare[:fill]
        del spare[:fill]
        dealt[place] += count
    for place, queue in queues.items():
        if queue:
            raise ValueError(
                f"{_place(place)} is dealt {dealt[place]} cards, not {len(given[place])}"
            )
    return Shuffle((*order, *spare))


def _spare(due: Sequence[Card], given: Mapping[int | str, Sequence[Card]]) -> list[Card]:
    """The cards ``due`` that nobody was ``given``, in the order they are due;
    ``ValueError`` for a card given that is not due (or given twice)."""
    rest = Counter(due)
    for place, cards in given.items():
        for card in cards:
            if rest[card] <= 0:
                raise ValueError(f"{card.text} (given to {_place(place)}) is not left to deal")
            rest[card] -= 1
    spare: list[Card] = []
    for card in due:
        if rest[card] > 0:
            rest[card] -= 1
            spare.append(card)
    return spare


def _place(place: int | str) -> str:
    return f"seat {place}" if isinstance(place, int) else place
