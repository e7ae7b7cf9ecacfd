"""Positions and sampled worlds of UNO: Star Trek (see :mod:`cardkit.positions`).

The game's own part of a position (``"state"``)::

    {"phase": "play",                  # dealer, deal, turn-up, play, drawn, respond, colour, over
     "cards": {"zones": {"hand 0": ["r1", "y7"], ...,   # each seat's cards
                         "draw pile": ["b2", ...],      # bottom first: the top card is drawn next
                         "discard pile": ["g5", "wild"],  # face up, bottom first, the top last
                         "under": ["g9"]},              # hands put under the top discard
               "barred": {"hand 2": ["r1", ...]}},      # a fair Wild Draw 4 challenged
     "shown": [{"seat": 1, "to": 0, "cards": ["r2"]}],  # hands shown, the cards still surely held
     "under": [[0, 1, 2]],             # Live Long and Prosper: seat 0's old hand is discard[1:2]
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
     "reshuffle": null,                # a due reshuffle: {"seat": 1, "count": 2, "then": "skip"}
     "turns": 12,                      # turns begun this hand (max_turns stops a hand)
     "first_draw": [3, 9, 0, 5],       # the last round of drawing for the first dealer
     "last_hand": [0, 0, 87, 0],       # the last finished hand's points ([] before one)
     "stopped": null}                  # why a stopped match was stopped

``cards`` is written and read by the core (:meth:`cardkit.zones.Cards.write`; a seat's
position has :meth:`~cardkit.zones.SeatCards.write`'s); the discard pile as it lies is
the face-up cards with the ``under`` cards in the places ``under`` gives. A position of
the earlier form, with ``hands``, ``discard`` (bottom first, the hidden hands in it) and
``draw`` (top first) in place of ``cards``, is read too.

The state is set directly from these (no replay), after checks that refuse, with one
line, a position the rules could not reach: a card more often than the deck holds it or
missing, a colour in force that the top card does not allow, a drawn card not in the
drawer's hand, a command that is not the top card, a catch window on a seat not holding
one card, a shown card its owner does not hold, negative scores, and so on.

A sampled world (:func:`sample_world`) is the view's public part (made once per view)
with the cards the seat has not seen dealt by the core
(:meth:`cardkit.zones.SeatCards.deal`): its hand, the discard pile, the cards shown to
it that their owners surely still hold and a colour a challenge showed a hand lacks stay.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardkit import CHANCE, Card, ResponseWindow, Scoreboard, TurnOrder
from cardkit.positions import UNKNOWN, Common, PositionError, card_of, game_part, listed, whole
from cardkit.zones import Cards
from games.uno_star_trek.cards import (
    COLOUR_OF,
    COLOURS,
    COMMAND_NAMES,
    DECK,
    FACE_CARDS,
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
    UnoState,
    fair_wild4,
)
from games.uno_star_trek.view import UnoView

if TYPE_CHECKING:
    from games.uno_star_trek.game import UnoStarTrek

KEYS = (
    "phase",
    "cards",
    "shown",
    "under",
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
    "reshuffle",
    "turns",
    "first_draw",
    "last_hand",
    "stopped",
)
"""The keys of the game's own part, in the order they are written."""
EARLIER_KEYS = (*KEYS[:1], "hands", "discard", "draw", *KEYS[2:])
"""The keys of the earlier form (``hands``, ``discard``, ``draw`` for ``cards``)."""

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
    cards = state.cards
    drawn: str | None = state.drawn.text if phase == DRAWN and state.drawn is not None else None
    fair: bool | str | None = state.fair if command == WILD4 else None
    shown: list[dict[str, Any]] = [
        {"seat": owner, "to": viewer, "cards": [c.text for c in held]}
        for viewer in range(n)
        for owner, held in state.shown_to(viewer)
    ]
    if seat is None:
        written = cards.write()
        written.pop("known", None)  # the shown hands say it (known faces do not say whose)
        for zone, texts in written.get("barred", {}).items():  # each face once
            written["barred"][zone] = list(dict.fromkeys(texts))
    else:
        written = cards.seen_by(seat).write()
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
        "cards": written,
        "shown": shown,
        "under": [list(r) for r in state.under],
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


def _under(value: Any, n: int, pile: int) -> list[tuple[int, int, int]]:
    """The ``under`` entries, checked against a discard pile of ``pile`` cards."""
    under: list[tuple[int, int, int]] = []
    last = 0
    for i, item in enumerate(listed(value, "under")):
        what = f"under entry {i + 1}"
        if not isinstance(item, list) or len(item) != 3:
            raise PositionError(f"{what} must be [seat, start, stop]")
        owner = whole(item[0], f"{what}: seat", 0, n - 1)
        start = whole(item[1], f"{what}: start", last)
        stop = whole(item[2], f"{what}: stop", start + 1, max(pile - 1, start + 1))
        if stop > pile - 1:
            raise PositionError(f"{what}: a hand under the top discard ends below the top card")
        under.append((owner, start, stop))
        last = stop
    return under


def _earlier(part: Mapping[str, Any], n: int) -> dict[str, Any]:
    """The game's part of the earlier form, its cards as the core writes them."""
    part = game_part(part, EARLIER_KEYS)
    hands_in = listed(part["hands"], "hands")
    if len(hands_in) != n:
        raise PositionError(f"hands must list {n} seats, not {len(hands_in)}")
    hands = [_cards(h, f"hand of seat {s}") for s, h in enumerate(hands_in)]
    discard = _cards(part["discard"], "discard")
    draw = _cards(part["draw"], "draw")
    _check_cards(hands, discard, draw)
    hidden = {
        i for _, start, stop in _under(part["under"], n, len(discard)) for i in range(start, stop)
    }
    zones = {f"hand {s}": [c.text for c in hand] for s, hand in enumerate(hands)}
    zones["draw pile"] = [c.text for c in reversed(draw)]
    zones["discard pile"] = [c.text for i, c in enumerate(discard) if i not in hidden]
    zones["under"] = [c.text for i, c in enumerate(discard) if i in hidden]
    rest = {k: v for k, v in part.items() if k not in ("hands", "discard", "draw")}
    return {**rest, "cards": {"zones": zones}}


def restore(state: UnoState, common: Common, part: Any) -> None:
    """Make the fresh ``state`` the position (see the module docstring); ``PositionError``
    naming what is wrong for one that breaks the rules."""
    n = state.players
    if isinstance(part, Mapping) and "hands" in part and "cards" not in part:
        part = _earlier(part, n)
    part = game_part(part, KEYS)
    options = state.options
    phase_name = part["phase"]
    phase = _name(phase_name, PHASES, "phase")
    playing = PLAY <= phase < OVER
    cards = state.cards = Cards.read(state.cards.layout, part["cards"])
    faces = cards.count(state.pile) + cards.count(state.hidden)
    under = state.under = _under(part["under"], n, faces)
    if sum(stop - start for _, start, stop in under) != cards.count(state.hidden):
        raise PositionError("the under entries do not place every card under the top discard")
    hands, discard, draw = state.hands, state.discard, state.draw
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
    for i, record in enumerate(listed(part["shown"], "shown")):
        what = f"shown entry {i + 1}"
        if not isinstance(record, Mapping) or set(record) != {"seat", "to", "cards"}:
            raise PositionError(f"{what} must be an object of seat, to and cards")
        owner = whole(record["seat"], f"{what}: seat", 0, n - 1)
        viewer = whole(record["to"], f"{what}: to", 0, n - 1)
        seen = _cards(record["cards"], f"{what}: cards")
        if owner == viewer:
            raise PositionError(f"{what}: a hand is shown to another seat, not to its owner")
        if not seen:
            raise PositionError(f"{what}: a hand shown lists the cards still held (none: no entry)")
        if Counter(seen) - Counter(hands[owner]):
            raise PositionError(
                f"{what}: seat {owner} does not hold all of {[c.text for c in seen]}"
            )
        if cards.known[viewer] & cards.masks[owner]:
            raise PositionError(f"{what}: seat {owner}'s hand is listed twice as shown to {viewer}")
        cards.show(viewer, owner, seen)
    for owner, start, stop in under:
        cards.show(owner, state.hidden, discard[start:stop])

    # -- the checks passed: set the state --------------------------------------------------
    state.phase = phase
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
    state.turns = turns
    state.out = out
    state.stopped = stopped or ""


# -- sampled worlds -----------------------------------------------------------------------

_PHASE_OF_VIEW = {"play": PLAY, "drawn": DRAWN, "respond": RESPOND, "colour": COLOUR}


def sample_world(game: UnoStarTrek, view: UnoView, rng: random.Random) -> UnoState:
    """A world consistent with ``view``: its public part (made once per view, kept in
    its ``SeatCards.memo``, copied for each world), the cards its seat has not seen
    dealt by the core, later chance from a fresh seed."""
    known = view.cards
    if view.phase not in _PHASE_OF_VIEW or CHANCE in view.to_act or view.options is None:
        raise PositionError(
            f"a world is sampled at a seat's decision in a hand, not in the {view.phase} phase"
        )
    if known is None:
        raise PositionError("a world is sampled from a seat's view with its cards")
    base = known.memo
    if not isinstance(base, UnoState) or base.game is not game:
        base = known.memo = _public(game, view)
    world = base.clone()
    world.seed = rng.getrandbits(32)
    turn = view.turn
    called = view.called_uno and turn != view.seat
    for _ in range(1000):  # until the cards fit what an UNO call showed (RULING 7)
        world.cards = cards = known.deal(rng)
        if world.phase == DRAWN and view.drawn is None:  # a card the seat has not seen
            hand = cards.masks[turn]
            unseen = hand & ~known.masks[turn] or hand
            bits = [i for i in range(unseen.bit_length()) if unseen >> i & 1]
            world.drawn = drawn = DECK.cards[bits[int(rng.random() * len(bits))]]
            if called and not FACE_CARDS[drawn.id] & world.match_mask():
                continue  # the call showed the card drawn can be played
        elif called and world.phase == PLAY and not cards.masks[turn] & world.match_mask():
            continue  # the call showed one of the two cards can be played
        break
    else:
        raise PositionError("no deal fits what the UNO call showed")
    if world.command == WILD4 and view.fair is None:
        world.fair = fair_wild4(cards.masks[world.commander], world.previous_colour)
    return world


def _public(game: UnoStarTrek, view: UnoView) -> UnoState:
    """A state with ``view``'s public facts, its cards still to be dealt."""
    n = len(view.hand_sizes)
    world = game.new_state(n, 0, view.options, False)
    direction = 1 if view.direction == "left" else -1
    world.order = TurnOrder(n, view.dealer, view.turn, direction)
    played = view.hand_number - 1
    hands_log = [(0,) * n] * (played - 1) + [view.last_hand] if played else []
    world.board = Scoreboard(list(view.scores), None, hands_log)
    world.phase = _PHASE_OF_VIEW[view.phase]
    world.colour = _colour(view.colour, "colour")
    world.first_draw = view.first_draw
    world.drawers = tuple(s for s, v in enumerate(view.first_draw) if v is not None)
    world.drawers = world.drawers or tuple(range(n))
    subject = view.window_subject
    if subject is not None:
        seats = tuple((subject + i * direction) % n for i in range(n))
        world.window = ResponseWindow("catch", seats, subject, set(view.window_answered))
    world.command = -1 if view.command is None else COMMANDS[view.command]
    world.commander = -1 if view.commander is None else view.commander
    world.previous_colour = _colour(view.previous_colour, "previous_colour")
    world.fair = view.fair is not False
    world.called = view.called_uno
    world.drawn = None if view.drawn is None else BY_TEXT[view.drawn]
    world.then = THEN_NEXT if view.top is not None and view.top.rank == LLAP else THEN_PLAY
    world.turns = view.turns
    world.last_hand = view.last_hand
    world.under = list(view.under)
    world.auto_chance = True
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
