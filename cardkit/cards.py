"""Cards and decks.

A :class:`Card` is an immutable, interned face: one object per distinct face in
a :class:`Deck`, compared by identity and hashed by its index. Decks that hold
several copies of a face (UNO's two red sevens) list the face several times in
:attr:`Deck.cards`; the two copies are the same :class:`Card`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Generic, TypeVar

from cardkit.errors import ParseError


class Card:
    """One card face: suit, rank order value, rank label and short text form.

    Cards are created by a :class:`Deck` and never copied: equality is identity.
    """

    __slots__ = ("_hash", "bit", "id", "label", "rank", "suit", "text")

    id: int
    suit: str
    rank: int
    label: str
    text: str
    bit: int
    _hash: int

    def __init__(self, id: int, suit: str, rank: int, label: str, text: str) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "bit", 1 << id)
        object.__setattr__(self, "_hash", id)  # the same in every process: stable set order

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("cards are immutable")

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Card({self.text})"

    def __str__(self) -> str:
        return self.text

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_interned, (self.id, self.suit, self.rank, self.label, self.text))


_INTERNED: dict[tuple[int, str, int, str, str], Card] = {}


def _interned(id: int, suit: str, rank: int, label: str, text: str) -> Card:
    """The one card of this face at this index: decks with the same face share it."""
    key = (id, suit, rank, label, text)
    card = _INTERNED.get(key)
    if card is None:
        card = _INTERNED[key] = Card(id, suit, rank, label, text)
    return card


class Deck:
    """A deck built from a spec: the faces, how many copies of each, their order.

    ``faces`` is a sequence of ``(suit, rank, label, text)`` or of
    ``(suit, rank, label, text, copies)``. Text forms must be unique, case
    insensitively. :meth:`card` parses a text form back to the same card.

    ``styles`` gives front ends a rich style per suit (``{"R": "red"}``), kept as
    :attr:`styles`: its order is the order they show suits in, and a suit without
    one gets a fallback colour. ``ValueError`` for a style of a suit the deck lacks.
    """

    __slots__ = (
        "_by_text",
        "_cards_table",
        "_suit_masks",
        "cards",
        "faces",
        "name",
        "styles",
        "suits",
    )

    def __init__(
        self, name: str, faces: Iterable[Sequence[Any]], *, styles: Mapping[str, str] = {}
    ) -> None:
        self.name = name
        built: list[Card] = []
        cards: list[Card] = []
        by_text: dict[str, Card] = {}
        for i, spec in enumerate(faces):
            suit, rank, label, text = spec[0], spec[1], spec[2], spec[3]
            copies = int(spec[4]) if len(spec) > 4 else 1
            key = str(text).lower()
            if key in by_text:
                raise ValueError(f"deck {name!r}: duplicate card text {text!r}")
            card = _interned(i, str(suit), int(rank), str(label), str(text))
            by_text[key] = card
            built.append(card)
            cards.extend([card] * copies)
        self.faces: tuple[Card, ...] = tuple(built)
        self.cards: tuple[Card, ...] = tuple(cards)
        self.suits: tuple[str, ...] = tuple(dict.fromkeys(c.suit for c in built))
        self._by_text = by_text
        masks = dict.fromkeys(self.suits, 0)
        for card in built:
            masks[card.suit] |= card.bit
        self._suit_masks = masks
        self._cards_table: CardTable[Card] | None = None
        strange = [s for s in styles if s not in masks]
        if strange:
            raise ValueError(
                f"deck {name!r}: a style for suit {strange[0]!r}, which it does not have "
                f"(its suits: {', '.join(self.suits)})"
            )
        self.styles: Mapping[str, str] = dict(styles)
        """The rich style of each suit that has one, in display order."""
        _DECKS.setdefault(self._spec(), self)

    def _spec(self) -> tuple[Any, ...]:
        """What the deck is built from: its name, faces with their copies, and styles."""
        counts = [0] * len(self.faces)
        for card in self.cards:
            counts[card.id] += 1
        faces = tuple((c.suit, c.rank, c.label, c.text, counts[c.id]) for c in self.faces)
        return (self.name, faces, tuple(self.styles.items()))

    @classmethod
    def product(
        cls,
        name: str,
        suits: Sequence[str],
        ranks: Sequence[tuple[int, str]],
        text: str = "{suit}{label}",
        copies: int = 1,
        *,
        styles: Mapping[str, str] = {},
    ) -> Deck:
        """Every suit with every ``(rank, label)``; ``text`` formats each face; ``styles``
        as for the constructor."""
        return cls(
            name,
            [
                (s, r, lab, text.format(suit=s, label=lab), copies)
                for s in suits
                for r, lab in ranks
            ],
            styles=styles,
        )

    def card(self, text: str) -> Card:
        """The card whose text form is ``text`` (case-insensitive)."""
        card = self._by_text.get(text.strip().lower())
        if card is None:
            sample = ", ".join(c.text for c in self.faces[:6])
            raise ParseError(f"unknown card {text!r}: cards look like {sample}, ...")
        return card

    def cards_of(self, texts: str | Iterable[str]) -> tuple[Card, ...]:
        """Parse several cards: a space-separated string or an iterable of texts."""
        items = texts.split() if isinstance(texts, str) else texts
        return tuple(self.card(t) for t in items)

    # -- card sets as bitmasks (bit ``card.id`` set for each card) ---------------

    def mask(self, cards: Iterable[Card]) -> int:
        """The bitmask of some cards (copies of a face set the same bit)."""
        mask = 0
        for card in cards:
            mask |= card.bit
        return mask

    def suit_mask(self, suit: str) -> int:
        """The bitmask of every face of ``suit`` (0 for a suit the deck does not have)."""
        return self._suit_masks.get(suit, 0)

    def cards_in(self, mask: int) -> tuple[Card, ...]:
        """The faces of a bitmask, in :meth:`table` order (suits in deck order)."""
        table = self._cards_table
        if table is None:
            table = self._cards_table = self.table(_same)
        return table.of(mask)

    def table(self, each: Callable[[Card], T], suits: Sequence[str] | None = None) -> CardTable[T]:
        """A lookup table giving ``each(card)`` for every card of a bitmask.

        Build it once (a module constant) and call :meth:`CardTable.of`. Items come
        suit by suit in the order of ``suits`` (default: :attr:`suits`), and within a
        suit by card id, lowest first.
        """
        return self.table_of(lambda card: (each(card),), suits)

    def table_of(
        self, each: Callable[[Card], Sequence[T]], suits: Sequence[str] | None = None
    ) -> CardTable[T]:
        """Like :meth:`table`, but ``each(card)`` gives several items (or none) per card."""
        return CardTable(self, each, self.suits if suits is None else tuple(suits))

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __repr__(self) -> str:
        return f"Deck({self.name!r}, {len(self.cards)} cards)"

    def __copy__(self) -> Deck:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Deck:
        return self  # never changes once built: a copied state shares it

    def __reduce__(self) -> tuple[Any, ...]:
        return (_deck, self._spec())


_DECKS: dict[tuple[Any, ...], Deck] = {}
"""The first deck built from each spec (:meth:`Deck._spec`)."""


def _deck(name: str, faces: tuple[tuple[Any, ...], ...], styles: tuple[Any, ...]) -> Deck:
    """A deck read back from a pickle (:meth:`Deck.__reduce__`): the deck of this process
    built from the same spec, so that a state's layout and cards are the same again."""
    deck = _DECKS.get((name, faces, styles))
    return Deck(name, faces, styles=dict(styles)) if deck is None else deck


T = TypeVar("T")

CHUNK_BITS = 9
"""The widest chunk of a :class:`CardTable`: each chunk table has ``2**9`` rows at most."""


def _same(card: Card) -> Card:
    return card


class CardTable(Generic[T]):
    """Items per card of a :class:`Deck`, looked up for a whole bitmask at once.

    The deck's card ids are cut into chunks (a suit's run of ids, at most
    :data:`CHUNK_BITS` wide); each chunk has a precomputed row for every subset of
    its cards, so :meth:`of` costs a few tuple lookups and concatenations. Made by
    :meth:`Deck.table` and :meth:`Deck.table_of`.
    """

    __slots__ = ("_by_suit", "_chunks", "of")

    of: Callable[[int], tuple[T, ...]]
    """``of(mask)``: the items of the cards of ``mask``, in table order."""

    def __init__(
        self, deck: Deck, each: Callable[[Card], Sequence[T]], suits: Sequence[str]
    ) -> None:
        missing = [s for s in deck.suits if s not in suits]
        if missing or len(set(suits)) != len(suits):
            raise ValueError(f"deck {deck.name!r}: list each suit once, got {list(suits)}")
        items = [tuple(each(card)) for card in deck.faces]
        chunks: list[tuple[int, int, tuple[tuple[T, ...], ...]]] = []
        by_suit: dict[str, tuple[tuple[int, int, tuple[tuple[T, ...], ...]], ...]] = {}
        for suit in suits:
            ids = [c.id for c in deck.faces if c.suit == suit]
            mine: list[tuple[int, int, tuple[tuple[T, ...], ...]]] = []
            start = 0
            while start < len(ids):  # a run of consecutive ids, at most CHUNK_BITS long
                end = start + 1
                while end < len(ids) and ids[end] == ids[end - 1] + 1 and end - start < CHUNK_BITS:
                    end += 1
                shift, width = ids[start], end - start
                rows = tuple(
                    tuple(x for r in range(width) if sub >> r & 1 for x in items[shift + r])
                    for sub in range(1 << width)
                )
                mine.append((shift, (1 << width) - 1, rows))
                start = end
            chunks.extend(mine)
            by_suit[suit] = tuple(mine)
        self._chunks = tuple(chunks)
        self._by_suit = by_suit
        self.of = _concat_lookup(self._chunks)

    def suit_rows(self, suit: str) -> tuple[int, int, tuple[tuple[T, ...], ...]] | None:
        """``(shift, width, rows)`` when ``suit`` is one chunk, else None.

        ``rows[mask >> shift & width]`` is then :meth:`of_suit` of ``mask``.
        """
        chunks = self._by_suit.get(suit, ())
        return chunks[0] if len(chunks) == 1 else None

    def of_suit(self, mask: int, suit: str) -> tuple[T, ...]:
        """The items of the cards of ``mask`` that are of ``suit``, lowest id first."""
        chunks = self._by_suit.get(suit, ())
        if len(chunks) == 1:
            shift, width, rows = chunks[0]
            return rows[mask >> shift & width]
        out: tuple[T, ...] = ()
        for shift, width, rows in chunks:
            out += rows[mask >> shift & width]
        return out

    def expression(self, mask: str) -> tuple[str, dict[str, Any]]:
        """:meth:`of` of the variable ``mask`` as Python source, and the names it uses.

        For code generated around a table (see :meth:`TrickOrder.legal_into
        <cardkit.tricks.TrickOrder.legal_into>`): the lookup written inline saves a call.
        """
        return _concat_source(self._chunks, mask)


def _concat_source(
    chunks: Sequence[tuple[int, int, tuple[tuple[T, ...], ...]]], mask: str
) -> tuple[str, dict[str, Any]]:
    """``rows0[mask >> shift0 & width0] + rows1[...] + ...`` and the rows it names."""
    if not chunks:
        return "()", {}
    names = {f"_rows{i}": rows for i, (_, _, rows) in enumerate(chunks)}
    parts = []
    for i, (s, w, _) in enumerate(chunks):
        index = f"{mask} & {w}" if s == 0 else f"{mask} >> {s} & {w}"
        parts.append(f"_rows{i}[{index}]")
    return " + ".join(parts), names


def _concat_lookup(
    chunks: Sequence[tuple[int, int, tuple[tuple[T, ...], ...]]],
) -> Callable[[int], tuple[T, ...]]:
    """``mask -> rows0[mask >> shift0 & width0] + rows1[...] + ...`` as one expression.

    Written out rather than looped: a table lookup runs on every lead of every trick,
    and the single expression costs about half as much as a loop over the chunks.
    """
    body, names = _concat_source(chunks, "mask")
    scope: dict[str, Any] = {}
    exec(f"def make({', '.join(names)}):\n    return lambda mask: {body}\n", scope)
    of: Callable[[int], tuple[T, ...]] = scope["make"](**names)
    return of


def stack(deck_cards: Sequence[Card], *groups: Iterable[Card]) -> tuple[Card, ...]:
    """A deck order that starts with ``groups`` in turn, then the rest of the deck.

    Used for explicit deals: the named cards come first, in the given order, and
    every other card of ``deck_cards`` follows in deck order. Raises
    ``ValueError`` when a group names a card the deck does not hold (or holds
    fewer copies of).
    """
    remaining = Counter(deck_cards)
    head: list[Card] = []
    for group in groups:
        for card in group:
            if remaining[card] <= 0:
                raise ValueError(f"card {card.text} is not left in the deck")
            remaining[card] -= 1
            head.append(card)
    tail: list[Card] = []
    for card in deck_cards:
        if remaining[card] > 0:
            remaining[card] -= 1
            tail.append(card)
    return (*head, *tail)


def cards_text(cards: Iterable[Card]) -> str:
    """Space-separated text forms."""
    return " ".join(c.text for c in cards)


def cards_within(obj: object, refuse: type | None = None, depth: int = 30) -> list[Card]:
    """Every card reachable inside ``obj``, with repeats: attrs fields, mappings (keys
    and values), lists, tuples, sets and plain objects' attributes, to ``depth`` levels.

    ``refuse``: a type that must not be found inside (a ``TypeError`` if it is), as a
    view must not hold the state.
    """
    import attrs

    found: list[Card] = []

    def walk(value: object, left: int) -> None:
        if isinstance(value, Card):
            found.append(value)
        elif left <= 0 or isinstance(value, str | int | float | bool | type(None)):
            return
        elif refuse is not None and isinstance(value, refuse):
            raise TypeError(f"found a {refuse.__name__} inside")
        elif isinstance(value, Mapping):
            for key, item in value.items():
                walk(key, left - 1)
                walk(item, left - 1)
        elif isinstance(value, list | tuple | set | frozenset):
            for item in value:
                walk(item, left - 1)
        elif attrs.has(type(value)):
            for field in attrs.fields(type(value)):  # type: ignore[arg-type]
                walk(getattr(value, field.name), left - 1)
        elif hasattr(value, "__dict__"):
            for item in vars(value).values():
                walk(item, left - 1)

    walk(obj, depth + 1)
    return found
