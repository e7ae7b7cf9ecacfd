"""Cards and decks.

A :class:`Card` is an immutable, interned face: one object per distinct face in
a :class:`Deck`, compared by identity and hashed by its index. Decks that hold
several copies of a face (UNO's two red sevens) list the face several times in
:attr:`Deck.cards`; the two copies are the same :class:`Card`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

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
    """

    __slots__ = ("_by_text", "cards", "faces", "name", "suits")

    def __init__(self, name: str, faces: Iterable[Sequence[Any]]) -> None:
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

    @classmethod
    def product(
        cls,
        name: str,
        suits: Sequence[str],
        ranks: Sequence[tuple[int, str]],
        text: str = "{suit}{label}",
        copies: int = 1,
    ) -> Deck:
        """Every suit with every ``(rank, label)``; ``text`` formats each face."""
        return cls(
            name,
            [
                (s, r, lab, text.format(suit=s, label=lab), copies)
                for s in suits
                for r, lab in ranks
            ],
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

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __repr__(self) -> str:
        return f"Deck({self.name!r}, {len(self.cards)} cards)"


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
