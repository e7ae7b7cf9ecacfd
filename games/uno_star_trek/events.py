"""UNO: Star Trek events: what a step did, in words, and who may see it.

Beside the core's :class:`~cardkit.events.Dealt`, :class:`~cardkit.events.Received`
(each seat's dealt hand, to that seat alone), :class:`~cardkit.events.Played` and
:class:`~cardkit.events.MatchOver`:

- :class:`DealerDrawn`: the draw for the first deal (public: the cards are shown);
- :class:`TurnedUp`: the first discard and what it does;
- :class:`Drew`: cards drawn; the public face names only how many, the drawer's
  own event names the cards;
- :class:`Reshuffled`, :class:`PileEmpty`: the discard pile becomes the draw pile;
- :class:`Commanded`, :class:`Accepted`, :class:`Beamed`, :class:`Challenged`: a
  command card's question to its target and the answer;
- :class:`HandShown`: a hand shown (Mind Meld, Wild Draw 4 challenge) to one seat
  alone; the others get a cover naming no card;
- :class:`UnoCalled`, :class:`WindowOpened`, :class:`WindowDeclined`,
  :class:`Caught`, :class:`WindowClosed`: the UNO call and the catch window;
- :class:`ColourNamed`, :class:`Kept`, :class:`WentOut`, :class:`NewHand`;
- :class:`UnoHandScored`: a hand's points, with the cards each seat was left holding.
"""

from __future__ import annotations

import attrs

from cardkit import Card
from cardkit.cards import cards_text
from cardkit.events import Event, HandScored
from games.uno_star_trek.cards import (
    BEAM,
    DRAW2,
    KIND_LABELS,
    LLAP,
    MELD,
    REVERSE,
    SKIP,
    TRIBBLE,
    WILD,
    WILD4,
)


def _seats(seats: tuple[int, ...]) -> str:
    return ", ".join(str(s) for s in seats[:-1]) + f" and {seats[-1]}"


@attrs.frozen(slots=True)
class DealerDrawn(Event):
    """Drawing for the first deal: ``(seat, card text, value)`` per drawing seat; ``tied``
    the seats that drew the highest value (one: the first dealer; more: they draw again).
    The cards are shown to all, then go back into the hidden deck: they are named by text."""

    draws: tuple[tuple[int, str, int], ...]
    tied: tuple[int, ...]

    def __str__(self) -> str:
        draws = ", ".join(f"seat {s} {text} ({value})" for s, text, value in self.draws)
        if len(self.tied) > 1:
            return f"drawing for the deal: {draws}; seats {_seats(self.tied)} tie and draw again"
        return f"drawing for the deal: {draws}; seat {self.tied[0]} deals first"


def turn_up_effect(kind: int, players: int, dealer: int) -> str:
    """What a first discard of ``kind`` does (RULING 2), in words."""
    first = (dealer + 1) % players  # play goes left at a deal, whatever it did before
    following = (dealer + 2) % players
    if kind in (WILD4, MELD, LLAP, BEAM):
        return "it goes back into the deck, which is shuffled again"
    if kind == SKIP:
        return f"seat {first} is skipped; seat {following} plays first"
    if kind == REVERSE:
        if players == 2:
            return f"seat {first} is skipped; seat {dealer} (the dealer) plays first"
        return f"seat {dealer} (the dealer) plays first and play goes right"
    if kind == DRAW2:  # how many cards is the draw's own event (Drew)
        return f"seat {first} must draw and is skipped; seat {following} plays first"
    if kind == WILD:
        return f"seat {first} names the colour and plays first"
    if kind == TRIBBLE:
        return (
            f"seat {first} doubles their hand and is skipped; "
            f"seat {following} names the colour and plays first"
        )
    return f"seat {first} plays first"


@attrs.frozen(slots=True)
class TurnedUp(Event):
    """The card ``card`` (its text: a returned card goes back into the hidden deck) is
    turned up as the first discard; ``effect`` says what it does."""

    card: str
    effect: str
    reshuffled: bool = False  # the deck was shuffled again after a returned first discard

    def __str__(self) -> str:
        head = "the deck is shuffled; " if self.reshuffled else ""
        return f"{head}{self.card} is turned up: {self.effect}"


@attrs.frozen(slots=True)
class Drew(Event):
    """``seat`` drew ``count`` cards: ``cards`` in the drawer's own event, ``()`` in the
    public one."""

    seat: int
    count: int
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        each = "card" if self.count == 1 else "cards"
        line = f"seat {self.seat} draws {self.count} {each}"
        return f"{line}: {cards_text(self.cards)}" if self.cards else line


@attrs.frozen(slots=True)
class PileEmpty(Event):
    """The draw pile ran out during ``seat``'s draw: ``reshuffle`` (the discard pile is
    shuffled into a new one) or, with no card left anywhere, the rest of the draw is skipped."""

    seat: int
    reshuffle: bool

    def __str__(self) -> str:
        if self.reshuffle:
            return "the draw pile is empty: the discard pile is reshuffled"
        return f"seat {self.seat} cannot draw: no card is left to draw"


@attrs.frozen(slots=True)
class Reshuffled(Event):
    """The discard pile except its top card (``count`` cards) became the new draw pile."""

    count: int

    def __str__(self) -> str:
        return (
            f"the discard pile except its top card ({self.count} cards) "
            "is shuffled into a new draw pile"
        )


@attrs.frozen(slots=True)
class Kept(Event):
    """``seat`` kept the card just drawn; the turn passes."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} keeps the drawn card"


@attrs.frozen(slots=True)
class ColourNamed(Event):
    """``seat`` named ``colour`` as the colour in force."""

    seat: int
    colour: str

    def __str__(self) -> str:
        return f"seat {self.seat} names {self.colour}"


@attrs.frozen(slots=True)
class NewHand(Event):
    """Live Long and Prosper: ``seat`` put their hand under the top discard and draws
    ``count`` cards."""

    seat: int
    count: int

    def __str__(self) -> str:
        return f"seat {self.seat} puts their hand under it and draws a new hand of {self.count}"


@attrs.frozen(slots=True)
class WentOut(Event):
    """``seat`` played their last card; ``forced`` seat ``target`` still draws (a last Draw
    2, Wild Draw 4 or Double Tribble, counted in the score). The text leaves the count to
    the draw's own event (:class:`Drew`)."""

    seat: int
    target: int | None = None
    forced: int = 0

    def __str__(self) -> str:
        line = f"seat {self.seat} goes out"
        if self.target is None:
            return line
        return f"{line}; the cards seat {self.target} must draw count in the score"


@attrs.frozen(slots=True)
class Commanded(Event):
    """A command card (``kind``) played by ``commander`` is directed at ``target``, who
    answers with ``choices``: the action texts ``accept``, ``challenge`` and ``beam COLOUR``
    (a colour word takes the place of ``COLOUR``), worded in the sentence."""

    target: int
    commander: int
    kind: int
    choices: tuple[str, ...]

    def __str__(self) -> str:
        name = KIND_LABELS[self.kind]
        words = [_CHOICE_WORDS.get(c, c) for c in self.choices]
        listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" or {words[-1]}"
        return f"seat {self.commander}'s {name} is directed at seat {self.target}, who may {listed}"


_CHOICE_WORDS = {
    "accept": "accept it",
    "challenge": "challenge it",
    "beam COLOUR": "stop it with Beam Me Up, Scotty (beam and a colour: beam red)",
}
"""How :class:`Commanded` words each choice."""


@attrs.frozen(slots=True)
class Accepted(Event):
    """``seat`` took the command card ``kind`` played by ``commander``: they draw ``forced``
    (Draw 2, Wild Draw 4, Double Tribble) and lose the turn, lose the turn (Skip, a
    two-player Reverse), or show their hand to ``commander`` (Mind Meld). The text leaves
    the draw to its own event (:class:`Drew`: how many to all, which cards to the drawer)."""

    seat: int
    commander: int
    kind: int
    forced: int = 0

    def __str__(self) -> str:
        who = f"seat {self.seat}"
        if self.kind in (DRAW2, WILD4, TRIBBLE):
            name = KIND_LABELS[self.kind]
            return f"{who} accepts seat {self.commander}'s {name} and is skipped"
        if self.kind == MELD:
            return f"{who} accepts seat {self.commander}'s Mind Meld"
        return f"{who} is skipped"


@attrs.frozen(slots=True)
class HandShown(Event):
    """``seat`` showed their hand to ``viewer``: ``cards`` in the viewer's own event, ``()``
    in the cover the other seats get."""

    seat: int
    viewer: int
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        line = f"seat {self.seat} shows their hand to seat {self.viewer}"
        return f"{line}: {cards_text(self.cards)}" if self.cards else line


@attrs.frozen(slots=True)
class Challenged(Event):
    """``seat`` challenged ``player``'s Wild Draw 4: ``fair`` (the challenger draws 6 and
    is skipped) or a bluff (``player`` draws 4 and the challenger plays). The shown hand
    and the draw are events of their own (:class:`HandShown`, :class:`Drew`)."""

    seat: int
    player: int
    fair: bool

    def __str__(self) -> str:
        who = f"seat {self.seat}"
        head = f"{who} challenges seat {self.player}'s Wild Draw 4: "
        if self.fair:
            return f"{head}it was fair, so {who} loses the challenge and is skipped"
        return f"{head}a bluff, so seat {self.player} takes the draw instead and {who} plays"


@attrs.frozen(slots=True)
class Beamed(Event):
    """``seat`` played Beam Me Up, Scotty out of turn to stop the command ``kind`` and named
    ``colour``."""

    seat: int
    kind: int
    colour: str

    def __str__(self) -> str:
        name = KIND_LABELS.get(self.kind, "command")
        return f"seat {self.seat} plays beam out of turn to stop the {name} and names {self.colour}"


@attrs.frozen(slots=True)
class UnoCalled(Event):
    """``seat`` called "Space, the final UNO frontier!"."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat}: Space, the final UNO frontier!"


@attrs.frozen(slots=True)
class WindowOpened(Event):
    """``seat`` played their second-to-last card without calling UNO: the catch window
    opens."""

    seat: int

    def __str__(self) -> str:
        return (
            f"seat {self.seat} did not call UNO: "
            "they can be caught until the next player begins their turn"
        )


@attrs.frozen(slots=True)
class WindowDeclined(Event):
    """``seat`` let the catch window on ``subject`` pass (the subject: did not call)."""

    seat: int
    subject: int

    def __str__(self) -> str:
        if self.seat == self.subject:
            return f"seat {self.seat} does not call UNO"
        return f"seat {self.seat} does not catch seat {self.subject}"


@attrs.frozen(slots=True)
class Caught(Event):
    """``seat`` caught ``caught``, who did not call UNO: ``caught`` draws ``penalty`` (the
    draw's own event, :class:`Drew`, says it)."""

    seat: int
    caught: int
    penalty: int

    def __str__(self) -> str:
        return f"seat {self.seat} catches seat {self.caught}, who did not call UNO"


@attrs.frozen(slots=True)
class WindowClosed(Event):
    """The catch window on ``subject`` closed."""

    subject: int

    def __str__(self) -> str:
        return f"seat {self.subject} can no longer be caught"


@attrs.frozen(slots=True)
class UnoHandScored(HandScored):
    """A hand scored: ``points`` per seat and the new ``totals`` (see
    :class:`~cardkit.events.HandScored`); ``cards`` is how many cards each seat was left
    holding (public: the table sees every hand's size)."""

    cards: tuple[int, ...] = ()

    def columns(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The cards each seat was left holding, before the points."""
        return (("cards left", tuple(str(c) for c in self.cards)),) if self.cards else ()
