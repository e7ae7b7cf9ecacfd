"""The UNO: Star Trek match state: dealing, turns, command cards, windows, scoring.

Dealing convention (it matters for explicit deals in tests): a deal's shuffle
is read top card first; seat 0 takes the first 7 cards, seat 1 the next 7, and
so on; the next card is turned up as the first discard; the rest is the draw
pile, top first. Drawing for the first dealer is a chance draw of one card per
drawing seat from the whole deck, in seat order.

Phases of the seat whose turn it is (``order.current``):

- ``play``: play a matching card, draw, or call UNO first;
- ``drawn``: after drawing: play the drawn card (if it can be played) or keep it;
- ``respond``: a command card is directed at this seat: ``accept`` it,
  ``challenge`` a Wild Draw 4, or stop it with ``beam COLOUR``;
- ``colour``: name the colour in force.

Chance steps (``(CHANCE,)`` to act): drawing for the first dealer (again on a
tie), each deal, the reshuffle after a first discard goes back, and every
mid-hand reshuffle of the discard pile; a draw cut short by an empty draw pile
waits in ``reshuffle`` (a :class:`PendingDraw`) and finishes when the shuffle is applied.

A catch window (a :class:`~cardkit.ResponseWindow`) opens when a player is
left with one card without having called UNO: the player (who may still call)
first, then every opponent in play order, answers before the next turn goes on.
It closes early when the next player begins their turn (RULING 7): at the first
card played or drawn from the draw pile by a seat other than the caught player;
accepting a Skip or a Mind Meld, or naming a colour, does not close it.

Positions and sampled worlds: :mod:`games.uno_star_trek.position`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, ClassVar

import attrs

from cardkit import (
    CHANCE,
    Action,
    Card,
    Decline,
    Draw,
    Play,
    ResponseWindow,
    Result,
    Scoreboard,
    Shuffle,
    State,
    TurnOrder,
    Zone,
)
from cardkit.events import Dealt, MatchOver, Note, Played, Received, only, others
from cardkit.game import Refusal, hand_value, highest, lowest
from cardkit.positions import UNKNOWN, Common, PositionError, card_of, game_part, listed, whole
from cardkit.public import read_value
from cardkit.zones import Cards, Place, layout
from games.uno_star_trek.actions import (
    ACCEPT,
    BEAMS,
    CATCH_OR_DECLINE,
    CHALLENGE,
    DRAW,
    KEEP,
    NAMES,
    PLAYS,
    UNO,
    UNO_OR_DECLINE,
    Accept,
    Beam,
    CallUno,
    Catch,
    Challenge,
    Keep,
    NameColour,
)
from games.uno_star_trek.cards import (
    BEAM,
    BEAM_CARD,
    BEAM_CARDS,
    COLOUR_CARDS,
    COLOUR_MASK,
    COLOUR_NAME,
    COLOUR_WORDS,
    COLOURS,
    COMMAND_NAMES,
    DEAL_VALUE,
    DECK,
    DRAW2,
    FACE_CARDS,
    FACE_OF,
    FACES,
    HAND_SIZE,
    KIND_LABELS,
    KIND_OF,
    LLAP,
    MELD,
    NEEDS_COLOUR,
    PLAYABLE_ON,
    REVERSE,
    SKIP,
    TEXT_OF,
    TRIBBLE,
    WILD,
    WILD4,
    a_card,
    card_name,
    hand_points,
)
from games.uno_star_trek.events import (
    Accepted,
    Beamed,
    Caught,
    Challenged,
    ColourNamed,
    Commanded,
    DealerDrawn,
    Drew,
    HandShown,
    Kept,
    NewHand,
    PileEmpty,
    Reshuffled,
    TurnedUp,
    UnoCalled,
    UnoHandScored,
    WentOut,
    WindowClosed,
    WindowDeclined,
    WindowOpened,
    turn_up_effect,
)
from games.uno_star_trek.options import UnoOptions as UnoOptions  # re-exported
from games.uno_star_trek.view import UnoView

PHASES = DEALER, DEAL, RETURN, PLAY, DRAWN, RESPOND, COLOUR, OVER = (
    "dealer",
    "deal",
    "turn-up",
    "play",
    "drawn",
    "respond",
    "colour",
    "over",
)
"""The phases: drawing for the first dealer, a deal, a first discard gone back (a shuffle
is due), a seat's turn, its drawn card, a command card's answer, a colour to name, the end."""
DEALING = frozenset({DEALER, DEAL, RETURN})
"""The phases that are chance steps (the views call them all ``deal``)."""
ACTING = frozenset({PLAY, DRAWN, RESPOND, COLOUR})
"""The phases in which seats act."""

# What happens once a draw is complete.
AFTER_NOTHING = "penalty"  # an UNO penalty: the turn goes on as it was
AFTER_PLAIN = "draw"  # a plain draw: play or keep a playable card, else the turn passes
AFTER_SKIP = "skip"  # the drawer loses the turn
AFTER_CURRENT = "play-on"  # the seat whose turn it is plays (after a guilty Wild Draw 4)
AFTER_LLAP = "new-hand"  # a new hand after Live Long and Prosper: its player names a colour
AFTER_END = "end"  # the draw a last card forces: the hand is scored
AFTER_TRIBBLE = "tribble"  # a Double Tribble turned up: the next player names the colour
AFTERS = (
    AFTER_NOTHING,
    AFTER_PLAIN,
    AFTER_SKIP,
    AFTER_CURRENT,
    AFTER_LLAP,
    AFTER_END,
    AFTER_TRIBBLE,
)
"""What happens once a draw is complete (:attr:`PendingDraw.then`)."""
DRAW_COMMANDS = frozenset({DRAW2, WILD4, TRIBBLE})
"""Kinds that make their target draw (see :meth:`UnoState.forced_draw`)."""


@attrs.frozen(slots=True)
class PendingDraw:
    """A draw cut short by an empty draw pile: ``seat`` still draws ``count`` cards once
    the discard pile is reshuffled, then ``then`` (one of :data:`AFTERS`) happens."""

    seat: int
    count: int
    then: str


MAX_HANDS = 1000
"""A match that reaches this many hands stops unfinished. It bounds ``max_steps``: a hand
scores 0 only when the other hands hold nothing but zeros, so it does not happen in play."""

PLACES = (
    Place("hand", "owner", per_seat=True),
    Place("draw pile", ordered=True),
    Place("discard pile", "all", ordered=True),
    Place("under"),
)
"""Where the cards are: zone ``s`` is the hand of seat ``s``, then the draw pile (top card
last), the discard pile (face up, top card last) and the hands Live Long and Prosper put
under the top discard (face down, each known to its owner; ``UnoState.under`` says where
they lie in the pile)."""


@lru_cache(maxsize=1 << 16)
def _play_actions(playable: int) -> tuple[Action, ...]:
    """The play actions of the faces of the physical cards ``playable``, then ``draw``."""
    out: list[Action] = []
    while playable:
        face = FACE_OF[(playable & -playable).bit_length() - 1]
        playable &= ~FACE_CARDS[face]
        out.extend(PLAYS[face])
    out.append(DRAW)
    return tuple(out)


_CHANCE_ONLY = (CHANCE,)
_SEATS = tuple((s,) for s in range(10))
_NO_ACTIONS: tuple[Action, ...] = ()
_KEEP_ONLY: tuple[Action, ...] = (KEEP,)
_COMMAND_CHOICES = ("accept", "beam COLOUR")
_WD4_CHOICES = ("accept", "challenge", "beam COLOUR")


def fair_wild4(held: int, colour: str | None) -> bool:
    """RULINGS 3 and 6: a Wild Draw 4 is fair when its player holds no card of the colour in
    force (``held``: their hand's physical cards); an unfair one loses a challenge."""
    return colour is None or not held & COLOUR_CARDS[COLOUR_WORDS[colour]]


BY_TEXT: dict[str, Card] = {c.text: c for c in FACES}


def call_cards(shown: tuple[Card, str]) -> int:
    """The physical cards an UNO call on ``(top, colour)`` shows one of: those that can
    be played on them."""
    top, colour = shown
    return PLAYABLE_ON[colour][top.rank]


CATCH = "catch"
"""The row of :attr:`UnoState.phases` for a seat with a catch window to answer."""
NO_CHALLENGE = Refusal(
    "no-challenge", "only the target of a Wild Draw 4 may challenge, before drawing"
)
UNO_NOT_NOW = Refusal("uno-not-now", "call uno when you hold two cards and are about to play one")
NO_CATCH = Refusal(
    "no-catch",
    "nobody can be caught now: a catch is allowed only from the moment a player's "
    "second-to-last card is played without an UNO call until the next player begins "
    "their turn",
)
OUT_OF_TURN: dict[type[Action], Refusal] = {
    Catch: NO_CATCH,
    Challenge: NO_CHALLENGE,
    Beam: Refusal(
        "beam-not-now",
        "Beam Me Up, Scotty can be played out of turn only to stop a command card directed at you",
    ),
}
"""The words for a seat not to act (the core words any other kind)."""
NOT_IN_PLAY: dict[type[Action], Refusal] = {
    Catch: NO_CATCH,
    Keep: Refusal("keep-not-now", "keep is only for a card you have just drawn"),
    Challenge: NO_CHALLENGE,
    Beam: Refusal(
        "beam-not-now",
        "Beam Me Up, Scotty stops only a command card directed at you; "
        "on your turn play it as a Wild: play beam COLOUR",
    ),
    NameColour: Refusal("colour-not-now", "no colour is to be named now"),
    Decline: Refusal("nothing-to-decline", "nothing to decline: play a card or draw"),
    Accept: Refusal("nothing-to-accept", "no command card is directed at you: play a card or draw"),
}
"""The words for each kind the play phase does not take."""
NAME_COLOUR = Refusal(
    "name-colour",
    "name the colour in force first: colour red, colour yellow, colour green or colour blue",
)


def dealer_draw(
    drawers: tuple[int, ...], cards: tuple[Card, ...]
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """Drawing for the first dealer: each drawing seat's ``(seat, value)`` (action and
    wild cards count 0), and the seats that drew the highest value (one: the dealer;
    more: they draw again)."""
    draws = tuple((seat, DEAL_VALUE[cards[i].id]) for i, seat in enumerate(drawers))
    best = max(value for _, value in draws)
    return draws, tuple(seat for seat, value in draws if value == best)


class UnoState(State):
    """One UNO: Star Trek match: hands until someone reaches ``target_score``.

    Its cards are in :attr:`cards` (zones :data:`PLACES`): a hand shown to a seat (Mind
    Meld, a Wild Draw 4 challenge) is known to it there until its cards move, and a fair
    Wild Draw 4 shown by a challenge bars the colour in force before it from its
    player's hand until that hand takes a card.
    """

    options: UnoOptions
    phase: str
    order: TurnOrder
    """The dealer, the seat whose turn it is (or who answers a command, or names a colour)
    and the direction of play."""
    colour: str | None
    """The colour in force (None while a colour is to be named)."""
    previous_colour: str | None
    """While a Wild Draw 4 awaits its answer: the colour in force before it."""
    redrew: bool
    """The player of a pending Wild Draw 4 has drawn since playing it (caught without
    calling UNO): a fair challenge then shows nothing of the cards it holds now."""
    called: bool
    """The seat to act has called UNO for its next play."""
    call_on: tuple[tuple[Card, str] | None, ...]
    """Per seat, the top discard and the colour in force when its UNO call showed that
    it held a card it could play on them, while that still says something of its hand:
    until such a card leaves it (not the card drawn after calling) or the hand goes
    under Live Long and Prosper (None: nothing)."""
    window: ResponseWindow | None
    reshuffle: PendingDraw | None
    under: list[tuple[int, int, int]]
    """The hands put under the top discard by Live Long and Prosper, unseen by the others:
    ``(seat, start, stop)`` index ranges of the discard pile (see :attr:`discard`)."""
    turns: int
    """Turns begun this hand."""
    first_draw: tuple[int | None, ...]
    """The values drawn in the last round of drawing for the first dealer (None: no draw)."""
    board: Scoreboard
    stopped: str
    """Why the match was stopped unfinished ("" if it was not)."""
    cards: Cards
    record = (
        "phase",
        "order",
        "colour",
        "previous_colour",
        "redrew",
        "called",
        "window",
        "reshuffle",
        "under",
        "turns",
        "first_draw",
        "board",
        "stopped",
        "cards",
    )
    drawn: Card | None
    """The card last drawn (in the drawn phase: the card just drawn, known to its drawer)."""
    fair: bool
    """The last Wild Draw 4 was played fairly (known to its player until challenged)."""
    last_hand: tuple[int, ...]
    """The points of the last finished hand (``()`` before one)."""
    copied: ClassVar[tuple[str, ...]] = ("cards", "order", "board", "window", "under")
    phases: ClassVar[Mapping[str, tuple[type[Action], ...]]] = {
        PLAY: (Play, Draw, CallUno),
        DRAWN: (Play, Keep, CallUno),
        RESPOND: (Accept, Challenge, Beam, CallUno),
        COLOUR: (NameColour,),
        CATCH: (CallUno, Catch, Decline),
    }

    # Slots for the game's own attributes: with the core's, an instance would have more
    # than CPython keeps in a compact instance dict (30), and every attribute access on
    # the state would be slower.
    __slots__ = (
        "board",
        "call_on",
        "called",
        "cards",
        "colour",
        "command",
        "commander",
        "drawn",
        "fair",
        "first_draw",
        "hidden",
        "last_hand",
        "lowest_wins",
        "max_turns",
        "order",
        "penalty",
        "phase",
        "pile",
        "previous_colour",
        "redrew",
        "reshuffle",
        "stock",
        "stopped",
        "target",
        "turns",
        "under",
        "window",
    )

    def setup(self) -> None:
        options = self.options
        players = self.players
        self.target = options.target_score
        self.lowest_wins = options.scoring == "lowest"
        self.penalty = options.uno_penalty
        self.max_turns = options.max_turns
        self.stock = players  # the zones of the draw pile, the discard pile, the hidden hands
        self.pile = players + 1
        self.hidden = players + 2
        self.phase = DEALER
        self.order = TurnOrder(players, dealer=0)
        self.colour = None
        self.previous_colour = None
        self.redrew = False
        self.called = False
        self.call_on = (None,) * players
        self.window = None
        self.reshuffle = None
        self.under = []
        self.turns = 0
        self.first_draw = (None,) * players
        self.board = Scoreboard.start(players)
        self.stopped = ""
        self.cards = layout(DECK, PLACES, players).new(self.stock)
        self.drawn = None
        self.fair = True
        self.derive()

    def derive(self) -> None:
        """The fields that follow from the :attr:`record`: the last hand's points and the
        command card awaiting its answer (``command``, -1 for none: the top discard, while
        no draw of its answer waits for a reshuffle), played by ``commander``, the seat
        before the one to act."""
        self.last_hand = self.board.hands[-1] if self.board.hands else ()
        top, due = self.cards.top(self.pile), self.reshuffle
        waiting = self.phase == RESPOND and (due is None or due.then == AFTER_NOTHING)
        self.command = top.rank if waiting and top is not None else -1
        self.commander = self.order.next_seat(steps=-1) if self.command >= 0 else -1

    # -- the cards as lists (tests, positions, views) ------------------------------

    @property
    def hands(self) -> list[tuple[Card, ...]]:
        """Each seat's cards, in card order."""
        return [self.cards.cards(s) for s in range(self.players)]

    @property
    def draw(self) -> list[Card]:
        """The draw pile, top card last."""
        return list(self.cards.cards(self.stock))

    @property
    def discard(self) -> list[Card]:
        """The discard pile as it lies, top card last: the cards played face up with the
        hands put under the top discard (:attr:`under`) in their places."""
        cards = self.cards
        pile = list(cards.cards(self.pile))
        if self.under:
            hidden = cards.cards(self.hidden)
            taken = 0
            for _, start, stop in self.under:
                pile[start:start] = hidden[taken : taken + stop - start]
                taken += stop - start
        return pile

    def shown_to(self, seat: int) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """The hands shown to ``seat``: ``(owner, the cards it surely still holds)``."""
        cards = self.cards
        if not cards.anyone_knows:
            return ()
        known = cards.known[seat]
        masks = cards.masks
        faces = cards.layout.faces
        return tuple((t, faces(known & masks[t])) for t in range(self.players) if known & masks[t])

    # -- core protocol ------------------------------------------------------------

    def chance_cards(self) -> tuple[Card, ...]:
        if self.reshuffle:
            return tuple(self.discard[:-1])
        phase = self.phase
        if phase == RETURN:
            return self.cards.cards(self.stock)
        return DECK.cards if phase in DEALING else ()

    def deal_places(self) -> tuple[tuple[int | str, int | None], ...]:
        """The deal's shuffle: seven cards to each seat from seat 0, then the first
        discard (``top``), then the draw pile (``draw``, top card first)."""
        if self.phase != DEAL or self.reshuffle:
            return ()
        return (*((s, HAND_SIZE) for s in range(self.players)), ("top", 1), ("draw", None))

    def chance_draw(self) -> int:
        """Drawing for the first dealer takes one card per drawing seat (a chance draw)."""
        return len(self.drawers()) if self.phase == DEALER and not self.reshuffle else 0

    def drawers(self) -> tuple[int, ...]:
        """The seats drawing for the first dealer: every seat, then those tied for the
        highest value in the round before."""
        values = [v for v in self.first_draw if v is not None]
        if not values:
            return tuple(range(self.players))
        return tuple(s for s, v in enumerate(self.first_draw) if v == max(values))

    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == OVER:
            return ()
        if self.reshuffle or phase in DEALING:
            return _CHANCE_ONLY
        window = self.window
        current = self.order.current
        if window is None:
            return _SEATS[current]
        pending = window.pending
        return pending if current in pending else (*pending, current)

    def is_over(self) -> bool:
        return self.phase == OVER

    # -- the rules, each stated once ------------------------------------------------------
    # `_legal_actions` (fast, on the hot path) and `_refusal` (why an action is not allowed)
    # decide every action kind through the same predicates: `match_mask` (what matches
    # the top discard), `PLAYS` (the play actions of a face: a colour exactly when it
    # names one), `_may_call` (the UNO call) and `_holds_beam`.

    def _top(self) -> Card:
        top = self.cards.top(self.pile)
        assert top is not None
        return top

    def match_mask(self) -> int:
        """The physical cards that may be played on the top discard (RULING 3; inlined in
        :meth:`_legal_actions`)."""
        order = self.cards.orders[self.pile]
        assert order
        return PLAYABLE_ON[self.colour][KIND_OF[order[-1]]]

    def _may_call(self, seat: int, can_play: bool) -> bool:
        """RULING 7: a seat about to play its second-to-last card may call UNO first."""
        return can_play and self.cards.masks[seat].bit_count() == 2 and not self.called

    def _holds_beam(self, seat: int) -> bool:
        return bool(self.cards.masks[seat] & BEAM_CARDS)

    def _in_window(self, seat: int) -> ResponseWindow | None:
        """The catch window, when ``seat`` has still to answer it."""
        window = self.window
        if window is not None and seat in window.seats and seat not in window.done:
            return window
        return None

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        phase = self.phase
        if phase not in ACTING or self.reshuffle:
            return _NO_ACTIONS
        window = self.window  # inlined `_in_window`: this is the hot path
        if window is not None and seat in window.seats and seat not in window.done:
            subject = window.subject
            assert subject is not None
            return UNO_OR_DECLINE if seat == subject else CATCH_OR_DECLINE[subject]
        if seat != self.order.current:
            return _NO_ACTIONS
        if phase == PLAY:
            cards = self.cards
            hand = cards.masks[seat]
            top = cards.orders[self.pile]
            assert top
            playable = hand & PLAYABLE_ON[self.colour][KIND_OF[top[-1]]]
            legal = _play_actions(playable)
            if playable and hand.bit_count() == 2 and not self.called:  # RULING 7: UNO
                return (*legal, UNO)
            return legal
        if phase == DRAWN:
            drawn = self.drawn
            assert drawn is not None
            if not FACE_CARDS[drawn.id] & self.match_mask():
                return _KEEP_ONLY
            if self._may_call(seat, True):
                return (*PLAYS[drawn.id], KEEP, UNO)
            return (*PLAYS[drawn.id], KEEP)
        if phase == RESPOND:
            out: list[Action] = [ACCEPT]
            if self.command == WILD4:
                out.append(CHALLENGE)
            beam = self._holds_beam(seat)
            if beam:
                out.extend(BEAMS)
            if self._may_call(seat, beam):
                out.append(UNO)
            return tuple(out)
        return NAMES  # COLOUR

    def _refusal(self, seat: int, action: Action) -> Refusal | None:
        """The words for a seat not to act, and for an action of a kind its phase takes
        (:attr:`phases` refuses the others, in :meth:`_wrong_phase`'s words)."""
        if self.reshuffle or self.phase in DEALING:
            return Refusal("chance-due", "a shuffle is due: chance acts next")
        window = self._in_window(seat)
        if window is not None:
            return self._refuse_window(window, seat, action)
        if seat != self.order.current:
            return OUT_OF_TURN.get(type(action))  # else the core words it: not this turn
        phase = self.phase
        if phase == RESPOND:
            return self._refuse_respond(seat, action)
        if phase == DRAWN:
            return self._refuse_drawn(seat, action)
        if phase == PLAY:
            return self._refuse_play(seat, action)
        return NAME_COLOUR  # no such colour

    def phase_for(self, seat: int) -> str:
        """RULING 7: a seat with a catch window to answer answers it first."""
        return CATCH if self._in_window(seat) is not None else self.phase

    def _wrong_phase(self, seat: int, action: Action, phase: str) -> Refusal | None:
        """The words for an action of a kind ``phase`` does not take: what it takes."""
        window = self.window
        if phase == CATCH and window is not None:
            return self._refuse_window(window, seat, action)
        kind = type(action)
        if kind is Catch:
            return NO_CATCH
        if phase == RESPOND:
            name = KIND_LABELS.get(self.command, "command")
            choices = "accept" + (", challenge" if self.command == WILD4 else "")
            return Refusal(
                "must-respond",
                f"seat {self.commander}'s {name} is directed at you: answer it first with "
                f"{choices} or beam COLOUR if you hold Beam Me Up, Scotty",
            )
        if phase == DRAWN:
            if kind is Draw:
                return Refusal(
                    "already-drew", "you have drawn this turn: play the drawn card or keep it"
                )
            drawn = self.drawn
            assert drawn is not None
            return Refusal("play-or-keep", f"play the drawn card ({drawn.text}) or keep it")
        return NAME_COLOUR if phase == COLOUR else NOT_IN_PLAY.get(kind)

    def _refuse_window(self, window: ResponseWindow, seat: int, action: Action) -> Refusal | None:
        """RULING 7: the caught player may call or decline; every opponent may catch or
        decline, before acting otherwise."""
        subject = window.subject
        kind = type(action)
        if seat == subject:
            if kind is CallUno or kind is Decline:
                return None
            return Refusal(
                "answer-window",
                "you played your second-to-last card without calling UNO: call uno now or decline",
            )
        if kind is Decline:
            return None
        if isinstance(action, Catch):
            if action.seat == subject:
                return None
            return Refusal("no-catch", f"only seat {subject} can be caught now")
        return Refusal(
            "answer-window",
            f"seat {subject} has one card and did not call UNO: "
            f"answer first with catch {subject} or decline",
        )

    def _refuse_respond(self, seat: int, action: Action) -> Refusal | None:
        """RULINGS 5 and 6: a command card directed at ``seat`` is accepted, challenged
        (a Wild Draw 4) or stopped with Beam Me Up, Scotty."""
        kind = type(action)
        if kind is Accept:
            return None
        if kind is Challenge:
            if self.command == WILD4:
                return None
            return Refusal("no-challenge", "only a Wild Draw 4 can be challenged")
        beam = self._holds_beam(seat)
        if kind is Beam:
            if beam and action in BEAMS:
                return None
            return Refusal("beam-not-held", "you do not hold Beam Me Up, Scotty")
        return None if self._may_call(seat, beam) else UNO_NOT_NOW  # a call

    def _refuse_drawn(self, seat: int, action: Action) -> Refusal | None:
        """RULING 4: after drawing, only the drawn card may be played, or it is kept."""
        drawn = self.drawn
        assert drawn is not None
        kind = type(action)
        if kind is Keep:
            return None
        playable = bool(FACE_CARDS[drawn.id] & self.match_mask())
        if isinstance(action, Play):
            if action.card is not drawn:
                return Refusal(
                    "drawn-only",
                    f"after drawing only the drawn card ({drawn.text}) may be played; or keep it",
                )
            if not playable:
                return Refusal(
                    "no-match",
                    f"{a_card(drawn)} does not match {a_card(self._top())} with "
                    f"{self.colour} in force: keep it",
                )
            declared = self._refuse_colour(action)
            if declared is not None:
                return declared
            if action in PLAYS[drawn.id]:
                return None
            return Refusal("no-colour", f"{drawn.text} names no colour: play {drawn.text}")
        return None if self._may_call(seat, playable) else UNO_NOT_NOW  # a call

    def _refuse_play(self, seat: int, action: Action) -> Refusal | None:
        """RULINGS 3 and 4: on a turn, play a card that matches, or draw."""
        kind = type(action)
        if kind is Draw:
            return None
        if isinstance(action, Play):
            card = action.card
            if not self.cards.masks[seat] & FACE_CARDS[card.id]:
                return Refusal("not-in-hand", f"you hold no {card.text} ({card_name(card)})")
            declared = self._refuse_colour(action)
            if declared is not None:
                return declared
            if FACE_CARDS[card.id] & self.match_mask() and action in PLAYS[card.id]:
                return None
            top = self._top()
            return Refusal(
                "no-match",
                f"{a_card(card)} does not match {a_card(top)} with {self.colour} in force",
            )
        if self._may_call(seat, bool(self.cards.masks[seat] & self.match_mask())):  # a call
            return None
        if self.called:
            return Refusal("uno-not-now", "you have already called UNO")
        return Refusal("uno-not-now", "call uno when you hold two cards and can play one of them")

    def _refuse_colour(self, action: Play) -> Refusal | None:
        """A card that names a colour is played with one; any other card without
        (Live Long and Prosper names it after the new hand is drawn)."""
        card = action.card
        if card.rank in NEEDS_COLOUR:
            if action.declare is None:
                return Refusal(
                    "colour-needed", f"name a colour with it: play {card.text} red (or another)"
                )
            return None  # an unknown colour: PLAYS lists the four
        if action.declare is None:
            return None
        if card.rank == LLAP:
            return Refusal(
                "no-colour", "the colour is named after the new hand is drawn: play llap"
            )
        return Refusal("no-colour", f"{card.text} names no colour: play {card.text}")

    def _apply(self, seat: int, action: Action) -> None:
        if seat == CHANCE:
            assert isinstance(action, Shuffle)
            self._shuffled(action.cards)
            return
        window = self.window
        if window is not None:
            if seat in window.seats and seat not in window.done:
                self._answer_window(window, seat, action)
                return
            if seat != window.subject and self._begins_turn(action):
                self._close_window()  # the next turn begins
        kind = type(action)
        log = self.log
        if kind is Play:
            assert isinstance(action, Play)
            self._play(seat, action)
        elif kind is Draw:
            self.called = False
            self.drawn = None
            self._draw(seat, 1, AFTER_PLAIN)
        elif kind is Keep:
            if log is not None:
                log.append(Kept(seat))
            self._start_turn(self.order.next_seat(seat))
        elif kind is Accept:
            self._accept(seat)
        elif kind is CallUno:
            if log is not None:
                log.append(UnoCalled(seat))
            self.called = True
            if self.phase in (PLAY, DRAWN):  # a call shows a card that can be played
                assert self.colour is not None
                self._set_call_on(seat, (self._top(), self.colour))
            if self.phase == RESPOND:  # a call now shows Beam Me Up, Scotty is held
                for other in range(self.players):
                    if other != seat:
                        self.cards.show(other, seat, (BEAM_CARD,))
        elif kind is NameColour:
            assert isinstance(action, NameColour)
            if log is not None:
                log.append(ColourNamed(seat, action.colour))
            self.colour = action.colour
            # after Live Long and Prosper the next seat plays; after a card turned up, this one
            self._start_turn(self.order.next_seat(seat) if self._top().rank == LLAP else seat)
        elif kind is Challenge:
            self._challenge(seat)
        elif kind is Beam:
            assert isinstance(action, Beam)
            self._beam(seat, action.colour)

    # -- chance ---------------------------------------------------------------------

    def _shuffled(self, cards: tuple[Card, ...]) -> None:
        due = self.reshuffle
        if due is not None:
            self.reshuffle = None
            self._gather(self.pile, self.hidden)
            self.under = []
            self.cards.arrange(self.stock, cards[::-1])
            if self.log is not None:
                self.log.append(Reshuffled(len(cards)))
            self._draw(due.seat, due.count, due.then)
        elif self.phase == DEALER:
            self._draw_for_dealer(cards)
        elif self.phase == DEAL:
            self._deal(cards)
        else:  # RETURN: the returned first discard was shuffled back in
            self.cards.arrange(self.stock, cards[::-1])
            self.cards.draw(self.stock, self.pile)
            self._turn_up(reshuffled=True)

    def _gather(self, *zones: int) -> None:
        """Move every card of ``zones`` to the draw pile, the top discard excepted."""
        cards = self.cards
        top = cards.top(self.pile)
        for zone in zones:
            cards.move_all(zone, self.stock)
        if top is not None:
            cards.move(top, self.stock, self.pile)

    def _draw_for_dealer(self, cards: tuple[Card, ...]) -> None:
        draws, tied = dealer_draw(self.drawers(), cards)
        values: list[int | None] = [None] * self.players
        for seat, value in draws:
            values[seat] = value
        self.first_draw = tuple(values)
        if self.log is not None:
            shown = tuple((s, cards[i].text, v) for i, (s, v) in enumerate(draws))
            self.log.append(DealerDrawn(shown, tied))
        if len(tied) > 1:
            return  # the tied seats draw again
        self.order.dealer = tied[0]
        self.phase = DEAL

    def _deal(self, cards: tuple[Card, ...]) -> None:
        n = self.players
        hand = HAND_SIZE
        table = self.cards
        for zone in (*range(n), self.pile, self.hidden):  # the last hand's cards
            table.move_all(zone, self.stock)
        shares = [(s, cards[s * hand : (s + 1) * hand]) for s in range(n)]
        table.deal(self.stock, [*shares, (self.pile, cards[n * hand : n * hand + 1])])
        table.arrange(self.stock, cards[: n * hand : -1])
        self.under = []
        self.call_on = (None,) * n
        self.order.direction = 1
        self.window = None
        self.command = -1
        self.turns = 0
        log = self.log
        if log is not None:
            log.append(Dealt(self.order.dealer, HAND_SIZE, self.board.hands_played + 1))
            for seat in range(n):
                log.append(Received(seat, table.cards(seat), to=only(seat)))
        self._turn_up()

    def _turn_up(self, reshuffled: bool = False) -> None:
        """Start play from the first discard (RULING 2)."""
        top = self._top()
        kind = top.rank
        order = self.order
        if self.log is not None:
            effect = turn_up_effect(kind, self.players, order.dealer)
            self.log.append(TurnedUp(top.text, effect, reshuffled))
        first = order.left_of_dealer()
        order.current = first
        self.colour = COLOUR_NAME[top.id]
        if kind in (WILD4, MELD, LLAP, BEAM):
            self.cards.draw(self.pile, self.stock)  # back into the deck, which is reshuffled
            self.phase = RETURN
        elif kind == SKIP:
            self._start_turn(order.next_seat(first))
        elif kind == REVERSE:
            if self.players > 2:
                order.reverse()
            self._start_turn(order.dealer)
        elif kind == DRAW2:
            self.phase = PLAY
            self._draw(first, 2, AFTER_SKIP)
        elif kind == WILD:
            self._name_colour(first)
        elif kind == TRIBBLE:
            self.phase = PLAY
            self._draw(first, self.cards.count(first), AFTER_TRIBBLE)
        else:
            self._start_turn(first)

    # -- turns ----------------------------------------------------------------------

    def _start_turn(self, seat: int) -> None:
        self.turns += 1
        if self.turns > self.max_turns:
            self._stop(
                f"hand {self.board.hands_played + 1} reached max_turns ({self.max_turns}) "
                "with no winner; the match was stopped"
            )
            return
        self.order.current = seat
        self.phase = PLAY
        self.command = -1
        self.drawn = None
        self.called = False

    def _name_colour(self, seat: int) -> None:
        self.order.current = seat
        self.phase = COLOUR
        self.called = False

    def _command(self, kind: int, by: int, target: int) -> None:
        self.command = kind
        self.commander = by
        self.order.current = target
        self.phase = RESPOND
        self.called = False
        if self.log is not None:
            choices = _WD4_CHOICES if kind == WILD4 else _COMMAND_CHOICES
            self.log.append(Commanded(target, by, kind, choices))

    def _play(self, seat: int, action: Play) -> None:
        card = action.card
        kind = card.rank
        if kind == WILD4:
            self.previous_colour = self.colour
            self.fair = fair_wild4(self.cards.masks[seat], self.colour)
        left = self._discard(seat, card)
        if self.log is not None:
            self.log.append(Played(seat, card, action.declare))
        called = self.called
        self.called = False
        self.drawn = None
        if action.declare is not None:
            self.colour = action.declare
        elif kind < WILD:
            self.colour = COLOUR_NAME[card.id]
        if left == 0:
            self._went_out(seat, kind)
            return
        order = self.order
        following = order.next_seat(seat)
        if kind < SKIP or kind in (WILD, BEAM):
            self._start_turn(following)
        elif kind == REVERSE:
            if self.players == 2:
                self._command(REVERSE, seat, following)
            else:
                order.reverse()
                self._start_turn(order.next_seat(seat))
        elif kind == LLAP:  # the old hand goes under the top discard, known to its owner
            cards = self.cards
            top = cards.count(self.pile) + cards.count(self.hidden) - 1
            self.under.append((seat, top, top + left))
            hand = cards.cards(seat) if cards.masks[self.hidden] else None
            cards.move_all(seat, self.hidden)
            self._set_call_on(seat, None)
            cards.show(seat, self.hidden, hand)
            if self.log is not None:
                self.log.append(NewHand(seat, left))
            self._draw(seat, left, AFTER_LLAP)
        else:  # SKIP, DRAW2, WILD4, MELD, TRIBBLE
            self._command(kind, seat, following)
        if left == 1 and not called and self.phase != OVER:
            self._open_catch(seat)

    def forced_draw(self, kind: int, target: int) -> int:
        """How many cards a card of ``kind`` makes ``target`` draw: 2 for a Draw 2, 4 for
        a Wild Draw 4, as many as ``target`` holds for a Double Tribble, else 0."""
        if kind == DRAW2:
            return 2
        if kind == WILD4:
            return 4
        if kind == TRIBBLE:
            return self.cards.count(target)
        return 0

    def _went_out(self, seat: int, kind: int) -> None:
        """``seat`` played its last card; a last Draw 2, Wild Draw 4 or Double Tribble
        still makes the next player draw (RULING 10)."""
        self.previous_colour, self.redrew = None, False  # a last Wild Draw 4 awaits no answer
        self._close_window()
        if kind in DRAW_COMMANDS:
            target = self.order.next_seat(seat)
            count = self.forced_draw(kind, target)
            if self.log is not None:
                self.log.append(WentOut(seat, target, count))
            self._draw(target, count, AFTER_END)
        else:
            if self.log is not None:
                self.log.append(WentOut(seat))
            self._end_hand()

    def _accept(self, seat: int) -> None:
        """The target takes the pending command card."""
        command = self.command
        commander = self.commander
        self.command = -1
        self.previous_colour, self.redrew = None, False
        if command in DRAW_COMMANDS:
            count = self.forced_draw(command, seat)
            if self.log is not None:
                self.log.append(Accepted(seat, commander, command, count))
            self._draw(seat, count, AFTER_SKIP)
        elif command == MELD:
            if self.log is not None:
                self.log.append(Accepted(seat, commander, command))
            self._show(commander, seat)
            self._start_turn(seat)
        else:  # SKIP, or REVERSE with two players
            if self.log is not None:
                self.log.append(Accepted(seat, commander, command))
            self._start_turn(self.order.next_seat(seat))

    def _challenge(self, seat: int) -> None:
        """RULING 6: the Wild Draw 4 player shows their hand to the challenger; the
        outcome is the fairness :func:`fair_wild4` found when the card was played."""
        player = self.commander
        previous, redrew = self.previous_colour, self.redrew
        self.command = -1
        self.previous_colour, self.redrew = None, False
        if self.log is not None:
            self.log.append(Challenged(seat, player, self.fair))
        self._show(seat, player)
        if self.fair:  # everyone now knows the player held none of the colour in force
            if not redrew:  # and holds none now, unless it has drawn since
                self.cards.bar(player, COLOUR_MASK[COLOURS.index(previous)])
            self._draw(seat, 6, AFTER_SKIP)
        else:
            self._draw(player, 4, AFTER_CURRENT)

    def _beam(self, seat: int, colour: str) -> None:
        """Beam Me Up, Scotty out of turn: the command is stopped, play passes on."""
        if self.log is not None:
            self.log.append(Beamed(seat, self.command, colour))
        left = self._discard(seat, BEAM_CARD)
        self.colour = colour
        self.command = -1
        self.previous_colour, self.redrew = None, False
        called = self.called
        self.called = False
        if left == 0:
            self._went_out(seat, BEAM)
            return
        self._start_turn(self.order.next_seat(seat))
        if left == 1 and not called and self.phase != OVER:
            self._open_catch(seat)

    # -- drawing --------------------------------------------------------------------

    def _draw(self, seat: int, count: int, after: str) -> None:
        """``seat`` draws ``count`` cards, then the continuation ``after`` runs.

        An empty draw pile makes a reshuffle due (the draw resumes when it is
        applied); with no card left to reshuffle, the rest of the draw is skipped.
        The table learns how many cards are drawn; only the drawer which.
        """
        cards = self.cards
        pile = cards.orders[self.stock]
        assert pile is not None
        log = self.log
        if log is not None and count > 0:
            take = min(count, len(pile))
            if take:
                drawn = tuple(DECK.cards[pile[-1 - i]] for i in range(take))
                log.append(Drew(seat, take, to=others(self.players, seat), cover=True))
                log.append(Drew(seat, take, drawn, to=only(seat)))
            if take < count:
                log.append(PileEmpty(seat, cards.count(self.pile) + cards.count(self.hidden) > 1))
        while count > 0:
            if not pile:
                if cards.count(self.pile) + cards.count(self.hidden) > 1:
                    self.reshuffle = PendingDraw(seat, count, after)
                    return
                break
            self.drawn = cards.draw(self.stock, seat)
            count -= 1
        if after == AFTER_NOTHING:
            return
        if after == AFTER_PLAIN:
            # The drawer is asked even when the card cannot be played (then only `keep`),
            # so that the table does not learn whether it could.
            if self.drawn is not None:
                self.phase = DRAWN
            else:
                self._start_turn(self.order.next_seat(seat))
        elif after == AFTER_SKIP:
            self._start_turn(self.order.next_seat(seat))
        elif after == AFTER_CURRENT:
            self._start_turn(self.order.current)
        elif after == AFTER_LLAP:
            self._name_colour(seat)
        elif after == AFTER_TRIBBLE:
            self._name_colour(self.order.next_seat(seat))
        else:  # AFTER_END
            self._end_hand()

    def _discard(self, seat: int, card: Card) -> int:
        """Move ``card`` from ``seat``'s hand to the top of the discard pile; the cards
        left in the hand. A seat shown the hand can no longer be sure of one copy of it:
        of several copies, the one known to the most seats goes (each knows a copy of
        it if it knows any, the later shown a hand the more it knows)."""
        cards = self.cards
        copies = cards.masks[seat] & FACE_CARDS[card.id]
        if copies & cards.anyone_knows and copies & (copies - 1):
            known = cards.known
            bits, rest = [], copies
            while rest:
                bits.append(rest & -rest)
                rest &= rest - 1
            best = max(bits, key=lambda b: sum(1 for k in known if k & b))  # ties: the lowest
            lower = copies & (best - 1)
            cards.masks[seat] ^= lower  # a set zone: set aside so that the move takes `best`
            cards.move(card, seat, self.pile)
            cards.masks[seat] |= lower
        else:
            cards.move(card, seat, self.pile)
        if self.call_on[seat] is not None:
            self._forget_call(seat, card)
        return cards.masks[seat].bit_count()

    def _forget_call(self, seat: int, card: Card) -> None:
        """``card`` left the hand of ``seat``, whose UNO call showed a card it could play:
        unless it was the card drawn after calling, it may be that card."""
        shown = self.call_on[seat]
        assert shown is not None
        drawn_since = self.phase == DRAWN and not self.called and card is self.drawn
        if FACE_CARDS[card.id] & call_cards(shown) and not drawn_since:
            self._set_call_on(seat, None)

    def _set_call_on(self, seat: int, shown: tuple[Card, str] | None) -> None:
        self.call_on = (*self.call_on[:seat], shown, *self.call_on[seat + 1 :])

    def calls_shown(self) -> tuple[tuple[int, str, str], ...]:
        """:attr:`call_on` as views and positions give it: ``(seat, top, colour)``."""
        if not any(self.call_on):
            return ()
        return tuple((s, on[0].text, on[1]) for s, on in enumerate(self.call_on) if on)

    # -- UNO call and catch window ------------------------------------------------------

    def _open_catch(self, subject: int) -> None:
        """The catch window on ``subject``: the subject, then every opponent in play order."""
        self.window = ResponseWindow("catch", self.order.from_seat(subject), subject)
        if self.log is not None:
            self.log.append(WindowOpened(subject))

    def _close_window(self) -> None:
        window = self.window
        if window is not None:
            self.window = None
            if self.log is not None and window.subject is not None:
                self.log.append(WindowClosed(window.subject))

    def _begins_turn(self, action: Action) -> bool:
        """RULING 7: ``action`` draws from the draw pile or plays a card (a Beam, a forced
        draw, a not-guilty challenge's draw of 6 included); accepting a Skip or a Mind
        Meld does neither."""
        kind = type(action)
        if kind is Accept:
            return self.command in DRAW_COMMANDS
        if kind is Challenge:
            return self.fair  # else the Wild Draw 4 player, who may be caught, draws
        return kind is Play or kind is Draw or kind is Beam

    def _answer_window(self, window: ResponseWindow, seat: int, action: Action) -> None:
        subject = window.subject
        assert subject is not None
        if type(action) is Catch:
            if self.log is not None:
                self.log.append(Caught(seat, subject, self.penalty))
            self._close_window()
            self.redrew = self.redrew or (self.command == WILD4 and subject == self.commander)
            self._draw(subject, self.penalty, AFTER_NOTHING)
        elif type(action) is CallUno:
            if self.log is not None:
                self.log.append(UnoCalled(seat))
            self._close_window()  # the player called in time: safe
        else:
            if self.log is not None:
                self.log.append(WindowDeclined(seat, subject))
            window.respond(seat)
            if not window.open:
                self._close_window()

    # -- shown hands ------------------------------------------------------------------------

    def _show(self, viewer: int, target: int) -> None:
        self.cards.show(viewer, target)
        if self.log is not None:  # the cards to the viewer alone
            cards = self.cards.cards(target)
            self.log.append(HandShown(target, viewer, to=others(self.players, viewer), cover=True))
            self.log.append(HandShown(target, viewer, cards, to=only(viewer)))

    # -- end of a hand and of the match ---------------------------------------------------

    def _end_hand(self) -> None:
        n = self.players
        winner = self.cards.masks[:n].index(0)  # the seat that went out holds nothing
        self._close_window()
        self.command = -1
        hands = self.hands
        if self.lowest_wins:
            deltas = [hand_points(hands[s]) for s in range(n)]
        else:
            deltas = [0] * n
            deltas[winner] = sum(hand_points(hands[s]) for s in range(n) if s != winner)
        board = self.board
        self.last_hand = board.add_hand(deltas)
        if self.log is not None:
            self.log.append(
                UnoHandScored(
                    board.hands_played,
                    self.last_hand,
                    tuple(board.totals),
                    cards=tuple(map(len, hands)),
                )
            )
        if max(board.totals) >= self.target:
            self.phase = OVER
            if self.log is not None:
                result = self.result()
                self.log.append(MatchOver(result.scores, result.winners))
        elif self.board.hands_played >= MAX_HANDS:
            self._stop(f"the match reached {MAX_HANDS} hands without a winner")
        else:
            self.order.rotate_dealer()
            self.phase = DEAL

    def _stop(self, note: str) -> None:
        self.stopped = note
        self.phase = OVER
        self._close_window()
        if self.log is not None:
            self.log.append(Note(note))
            self.log.append(MatchOver(tuple(float(t) for t in self.board.totals), (), False))

    def result(self) -> Result:
        scores = tuple(float(t) for t in self.board.totals)
        if self.stopped:
            return Result(scores, (), False, self.stopped)
        if self.lowest_wins:
            return Result(scores, lowest(scores), True, "scoring=lowest: the lowest total wins")
        return Result(scores, highest(scores))

    # -- positions: the core writes and reads the record; beside it what some seats know ---

    def position_part(self, seat: int | None = None) -> dict[str, Any]:
        """The record, and beside it what some seats know (each as ``seat`` knows it):
        ``shown``, the hands shown to a seat (the cards it knows their owner still holds),
        ``drawn``, the card just drawn, ``fair``, whether a pending Wild Draw 4 is, and
        ``call_on``, what UNO calls show (:attr:`call_on`, as ``[seat, top, colour]``)."""
        part = super().position_part(seat)
        part["cards"].pop("known", None)  # ``shown`` says whose hand a known card is in
        part["shown"] = []
        for to in range(self.players):
            for owner, held in self.shown_to(to):
                texts = [c.text if seat in (None, owner, to) else UNKNOWN for c in held]
                part["shown"].append({"seat": owner, "to": to, "cards": texts})
        drawn = self.drawn.text if self.drawn and self.phase == DRAWN else None
        fair = self.fair if self.command == WILD4 else None
        part["drawn"] = UNKNOWN if drawn and seat not in (None, self.order.current) else drawn
        part["fair"] = UNKNOWN if fair is not None and seat not in (None, self.commander) else fair
        calls = self.calls_shown()
        if calls:  # written when it says something, as files of earlier versions lack it
            part["call_on"] = [list(call) for call in calls]
        return part

    def position_summary(self) -> tuple[int | None, tuple[int, ...], int]:
        hand = self.board.hands_played + (self.phase != OVER or bool(self.stopped))
        return (None if self.phase == DEALER else self.order.dealer, tuple(self.board.totals), hand)

    def restore_position(self, common: Common, part: Any) -> None:
        """The record and what is written beside it (a version 1 part translated first);
        a hand under the top discard is known to its owner."""
        if common.version == 1:
            from games.uno_star_trek.position import first_version

            part = first_version(self, common, part)
        later = ("call_on",) if isinstance(part, Mapping) and "call_on" in part else ()
        part = game_part(part, (*self.record, "shown", "drawn", "fair", *later))
        self.drawn = read_value(self, "drawn", part["drawn"])
        self.fair = part["fair"] is None or read_value(self, "fair", part["fair"])
        for i, entry in enumerate(listed(part.get("call_on", []), "call_on")):
            what = f"call_on entry {i + 1}"
            if not isinstance(entry, list) or len(entry) != 3 or entry[2] not in COLOURS:
                raise PositionError(f"{what} is [seat, top card, colour], not {entry!r}")
            on = whole(entry[0], f"{what}: seat", 0, self.players - 1)
            self._set_call_on(on, (card_of(entry[1], BY_TEXT, what), entry[2]))
        super().restore_position(common, {name: part[name] for name in self.record})
        if (self.command == WILD4) == (part["fair"] is None):
            raise PositionError("fair is true or false for a pending Wild Draw 4, else null")
        cards, taken = self.cards, 0
        for owner, start, stop in self.under:
            cards.show(owner, self.hidden, cards.cards(self.hidden)[taken : taken + stop - start])
            taken += stop - start
        for i, entry in enumerate(listed(part["shown"], "shown")):
            what, n = f"shown entry {i + 1}", self.players
            if not isinstance(entry, Mapping) or set(entry) != {"seat", "to", "cards"}:
                raise PositionError(f"{what} must be an object of seat, to and cards")
            owner, to = (whole(entry[key], f"{what}: {key}", 0, n - 1) for key in ("seat", "to"))
            held = [card_of(text, BY_TEXT, what) for text in listed(entry["cards"], what)]
            if owner == to:
                raise PositionError(f"{what}: a hand is shown to the other seats")
            try:
                cards.show(to, owner, held)
            except ValueError:
                texts = [c.text for c in held]
                raise PositionError(f"{what}: seat {owner} does not hold all of {texts}") from None

    def check_position(self) -> None:
        """Refuse (``PositionError``, one line) what the rules forbid and the types allow."""
        n, phase, order, due = self.players, self.phase, self.order, self.reshuffle
        cards = self.cards
        totals, hands, masks, turn = self.board.totals, self.board.hands, cards.masks, order.current
        if phase not in PHASES:
            raise PositionError(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
        if (order.players, abs(order.direction)) != (n, 1) or max(order.dealer, turn) >= n:
            raise PositionError(f"order must be of {n} players, direction 1 or -1")
        if {self.colour, self.previous_colour} - {*COLOURS, None}:
            raise PositionError(f"a colour is one of {', '.join(COLOURS)}, or null")
        drew = [v for v in self.first_draw if v is not None]
        if len(self.first_draw) != n or not all(0 <= v <= 9 for v in drew):
            raise PositionError(f"first_draw must list {n} seats, each 0 to 9 or null")
        if drew and (drew.count(max(drew)) == 1) == (phase == DEALER):
            raise PositionError("the draw for the first dealer goes on while the highest is tied")
        if len(totals) != n or any(len(h) != n for h in hands):
            raise PositionError(f"board must list {n} seats in its totals and in each hand")
        if min([*totals, *(p for h in hands for p in h)]) < 0:
            raise PositionError(f"scores cannot be negative, in a hand or in total: {totals}")
        over = phase == OVER and not self.stopped  # the score of a stopped match is short
        if (max(totals) >= self.target) != over or (self.stopped and phase != OVER):
            target = f"target_score ({self.target})"
            raise PositionError(f"the match is over when a score reaches {target}, or stopped")
        if totals != [sum(h[s] for h in hands) for s in range(n)]:
            raise PositionError(f"the totals {totals} are not the sums of the hands' points")
        if phase == DEALER and masks[self.stock].bit_count() != len(DECK.cards):
            raise PositionError("before the first deal every card is in the draw pile")
        if phase == RETURN and masks[self.pile] | masks[self.hidden]:
            raise PositionError("the first discard went back: the discard pile is empty")
        faces, under = cards.count(self.pile) + cards.count(self.hidden), self.under
        ends = [0, *(i for _, start, stop in under for i in (start, stop)), max(faces - 1, 0)]
        if ends != sorted(ends) or any(not 0 <= s < n or a == b for s, a, b in under):
            raise PositionError("under entries lie under the top discard, in order")
        if sum(b - a for _, a, b in under) != cards.count(self.hidden):
            raise PositionError("the under entries do not place every card under the top discard")
        if (phase == DRAWN) != (self.drawn is not None) and not (phase == DRAWN and due):
            raise PositionError("drawn names the card just drawn, in the drawn phase only")
        if self.drawn is not None and not cards.holds(turn, self.drawn):
            raise PositionError(f"the drawn card {self.drawn.text} is not in seat {turn}'s hand")
        if (self.command == WILD4) != (self.previous_colour is not None):
            raise PositionError("previous_colour is the colour before a pending Wild Draw 4")
        if self.redrew and self.command != WILD4:
            raise PositionError("redrew is true only while a Wild Draw 4 awaits its answer")
        if self.turns < 0 or (phase in ACTING and self.turns > self.max_turns):
            raise PositionError(f"turns is {self.turns}: 0 to max_turns ({self.max_turns})")
        for seat, on in enumerate(self.call_on):
            if on is not None and not masks[seat] & call_cards(on):
                raise PositionError(
                    f"seat {seat}'s UNO call on {on[0].text} with {on[1]} in force shows it "
                    "holds a card it could play on them"
                )
        if phase not in ACTING:
            if due or self.window or self.called:
                raise PositionError(f"no draw, catch window or UNO call waits in the {phase} phase")
            return
        top = cards.top(self.pile)
        if top is None:
            raise PositionError(f"in the {phase} phase the discard pile has a top card")
        if due and (due.then not in AFTERS or due.count < 1 or masks[self.stock] or faces < 2):
            raise PositionError("a reshuffle is due of a draw cut short by an empty draw pile")
        out = -1  # a seat that holds nothing until its draw: one gone out, or a new hand's
        if due is not None and due.then in (AFTER_END, AFTER_LLAP):
            out = (due.seat - (due.then == AFTER_END) * order.direction) % n
        empty = [s for s in range(n) if not masks[s] and s != out]
        if empty:
            raise PositionError(f"seat {empty[0]} holds no cards, but the hand is not over")
        colour, own, kind, card = self.colour, COLOUR_NAME[top.id], top.rank, a_card(top)
        if phase == COLOUR and kind not in (WILD, TRIBBLE, LLAP):
            raise PositionError(f"a colour is not named on {card}")
        if own is not None and colour != own:
            raise PositionError(f"{colour or 'no colour'} is in force but {card} allows only {own}")
        named = not ((phase == COLOUR and kind != LLAP) or (due and due.then == AFTER_TRIBBLE))
        if (colour is not None) != named:
            raise PositionError(f"a colour {'must' if named else 'cannot'} be in force on {card}")
        if self.command >= 0 and (kind not in COMMAND_NAMES or (kind == REVERSE and n != 2)):
            raise PositionError(f"a command card awaits its answer, not {card}")
        if self.called and (phase == COLOUR or cards.count(turn) != 2):
            raise PositionError(f"seat {turn} calls UNO with two cards, to play one")
        window = self.window
        if window is None:
            return
        subject = -1 if window.subject is None else window.subject
        if window.kind != "catch" or subject < 0 or window.seats != order.from_seat(subject):
            raise PositionError("a catch window is on a seat, the others in play order after it")
        if not window.done < set(window.seats):
            raise PositionError("every seat has answered the catch window, so it is closed")
        # since it played its second-to-last card, a seat that lost a challenge on its Wild
        # Draw 4 drew, and one that played Live Long and Prosper waits for its new hand
        held, lost = cards.count(subject), kind == WILD4 and subject == order.next_seat(steps=-1)
        if held != 1 and not lost and subject != out:
            raise PositionError(f"the catch window's seat {subject} holds {held} cards, not one")

    HAND_SCALE = 200
    """The points one hand's margin is measured against in :meth:`value` (a hand's winner
    rarely takes more)."""

    def horizon(self) -> int:
        """Search rollouts stop at the end of the hand (the next deal is a fresh shuffle)."""
        return self.board.hands_played

    def scores(self) -> tuple[float, ...]:
        """The match totals so far."""
        return tuple(self.board.totals)

    def value(self, seat: int, start: State) -> float:
        """The hand's points less the others' mean (negated when the lowest total wins),
        over :attr:`HAND_SCALE`; at the end of the match the win share (:func:`hand_value`)."""
        assert isinstance(start, UnoState)
        sign = -1 if self.lowest_wins else 1
        now = [sign * t for t in self.scores()]
        before = [sign * t for t in start.scores()]
        return hand_value(self, seat, now, before, self.HAND_SCALE)

    # -- views and zones ---------------------------------------------------------------------

    def view(self, seat: int) -> UnoView:
        phase = self.phase
        window = self.window
        command = self.command
        cards = self.cards
        dealing = phase in DEALING
        if dealing:
            pile: tuple[str, ...] = ()
        elif self.under:
            texts = [c.text for c in self.discard]
            for owner, start, stop in self.under:
                if owner != seat:
                    texts[start:stop] = [UNKNOWN] * (stop - start)
            pile = tuple(texts)
        else:
            order = cards.orders[self.pile]
            assert order is not None
            pile = tuple(map(TEXT_OF.__getitem__, order))
        return UnoView(
            seat=seat,
            to_act=self.to_act(),
            hand=cards.cards(seat),
            top=None if dealing else cards.top(self.pile),
            colour=None if dealing else self.colour,
            hand_sizes=tuple([m.bit_count() for m in cards.masks[: self.players]]),
            draw_pile=cards.count(self.stock),
            direction="left" if self.order.direction == 1 else "right",
            turn=self.order.current,
            phase="deal" if dealing else phase,
            drawn=self.drawn.text
            if self.drawn and phase == DRAWN and seat == self.order.current
            else None,
            command=COMMAND_NAMES[command] if command >= 0 else None,
            commander=self.commander if command >= 0 else None,
            previous_colour=self.previous_colour if command == WILD4 else None,
            redrew=self.redrew,
            called_uno=self.called,
            call_on=self.calls_shown(),
            window=window.kind if window is not None else None,
            window_subject=window.subject if window is not None else None,
            shown=self.shown_to(seat),
            dealer=self.order.dealer,
            scores=tuple(self.board.totals),
            hand_number=self.board.hands_played + (0 if phase == OVER and not self.stopped else 1),
            turns=self.turns,
            first_draw=self.first_draw,
            last_hand=self.last_hand,
            discard=pile,
            under=() if dealing else tuple(self.under),
            window_answered=tuple(sorted(window.done)) if window is not None else (),
            fair=self.fair if command == WILD4 and seat == self.commander else None,
            options=self.options,
            cards=cards.seen_by(seat),
        )

    def zones(self) -> tuple[Zone, ...]:
        return self.cards.zones()
