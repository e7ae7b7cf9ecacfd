"""The U.F.O.s cards: the 60-card deck and the 42 bid cards.

Deck: Red, Yellow, Green and Tan (``R``, ``Y``, ``G``, ``T``), each 1-9, 11,
13, 14, 15, plus four Blue 10s and four Blue 12s (``B10``, ``B12``). A card's
text is its suit letter and number: ``R13``, ``B12``.

Bid cards: six sets of seven, one set per seat (set ``s`` belongs to seat
``s``; sets of absent seats stay in the box). Each set holds the five Suit
Cards (red, yellow, green, tan, x = no trump) and the two Game Cards (high,
low). They are cards of their own deck so that the zones say who may see them;
a bid card's text is its name and set, ``red@2``, its ``suit`` is ``suit`` or
``game`` and its ``rank`` is the set number.
"""

from __future__ import annotations

from cardkit import Card, Deck

SUITS = ("R", "Y", "G", "T")
"""The four coloured suits, in deck order."""

BLUE = "B"
NUMBERS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 14, 15)

DECK = Deck(
    "ufos",
    [(s, n, str(n), f"{s}{n}") for s in SUITS for n in NUMBERS]
    + [(BLUE, 10, "10", "B10", 4), (BLUE, 12, "12", "B12", 4)],
    styles={"R": "red", "Y": "yellow", "G": "green", "T": "dark_orange3", "B": "blue"},
)
"""The 60 cards (Blue 10 and Blue 12 four times each), each suit shown in its colour."""

B10 = DECK.card("B10")
B12 = DECK.card("B12")
BLUES = frozenset({B10, B12})

SUIT_NAMES = {"R": "red", "Y": "yellow", "G": "green", "T": "tan", "X": "x"}
"""Suit Card letters (X = no trump) and their names."""

TRUMP_CHOICES = ("R", "Y", "G", "T", "X")
GAMES = ("high", "low")
MAX_SETS = 6

BID_DECK = Deck(
    "ufos-bid",
    [
        ("suit" if i < 5 else "game", seat, name, f"{name}@{seat}")
        for seat in range(MAX_SETS)
        for i, name in enumerate([*(SUIT_NAMES[c] for c in TRUMP_CHOICES), *GAMES])
    ],
)
"""The 42 bid cards: six sets of five Suit Cards and two Game Cards."""

SUIT_CARD: tuple[dict[str, Card], ...] = tuple(
    {c: BID_DECK.card(f"{SUIT_NAMES[c]}@{seat}") for c in TRUMP_CHOICES} for seat in range(MAX_SETS)
)
"""``SUIT_CARD[seat]["R"]``: that seat's red Suit Card."""

GAME_CARD: tuple[dict[str, Card], ...] = tuple(
    {g: BID_DECK.card(f"{g}@{seat}") for g in GAMES} for seat in range(MAX_SETS)
)
"""``GAME_CARD[seat]["high"]``: that seat's High Game Card."""

BID_SET: tuple[tuple[Card, ...], ...] = tuple(
    (*SUIT_CARD[seat].values(), *GAME_CARD[seat].values()) for seat in range(MAX_SETS)
)
"""The seven bid cards of each set, in order."""
