"""U.F.O.s actions and their typed text forms.

========================  =====================================================
``choose red high``       pick a Suit Card (red, yellow, green, tan, x) and a
                          Game Card (high, low), sealed
``pass``                  leave the auction for this hand
``bid 4``                 bid 4 points
``spy 2``                 pay seat 2 one point and see its Suit Card
``wait``                  (the standing high bidder) let the turn go by
``play R13``              play a card
``play B12 as Y``         lead a Blue card as a Yellow card
========================  =====================================================
"""

from __future__ import annotations

import attrs

from cardkit import Action, Bid, Card, ParseError, Pass, Play
from cardkit.actions import parse_int, words
from games.ufos.cards import BLUES, DECK, GAMES, SUIT_NAMES, SUITS, TRUMP_CHOICES


@attrs.frozen(slots=True, cache_hash=True)
class Choose(Action):
    """The sealed pick of bid cards: ``suit`` is R, Y, G, T or X; ``game`` high or low."""

    suit: str
    game: str

    def __str__(self) -> str:
        return f"choose {SUIT_NAMES[self.suit]} {self.game}"


@attrs.frozen(slots=True, cache_hash=True)
class Spy(Action):
    """Pay ``target`` one point and look at its Suit Card."""

    target: int

    def __str__(self) -> str:
        return f"spy {self.target}"


@attrs.frozen(slots=True, cache_hash=True)
class Wait(Action):
    """The standing high bidder lets the turn go by without passing."""

    def __str__(self) -> str:
        return "wait"


@attrs.frozen(slots=True, cache_hash=True)
class PlayCard(Play):
    """Play a card; ``declare`` is the suit a led Blue card takes (``play B12 as Y``)."""

    def __str__(self) -> str:
        if self.declare is None:
            return f"play {self.card.text}"
        return f"play {self.card.text} as {self.declare}"


PASS = Pass()
WAIT = Wait()
CHOOSES: tuple[Choose, ...] = tuple(Choose(s, g) for s in TRUMP_CHOICES for g in GAMES)
CHOOSE: dict[tuple[str, str], Choose] = {(c.suit, c.game): c for c in CHOOSES}
PLAYS: tuple[PlayCard, ...] = tuple(PlayCard(card) for card in DECK.faces)
"""``PLAYS[card.id]``: playing that card (not led as a declared Blue)."""
LEADS: dict[tuple[Card, str], PlayCard] = {
    (card, s): PlayCard(card, s) for card in DECK.faces if card in BLUES for s in SUITS
}
"""``LEADS[(B12, "Y")]``: leading Blue 12 as a Yellow card."""
SPIES: tuple[Spy, ...] = tuple(Spy(t) for t in range(6))
BIDS: list[Bid] = [Bid(k) for k in range(200)]
"""``BIDS[k]`` is the interned ``Bid(k)``; :func:`bids` extends it when points grow."""


def bid(amount: int) -> Bid:
    """The interned ``Bid(amount)``, or a new one outside the interned range.

    Typed or recorded amounts never grow the table (``bid 10**20`` must not
    exhaust memory); only :func:`bids`, bounded by a player's points, does.
    """
    if 0 <= amount < len(BIDS):
        return BIDS[amount]
    return Bid(amount)


def bids(low: int, high: int) -> list[Bid]:
    """The interned bids ``low`` to ``high`` (empty when ``high < low``)."""
    if high >= len(BIDS):
        BIDS.extend(Bid(k) for k in range(len(BIDS), high + 1))
    return BIDS[low : high + 1]


_SUIT_WORDS = {
    **{name: letter for letter, name in SUIT_NAMES.items()},
    **{letter.lower(): letter for letter in TRUMP_CHOICES},
    "none": "X",
    "notrump": "X",
    "no-trump": "X",
}
_GAME_WORDS = {"high": "high", "h": "high", "positive": "high", "+": "high"}
_GAME_WORDS.update({"low": "low", "l": "low", "negative": "low", "-": "low"})
_DECLARE_WORDS = {**{s.lower(): s for s in SUITS}, **{SUIT_NAMES[s]: s for s in SUITS}}

FORMS = "choose red high, pass, bid 4, spy 2, wait, play R13, play B12 as Y"
"""Examples of every action text, for error messages."""


def parse(text: str) -> Action:
    """The action whose text is ``text``; ``ParseError`` naming the forms if none."""
    parts = words(text)
    head, rest = parts[0], parts[1:]
    if head == "choose":
        if len(rest) == 2 and rest[0] in _GAME_WORDS and rest[1] in _SUIT_WORDS:
            rest = [rest[1], rest[0]]  # the Game Card named first: choose high red
        if len(rest) == 2 and rest[0] in _SUIT_WORDS and rest[1] in _GAME_WORDS:
            return CHOOSE[(_SUIT_WORDS[rest[0]], _GAME_WORDS[rest[1]])]
        raise ParseError(
            f"cannot read {text.strip()!r}: write choose SUIT GAME with SUIT one of "
            "red, yellow, green, tan, x and GAME high or low (e.g. choose red high)"
        )
    if head == "pass" and not rest:
        return PASS
    if head == "wait" and not rest:
        return WAIT
    if head == "bid" and len(rest) == 1:
        return bid(parse_int(rest[0], "a bid"))
    if head == "spy" and len(rest) == 1:
        target = parse_int(rest[0], "the seat to spy on")
        return SPIES[target] if 0 <= target < len(SPIES) else Spy(target)
    if head == "play" and rest:
        card = DECK.card(rest[0])
        declared = rest[1:]
        if declared and declared[0] == "as":
            declared = declared[1:]
        if not declared and len(rest) == 1:
            return PLAYS[card.id]
        if len(declared) == 1 and declared[0] in _DECLARE_WORDS:
            suit = _DECLARE_WORDS[declared[0]]
            return LEADS.get((card, suit)) or PlayCard(card, suit)
        raise ParseError(
            f"cannot read {text.strip()!r}: write play CARD, or play B10/B12 as R, Y, G or T"
        )
    raise ParseError(f"cannot read {text.strip()!r}: actions look like {FORMS}")
