"""Exact, uniform deals of cards into places under constraints.

:func:`sample_deal` deals ``cards`` into places (seats, piles: any hashable) of given
sizes, uniformly among all the deals where each place holds only cards it may hold,
with the cards known to be somewhere (``fixed``) already there. Each physical card
counts as itself: a face that appears twice in ``cards`` is twice as likely to be
in a hand as a face that appears once. :func:`count_deals` says how many such deals
there are; :class:`DealConstraints` does both for many draws of the same deal.

How: cards that the same places may hold form a *class* (they are interchangeable
for counting), places that may hold the same classes a *group*. The deals are counted
by dynamic programming with the groups' room left as the state, one class at a time
and, within a class, one of its groups at a time (how many of the class's cards it
takes; the last takes the rest). A deal is drawn along the same steps, each choice
with probability proportional to the exact number of deals it leaves (Python ints, no
rounding); then each class's cards are shuffled into the groups and each group's
cards into its places (each place's cards in a random order: a pile's order is
random too). No rejection, nothing to give up on: an impossible deal is a
:class:`DealError` saying why. When every card may go anywhere it is one shuffle and
a cut.

The count tables depend only on the groups' sizes and the classes' sizes and groups;
a small LRU keeps them for the next deal of the same shape. Building one costs little
for a few groups (three hands with voids: a millisecond) and grows quickly with many
differently constrained places (five hands of ten, each void in a different suit:
seconds).
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache
from itertools import combinations, compress
from operator import not_
from typing import Generic, NamedTuple, TypeAlias, TypeVar

from cardkit.positions import PositionError

P = TypeVar("P", bound=Hashable)
"""A place: a seat number, a pile's name, ..."""
C = TypeVar("C", bound=Hashable)
"""A card (a :class:`~cardkit.cards.Card` in practice)."""

Allowed: TypeAlias = Callable[[C], bool] | AbstractSet[C] | None
"""The cards a place may hold: a test, a set of cards, or None for any card."""

TABLES = 16
"""How many count tables (deal shapes) are kept for reuse: a player drawing many deals
at one turn reuses one; a big one can take tens of megabytes."""


class DealError(PositionError):
    """Cards and constraints that no deal meets, or that do not fit together; the
    message says why."""


class DealConstraints(Generic[P, C]):
    """A deal of ``cards`` into places of ``sizes``, each holding only what ``allowed``
    lets it (missing or None: any card), with ``fixed`` cards known to be in a place.

    ``cards`` are all the physical cards the places hold, ``fixed`` ones included (each
    fixed card is one copy taken out of them: "the passer knows these three cards are
    in that hand"); ``sizes`` the places' full sizes; ``allowed`` a test or a set of
    cards per place. Made once, it draws many deals (:meth:`sample`) at the cost of
    one or two shuffles each and counts them (:meth:`count`).
    ``DealError`` at once for inputs that do not fit together (sizes that do not add
    up to the cards, a fixed card that is not among them, constraints on an unknown
    place); for a deal that is merely impossible, :meth:`count` is 0 and
    :meth:`sample` raises.
    """

    __slots__ = (
        "_cards",
        "_class_cards",
        "_class_groups",
        "_cuts",
        "_fixed",
        "_free",
        "_group_places",
        "_impossible",
        "_need",
        "_table",
        "places",
    )

    def __init__(
        self,
        cards: Sequence[C],
        sizes: Mapping[P, int],
        allowed: Mapping[P, Allowed[C]] | None = None,
        fixed: Mapping[P, Iterable[C]] | None = None,
    ) -> None:
        self.places: tuple[P, ...] = tuple(sizes)
        """The places, in the order of ``sizes``."""
        allowed = allowed or {}
        for place, size in sizes.items():
            if size < 0:
                raise DealError(f"{_name(place)} cannot hold {size} cards")
        for where, what in (("constraints", allowed), ("fixed cards", fixed or {})):
            for place in what:
                if place not in sizes:
                    raise DealError(f"{where} for {_name(place)}, which is not a place to deal to")
        total = sum(sizes.values())
        if total != len(cards):
            raise DealError(f"{len(cards)} cards cannot fill places that hold {total}")
        pool = list(cards)
        need = dict(sizes)
        self._fixed: dict[P, list[C]] = {}
        self._impossible: str | None = None
        for place, known in (fixed or {}).items():
            mine = self._fixed[place] = list(known)
            where = _name(place)
            if len(mine) > sizes[place]:
                raise DealError(f"{where} holds {sizes[place]} cards, not the {len(mine)} known")
            need[place] -= len(mine)
            accepts = _acceptor(allowed.get(place))
            for card in mine:
                try:
                    pool.remove(card)
                except ValueError:
                    raise DealError(
                        f"{card}, known to be in {where}, is not among the cards to deal"
                    ) from None
                if accepts is not None and not accepts(card) and self._impossible is None:
                    self._impossible = f"{card} is known to be in {where}, which may not hold it"
        self._cards = pool
        live = [p for p in self.places if need[p]]
        self._need = [need[p] for p in live]
        self._cuts: list[tuple[P, int, int]] = _cuts(live, need)
        self._free = True
        self._table: _CountTable | None = None
        self._group_places: list[list[tuple[P, int, int]]] = []
        self._class_cards: list[list[C]] = []
        self._class_groups: tuple[tuple[int, ...], ...] = ()
        tests = [_acceptor(allowed.get(p)) for p in live]
        checks = [(1 << i, t) for i, t in enumerate(tests) if t is not None]
        if not checks:
            return
        # the class of each card: the places (bits, in ``live`` order) that may hold it
        classes: dict[int, list[C]] = {sum(1 << i for i, t in enumerate(tests) if t is None): pool}
        for bit, test in checks:  # split each class by what this place may hold
            split: dict[int, list[C]] = {}
            for mask, same in classes.items():
                answers = list(map(test, same))
                held = list(compress(same, answers))
                if held:
                    split[mask | bit] = held
                if len(held) < len(same):
                    split[mask] = list(compress(same, map(not_, answers)))
            classes = split
        if 0 in classes:
            if self._impossible is None:
                self._impossible = f"no place with room may hold {classes[0][0]}"
            return
        masks = sorted(classes, key=lambda m: (m.bit_count(), m))  # the freest last
        if masks == [(1 << len(live)) - 1]:  # every card may go anywhere with room
            return
        self._class_cards = [classes[m] for m in masks]
        layout = _layout(tuple(self._need), tuple(masks), tuple(map(len, self._class_cards)))
        groups, self._class_groups, table = layout
        self._group_places = [_cuts([live[i] for i in places], need) for places in groups]
        self._table = table
        self._free = False
        if table.total == 0 and self._impossible is None:
            names = [[live[i] for i in places] for places in groups]
            self._impossible = _why(names, table.caps, table.shape, len(pool))

    def count(self) -> int:
        """The exact number of deals (each physical card counted as itself)."""
        if self._impossible is not None:
            return 0
        if self._table is None:
            return _multinomial(len(self._cards), self._need)
        out = self._table.total
        for cuts in self._group_places:
            out *= _multinomial(cuts[-1][2], [end - start for _, start, end in cuts])
        return out

    def sample(self, rng: random.Random) -> dict[P, list[C]]:
        """One deal, uniformly: each place's cards, its fixed cards first, then the
        dealt ones in a uniformly random order (a pile's order is random too).
        Randomness only from ``rng``."""
        if self._impossible is not None:
            raise DealError(self._impossible)
        out: dict[P, list[C]] = {p: list(self._fixed.get(p, ())) for p in self.places}
        if self._free:
            deck = self._cards.copy()
            rng.shuffle(deck)
            for place, start, end in self._cuts:
                out[place] += deck[start:end]
            return out
        table = self._table
        assert table is not None
        shuffle = rng.shuffle
        randrange = rng.randrange
        steps = table.steps
        room = table.caps
        shares: list[list[C]] = [[] for _ in self._group_places]
        mixed = [False] * len(shares)  # a group's share is not in uniformly random order
        c = 0
        for k, mine in enumerate(self._class_cards):
            parts: list[tuple[int, int]] = []
            for g in self._class_groups[k]:
                cumulative, takes, afters = steps[c][room]
                i = bisect_right(cumulative, randrange(cumulative[-1])) if cumulative else 0
                room = afters[i]
                if takes[i]:
                    parts.append((g, takes[i]))
                c += 1
            if len(parts) == 1:  # all to one group: no need to shuffle
                g = parts[0][0]
                mixed[g] = True
                shares[g] += mine
                continue
            mine = mine.copy()
            shuffle(mine)
            start = 0
            for g, t in parts:
                if shares[g]:
                    mixed[g] = True
                shares[g] += mine[start : start + t]
                start += t
        for g, cuts in enumerate(self._group_places):
            share = shares[g]
            if mixed[g]:
                shuffle(share)
            for place, start, end in cuts:
                out[place] += share[start:end]
        return out


def sample_deal(
    cards: Sequence[C],
    sizes: Mapping[P, int],
    allowed: Mapping[P, Allowed[C]] | None,
    rng: random.Random,
    *,
    fixed: Mapping[P, Iterable[C]] | None = None,
) -> dict[P, list[C]]:
    """One uniformly random deal of ``cards`` into places of ``sizes`` (see
    :class:`DealConstraints`, which is faster for many deals of the same cards)."""
    return DealConstraints(cards, sizes, allowed, fixed).sample(rng)


def count_deals(
    cards: Sequence[C],
    sizes: Mapping[P, int],
    allowed: Mapping[P, Allowed[C]] | None = None,
    *,
    fixed: Mapping[P, Iterable[C]] | None = None,
) -> int:
    """The exact number of deals :func:`sample_deal` draws from (0: none)."""
    return DealConstraints(cards, sizes, allowed, fixed).count()


def _name(place: Hashable) -> str:
    if isinstance(place, int) and not isinstance(place, bool):
        return f"seat {place}"
    return place if isinstance(place, str) else repr(place)


def _acceptor(allowed: Allowed[C]) -> Callable[[C], bool] | None:
    if allowed is None or callable(allowed):
        return allowed
    return allowed.__contains__


def _cuts(places: Sequence[P], need: Mapping[P, int]) -> list[tuple[P, int, int]]:
    """Each place with the start and end of its block in a list of their cards."""
    out = []
    start = 0
    for place in places:
        out.append((place, start, start + need[place]))
        start += need[place]
    return out


def _multinomial(n: int, parts: Iterable[int]) -> int:
    out = 1
    for part in parts:
        out *= math.comb(n, part)
        n -= part
    return out


_Shape = tuple[tuple[tuple[int, ...], int], ...]
"""Each class's groups (that may hold its cards) and number of cards."""
_Room = tuple[int, ...]
"""The room left in each group."""
_Step = tuple[tuple[int, ...], tuple[int, ...], tuple[_Room, ...]]
"""From one state of one cell: the cumulative numbers of deals (empty when there is
one choice), the numbers of cards the cell's group may take towards a deal, and the
room each leaves."""


class _CountTable:
    """The deals of classes of interchangeable cards (``shape``) into groups with room
    ``caps`` (``total``: how many, the cards of a class distinct), counted cell by cell:
    a cell is one class and one of the groups that may hold it, the classes in turn and
    each class's groups in turn, the last of them taking the class's cards left.

    ``steps[c][room]``: at cell ``c`` with ``room`` left in the groups (which fixes the
    cards left of the cell's class), the choices towards a deal (:data:`_Step`), each
    weighted by the ways to choose the cards taken. Only states that lead to a deal
    are kept, each room once. Filled once, read only after.
    """

    __slots__ = ("caps", "shape", "steps", "total")

    def __init__(self, caps: _Room, shape: _Shape) -> None:
        self.caps = caps
        self.shape = shape
        cells = _cells(len(caps), shape)
        # forward: the states each cell can be reached in, and their takes
        frontier = {caps: caps}
        options: list[dict[_Room, list[tuple[int, _Room]]]] = []
        for cell in cells:
            takes = {room: _takes(cell, room) for room in frontier}
            options.append(takes)
            frontier = {}
            for found in takes.values():
                for i, (t, after) in enumerate(found):
                    found[i] = (t, frontier.setdefault(after, after))  # one tuple per room
        # backward: how many deals each state leads to
        counts = {room: 0 if any(room) else 1 for room in frontier}
        steps: list[dict[_Room, _Step]] = [{} for _ in cells]
        for c in range(len(cells) - 1, -1, -1):
            earlier: dict[_Room, int] = {}
            for room, found in options[c].items():
                left = sum(room) - cells[c].later
                total = 0
                cumulative: list[int] = []
                choices = []
                for t, after in found:
                    rest = counts[after]
                    if rest:
                        total += math.comb(left, t) * rest
                        cumulative.append(total)
                        choices.append((t, after))
                if total:
                    takes_, afters = zip(*choices, strict=True)
                    steps[c][room] = (tuple(cumulative) if len(choices) > 1 else (), takes_, afters)
                earlier[room] = total
            counts = earlier
            options[c] = {}
        self.steps = steps
        self.total = counts.get(caps, 0)


class _Cell(NamedTuple):
    group: int
    rest: tuple[int, ...]
    """The class's groups after this one."""
    others: tuple[int, ...]
    """The groups that may not hold the class (at its first cell, else none)."""
    supply: tuple[int, ...]
    """The cards of the later classes each group may hold."""
    later: int
    """The cards of the later classes."""


def _cells(groups: int, shape: _Shape) -> list[_Cell]:
    cells: list[_Cell] = []
    supply = [0] * groups
    later = 0
    for mine, n in reversed(shape):
        others = tuple(g for g in range(groups) if g not in mine)
        after = tuple(supply)
        cells[:0] = [
            _Cell(g, mine[j + 1 :], others if j == 0 else (), after, later)
            for j, g in enumerate(mine)
        ]
        for g in mine:
            supply[g] += n
        later += n
    return cells


def _takes(cell: _Cell, room: _Room) -> list[tuple[int, _Room]]:
    """The numbers of cards the cell's group may take from ``room`` (with the room
    each leaves) that do not rule out every deal at once."""
    supply = cell.supply
    if any(room[h] > supply[h] for h in cell.others):
        return []  # the later classes cannot fill a group this class may not go to
    g = cell.group
    here = room[g]
    left = sum(room) - cell.later
    low = max(0, here - supply[g])
    if cell.rest:
        low = max(low, left - sum(room[h] for h in cell.rest))
        high = min(left, here)
    else:
        low = max(low, left)  # the last group takes the class's cards left
        high = left if left <= here else -1
    return [(t, (*room[:g], here - t, *room[g + 1 :])) for t in range(low, high + 1)]


_Layout = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], _CountTable]


@lru_cache(maxsize=TABLES)
def _layout(need: tuple[int, ...], masks: tuple[int, ...], counts: tuple[int, ...]) -> _Layout:
    """The groups of places (of room ``need``) that may hold the same classes of cards
    (``masks``: the places that may hold each class, ``counts``: its cards), the groups
    that may hold each class, and their count table."""
    columns: dict[int, list[int]] = {}  # the classes (bits) a place may hold: its places
    for i in range(len(need)):
        column = sum(1 << j for j, m in enumerate(masks) if m >> i & 1)
        columns.setdefault(column, []).append(i)
    groups = tuple(map(tuple, columns.values()))
    caps = tuple(sum(need[i] for i in places) for places in groups)
    # each class's groups, the largest last (it takes what is left: not enumerated)
    class_groups = tuple(
        tuple(sorted((g for g, col in enumerate(columns) if col >> j & 1), key=caps.__getitem__))
        for j in range(len(masks))
    )
    return groups, class_groups, _CountTable(caps, tuple(zip(class_groups, counts, strict=True)))


def _why(names: list[list[P]], caps: tuple[int, ...], shape: _Shape, cards: int) -> str:
    """Why no deal exists: the smallest set of groups (of places ``names``) that must
    take more cards than there are cards they may hold (Hall's condition)."""
    groups = range(len(caps))
    for size in range(1, min(len(caps), 16) + 1):
        for chosen in combinations(groups, size):
            need = sum(caps[g] for g in chosen)
            may = sum(n for held, n in shape if any(g in held for g in chosen))
            if may < need:
                who = [_name(p) for g in chosen for p in names[g]]
                if len(who) == 1:
                    return (
                        f"no deal gives {who[0]} {need} cards it may hold: "
                        f"only {may} of the {cards} cards may go there"
                    )
                return (
                    f"no deal gives {', '.join(who[:-1])} and {who[-1]} {need} cards they may "
                    f"hold: only {may} of the {cards} cards may go to them"
                )
    return "no deal of the cards meets the constraints"
