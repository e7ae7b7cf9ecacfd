"""Positions and sampled worlds of UNO: Star Trek (see :mod:`cardkit.positions`).

The game's own part of a position (``"state"``)::

    {"phase": "play",                  # dealer, deal, turn-up, play, drawn, respond, colour, over
     "hands": [["r1", "y7"], ...],     # each seat's cards
     "discard": ["g5", "g9", "wild"],  # the discard pile, bottom first: its top card last
     "draw": ["b2", "rskip", ...],     # the draw pile, top first: the order it is drawn
     "colour": "yellow",               # the colour in force, null while none is named
     "turn": 1,                        # whose turn it is (or who answers, or names a colour)
     "direction": "left",              # left: seat numbers go up; right: down
     "called": false,                  # the seat to act has called UNO for its next play
     "drawn": null,                    # phase drawn: the card just drawn
     "command": null,                  # phase respond: skip, reverse, draw2, wd4, meld, tribble
     "commander": null,                # ... played by this seat
     "previous_colour": null,          # wd4: the colour in force before it
     "fair": null,                     # wd4: true when its player held none of that colour
     "window": null,                   # the catch window: {"subject": 2, "answered": [3]}
     "shown": [{"seat": 1, "to": 0, "cards": ["r2"]}],  # hands shown, the cards still surely held
     "under": [[0, 3, 9]],             # Live Long and Prosper: seat 0's old hand is discard[3:9]
     "reshuffle": null,                # a due reshuffle: {"seat": 1, "count": 2, "then": "skip"}
     "turns": 12,                      # turns begun this hand (max_turns stops a hand)
     "first_draw": [3, 9, 0, 5],       # the last round of drawing for the first dealer
     "last_hand": [0, 0, 87, 0],       # the last finished hand's points ([] before one)
     "stopped": null}                  # why a stopped match was stopped

The state is set directly from these (no replay), after checks that refuse, with one
line, a position the rules could not reach: a card more often than the deck holds it or
missing, a colour in force that the top card does not allow, a drawn card not in the
drawer's hand, a command that is not the top card, a catch window on a seat not holding
one card, a shown card its owner does not hold, negative scores, and so on.

A sampled world (:func:`sample_world`) keeps all the seat knows: its hand, the discard
pile (every card played; the hands others put under the top discard are unseen), the
cards shown to it that their owners surely still hold, every hand size and the public
state of the turn; the unseen cards (the rest of the other hands, those hidden hands in
the discard pile, the draw pile) are dealt uniformly from the cards the seat has not
seen (:class:`cardkit.deals.DealConstraints`, the shown cards ``fixed`` in their
hands). It is built directly, not through a position.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from itertools import chain, repeat
from operator import attrgetter
from typing import TYPE_CHECKING, Any

import attrs

from cardkit import CHANCE, Card, ResponseWindow, Scoreboard, TurnOrder
from cardkit.deals import DealConstraints
from cardkit.game import _STALE
from cardkit.positions import UNKNOWN, Common, PositionError, card_of, game_part, listed, whole
from games.uno_star_trek.cards import (
    COLOUR_OF,
    COLOURS,
    COMMAND_NAMES,
    DECK,
    FACES,
    LLAP,
    REVERSE,
    TRIBBLE,
    WILD,
    WILD4,
    a_card,
)
from games.uno_star_trek.state import (
    AFTER_END,
    AFTER_LLAP,
    AFTER_TRIBBLE,
    COLOUR,
    DEALER,
    DRAWN,
    OVER,
    PLAY,
    RESPOND,
    RETURN,
    THEN_NEXT,
    THEN_PLAY,
    Shown,
    UnoState,
    fair_wild4,
)
from games.uno_star_trek.view import UnoView

if TYPE_CHECKING:
    from games.uno_star_trek.game import UnoStarTrek

KEYS = (
    "phase",
    "hands",
    "discard",
    "draw",
    "colour",
    "turn",
    "direction",
    "called",
    "drawn",
    "command",
    "commander",
    "previous_colour",
    "fair",
    "window",
    "shown",
    "under",
    "reshuffle",
    "turns",
    "first_draw",
    "last_hand",
    "stopped",
)
"""The keys of the game's own part, in the order they are written."""

PHASES = ("dealer", "deal", "turn-up", "play", "drawn", "respond", "colour", "over")
"""Phase names, indexed by the state's phase numbers."""

THEN = ("penalty", "draw", "skip", "play-on", "new-hand", "end", "tribble")
"""What a draw cut short by a due reshuffle does once complete, indexed by the state's
``AFTER_*`` numbers: an UNO penalty, a plain draw (play or keep), the drawer is skipped,
the seat whose turn it is plays on, the new hand of Live Long and Prosper, the draw a
last card forces (then the hand is scored), a Double Tribble turned up."""

COMMANDS: dict[str, int] = {name: kind for kind, name in COMMAND_NAMES.items()}
BY_TEXT: dict[str, Card] = {c.text: c for c in FACES}
DECK_COUNTS: Counter[Card] = Counter(DECK.cards)
_FULL: list[int] = [DECK_COUNTS[c] for c in FACES]
_SEEN: dict[str, Card | None] = {UNKNOWN: None, **BY_TEXT}
_COLOUR_IN_VIEW: dict[str | None, int] = {None: -1, **{name: i for i, name in enumerate(COLOURS)}}


def _colour_name(colour: int) -> str | None:
    return COLOURS[colour] if colour >= 0 else None


def summary(state: UnoState) -> tuple[int | None, tuple[int, ...], int]:
    """The dealer (None before the draw for the first dealer), the scores and the hand
    number (as the view gives it)."""
    phase = state.phase
    dealer = None if phase == DEALER else state.order.dealer
    played = state.board.hands_played
    return (
        dealer,
        tuple(state.board.totals),
        played + (0 if phase == OVER and not state.stopped else 1),
    )


def position_part(state: UnoState, seat: int | None = None) -> dict[str, Any]:
    """The game's own part of the position of ``state`` (with ``seat``: as it knows it)."""
    phase = state.phase
    command = state.command
    n = state.players
    hands = [[c.text for c in h] for h in state.hands]
    discard = [c.text for c in state.discard]
    draw = [c.text for c in reversed(state.draw)]
    drawn: str | None = state.drawn.text if phase == DRAWN and state.drawn is not None else None
    fair: bool | str | None = state.fair if command == WILD4 else None
    shown: list[dict[str, Any]] = [
        {"seat": owner, "to": s.viewer, "cards": [c.text for c in s.cards]}
        for owner, records in enumerate(state.shown)
        for s in records
    ]
    if seat is not None:
        for owner in range(n):
            if owner == seat:
                continue
            known = [c.text for s in state.shown[owner] if s.viewer == seat for c in s.cards]
            hands[owner] = known + [UNKNOWN] * (len(hands[owner]) - len(known))
        for owner, start, stop in state.under:
            if owner != seat:
                discard[start:stop] = [UNKNOWN] * (stop - start)
        draw = [UNKNOWN] * len(draw)
        for record in shown:
            if seat not in (record["seat"], record["to"]):
                record["cards"] = [UNKNOWN] * len(record["cards"])
        if drawn is not None and seat != state.order.current:
            drawn = UNKNOWN
        if fair is not None and seat != state.commander:
            fair = UNKNOWN
    window = state.window
    pending_seat, count, after = state.pending
    return {
        "phase": PHASES[phase],
        "hands": hands,
        "discard": discard,
        "draw": draw,
        "colour": _colour_name(state.colour),
        "turn": state.order.current,
        "direction": "left" if state.order.direction == 1 else "right",
        "called": state.called,
        "drawn": drawn,
        "command": COMMAND_NAMES[command] if command >= 0 else None,
        "commander": state.commander if command >= 0 else None,
        "previous_colour": _colour_name(state.previous_colour) if command == WILD4 else None,
        "fair": fair,
        "window": None
        if window is None
        else {"subject": window.subject, "answered": sorted(window.done)},
        "shown": shown,
        "under": [list(r) for r in state.under],
        "reshuffle": None
        if not state.reshuffle
        else {"seat": pending_seat, "count": count, "then": THEN[after]},
        "turns": state.turns,
        "first_draw": list(state.first_draw),
        "last_hand": list(state.last_hand),
        "stopped": state.stopped or None,
    }


# -- reading a position -------------------------------------------------------------------


def _cards(value: Any, what: str) -> list[Card]:
    return [card_of(t, BY_TEXT, what) for t in listed(value, what)]


def _flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise PositionError(f"{what} must be true or false, not {value!r}")
    return value


def _colour(value: Any, what: str) -> int:
    """A colour name (or null: -1)."""
    if value is None:
        return -1
    if value not in COLOURS:
        raise PositionError(f"{what} must be one of {', '.join(COLOURS)} or null, not {value!r}")
    return COLOURS.index(value)


def _name(value: Any, names: tuple[str, ...], what: str) -> int:
    if value not in names:
        raise PositionError(f"{what} must be one of {', '.join(names)}, not {value!r}")
    return names.index(value)


def _check_cards(hands: list[list[Card]], discard: list[Card], draw: list[Card]) -> None:
    """Every card of the deck exactly as often as the deck holds it."""
    counts = Counter(c for h in hands for c in h)
    counts.update(discard)
    counts.update(draw)
    extra = [
        f"{c.text} ({k} times, the deck has {DECK_COUNTS[c]})"
        for c, k in counts.items()
        if k > DECK_COUNTS[c]
    ]
    if extra:
        raise PositionError(f"cards appear more often than the deck holds them: {', '.join(extra)}")
    missing = [c.text for c in FACES for _ in range(DECK_COUNTS[c] - counts[c])]
    if missing:
        raise PositionError(
            f"cards are missing (in no hand or pile): {', '.join(missing[:12])}"
            + (f" and {len(missing) - 12} more" if len(missing) > 12 else "")
        )


def _check_colour(phase_name: str, top: Card, colour: int, tribble_draw: bool) -> None:
    """RULING 3: the colour in force is the top card's own, or the one named on a wild."""
    own = COLOUR_OF[top.id]
    named = "no colour" if colour < 0 else COLOURS[colour]
    if own >= 0:
        if colour != own:
            raise PositionError(
                f"{named} is in force but the top card, {a_card(top)}, allows only {COLOURS[own]}"
            )
        if phase_name == "colour":
            raise PositionError(
                f"a colour is named only on a Wild or Double Tribble turned up or after Live "
                f"Long and Prosper, not on {a_card(top)}"
            )
        return
    naming = phase_name == "colour" and top.rank in (WILD, TRIBBLE)
    if naming or tribble_draw:
        if colour >= 0:
            raise PositionError(
                f"{named} is in force but the {top.label} turned up has no colour named yet"
            )
    elif colour < 0:
        raise PositionError(f"a colour must be in force on {a_card(top)}")
    elif phase_name == "colour" and top.rank != LLAP:
        raise PositionError(
            f"a colour is named only on a Wild or Double Tribble turned up or after Live "
            f"Long and Prosper, not on {a_card(top)}"
        )


def restore(state: UnoState, common: Common, part: Any) -> None:
    """Make the fresh ``state`` the position (see the module docstring); ``PositionError``
    naming what is wrong for one that breaks the rules."""
    part = game_part(part, KEYS)
    n = state.players
    options = state.options
    phase_name = part["phase"]
    phase = _name(phase_name, PHASES, "phase")
    playing = PLAY <= phase < OVER
    hands_in = listed(part["hands"], "hands")
    if len(hands_in) != n:
        raise PositionError(f"hands must list {n} seats, not {len(hands_in)}")
    hands = [sorted(_cards(h, f"hand of seat {s}"), key=_id) for s, h in enumerate(hands_in)]
    discard = _cards(part["discard"], "discard")
    draw = _cards(part["draw"], "draw")
    _check_cards(hands, discard, draw)
    if any(s < 0 for s in common.scores):
        raise PositionError(f"scores cannot be negative: {list(common.scores)}")
    stopped = part["stopped"]
    if stopped is not None and (not isinstance(stopped, str) or not stopped):
        raise PositionError(f"stopped must be null or the reason in words, not {stopped!r}")
    if stopped is not None and phase != OVER:
        raise PositionError("only a match that is over can have been stopped")
    target = options.target_score
    if phase == OVER and stopped is None and max(common.scores) < target:
        raise PositionError(
            f"the match is over but no score reaches target_score ({target}): {list(common.scores)}"
        )
    if phase != OVER and max(common.scores) >= target:
        raise PositionError(
            f"a score of {max(common.scores)} reaches target_score ({target}): "
            "the match would be over"
        )
    played = common.hand - (0 if phase == OVER and stopped is None else 1)
    last_hand = tuple(listed(part["last_hand"], "last_hand"))
    if played == 0 and last_hand:
        raise PositionError("last_hand must be [] before any hand is finished")
    if played > 0:
        if len(last_hand) != n:
            raise PositionError(f"last_hand must list {n} seats, not {len(last_hand)}")
        last_hand = tuple(whole(p, f"last_hand of seat {s}", 0) for s, p in enumerate(last_hand))
        short = [s for s in range(n) if last_hand[s] > common.scores[s]]
        if short:
            raise PositionError(
                f"seat {short[0]} scored {last_hand[short[0]]} in the last hand, "
                f"more than its total {common.scores[short[0]]}"
            )
    first_in = listed(part["first_draw"], "first_draw")
    if len(first_in) != n:
        raise PositionError(f"first_draw must list {n} seats, not {len(first_in)}")
    first_draw = tuple(
        None if v is None else whole(v, f"first_draw of seat {s}", 0, 9)
        for s, v in enumerate(first_in)
    )
    if phase == DEALER and (any(hands) or discard):
        raise PositionError("before the first deal every card is in the draw pile")
    if phase == RETURN and discard:
        raise PositionError("the turned-up card goes back: the discard pile is empty")
    turn = whole(part["turn"], "turn", 0, n - 1)
    direction = 1 - 2 * _name(part["direction"], ("left", "right"), "direction")
    colour = _colour(part["colour"], "colour")
    turns = whole(part["turns"], "turns", 0)
    if playing and turns > options.max_turns:
        raise PositionError(f"turns is {turns}, above max_turns ({options.max_turns})")
    called = _flag(part["called"], "called")
    reshuffle_in = part["reshuffle"]
    pending = (-1, 0, 0)
    if reshuffle_in is not None:
        if not playing:
            raise PositionError(f"no draw waits for a reshuffle in the {phase_name} phase")
        if not isinstance(reshuffle_in, Mapping) or set(reshuffle_in) != {"seat", "count", "then"}:
            raise PositionError("reshuffle must be null or an object of seat, count and then")
        pending = (
            whole(reshuffle_in["seat"], "reshuffle: seat", 0, n - 1),
            whole(reshuffle_in["count"], "reshuffle: count", 1),
            _name(reshuffle_in["then"], THEN, "reshuffle: then"),
        )
        if draw or len(discard) < 2:
            raise PositionError(
                "a reshuffle is due only when the draw pile is empty and the discard pile "
                "holds more than its top card"
            )
    out = -1
    if pending[2] == AFTER_END:
        out = (pending[0] - direction) % n
    if playing:
        if not discard:
            raise PositionError(f"in the {phase_name} phase the discard pile has a top card")
        top = discard[-1]
        _check_colour(phase_name, top, colour, pending[2] == AFTER_TRIBBLE)
        # a seat may hold nothing while the draw that a last card forces, or the new hand
        # of Live Long and Prosper, waits for a reshuffle
        waiting = pending[0] if pending[2] == AFTER_LLAP else -1
        empty = [s for s in range(n) if not hands[s] and s not in (out, waiting)]
        if empty:
            raise PositionError(f"seat {empty[0]} holds no cards, but the hand is not over")
    drawn: Card | None = None
    if part["drawn"] is not None:
        if phase != DRAWN:
            raise PositionError("drawn names the card just drawn, in the drawn phase only")
        drawn = card_of(part["drawn"], BY_TEXT, "drawn")
        if drawn not in hands[turn]:
            raise PositionError(f"the drawn card {drawn.text} is not in seat {turn}'s hand")
    elif phase == DRAWN and reshuffle_in is None:
        raise PositionError("in the drawn phase, drawn names the card just drawn")
    command = -1
    commander = -1
    previous = -1
    fair = True
    if part["command"] is not None:
        if phase != RESPOND:
            raise PositionError("a command card awaits an answer in the respond phase only")
        command = COMMANDS[tuple(COMMANDS)[_name(part["command"], tuple(COMMANDS), "command")]]
        commander = whole(part["commander"], "commander", 0, n - 1)
        if (commander + direction) % n != turn:
            raise PositionError(
                f"a command card is directed at the next player: seat "
                f"{(commander + direction) % n} after seat {commander}, not seat {turn}"
            )
        if discard[-1].rank != command:
            raise PositionError(
                f"the {part['command']} command is not the top card, {a_card(discard[-1])}"
            )
        if command == REVERSE and n != 2:
            raise PositionError("a Reverse is a command only in a 2-player game")
        if command == WILD4:
            previous = _colour(part["previous_colour"], "previous_colour")
            if previous < 0:
                raise PositionError("previous_colour must name the colour before the Wild Draw 4")
            fair = _flag(part["fair"], "fair")
        elif part["previous_colour"] is not None or part["fair"] is not None:
            raise PositionError("previous_colour and fair are for a Wild Draw 4 only")
    elif phase == RESPOND and reshuffle_in is None:
        raise PositionError("in the respond phase a command card awaits an answer")
    elif any(part[k] is not None for k in ("commander", "previous_colour", "fair")):
        raise PositionError("commander, previous_colour and fair need a command")
    if called and (phase not in (PLAY, DRAWN, RESPOND) or len(hands[turn]) != 2):
        raise PositionError(
            f"called is true but seat {turn} holds {len(hands[turn])} cards in the "
            f"{phase_name} phase: UNO is called with two cards, before playing one"
        )
    window = None
    if part["window"] is not None:
        spec = part["window"]
        if not playing:
            raise PositionError(f"no catch window is open in the {phase_name} phase")
        if not isinstance(spec, Mapping) or set(spec) != {"subject", "answered"}:
            raise PositionError("window must be null or an object of subject and answered")
        subject = whole(spec["subject"], "window: subject", 0, n - 1)
        answered = {
            whole(s, "window: a seat that answered", 0, n - 1)
            for s in listed(spec["answered"], "window: answered")
        }
        if len(hands[subject]) != 1:
            raise PositionError(
                f"a catch window is open on a seat holding one card; seat {subject} "
                f"holds {len(hands[subject])}"
            )
        if len(answered) == n:
            raise PositionError("every seat has answered the catch window, so it is closed")
        order = tuple((subject + i * direction) % n for i in range(n))
        window = ResponseWindow("catch", order, subject, answered)
    shown: list[list[Any]] = [[] for _ in range(n)]
    for i, record in enumerate(listed(part["shown"], "shown")):
        what = f"shown entry {i + 1}"
        if not isinstance(record, Mapping) or set(record) != {"seat", "to", "cards"}:
            raise PositionError(f"{what} must be an object of seat, to and cards")
        owner = whole(record["seat"], f"{what}: seat", 0, n - 1)
        viewer = whole(record["to"], f"{what}: to", 0, n - 1)
        cards = sorted(_cards(record["cards"], f"{what}: cards"), key=_id)
        if owner == viewer:
            raise PositionError(f"{what}: a hand is shown to another seat, not to its owner")
        if not cards:
            raise PositionError(f"{what}: a hand shown lists the cards still held (none: no entry)")
        if Counter(cards) - Counter(hands[owner]):
            raise PositionError(
                f"{what}: seat {owner} does not hold all of {[c.text for c in cards]}"
            )
        if any(s.viewer == viewer for s in shown[owner]):
            raise PositionError(f"{what}: seat {owner}'s hand is listed twice as shown to {viewer}")
        shown[owner].append(Shown(viewer, cards))
    under: list[tuple[int, int, int]] = []
    last = 0
    for i, item in enumerate(listed(part["under"], "under")):
        what = f"under entry {i + 1}"
        if not isinstance(item, list) or len(item) != 3:
            raise PositionError(f"{what} must be [seat, start, stop]")
        owner = whole(item[0], f"{what}: seat", 0, n - 1)
        start = whole(item[1], f"{what}: start", last)
        stop = whole(item[2], f"{what}: stop", start + 1, max(len(discard) - 1, start + 1))
        if stop > len(discard) - 1:
            raise PositionError(f"{what}: a hand under the top discard ends below the top card")
        under.append((owner, start, stop))
        last = stop

    # -- the checks passed: set the state --------------------------------------------------
    state.phase = phase
    state.hands = hands
    counts = [[0] * len(FACES) for _ in range(n)]
    held = [0] * n
    for seat, hand in enumerate(hands):
        for card in hand:
            counts[seat][card.id] += 1
            held[seat] |= card.bit
    state.counts = counts
    state.held = held
    state.discard = discard
    state.draw = draw[::-1]
    state.colour = colour
    dealer = 0 if common.dealer is None else common.dealer
    state.order = TurnOrder(n, dealer, turn, direction)
    hands_log = [(0,) * n] * (played - 1) + [last_hand] if played else []
    state.board = Scoreboard(list(common.scores), None, hands_log)
    state.last_hand = last_hand
    best = max((v for v in first_draw if v is not None), default=None)
    if phase == DEALER and best is not None:
        state.drawers = tuple(s for s, v in enumerate(first_draw) if v == best)
        if len(state.drawers) < 2:
            raise PositionError("in the draw for the first dealer, the last round was a tie")
    else:
        state.drawers = tuple(s for s, v in enumerate(first_draw) if v is not None) or tuple(
            range(n)
        )
    state.first_draw = first_draw
    state.window = window
    state.command = command
    state.commander = commander if command >= 0 else -1
    state.previous_colour = previous
    state.fair = fair
    state.called = called
    state.drawn = drawn
    state.then = THEN_NEXT if playing and discard[-1].rank == LLAP else THEN_PLAY
    state.reshuffle = reshuffle_in is not None
    state.pending = pending
    state.shown = shown
    state.turns = turns
    state.out = out
    state.stopped = stopped or ""
    state.under = under


def _id(card: Card) -> int:
    return card.id


# -- sampled worlds -----------------------------------------------------------------------

_PHASE_OF_VIEW = {"play": PLAY, "drawn": DRAWN, "respond": RESPOND, "colour": COLOUR}
_ID = attrgetter("id")
HIDDEN = "hidden discards"
"""The place of a world's deal for the discards the seat has not seen (Live Long and
Prosper's hands), in the order of the holes they fill."""
DRAW_PILE = "draw pile"
"""The place of a world's deal for the draw pile, top first."""


@attrs.frozen(slots=True)
class _Known:
    """What every world sampled from one view shares, worked out once per view."""

    deal: DealConstraints[int | str, Card]  # of the cards the seat has not seen or was shown
    deals: tuple[tuple[int, tuple[Card, ...]], ...]  # (seat, cards shown to the seat)
    own_counts: tuple[int, ...]
    own_held: int
    discard: tuple[Card | None, ...]  # None: a card the seat has not seen
    holes: tuple[int, ...]
    phase: int
    colour: int
    direction: int
    seats: tuple[int, ...] | None  # the catch window's seats in order
    command: int
    commander: int
    previous_colour: int
    then: int
    drawers: tuple[int, ...]
    hands_log: tuple[tuple[int, ...], ...]
    shown: tuple[tuple[int, tuple[Card, ...]], ...]
    drawn: Card | None


_KNOWN: dict[int, tuple[UnoView, _Known]] = {}
"""Recent views and what they fix (a search bot samples many worlds from one view)."""
_KNOWN_SIZE = 8


def _known(view: UnoView) -> _Known:
    """What worlds sampled from ``view`` share; ``PositionError`` for a view they cannot
    come from."""
    cached = _KNOWN.get(id(view))
    if cached is not None and cached[0] is view:
        return cached[1]
    phase = _PHASE_OF_VIEW.get(view.phase)
    if phase is None or CHANCE in view.to_act or view.options is None:
        raise PositionError(
            f"a world is sampled at a seat's decision in a hand, not in the {view.phase} phase"
        )
    seat = view.seat
    sizes = view.hand_sizes
    n = len(sizes)
    remaining = _FULL[:]
    own = [0] * len(FACES)
    held = 0
    for card in view.hand:
        remaining[card.id] -= 1
        own[card.id] += 1
        held |= card.bit
    texts = view.discard
    discard = tuple(map(_SEEN.__getitem__, texts))
    for text, k in Counter(texts).items():
        if text != UNKNOWN:
            remaining[BY_TEXT[text].id] -= k
    holes = tuple(i for i, t in enumerate(texts) if t == UNKNOWN) if UNKNOWN in texts else ()
    known: list[tuple[Card, ...]] = [()] * n
    pool: list[Card] = []  # the shown cards first: the deal takes each from the front
    for owner, cards in view.shown:
        known[owner] = cards
        pool += cards
        for card in cards:
            remaining[card.id] -= 1
    pool += chain.from_iterable(map(repeat, FACES, remaining))  # none of a face at 0 or less
    places: dict[int | str, int] = {s: sizes[s] for s in range(n) if s != seat}
    if holes:
        places[HIDDEN] = len(holes)
    places[DRAW_PILE] = view.draw_pile
    if sum(places.values()) != len(pool) or min(remaining) < 0:
        raise PositionError("the view's hands and piles do not add up to the deck")
    fixed: dict[int | str, tuple[Card, ...]] = {s: cards for s, cards in view.shown}
    deal = DealConstraints(pool, places, fixed=fixed)
    direction = 1 if view.direction == "left" else -1
    subject = view.window_subject
    first_draw = view.first_draw
    played = view.hand_number - 1
    top = discard[-1] if discard else None
    if view.phase == "drawn" and seat == view.turn:
        assert view.drawn is not None
        drawn: Card | None = BY_TEXT[view.drawn]
    else:
        drawn = None
    found = _Known(
        deal=deal,
        deals=tuple((s, known[s]) for s in range(n) if s != seat),
        own_counts=tuple(own),
        own_held=held,
        discard=discard,
        holes=holes,
        phase=phase,
        colour=_COLOUR_IN_VIEW[view.colour],
        direction=direction,
        seats=None if subject is None else tuple((subject + i * direction) % n for i in range(n)),
        command=-1 if view.command is None else COMMANDS[view.command],
        commander=-1 if view.commander is None else view.commander,
        previous_colour=_COLOUR_IN_VIEW[view.previous_colour],
        then=THEN_NEXT if top is not None and top.rank == LLAP else THEN_PLAY,
        drawers=tuple(s for s, v in enumerate(first_draw) if v is not None) or tuple(range(n)),
        hands_log=((0,) * n,) * (played - 1) + (view.last_hand,) if played else (),
        shown=view.shown,
        drawn=drawn,
    )
    if len(_KNOWN) >= _KNOWN_SIZE:
        _KNOWN.clear()
    _KNOWN[id(view)] = (view, found)
    return found


def sample_world(game: UnoStarTrek, view: UnoView, rng: random.Random) -> UnoState:
    """A world consistent with ``view``: the cards its seat has not seen dealt uniformly
    to the other hands (beside the cards shown to the seat), the hidden hands under the
    top discard and the draw pile (in a uniformly random order)."""
    known = _known(view)
    options = view.options
    assert options is not None
    seat = view.seat
    turn = view.turn
    n = len(view.hand_sizes)
    random_ = rng.random
    given = known.deal.sample(rng)
    hands: list[list[Card]] = [[]] * n
    counts: list[list[int]] = [[]] * n
    held: list[int] = [0] * n
    hands[seat] = list(view.hand)
    counts[seat] = list(known.own_counts)
    held[seat] = known.own_held
    drawn = known.drawn
    faces = len(FACES)
    for s, shown_cards in known.deals:
        hand = given[s]
        if s == turn and known.phase == DRAWN:
            # the card just drawn is one the seat has not seen (unless a position says
            # the seat was shown the whole hand since): the dealt ones come after the shown
            seen = hand[len(shown_cards) :] or shown_cards
            drawn = seen[int(random_() * len(seen))]
        hand.sort(key=_ID)
        row = [0] * faces
        bits = 0
        for card in hand:
            row[card.id] += 1
            bits |= card.bit
        hands[s] = hand
        counts[s] = row
        held[s] = bits
    discard: list[Any] = list(known.discard)
    if known.holes:
        for i, card in zip(known.holes, given[HIDDEN], strict=True):
            discard[i] = card

    world = UnoState.__new__(UnoState)
    world.game = game
    world.players = n
    world.seed = rng.getrandbits(32)
    world.options = options
    world.history = []
    world.log = None
    world._rng = None
    world.auto_chance = True
    world._legal_seat = _STALE
    world._legal = ()
    world.target = options.target_score
    world.lowest_wins = options.scoring == "lowest"
    world.penalty = options.uno_penalty
    world.max_turns = options.max_turns
    world.order = TurnOrder(n, view.dealer, turn, known.direction)
    world.board = Scoreboard(list(view.scores), None, list(known.hands_log))
    world.hands = hands
    world.counts = counts
    world.held = held
    world.draw = given[DRAW_PILE]
    world.discard = discard
    world.colour = known.colour
    world.phase = known.phase
    world.drawers = known.drawers
    world.first_draw = view.first_draw
    seats = known.seats
    world.window = (
        None
        if seats is None
        else ResponseWindow("catch", seats, view.window_subject, set(view.window_answered))
    )
    command = known.command
    world.command = command
    world.commander = known.commander
    world.previous_colour = known.previous_colour
    if command != WILD4:
        world.fair = True
    elif view.fair is not None:
        world.fair = view.fair
    else:
        world.fair = fair_wild4(held[known.commander], known.previous_colour)
    world.called = view.called_uno
    world.drawn = drawn
    world.then = known.then
    world.reshuffle = False
    world.pending = (-1, 0, 0)
    shown: list[list[Shown]] = [[] for _ in range(n)]
    for owner, cards in known.shown:
        shown[owner].append(Shown(seat, list(cards)))
    world.shown = shown
    world.turns = view.turns
    world.out = -1
    world.last_hand = view.last_hand
    world.stopped = ""
    world.under = list(view.under)
    return world


__all__ = [
    "KEYS",
    "PHASES",
    "THEN",
    "position_part",
    "restore",
    "sample_world",
    "summary",
]
