"""The 112-card UNO: Star Trek deck and the lookup tables the engine plays from.

Card text forms (case-insensitive when typed):

- numbers: colour letter and digit, ``r0`` ... ``b9`` (``r`` red, ``y`` yellow,
  ``g`` green, ``b`` blue);
- coloured actions: ``rskip``, ``grev`` (Reverse), ``yd2`` (Draw 2);
- wilds: ``wild``, ``wd4`` (Wild Draw 4);
- the four specials: ``llap`` (Live Long and Prosper), ``meld`` (Mind Meld),
  ``beam`` (Beam Me Up, Scotty), ``tribble`` (Double Tribble).

A card's ``rank`` is its kind (0-9 for numbers, then the constants below), so
"same number or symbol" is ``a.rank == b.rank``. Copies of a face (two red
sevens) are the same :class:`~cardkit.Card`; hands are multisets.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardkit import Card, Deck

COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue")
"""Colour names, indexed by colour number 0-3."""
LETTERS = "rygb"
COLOUR_WORDS: dict[str, int] = {
    **{name: i for i, name in enumerate(COLOURS)},
    **{letter: i for i, letter in enumerate(LETTERS)},
}
"""Typed colour words (``red`` or ``r``) to colour numbers."""

SKIP, REVERSE, DRAW2, WILD, WILD4, LLAP, MELD, BEAM, TRIBBLE = range(10, 19)
KINDS = 19
"""Card kinds (``card.rank``): 0-9 numbers, then these."""

_ACTION_FACES = ((SKIP, "Skip", "skip"), (REVERSE, "Reverse", "rev"), (DRAW2, "Draw 2", "d2"))
_WILD_FACES = (
    (WILD, "Wild", "wild", 4),
    (WILD4, "Wild Draw 4", "wd4", 4),
    (LLAP, "Live Long and Prosper", "llap", 1),
    (MELD, "Mind Meld", "meld", 1),
    (BEAM, "Beam Me Up, Scotty", "beam", 1),
    (TRIBBLE, "Double Tribble", "tribble", 1),
)


def _faces() -> list[tuple[str, int, str, str, int]]:
    faces: list[tuple[str, int, str, str, int]] = []
    for letter in LETTERS:
        faces.append((letter, 0, "0", f"{letter}0", 1))
        faces.extend((letter, n, str(n), f"{letter}{n}", 2) for n in range(1, 10))
        faces.extend((letter, kind, label, letter + text, 2) for kind, label, text in _ACTION_FACES)
    faces.extend(("w", kind, label, text, copies) for kind, label, text, copies in _WILD_FACES)
    return faces


DECK = Deck(
    "uno-star-trek",
    _faces(),
    styles={
        "r": "bold red",
        "y": "bold yellow",
        "g": "bold green",
        "b": "bold blue",
        "w": "bold magenta",
    },
)
FACES: tuple[Card, ...] = DECK.faces
HAND_SIZE = 7

BEAM_CARD = DECK.card("beam")

COLOUR_OF: tuple[int, ...] = tuple(LETTERS.find(c.suit) for c in FACES)
"""Colour number of each face id; -1 for the wild cards and the four specials."""
COLOUR_NAME: tuple[str | None, ...] = tuple(COLOURS[c] if c >= 0 else None for c in COLOUR_OF)
"""Colour name of each face id; None for the wild cards and the four specials."""

POINTS: tuple[int, ...] = tuple(
    c.rank if c.rank < SKIP else 20 if c.rank < WILD else 50 for c in FACES
)
"""Scoring value of each face id: numbers face value, Skip/Reverse/Draw 2 20, the rest 50."""

DEAL_VALUE: tuple[int, ...] = tuple(c.rank if c.rank < SKIP else 0 for c in FACES)
"""Value of each face id when drawing for the first deal: action and wild cards count 0."""

NEEDS_COLOUR: frozenset[int] = frozenset({WILD, WILD4, BEAM, TRIBBLE})
"""Kinds whose play names the colour in force (Live Long and Prosper names it after the
new hand is drawn; Mind Meld keeps the colour in force)."""

COMMAND_NAMES: dict[int, str] = {
    SKIP: "skip",
    REVERSE: "reverse",
    DRAW2: "draw2",
    WILD4: "wd4",
    MELD: "meld",
    TRIBBLE: "tribble",
}

COLOUR_MASK: tuple[int, ...] = tuple(
    sum(c.bit for c in FACES if COLOUR_OF[c.id] == colour) for colour in range(4)
)
"""Bit mask of the faces of each colour."""

KIND_LABELS: dict[int, str] = {c.rank: c.label for c in FACES if c.rank >= SKIP}
"""Card kind to its name: ``Skip``, ``Draw 2``, ``Wild Draw 4`` ..."""

_WILD_MASK = 0
for _card in FACES:
    if _card.rank >= WILD:
        _WILD_MASK |= _card.bit


def _match_mask(colour: int, top_kind: int) -> int:
    mask = _WILD_MASK
    for card in FACES:
        if COLOUR_OF[card.id] == colour or (top_kind < WILD and card.rank == top_kind):
            mask |= card.bit
    return mask


MATCH: tuple[int, ...] = tuple(_match_mask(c, k) for c in range(4) for k in range(KINDS))
"""``MATCH[colour * KINDS + top_kind]``: bit mask of the faces playable on that top card
with that colour in force."""


def card_name(card: Card) -> str:
    """The card in words: ``green 7``, ``blue Skip``, ``Wild Draw 4``."""
    colour = COLOUR_OF[card.id]
    return card.label if colour < 0 else f"{COLOURS[colour]} {card.label}"


def a_card(card: Card) -> str:
    """The card in words with an article: ``a green 7``, ``Mind Meld``."""
    if card.rank in (LLAP, MELD, BEAM, TRIBBLE):
        return card.label
    return f"a {card_name(card)}"


def hand_points(hand: Iterable[Card]) -> int:
    """Points of the cards in ``hand``."""
    return sum(POINTS[c.id] for c in hand)


# -- the deck's physical cards (bit i: DECK.cards[i]; copies of a face are cards of their own)

FACE_CARDS: tuple[int, ...] = tuple(
    sum(1 << i for i, c in enumerate(DECK.cards) if c.id == face.id) for face in FACES
)
"""By face id: its physical cards, a mask (the masks of :mod:`cardkit.zones`)."""
KIND_OF: tuple[int, ...] = tuple(c.rank for c in DECK.cards)
"""By physical card: its kind."""


def physical(faces: int) -> int:
    """The physical cards of the faces in ``faces`` (a mask of ``Card.bit``)."""
    return sum(FACE_CARDS[c.id] for c in FACES if faces & c.bit)


PLAYABLE: tuple[int, ...] = tuple(map(physical, MATCH))
""":data:`MATCH` over physical cards."""
PLAYABLE_ON: dict[str | None, tuple[int, ...]] = {
    name: PLAYABLE[i * KINDS : (i + 1) * KINDS] for i, name in enumerate(COLOURS)
}
"""``PLAYABLE_ON[colour][top_kind]``: :data:`PLAYABLE` by the name of the colour in force."""
COLOUR_CARDS: tuple[int, ...] = tuple(map(physical, COLOUR_MASK))
"""The physical cards of each colour."""
BEAM_CARDS = FACE_CARDS[BEAM_CARD.id]
FACE_OF: tuple[int, ...] = tuple(c.id for c in DECK.cards)
"""By physical card: its face id."""
TEXT_OF: tuple[str, ...] = tuple(c.text for c in DECK.cards)
"""By physical card: its text."""
