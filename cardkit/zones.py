"""The cards of a state, kept by the core: zones, who sees them, what each seat knows.

A game declares once where its cards can be, as :class:`Place`\\ s: a hand per
seat seen by its owner, a trick seen by all, a stock seen by nobody. For a deck
and a player count they lay out numbered zones (:class:`Layout`, one per game,
deck and player count: :func:`layout`). A state keeps its cards in a
:class:`Cards` made from the layout, and moves them only through it.

Each zone is a set of the deck's *physical* cards, stored as a bitmask (bit
``i`` for ``deck.cards[i]``): a deck whose faces come in several copies is a
multiset, each copy a card of its own; without copies, bit ``i`` is
``card.bit`` of face ``i``. An *ordered* zone (a draw pile) also keeps its
cards' order. Besides the zones, the core keeps what is known beyond them:

- ``known[seat]``: cards in zones the seat does not see whose place it knows
  (a card it passed, a hand shown to it); a card forgets who knew it when it moves;
- ``barred[zone]``: cards everyone knows a zone does not hold (a void shown by
  not following suit), until the zone next takes a card.

From this the core derives, for every game: copies (:meth:`Cards.copy`), the
zones the conformance kit checks (:meth:`Cards.zones`), each seat's knowledge
(:meth:`Cards.seen_by`, a :class:`SeatCards` a view can carry) and from that a
sampled world's cards (:meth:`SeatCards.deal`): the cards the seat does not
know dealt uniformly among the arrangements its knowledge allows, exactly
(:class:`cardkit.deals.DealConstraints`, never a rejection loop).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from cardkit.cards import Card, Deck
from cardkit.deals import DealConstraints, DealError
from cardkit.errors import ParseError, PositionError
from cardkit.places import Place as Place
from cardkit.places import Seen as Seen
from cardkit.places import Zone as Zone
from cardkit.tricks import Trick

UNKNOWN = "?"
"""How a seat's written cards show a card it cannot see."""


def _indices(mask: int) -> list[int]:
    """The indices of ``mask``'s set bits, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(low.bit_length() - 1)
    return out


class Layout:
    """A game's places laid out for one deck and player count: zones numbered from 0
    in the order of the places (a per-seat place's zones by seat)."""

    __slots__ = (
        "bits",
        "copied",
        "copies",
        "copy_of",
        "deck",
        "face_bits",
        "names",
        "numbers",
        "ordered",
        "owner",
        "physical",
        "physical_of",
        "piles",
        "places",
        "players",
        "seen_by",
        "unique",
        "visible_to",
    )

    def __init__(self, deck: Deck, places: Sequence[Place], players: int) -> None:
        self.deck = deck
        self.places = tuple(places)
        self.players = players
        names: list[str] = []
        seen: list[frozenset[int]] = []
        owner: list[int | None] = []
        ordered: list[bool] = []
        everyone = frozenset(range(players))
        for place in self.places:
            for seat in range(players) if place.per_seat else (None,):
                names.append(place.name if seat is None else f"{place.name} {seat}")
                owner.append(seat)
                ordered.append(place.ordered)
                if place.seen == "all":
                    seen.append(everyone)
                elif place.seen == "owner" and seat is not None:
                    seen.append(frozenset({seat}))
                else:
                    seen.append(frozenset())
        if len(set(names)) != len(names):
            raise ValueError(f"places give two zones one name: {', '.join(names)}")
        self.names: tuple[str, ...] = tuple(names)
        self.numbers: dict[str, int] = {name: i for i, name in enumerate(names)}
        self.seen_by: tuple[frozenset[int], ...] = tuple(seen)
        self.visible_to: tuple[tuple[int, ...], ...] = tuple(
            tuple(z for z, who in enumerate(seen) if seat in who) for seat in range(players)
        )
        """By seat: the zones it sees."""
        self.owner: tuple[int | None, ...] = tuple(owner)
        self.ordered: tuple[bool, ...] = tuple(ordered)
        self.piles = any(ordered)
        """Whether some zone is ordered (else a copy shares the ``orders`` list, all None)."""
        self.physical: tuple[Card, ...] = deck.cards
        """Physical card ``i`` (bit ``1 << i`` of a zone's mask)."""
        self.bits: tuple[int, ...] = tuple(1 << i for i in range(len(deck.cards)))
        face_bits = [0] * len(deck.faces)
        for i, card in enumerate(deck.cards):
            face_bits[card.id] |= 1 << i
        self.face_bits: tuple[int, ...] = tuple(face_bits)
        """By face id: the physical cards of that face, a mask."""
        self.copies: tuple[int, ...] = tuple(m for m in face_bits if m & (m - 1))
        """The physical cards of each face with copies, a mask per face."""
        index = {mask: i for i, mask in enumerate(self.copies)}
        self.copy_of: tuple[int, ...] = tuple(index.get(face_bits[c.id], -1) for c in deck.cards)
        """By physical card: the index of its face in :attr:`copies` (-1: no copies)."""
        self.copied = sum(self.copies)
        """Every physical card whose face has copies, a mask."""
        self.physical_of: dict[int, int] = {}
        """Face masks seen so far -> their physical cards (see ``Cards._physical``)."""
        self.unique = len(deck.cards) == len(deck.faces)
        """No face has copies: physical card ``i`` is face ``i`` (masks are ``Card.bit`` sets)."""

    def zone(self, name: str, seat: int | None = None) -> int:
        """The number of zone ``name`` (of ``seat``'s, for a place per seat)."""
        return self.numbers[name if seat is None else f"{name} {seat}"]

    def __copy__(self) -> Layout:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Layout:
        return self  # never changes once made

    def __reduce__(self) -> tuple[Any, ...]:
        return (layout, (self.deck, self.places, self.players))

    def new(self, start: str | int) -> Cards:
        """Cards with the whole deck in zone ``start`` (a name or number), known to nobody."""
        zone = start if isinstance(start, int) else self.numbers[start]
        n = len(self.names)
        masks = [0] * n
        masks[zone] = (1 << len(self.physical)) - 1
        orders: list[list[int] | None] = [None] * n
        if self.piles:
            orders = [[] if o else None for o in self.ordered]
            order = orders[zone]
            if order is not None:
                order.extend(range(len(self.physical)))
        return Cards(self, masks, orders, [0] * self.players, [0] * n, 0)

    def faces(self, mask: int) -> tuple[Card, ...]:
        """The cards of a physical mask, in deck order (copies repeated)."""
        if self.unique:
            return self.deck.cards_in(mask)
        physical = self.physical
        out: list[Card] = []
        while mask:
            low = mask & -mask
            out.append(physical[low.bit_length() - 1])
            mask ^= low
        return tuple(out)

    def mask_of(self, cards: Sequence[Card], within: int) -> int:
        """Physical cards of ``within`` showing the faces of ``cards`` (one copy each);
        ``ValueError`` if ``within`` lacks one."""
        if self.unique:  # each face once: its bit
            taken = 0
            for card in cards:
                taken |= card.bit
            if taken & ~within or taken.bit_count() != len(cards):
                missing = [c for c in cards if not c.bit & within]
                what = missing[0].text if missing else "a card given twice"
                raise ValueError(f"{what} is not there")
            return taken
        face_bits = self.face_bits
        taken = 0
        for card in cards:
            free = within & face_bits[card.id] & ~taken
            if not free:
                raise ValueError(f"{card.text} is not there")
            taken |= free & -free
        return taken


@lru_cache(maxsize=64)
def layout(deck: Deck, places: tuple[Place, ...], players: int) -> Layout:
    """The :class:`Layout` of ``places`` for ``deck`` and ``players``, made once."""
    return Layout(deck, places, players)


class Cards:
    """Where every card of a state is, and what is known beyond the zones each seat sees.

    ``masks[zone]`` is the zone's physical cards; ``orders[zone]`` an ordered zone's
    physical card numbers, bottom first (None for a set); ``known[seat]`` the hidden
    cards whose place ``seat`` knows; ``barred[zone]`` the cards everyone knows the
    zone lacks. Read them freely; change them only through the methods, which keep
    them in step (a game's hot path may XOR a set zone's mask itself).
    """

    __slots__ = ("anyone_knows", "barred", "known", "layout", "masks", "orders")

    def __init__(
        self,
        layout: Layout,
        masks: list[int],
        orders: list[list[int] | None],
        known: list[int],
        barred: list[int],
        anyone_knows: int = -1,
    ) -> None:
        self.layout = layout
        self.masks = masks
        self.orders = orders
        self.known = known
        self.barred = barred
        if anyone_knows < 0:  # not given: the cards any seat knows, from ``known``
            anyone_knows = 0
            for mask in known:
                anyone_knows |= mask
        self.anyone_knows = anyone_knows

    def copy(self) -> Cards:
        """An independent copy."""
        orders = self.orders
        if self.layout.piles:
            orders = [None if o is None else o.copy() for o in orders]
        masks, known, barred = self.masks.copy(), self.known.copy(), self.barred.copy()
        return Cards(self.layout, masks, orders, known, barred, self.anyone_knows)

    def __copy__(self) -> Cards:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Cards:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        fields = (self.masks, self.orders, self.known, self.barred, self.anyone_knows)
        return (Cards, (self.layout, *fields))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Cards):
            return NotImplemented
        return (
            self.layout is other.layout
            and self.masks == other.masks
            and self.orders == other.orders
            and self.known == other.known
            and self.lacks() == other.lacks()
        )

    __hash__ = None  # type: ignore[assignment]

    def lacks(self) -> list[int]:
        """``barred``, but none for an empty zone (it lacks everything anyway)."""
        return [b if m else 0 for b, m in zip(self.barred, self.masks, strict=True)]

    # -- reading ------------------------------------------------------------------

    def cards(self, zone: int) -> tuple[Card, ...]:
        """The cards of ``zone``: an ordered zone's bottom first, a set's in deck order."""
        order = self.orders[zone]
        if order is not None:
            physical = self.layout.physical
            return tuple(physical[i] for i in order)
        return self.layout.faces(self.masks[zone])

    def count(self, zone: int) -> int:
        """How many cards ``zone`` holds."""
        return self.masks[zone].bit_count()

    def holds(self, zone: int, card: Card) -> bool:
        """Whether ``zone`` holds a copy of ``card``."""
        return bool(self.masks[zone] & self.layout.face_bits[card.id])

    def top(self, zone: int) -> Card | None:
        """The top (last) card of an ordered zone, None if it is empty."""
        order = self.orders[zone]
        assert order is not None, "only an ordered zone has a top"
        return self.layout.physical[order[-1]] if order else None

    # -- moving -------------------------------------------------------------------

    def _shift(self, source: int, to: int, bits: int, order: Sequence[int] | None = None) -> None:
        """Move the physical cards ``bits`` (all in ``source``) to ``to``; onto an ordered
        ``to`` in ``order`` (their numbers, bottom first) or in deck order."""
        masks = self.masks
        masks[source] ^= bits
        masks[to] |= bits
        barred = self.barred
        barred[to] = 0  # it took cards: what it lacked may have changed
        if not masks[source]:
            barred[source] = 0  # empty: nothing to know of it
        orders = self.orders
        if orders[source] is not None or orders[to] is not None:
            if order is None:
                order = [i for i in range(bits.bit_length()) if bits >> i & 1]
            left = orders[source]
            if left is not None:
                k = len(order)
                if k and left[-k:] == list(order):  # the top cards (a draw): no search
                    order = left[-k:]
                    del left[-k:]
                else:
                    order = list(order)  # ``order`` may be ``left`` itself (move_all)
                    gone = set(order)
                    left[:] = [i for i in left if i not in gone]
            onto = orders[to]
            if onto is not None:
                onto.extend(order)
        if self.anyone_knows & bits:  # a card forgets who knew its place when it moves
            known = self.known
            for seat, mask in enumerate(known):
                known[seat] = mask & ~bits
            self.anyone_knows &= ~bits

    def _flip(self, source: int, to: int, bits: int) -> None:
        """:meth:`_shift`'s work for cards nobody knows more of, no ordered zone losing them."""
        masks = self.masks
        masks[source] ^= bits
        masks[to] |= bits
        barred = self.barred
        barred[to] = 0
        if not masks[source]:
            barred[source] = 0

    def move(self, card: Card, source: int, to: int) -> int:
        """Move one copy of ``card`` from zone ``source`` to zone ``to`` (on top of an
        ordered one); its physical bit. ``ValueError`` if ``source`` holds none."""
        free = self.masks[source] & self.layout.face_bits[card.id]
        if not free:
            raise ValueError(f"{self.layout.names[source]} holds no {card.text}")
        bit = free & -free
        if free & self.anyone_knows and free != bit:
            # copies some seat knows of: the one the most seats know goes, so that each
            # seat that knew a copy here forgets one (who sees a copy go cannot tell which)
            copies, rest = [], free
            while rest:
                copies.append(rest & -rest)
                rest &= rest - 1
            known = self.known
            bit = max(copies, key=lambda b: sum(1 for k in known if k & b))
        orders = self.orders
        if orders[source] is None and not self.anyone_knows & bit:
            self._flip(source, to, bit)
            onto = orders[to]
            if onto is not None:
                onto.append(bit.bit_length() - 1)
            return bit
        self._shift(source, to, bit, (bit.bit_length() - 1,))
        return bit

    def draw(self, source: int, to: int) -> Card:
        """Move the top card of the ordered zone ``source`` to ``to``; that card."""
        orders = self.orders
        order = orders[source]
        assert order is not None and order, "draw from a non-empty ordered zone"
        i = order[-1]
        bit = 1 << i
        if orders[to] is None and not self.anyone_knows & bit:
            order.pop()
            self._flip(source, to, bit)
            return self.layout.physical[i]
        self._shift(source, to, bit, (i,))
        return self.layout.physical[i]

    def play(
        self, zone: int, card: Card, to: int, trick: Trick, declared: str | None = None
    ) -> int:
        """Play ``card`` from the hand ``zone`` into ``trick`` (its cards kept in zone
        ``to``): the trick's :meth:`~cardkit.tricks.Trick.play` answer (the winner once it
        is complete, else -1). A card that does not follow the led suit shows that the
        hand holds none of it (the trick's order says what follows): those cards are
        barred from ``zone``."""
        order = trick.order
        led = trick.led
        if led is not None and order is not None:
            follow = order.follow_masks.get(led, 0)  # 0: an order made without its deck
            if follow and not card.bit & (follow | order.adopter_bits):
                self.bar(zone, follow)
        self.move(card, zone, to)
        layout = self.layout
        seat = layout.owner[zone]
        assert seat is not None, "cards are played from a seat's zone"
        return trick.play(seat, card, declared)

    def move_all(self, source: int, to: int) -> None:
        """Move every card of ``source`` to ``to`` (in their order, onto an ordered one)."""
        self._shift(source, to, self.masks[source], self.orders[source])

    def deal(self, source: int, shares: Sequence[tuple[int, Sequence[Card]]]) -> None:
        """Move each share's cards from ``source`` to its zone, in order; ``ValueError``
        (and nothing moved) if ``source`` lacks one."""
        left = self.masks[source]
        taken: list[int] = []
        layout = self.layout
        for _, cards in shares:
            if layout.unique:  # mask_of's work, inline: a deal is on every hand's path
                bits = 0
                for card in cards:
                    bits |= card.bit
                if bits & ~left or bits.bit_count() != len(cards):
                    layout.mask_of(cards, left)  # raises, naming the card
            else:
                bits = layout.mask_of(cards, left)
            left ^= bits
            taken.append(bits)
        if not layout.piles and not self.anyone_knows:  # sets that nobody knows more of
            masks = self.masks
            barred = self.barred
            masks[source] = left
            if not left:
                barred[source] = 0
            for (zone, _), bits in zip(shares, taken, strict=True):
                masks[zone] |= bits
                barred[zone] = 0
            return
        ordered = layout.ordered
        face_bits = layout.face_bits
        for (zone, cards), bits in zip(shares, taken, strict=True):
            order = None
            if ordered[zone] or ordered[source]:  # the cards' numbers, in the share's order
                order, used = [], 0
                for card in cards:
                    free = bits & face_bits[card.id] & ~used
                    used |= free & -free
                    order.append((free & -free).bit_length() - 1)
            self._shift(source, zone, bits, order)

    def arrange(self, zone: int, cards: Sequence[Card]) -> None:
        """Put ordered ``zone``'s cards in the order of ``cards`` (bottom first): the
        same cards, as a shuffle leaves them; ``ValueError`` if they differ."""
        order = self.orders[zone]
        assert order is not None, "only an ordered zone has an order"
        mask = self.masks[zone]
        taken = self.layout.mask_of(cards, mask)
        if taken != mask:
            raise ValueError(f"{self.layout.names[zone]} holds other cards")
        face_bits = self.layout.face_bits
        new: list[int] = []
        used = 0
        for card in cards:
            free = mask & face_bits[card.id] & ~used
            bit = free & -free
            used |= bit
            new.append(bit.bit_length() - 1)
        order[:] = new

    # -- what is known ------------------------------------------------------------

    def show(self, seat: int, zone: int, cards: Iterable[Card] | None = None) -> None:
        """``seat`` learns where ``cards`` of ``zone`` are (all its cards if None): a card
        it passed, a hand shown to it. Forgotten when a card moves."""
        mask = self.masks[zone]
        bits = mask if cards is None else self.layout.mask_of(tuple(cards), mask)
        self.known[seat] |= bits
        self.anyone_knows |= bits

    def bar(self, zone: int, faces: int) -> None:
        """Everyone knows ``zone`` holds no card of ``faces`` (a mask of ``Card.bit``)
        until it next takes a card (an empty zone lacks everything: nothing is kept)."""
        if self.masks[zone]:
            self.barred[zone] |= faces if self.layout.unique else self._physical(faces)

    def _physical(self, faces: int) -> int:
        """The physical cards of the faces ``faces`` (a mask of ``Card.bit``)."""
        cache = self.layout.physical_of
        known = cache.get(faces)
        if known is not None:
            return known
        start = faces
        mask = 0
        face_bits = self.layout.face_bits
        while faces:
            low = faces & -faces
            mask |= face_bits[low.bit_length() - 1]
            faces ^= low
        if len(cache) < 4096:
            cache[start] = mask
        return mask

    def visible(self, seat: int) -> int:
        """The physical cards ``seat`` sees or knows the place of, as a mask."""
        if not 0 <= seat < self.layout.players:
            return 0
        seen = self.known[seat]
        masks = self.masks
        for zone in self.layout.visible_to[seat]:
            seen |= masks[zone]
        return seen

    def seen_by(self, seat: int, lacking: Mapping[int, int] | None = None) -> SeatCards:
        """What ``seat`` knows of the cards (see :class:`SeatCards`). ``lacking``: zone ->
        cards (a mask of ``Card.bit``) everyone knows it lacks now besides ``barred``,
        as :func:`cardkit.tricks.voids` infers them from the tricks of a game that keeps
        them itself (a world's tricks show them again).

        In a deck with copies, which copy of a face is where is no fact of the game: the
        copies are numbered afresh for the seat, first those it sees or knows the place
        of (zone by zone), then the others, so what it is shown depends only on what it
        knows (not on how many copies the hidden zones hold), and a world dealt from it,
        or a state rebuilt from a position, shows it the same."""
        layout = self.layout
        masks = self.masks
        visible = self.visible(seat)
        moves, seen = self._numbering(visible)
        barred = self.lacks()
        known = barred
        if lacking:
            known = barred.copy()
            for zone, faces in lacking.items():
                if masks[zone]:
                    known[zone] |= faces if layout.unique else self._physical(faces)
        orders: list[tuple[int, ...] | None] = [None] * len(masks)
        for zone, order in enumerate(self.orders if layout.piles else ()):
            if order is None:
                continue
            mask = masks[zone]
            if not mask & visible:  # none seen
                orders[zone] = (-1,) * len(order)
            elif moves:
                orders[zone] = tuple([moves.get(i, i) if visible >> i & 1 else -1 for i in order])
            elif mask & ~visible:
                orders[zone] = tuple([i if visible >> i & 1 else -1 for i in order])
            else:  # all seen
                orders[zone] = tuple(order)
        return SeatCards(
            layout,
            seat,
            tuple(seen),
            tuple(m.bit_count() for m in masks),
            tuple(orders),
            tuple(barred),
            tuple(known),
        )

    def _numbering(self, visible: int) -> tuple[dict[int, int], list[int]]:
        """The numbers a seat that sees ``visible`` (physical cards) knows them by (see
        :meth:`seen_by`): old index -> new for each copy that changes number, and each
        zone's cards it sees, so numbered. A face's copies are numbered in the order the
        seat meets them, zone by zone, a set's in deck order and a pile's from the bottom
        up; the copies it does not see take the numbers left, which nothing it is shown
        depends on."""
        layout = self.layout
        masks = self.masks
        seen = [m & visible for m in masks]
        copies = visible & layout.copied
        moves: dict[int, int] = {}
        if not copies:
            return moves, seen
        copy_of = layout.copy_of
        free = list(layout.copies)  # by face: its copies not yet given a new number
        for zone, mask in enumerate(masks):
            held = mask & copies
            if not held:
                continue
            order = self.orders[zone]
            got = 0
            # a pile's copies from the bottom up, a set's in deck order
            for i in [i for i in order if held >> i & 1] if order is not None else _indices(held):
                face = copy_of[i]
                left = free[face]
                new = left & -left
                free[face] = left ^ new
                got |= new
                if new >> i != 1:
                    moves[i] = new.bit_length() - 1
            seen[zone] ^= held ^ got
        return moves, seen

    def zones(self) -> tuple[Zone, ...]:
        """Every zone as the conformance kit checks it (name, cards, who sees them), a
        zone split where some seats know the place of some of its cards: each card in
        exactly one part, seen by the zone's seats and those that know it."""
        layout = self.layout
        out: list[Zone] = []
        for zone, name in enumerate(layout.names):
            seen = layout.seen_by[zone]
            mask = self.masks[zone]
            parts: dict[frozenset[int], int] = {}
            for seat, known in enumerate(self.known):
                if known & mask and seat not in seen:
                    part = known & mask
                    for who, bits in list(parts.items()):
                        both = bits & part
                        if both:
                            parts[who] = bits ^ both
                            parts[who | {seat}] = parts.get(who | {seat}, 0) | both
                            part ^= both
                    if part:
                        parts[frozenset({seat})] = parts.get(frozenset({seat}), 0) | part
            rest = mask & ~sum(parts.values())
            out.append(Zone(name, self.cards(zone) if not parts else layout.faces(rest), seen))
            for who, bits in parts.items():
                if bits:
                    knowers = ", ".join(map(str, sorted(who)))
                    out.append(Zone(f"{name}, known to {knowers}", layout.faces(bits), seen | who))
        return tuple(out)

    # -- written as JSON (positions) ------------------------------------------------

    def write(self) -> dict[str, Any]:
        """Every zone's cards (texts), the known and barred cards: JSON values."""
        layout = self.layout
        out: dict[str, Any] = {
            "zones": {name: [c.text for c in self.cards(z)] for z, name in enumerate(layout.names)}
        }
        known: dict[str, Any] = {}
        for seat, mask in enumerate(self.known):
            if not mask:
                continue
            if layout.unique:  # a face is one card: its place is the zone holding it
                known[str(seat)] = [c.text for c in layout.faces(mask)]
            else:  # a face with copies: the zone says which copy, an order where in it
                known[str(seat)] = {
                    layout.names[z]: self._known_in(z, mask)
                    for z, m in enumerate(self.masks)
                    if mask & m
                }
        barred = {  # each face once (a zone lacks every copy of it)
            layout.names[z]: list(dict.fromkeys(c.text for c in layout.faces(b)))
            for z, b in enumerate(self.lacks())
            if b
        }
        if known:
            out["known"] = known
        if barred:
            out["barred"] = barred
        return out

    def _known_in(self, zone: int, mask: int) -> list[str]:
        """The cards of ``mask`` in ``zone`` as texts; an ordered zone's in its order,
        each other card :data:`UNKNOWN`."""
        order, physical = self.orders[zone], self.layout.physical
        if order is None:
            return [c.text for c in self.layout.faces(mask & self.masks[zone])]
        return [physical[i].text if mask >> i & 1 else UNKNOWN for i in order]

    @classmethod
    def read(cls, layout: Layout, data: Any) -> Cards:
        """Cards from :meth:`write`'s JSON; ``PositionError`` naming what is wrong."""
        if not isinstance(data, Mapping) or not isinstance(data.get("zones"), Mapping):
            raise PositionError("the cards must be an object with 'zones'")
        zones = data["zones"]
        unknown = sorted(set(zones) - set(layout.names))
        if unknown:
            raise PositionError(
                f"no zone is called {unknown[0]!r} (zones: {', '.join(layout.names)})"
            )
        cards = cls(
            layout,
            [0] * len(layout.names),
            [[] if o else None for o in layout.ordered],
            [0] * layout.players,
            [0] * len(layout.names),
        )
        pool = (1 << len(layout.physical)) - 1
        for z, name in enumerate(layout.names):
            texts = zones.get(name, [])
            faces = _cards_of(layout, texts, f"zone {name!r}")
            try:
                taken = layout.mask_of(faces, pool)
            except ValueError:
                left = pool
                for face in faces:
                    if not left & layout.face_bits[face.id]:
                        raise PositionError(
                            f"zone {name!r}: {face.text} is placed more times than the deck has it"
                        ) from None
                    left ^= layout.mask_of([face], left)
                raise PositionError(f"zone {name!r}: a card is placed twice") from None
            pool ^= taken
            cards.masks[z] = taken
            if cards.orders[z] is not None:
                cards.arrange(z, faces)
        if pool:
            missing = ", ".join(c.text for c in layout.faces(pool))
            raise PositionError(f"cards are in no zone: {missing}")
        for key, value in dict(data.get("known", {})).items():
            seat = int(key) if isinstance(key, str) and key.isdigit() else -1
            if not 0 <= seat < layout.players:
                raise PositionError(f"known: {key!r} is not a seat")
            if isinstance(value, Mapping):  # by zone: which copy of a face it is
                for name, texts in value.items():
                    cards.known[seat] |= _known_in_zone(cards, seat, name, texts)
            else:  # a list: the cards of a deck without copies (or an earlier file)
                hidden = sum(m for z, m in enumerate(cards.masks) if seat not in layout.seen_by[z])
                cards.known[seat] = _known_among(layout, value, hidden, f"known to seat {seat}")
            cards.anyone_knows |= cards.known[seat]
        for name, texts in dict(data.get("barred", {})).items():
            if name not in layout.numbers:
                raise PositionError(f"barred: no zone is called {name!r}")
            z = layout.numbers[name]
            faces = _cards_of(layout, texts, f"barred from {name!r}")
            cards.bar(z, layout.deck.mask(faces))  # every copy of each face
            if cards.barred[z] & cards.masks[z]:
                raise PositionError(f"zone {name!r} holds a card it is said to lack")
        return cards


def _known_among(layout: Layout, texts: Any, within: int, what: str) -> int:
    """The physical cards of ``within`` that ``texts`` name (one copy each)."""
    faces = _cards_of(layout, texts, what)
    try:
        return layout.mask_of(faces, within)
    except ValueError:
        raise PositionError(f"{what}: a card it sees, or no such card") from None


def _known_in_zone(cards: Cards, seat: int, name: Any, texts: Any) -> int:
    """The cards ``seat`` knows in zone ``name``: ``texts`` name them, or for an ordered
    zone list the zone in order with :data:`UNKNOWN` for the others."""
    layout = cards.layout
    what = f"known to seat {seat} in {name!r}"
    if name not in layout.numbers:
        raise PositionError(f"{what}: no zone is called {name!r}")
    z = layout.numbers[name]
    order, sees = cards.orders[z], seat in layout.seen_by[z]
    if sees or order is None:  # a zone it sees holds nothing it could know of
        return _known_among(layout, texts, 0 if sees else cards.masks[z], what)
    if not isinstance(texts, list) or len(texts) != len(order):
        raise PositionError(f"{what}: list the zone's {len(order)} cards in order")
    at = [(i, t) for i, t in zip(order, texts, strict=True) if t != UNKNOWN]
    if any(layout.physical[i].text != t for i, t in at):
        raise PositionError(f"{what}: the cards are not where the zone has them")
    return sum(1 << i for i, _ in at)


def _cards_of(layout: Layout, texts: Any, what: str) -> list[Card]:
    if not isinstance(texts, list):
        raise PositionError(f"{what} must be a list of cards")
    out: list[Card] = []
    for text in texts:
        try:
            out.append(layout.deck.card(text))
        except (ParseError, AttributeError):
            raise PositionError(f"{what}: {text!r} is not a card of this deck") from None
    return out


class SeatCards:
    """What one seat knows of the cards: each zone's cards it sees or knows the place
    of (``masks``), every zone's size, the order it knows of ordered zones (-1 for a
    card it cannot see), the public ``barred`` cards and ``lacking``, those and what the
    tricks in progress have shown (a world's tricks show it again). Immutable; a view
    carries it.

    :meth:`deal` gives a sampled world's :class:`Cards`: the known cards where they are,
    the others dealt uniformly among the arrangements that fill every zone to its size
    with no zone holding a card it is barred from (the deal's counting tables are
    built at the first world and kept on this object for the next).
    """

    __slots__ = (
        "_deal",
        "barred",
        "lacking",
        "layout",
        "masks",
        "memo",
        "orders",
        "seat",
        "sizes",
    )

    def __init__(
        self,
        layout: Layout,
        seat: int,
        masks: tuple[int, ...],
        sizes: tuple[int, ...],
        orders: tuple[tuple[int, ...] | None, ...],
        barred: tuple[int, ...],
        lacking: tuple[int, ...] | None = None,
    ) -> None:
        self.layout = layout
        self.seat = seat
        self.masks = masks
        self.sizes = sizes
        self.orders = orders
        self.barred = barred
        self.lacking = barred if lacking is None else lacking
        self._deal: _Deal | None = None
        self.memo: Any = None
        """Free for the game that samples worlds from this view: what it works out once
        per view (say, the world's public part, to copy for each world)."""

    def _key(self) -> tuple[Any, ...]:
        return (self.seat, self.masks, self.sizes, self.orders, self.barred, self.lacking)

    def __copy__(self) -> SeatCards:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> SeatCards:
        return self  # immutable (its deal tables and memo are worked out from the rest)

    def __reduce__(self) -> tuple[Any, ...]:
        fields = (self.masks, self.sizes, self.orders, self.barred, self.lacking)
        return (SeatCards, (self.layout, self.seat, *fields))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SeatCards):
            return NotImplemented
        return self.layout is other.layout and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"SeatCards(seat={self.seat}, {self.write()})"

    def cards(self, zone: int) -> tuple[Card, ...]:
        """The cards of ``zone`` the seat sees or knows of (an ordered zone's bottom first)."""
        order = self.orders[zone]
        if order is not None:
            physical = self.layout.physical
            return tuple(physical[i] for i in order if i >= 0)
        return self.layout.faces(self.masks[zone])

    def count(self, zone: int) -> int:
        """How many cards ``zone`` holds (seen or not)."""
        return self.sizes[zone]

    def write(self) -> dict[str, Any]:
        """JSON values: ``zones``, each zone's cards the seat sees or knows of (an
        ordered zone's in order, each card it cannot see :data:`UNKNOWN`), and
        ``unseen``, how many cards of each other zone it cannot see. No barred cards:
        what a zone lacks names cards it does not hold."""
        layout = self.layout
        zones: dict[str, list[str]] = {}
        unseen: dict[str, int] = {}
        for z, name in enumerate(layout.names):
            order = self.orders[z]
            if order is not None:
                zones[name] = [UNKNOWN if i < 0 else layout.physical[i].text for i in order]
                continue
            zones[name] = [c.text for c in layout.faces(self.masks[z])]
            hidden = self.sizes[z] - self.masks[z].bit_count()
            if hidden:
                unseen[name] = hidden
        return {"zones": zones, "unseen": unseen}

    def _constraints(self) -> _Deal:
        """What every world of this view shares: the deal of the physical cards the seat
        does not know (by number) into the zones' unknown places (by zone name), each
        seat's known cards in a world and whether a dealt zone is ordered."""
        layout = self.layout
        names = layout.names
        places: dict[str, int] = {}
        allowed: dict[str, frozenset[int]] = {}
        pool_mask = ((1 << len(layout.physical)) - 1) & ~sum(self.masks)
        pool = _numbers(pool_mask)
        for z, size in enumerate(self.sizes):
            unseen = size - self.masks[z].bit_count()
            if unseen:
                places[names[z]] = unseen
                if self.lacking[z] & pool_mask:
                    allowed[names[z]] = frozenset(_numbers(pool_mask & ~self.lacking[z]))
        known = [0] * layout.players
        if self.seat >= 0:
            for z, who in enumerate(layout.seen_by):
                if self.seat not in who:
                    known[self.seat] |= self.masks[z]
        ordered = layout.piles and any(layout.ordered[layout.numbers[p]] for p in places)
        deal = DealConstraints(pool, places, allowed, label=_text(layout))
        return _Deal(deal, known, bool(ordered), pool, places, allowed, {})

    def deal(self, rng: random.Random, *holdings: Holding) -> Cards:
        """A world's cards (see the class docstring); randomness only from ``rng``. A
        :class:`~cardkit.deals.DealError` (a :class:`~cardkit.errors.PositionError`)
        saying why if no arrangement fits.

        ``holdings``: what the seat knows of how many of some cards a zone holds among
        its places the seat cannot see, which a bar cannot say (:class:`Holding`, one
        a zone)."""
        made = self._deal
        if made is None:
            made = self._deal = self._constraints()
        if not all(isinstance(h, Holding) for h in holdings):
            raise TypeError(f"a deal keeps Holding values, not {holdings!r}")
        deal = _split(made, holdings, self.layout, rng) if holdings else made.deal
        given = deal.sample(rng, ordered=made.ordered)
        layout = self.layout
        numbers, bit = layout.numbers, layout.bits.__getitem__
        masks = list(self.masks)
        orders: list[list[int] | None] = [None] * len(masks)
        if layout.piles:
            orders = [None if o is None else list(o) for o in self.orders]
        for name, dealt in given.items():
            z = numbers[name.partition(_PART)[0]] if holdings else numbers[name]
            masks[z] |= sum(map(bit, dealt))  # distinct bits: their sum is their union
            order = orders[z]
            if order is not None:  # a pile's unknown places, bottom first, as dealt
                it = iter(dealt)
                order[:] = [next(it) if i < 0 else i for i in order]
        return Cards(layout, masks, orders, made.known.copy(), list(self.barred))


class Holding(NamedTuple):
    """What a seat knows of how many cards of ``cards`` (a mask of physical cards) the set
    zone ``zone`` holds among its places the seat cannot see, as weights: a world where it
    holds ``j`` of them is ``weights[j]`` times as likely as the deal alone makes it (0, or
    past the end: impossible). ``(0, 1, 1, ...)``: at least one (a call that shows the
    hand can play a card); ``(0, 1, 2, ...)``: in proportion to how many (one of them,
    unseen, is a card just drawn that can be played). Whole numbers, so that the deal
    stays exact."""

    zone: int
    cards: int
    weights: tuple[int, ...]


_PART = " | "
"""Joins a zone's name and a part of it in the places of a split deal."""


class _Deal(NamedTuple):
    """What the worlds of one :class:`SeatCards` share: the deal of physical cards (and
    what it is made of: the cards, each place's room and allowed cards), each seat's
    known cards in a world, whether a dealt zone is ordered, and the split deals of
    :class:`Holding` inferences met so far."""

    deal: DealConstraints[str, int]
    known: list[int]
    ordered: bool
    pool: list[int]
    places: dict[str, int]
    allowed: dict[str, frozenset[int]]
    splits: dict[tuple[Holding, ...], list[tuple[int, DealConstraints[str, int]]]]


def _split(
    made: _Deal, holdings: tuple[Holding, ...], layout: Layout, rng: random.Random
) -> DealConstraints[str, int]:
    """The deal with ``holdings`` kept: each zone's unseen places split into those that
    take cards of its holding's ``cards`` and the others, their sizes drawn first, each
    choice in proportion to its weights' product times the number of deals it leaves."""
    options = made.splits.get(holdings)
    if options is None:
        options = made.splits[holdings] = _parts(made, holdings, layout)
    pick = rng.randrange(sum(total for total, _ in options))
    for total, deal in options:
        if pick < total:
            return deal
        pick -= total
    raise AssertionError("the weights add up to more than was drawn")  # pragma: no cover


def _parts(
    made: _Deal, holdings: tuple[Holding, ...], layout: Layout
) -> list[tuple[int, DealConstraints[str, int]]]:
    """Each choice of how many of its holding's cards each zone takes, as the deal with
    each zone split in two places (``j`` of those cards, the rest of others) and its
    weights' product times the number of its deals; choices of weight 0 or of no deal
    are left out."""
    zones = [layout.names[h.zone] for h in holdings]
    if len(set(zones)) < len(zones):
        raise ValueError(f"one holding a zone, not several for {', '.join(zones)}")
    parts = []  # each zone's unseen places, the cards it may take, those of its holding
    for holding, zone in zip(holdings, zones, strict=True):
        if layout.ordered[holding.zone]:
            raise ValueError(f"{zone} is ordered: a holding is of a set zone")
        allowed = made.allowed.get(zone, frozenset(made.pool))
        inside = frozenset(i for i in allowed if holding.cards >> i & 1)
        parts.append((zone, made.places.get(zone, 0), allowed, inside))
    splits: list[list[tuple[int, int]]] = [
        [(j, w) for j, w in enumerate(h.weights[: room + 1]) if w > 0]
        for h, (_, room, _, _) in zip(holdings, parts, strict=True)
    ]
    options = []
    for choice in itertools.product(*splits):
        places = {p: size for p, size in made.places.items() if p not in zones}
        rules = {p: cards for p, cards in made.allowed.items() if p not in zones}
        weight = 1
        for (zone, room, allowed, inside), (j, w) in zip(parts, choice, strict=True):
            if j:
                places[zone + _PART + "in"], rules[zone + _PART + "in"] = j, inside
            if room - j:
                places[zone + _PART + "out"] = room - j
                rules[zone + _PART + "out"] = allowed - inside
            weight *= w
        deal = DealConstraints(made.pool, places, rules, label=_text(layout))
        total = deal.count() * weight
        if total:
            options.append((total, deal))
    if not options:
        they = "it is" if len(zones) == 1 else "they are"
        raise DealError(f"no deal gives {' and '.join(zones)} the cards {they} known to hold")
    return options


def _text(layout: Layout) -> Callable[[int], str]:
    """The text of a physical card by its number, for a deal's messages."""
    return lambda i: layout.physical[i].text


def _numbers(mask: int) -> list[int]:
    """The physical card numbers of a mask, lowest first."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
