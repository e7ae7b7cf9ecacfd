"""UNO: Star Trek actions, their text forms and the interned instances the engine uses.

Text forms: ``play r7``, ``play wild blue`` (Wild, Wild Draw 4, Beam Me Up
Scotty and Double Tribble name a colour when played), ``play llap``,
``play meld``, ``draw``, ``keep``, ``uno``, ``catch 3``, ``accept``,
``challenge``, ``beam red``, ``colour green`` and ``decline``.
"""

from __future__ import annotations

import attrs

from cardkit import Action, Decline, Draw, ParseError, Play
from cardkit.actions import parse_int, words
from games.uno_star_trek.cards import COLOUR_WORDS, COLOURS, DECK, FACES, NEEDS_COLOUR


@attrs.frozen(slots=True, cache_hash=True)
class Keep(Action):
    """Keep the card just drawn instead of playing it; the turn passes."""

    def __str__(self) -> str:
        return "keep"


@attrs.frozen(slots=True, cache_hash=True)
class CallUno(Action):
    """Call "Space, the final UNO frontier!" (before or right after playing the
    second-to-last card)."""

    def __str__(self) -> str:
        return "uno"


@attrs.frozen(slots=True, cache_hash=True)
class Catch(Action):
    """Catch ``seat``, who played their second-to-last card without calling UNO."""

    seat: int

    def __str__(self) -> str:
        return f"catch {self.seat}"


@attrs.frozen(slots=True, cache_hash=True)
class Accept(Action):
    """Take the command card directed at you (draw, lose the turn, or show your hand)."""

    def __str__(self) -> str:
        return "accept"


@attrs.frozen(slots=True, cache_hash=True)
class Challenge(Action):
    """Challenge the Wild Draw 4 played against you."""

    def __str__(self) -> str:
        return "challenge"


@attrs.frozen(slots=True, cache_hash=True)
class Beam(Action):
    """Play Beam Me Up, Scotty out of turn to stop a command card, naming ``colour``."""

    colour: str

    def __str__(self) -> str:
        return f"beam {self.colour}"


@attrs.frozen(slots=True, cache_hash=True)
class NameColour(Action):
    """Name the colour in force (after Live Long and Prosper, or a Wild or Double
    Tribble turned up as the first discard)."""

    colour: str

    def __str__(self) -> str:
        return f"colour {self.colour}"


DRAW = Draw()
KEEP = Keep()
UNO = CallUno()
ACCEPT = Accept()
CHALLENGE = Challenge()
DECLINE = Decline()
BEAMS: tuple[Beam, ...] = tuple(Beam(c) for c in COLOURS)
NAMES: tuple[NameColour, ...] = tuple(NameColour(c) for c in COLOURS)
CATCHES: tuple[Catch, ...] = tuple(Catch(s) for s in range(10))
UNO_OR_DECLINE: tuple[Action, ...] = (UNO, DECLINE)
CATCH_OR_DECLINE: tuple[tuple[Action, ...], ...] = tuple((c, DECLINE) for c in CATCHES)

PLAYS: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(card, c) for c in COLOURS) if card.rank in NEEDS_COLOUR else (Play(card),)
    for card in FACES
)
"""The play actions of each face id: one per colour for cards that name one."""

_PLAY_BY_KEY: dict[tuple[int, str | None], Play] = {
    (p.card.id, p.declare): p for plays in PLAYS for p in plays
}

_SINGLE: dict[str, Action] = {
    "draw": DRAW,
    "keep": KEEP,
    "uno": UNO,
    "accept": ACCEPT,
    "challenge": CHALLENGE,
    "decline": DECLINE,
}

HELP = (
    "actions are: play CARD, play CARD COLOUR, draw, keep, uno, catch SEAT, accept, "
    "challenge, beam COLOUR, colour COLOUR, decline (cards look like r7, bskip, grev, yd2, "
    "wild, wd4, llap, meld, beam, tribble; colours red, yellow, green, blue)"
)


def colour_word(word: str) -> str:
    """The colour name for ``red``/``r`` etc., or a ``ParseError``."""
    index = COLOUR_WORDS.get(word)
    if index is None:
        raise ParseError(f"unknown colour {word!r}: colours are red, yellow, green, blue")
    return COLOURS[index]


def parse(text: str) -> Action:
    """The action whose text form is ``text`` (interned where possible)."""
    parts = words(text)
    head, count = parts[0], len(parts)
    if count == 1:
        single = _SINGLE.get(head)
        if single is not None:
            return single
    elif head == "play" and count in (2, 3):
        card = DECK.card(parts[1])
        declare = colour_word(parts[2]) if count == 3 else None
        return _PLAY_BY_KEY.get((card.id, declare)) or Play(card, declare)
    elif count == 2:
        if head == "catch":
            seat = parse_int(parts[1], "the seat to catch")
            return CATCHES[seat] if 0 <= seat < len(CATCHES) else Catch(seat)
        if head == "beam":
            return BEAMS[COLOUR_WORDS[colour_word(parts[1])]]
        if head in ("colour", "color"):
            return NAMES[COLOUR_WORDS[colour_word(parts[1])]]
    raise ParseError(f"cannot read {text.strip()!r}: {HELP}")
