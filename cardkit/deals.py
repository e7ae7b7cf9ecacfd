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
rounding); then each class's cards are shared out at random among the groups and
each group's cards among its places (each place's cards in a random order: a pile's
order is random too, unless the caller does not need it). No rejection, nothing to
give up on: an impossible deal is a :class:`DealError` saying why. When every card
may go anywhere it is one shuffle and a cut. A shuffle sorts the cards by random
keys (``rng.random()``, one a card: faster in Python than ``rng.shuffle``; two equal
keys, about one chance in ``2**54 / n**2``, would keep the earlier card first); when
a few cards are to be picked from many (the largest share left as it is), they are
drawn one by one instead (a partial Fisher-Yates shuffle, each index drawn exactly as
``rng.randrange`` draws it).

The count tables depend only on the groups' sizes and the classes' sizes and groups;
a small LRU keeps them for the next deal of the same shape, and another what else
depends only on the places and the shape (each place's block of the shuffled cards).
Building a table costs little for a few groups (three hands with voids: a
millisecond) and grows quickly with many differently constrained places (five hands
of ten, each void in a different suit: seconds).
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
from typing import Any, Generic, NamedTuple, TypeAlias, TypeVar

from cardkit.errors import PositionError

P = TypeVar("P", bound=Hashable)
"""A place: a seat number, a pile's name, ..."""
C = TypeVar("C", bound=Hashable)
"""A card (a :class:`~cardkit.cards.Card` in practice)."""

Allowed: TypeAlias = Callable[[C], bool] | AbstractSet[C] | None
"""The cards a place may hold: a test, a set of cards, or None for any card."""

TABLES = 16
"""How many count tables (deal shapes) are kept for reuse: a player drawing many deals
at one turn reuses one; a big one can take tens of megabytes."""


_NONE: list[Any] = []
"""The fixed cards of a place that has none (never changed: a deal's lists are new)."""


class DealError(PositionError):
    """Cards and constraints that no deal meets, or that do not fit together; the
    message says why."""


class DealConstraints(Generic[P, C]):
    """A deal of ``cards`` into places of ``sizes``, each holding only what ``allowed``
    lets it (missing or None: any card), with ``fixed`` cards known to be in a place.

    ``cards`` are all the physical cards the places hold, ``fixed`` ones included (each
    fixed card is one copy taken out of them: "the passer knows these three cards are
    in that hand"; quickest when ``cards`` lists them first, in the order of
    ``fixed``); ``label`` names a card in a message (``str``: itself); ``sizes`` the
    places' full sizes; ``allowed`` a test or a set of cards
    per place (sets are quicker to sort the cards by: with only sets and no card twice,
    no card is tested one by one). Made once, it draws many deals (:meth:`sample`) at
    the cost of one or two shuffles each and counts them (:meth:`count`); what depends
    only on the deal's shape (the places' rooms, the classes' sizes) is kept for the
    next one of the same shape.
    ``DealError`` at once for inputs that do not fit together (sizes that do not add
    up to the cards, a fixed card that is not among them, constraints on an unknown
    place); for a deal that is merely impossible, :meth:`count` is 0 and
    :meth:`sample` raises. The same ``rng`` state gives the same deal, in any process
    when the cards' hashes do not change between processes (cardkit's cards' do not).
    """

    __slots__ = (
        "_cards",
        "_class_cards",
        "_class_groups",
        "_group_needs",
        "_group_spreads",
        "_impossible",
        "_label",
        "_need",
        "_slots",
        "_spread",
        "_table",
        "places",
    )

    def __init__(
        self,
        cards: Sequence[C],
        sizes: Mapping[P, int],
        allowed: Mapping[P, Allowed[C]] | None = None,
        fixed: Mapping[P, Iterable[C]] | None = None,
        label: Callable[[C], str] = str,
    ) -> None:
        self.places: tuple[P, ...] = tuple(sizes)
        """The places, in the order of ``sizes``."""
        need = dict(sizes)
        if need and min(need.values()) < 0:
            place = next(p for p, size in need.items() if size < 0)
            raise DealError(f"{_name(place)} cannot hold {need[place]} cards")
        if allowed and not need.keys() >= allowed.keys():
            place = next(p for p in allowed if p not in need)
            raise DealError(f"constraints for {_name(place)}, which is not a place to deal to")
        if fixed and not need.keys() >= fixed.keys():
            place = next(p for p in fixed if p not in need)
            raise DealError(f"fixed cards for {_name(place)}, which is not a place to deal to")
        total = sum(need.values())
        if total != len(cards):
            raise DealError(f"{len(cards)} cards cannot fill places that hold {total}")
        self._impossible: str | None = None
        self._label = label
        self._cards = pool = list(cards)
        known = self._take(pool, need, fixed, allowed or {}) if fixed else None
        rooms = tuple(need.values())
        live, self._need, self._spread, slots = _plan(self.places, rooms)
        self._table: _CountTable | None = None
        self._class_cards: list[list[C]] = []
        self._class_groups: tuple[tuple[int, ...], ...] = ()
        self._group_needs: tuple[tuple[int, ...], ...] = ()
        self._group_spreads: tuple[int, ...] = ()
        self._slots: Sequence[_Slot] = _with_known(slots, known) if known else slots
        """Each place, its fixed cards, and the group of its dealt cards (-1: the deck, when
        every card may go anywhere, else none) and their block of its share."""
        if allowed:
            rules = [allowed.get(self.places[i]) for i in live]
            if any(rule is not None for rule in rules):
                self._constrain(pool, rules, rooms, known)

    def _take(
        self,
        pool: list[C],
        need: dict[P, int],
        fixed: Mapping[P, Iterable[C]],
        allowed: Mapping[P, Allowed[C]],
    ) -> dict[P, list[C]]:
        """Take the ``fixed`` cards out of ``pool`` and their room out of ``need``: the
        fixed cards of each place."""
        known: dict[P, list[C]] = {}
        for place, given in fixed.items():
            mine = known[place] = list(given)
            if len(mine) > need[place]:
                where = _name(place)
                raise DealError(f"{where} holds {need[place]} cards, not the {len(mine)} known")
            need[place] -= len(mine)
            if pool[: len(mine)] == mine:  # listed first in the cards: taken at once
                del pool[: len(mine)]
            else:
                for card in mine:
                    try:
                        pool.remove(card)
                    except ValueError:
                        where = _name(place)
                        raise DealError(
                            f"{self._label(card)}, known to be in {where}, is not among the "
                            "cards to deal"
                        ) from None
            accepts = _acceptor(allowed.get(place))
            if accepts is not None and self._impossible is None:
                for card in mine:
                    if not accepts(card):
                        where = _name(place)
                        self._impossible = (
                            f"{self._label(card)} is known to be in {where}, which may not hold it"
                        )
                        break
        return known

    def _constrain(
        self,
        pool: list[C],
        rules: list[Allowed[C]],
        rooms: tuple[int, ...],
        known: dict[P, list[C]] | None,
    ) -> None:
        """Sort the cards into classes and the places into groups, find the count table
        and where each place's cards come from; or note why no deal exists."""
        classes = _classes(pool, rules)
        if 0 in classes:
            if self._impossible is None:
                self._impossible = f"no place with room may hold {self._label(classes[0][0])}"
            return
        masks = sorted(classes)
        masks.sort(key=int.bit_count)  # the freest last
        if masks == [(1 << len(rules)) - 1]:  # every card may go anywhere with room
            return
        self._class_cards = [classes[m] for m in masks]
        counts = tuple(map(len, self._class_cards))
        layout = _layout(self.places, rooms, tuple(masks), counts)
        names, self._class_groups, shape, slots, self._group_needs, self._group_spreads = layout
        self._slots = _with_known(slots, known) if known else slots
        self._table = table = _count_table(*shape)
        if table.total == 0 and self._impossible is None:
            self._impossible = _why(names, table.caps, table.shape, len(pool))

    def count(self) -> int:
        """The exact number of deals (each physical card counted as itself)."""
        if self._impossible is not None:
            return 0
        if self._table is None:
            return _multinomial(len(self._cards), self._need)
        out = self._table.total
        for needs in self._group_needs:
            out *= _multinomial(sum(needs), needs)
        return out

    def sample(self, rng: random.Random, *, ordered: bool = True) -> dict[P, list[C]]:
        """One deal, uniformly: each place's cards, its fixed cards first, then the
        dealt ones in a uniformly random order (a pile's order is random too).
        Randomness only from ``rng``.

        ``ordered=False``: the dealt cards of each place in no particular order (the
        same deals, equally likely): cheaper when a place takes many cards, for a game
        that sorts its hands or keeps them as sets."""
        if self._impossible is not None:
            raise DealError(self._impossible)
        random_ = rng.random
        table = self._table
        if table is None:  # every card may go anywhere: one shuffle, cut in blocks
            cards = self._cards
            if ordered or not _draws_pay(self._spread, len(cards)):
                deck = sorted(cards, key=lambda _: random_())
            else:  # only the cards of all the places but the largest (last in the deck)
                deck = _drawn(cards, self._spread, rng.getrandbits)
            return {
                p: known + deck[start:end] if known else deck[start:end]
                for p, known, _, start, end in self._slots
            }
        getrandbits = rng.getrandbits
        steps = table.steps
        room = table.caps
        shares: list[list[C]] = [[] for _ in self._group_needs]
        mixed = [False] * len(shares)  # a group's share is not in uniformly random order
        c = 0
        for k, mine in enumerate(self._class_cards):
            parts: list[tuple[int, int]] = []
            for g in self._class_groups[k]:
                cumulative, takes, afters = steps[c][room]
                i = 0
                if cumulative:  # a whole number below the total, as rng.randrange draws it
                    total = cumulative[-1]
                    bits = total.bit_length()
                    r = getrandbits(bits)
                    while r >= total:
                        r = getrandbits(bits)
                    i = bisect_right(cumulative, r)
                room = afters[i]
                if takes[i]:
                    parts.append((g, takes[i]))
                c += 1
            if len(parts) == 1:  # all to one group: no need to shuffle
                g = parts[0][0]
                mixed[g] = True
                shares[g] += mine
                continue
            drawn = len(mine) - parts[-1][1]  # the last part takes the cards left
            if _draws_pay(drawn, len(mine)):
                mine = _drawn(mine, drawn, getrandbits)
                mixed[parts[-1][0]] = True
            else:
                mine = sorted(mine, key=lambda _: random_())
            start = 0
            for g, t in parts:
                if shares[g]:
                    mixed[g] = True
                shares[g] += mine[start : start + t]
                start += t
        spreads = self._group_spreads
        for g, share in enumerate(shares):
            if not mixed[g]:
                continue
            if ordered:
                share.sort(key=lambda _: random_())
            elif _draws_pay(spreads[g], len(share)):  # only to share it out among places
                shares[g] = _drawn(share, spreads[g], getrandbits)
            elif spreads[g]:
                share.sort(key=lambda _: random_())
        shares.append([])  # group -1: the places with no cards to deal
        return {
            p: known + shares[g][start:end] if known else shares[g][start:end]
            for p, known, g, start, end in self._slots
        }


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


def _classes(pool: list[C], rules: Sequence[Allowed[C]]) -> dict[int, list[C]]:
    """The cards of ``pool`` by the places that may hold them (a bitmask of the places
    of ``rules``: bit ``i`` for ``rules[i]``); the places with the same rule object are
    asked once. With only sets of cards as rules and no card twice in the pool, by set
    operations (no test a card); each class in an order fixed by the cards' hashes."""
    anywhere = 0
    places: dict[Any, int] = {}  # the places of each rule (by the rule, or a set's id)
    sets: dict[Any, AbstractSet[C]] = {}
    tests: dict[Any, Callable[[C], bool]] = {}
    for i, rule in enumerate(rules):
        if rule is None:
            anywhere |= 1 << i
            continue
        key = id(rule) if isinstance(rule, set) else rule
        if key in places:
            places[key] |= 1 << i
            continue
        places[key] = 1 << i
        if isinstance(rule, set | frozenset):
            sets[key] = rule
        else:
            tests[key] = rule if callable(rule) else rule.__contains__
    distinct = set(pool) if not tests else None
    if distinct is not None and len(distinct) == len(pool):
        by_sets: dict[int, AbstractSet[C]] = {anywhere: distinct}
        for key, bit in places.items():
            allowed = sets[key]
            split: dict[int, AbstractSet[C]] = {}
            for mask, same in by_sets.items():
                held = same & allowed
                if not held:
                    split[mask] = same
                    continue
                split[mask | bit] = held
                if len(held) < len(same):
                    split[mask] = same - held
            by_sets = split
        return {mask: list(same) for mask, same in by_sets.items()}
    classes: dict[int, list[C]] = {anywhere: pool}
    for key, bit in places.items():  # split each class by what these places may hold
        test = tests[key] if key in tests else sets[key].__contains__
        split_cards: dict[int, list[C]] = {}
        for mask, cards in classes.items():
            answers = list(map(test, cards))
            held_cards = list(compress(cards, answers))
            if held_cards:
                split_cards[mask | bit] = held_cards
            if len(held_cards) < len(cards):
                split_cards[mask] = list(compress(cards, map(not_, answers)))
        classes = split_cards
    return classes


def _draws_pay(draws: int, cards: int) -> bool:
    """Whether drawing ``draws`` of ``cards`` one by one (:func:`_drawn`) is cheaper than
    shuffling them all (about 110 ns a draw, 90 ns a card sorted by a random key)."""
    return draws * 6 < cards * 5


def _drawn(cards: list[C], draws: int, getrandbits: Callable[[int], int]) -> list[C]:
    """A copy of ``cards`` whose first ``draws`` are a uniform random selection in a
    uniformly random order (a partial Fisher-Yates shuffle, each index drawn as
    ``rng.randrange`` draws it); the rest in no particular order."""
    deck = cards.copy()
    n = len(deck)
    for i in range(draws):
        m = n - i
        bits = m.bit_length()
        j = getrandbits(bits)
        while j >= m:
            j = getrandbits(bits)
        j += i
        deck[i], deck[j] = deck[j], deck[i]
    return deck


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


_Slot = tuple[Any, list[Any], int, int, int]
"""A place, its fixed cards, the group its dealt cards come from and their block there."""
_Layout = tuple[
    list[list[Hashable]],
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, ...], _Shape],
    tuple[_Slot, ...],
    tuple[tuple[int, ...], ...],
    tuple[int, ...],
]


@lru_cache(maxsize=TABLES)
def _count_table(caps: _Room, shape: _Shape) -> _CountTable:
    return _CountTable(caps, shape)


@lru_cache(maxsize=256)
def _layout(
    places: tuple[Hashable, ...],
    rooms: tuple[int, ...],
    masks: tuple[int, ...],
    counts: tuple[int, ...],
) -> _Layout:
    """For ``places`` with ``rooms`` cards to deal and classes of cards (``masks``: the
    places with room that may hold each class, a bit each in order; ``counts``: its
    cards): the places of each group (the places that may hold the same classes), the
    groups that may hold each class, the key of their count table, each place's group
    (-1: none) and block of its group's share (the largest place last), the rooms of
    each group's places and of all but the largest."""
    live = [i for i, room in enumerate(rooms) if room]
    columns: dict[int, list[int]] = {}  # the classes (bits) a place may hold: its places
    for k, i in enumerate(live):
        column = sum(1 << j for j, m in enumerate(masks) if m >> k & 1)
        columns.setdefault(column, []).append(i)
    groups = list(columns.values())
    caps = tuple(sum(rooms[i] for i in group) for group in groups)
    # each class's groups, the largest last (it takes what is left: not enumerated)
    class_groups = tuple(
        tuple(sorted((g for g, col in enumerate(columns) if col >> j & 1), key=caps.__getitem__))
        for j in range(len(masks))
    )
    slots = [(p, _NONE, -1, 0, 0) for p in places]
    for g, group in enumerate(groups):
        start = 0
        for i in sorted(group, key=rooms.__getitem__):
            slots[i] = (places[i], _NONE, g, start, start + rooms[i])
            start += rooms[i]
    needs = tuple(tuple(rooms[i] for i in group) for group in groups)
    spreads = tuple(sum(need) - max(need) for need in needs)
    names = [[places[i] for i in group] for group in groups]
    shape = (caps, tuple(zip(class_groups, counts, strict=True)))
    return names, class_groups, shape, tuple(slots), needs, spreads


_Plan = tuple[tuple[int, ...], tuple[int, ...], int, tuple[_Slot, ...]]


@lru_cache(maxsize=64)
def _plan(places: tuple[Hashable, ...], rooms: tuple[int, ...]) -> _Plan:
    """For places with ``rooms`` cards to deal: the indices of those with room, their
    rooms, the cards of all but the largest, and each place's block of one shuffled deck
    (the largest last; see :meth:`DealConstraints.sample`)."""
    live = tuple(i for i, room in enumerate(rooms) if room)
    need = tuple(rooms[i] for i in live)
    total = sum(need)
    largest = max(need, default=0)
    blocks = [(0, 0)] * len(rooms)
    start = 0
    for i in live:
        if rooms[i] == largest:
            blocks[i] = (total - largest, total)
            largest = -1
        else:
            blocks[i] = (start, start + rooms[i])
            start += rooms[i]
    slots = tuple((p, _NONE, -1, *blocks[i]) for i, p in enumerate(places))
    return live, need, start, slots


def _with_known(slots: Sequence[_Slot], known: Mapping[Any, list[Any]]) -> list[_Slot]:
    """``slots`` with each place's fixed cards."""
    return [(p, known.get(p, none), g, start, end) for p, none, g, start, end in slots]


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
