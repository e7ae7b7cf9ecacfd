"""UNO: Star Trek's fixed shapes for learning: its action space (and observation).

Actions, in order: ``play CARD`` for each face by id (a Wild, Wild Draw 4, Beam
Me Up Scotty or Double Tribble once per colour named), ``draw``, ``keep``,
``uno``, ``accept``, ``challenge``, ``decline``, ``catch 0`` to ``catch n-1``,
``beam COLOUR`` and ``colour COLOUR`` for each colour. Observations:
:func:`observer`.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence

from cardkit import Action, Card, State
from cardkit.spaces import Layout, ObservationSpace, Spaces, zeros
from games.uno_star_trek.actions import (
    ACCEPT,
    BEAMS,
    CATCHES,
    CHALLENGE,
    DECLINE,
    DRAW,
    KEEP,
    NAMES,
    PLAYS,
    UNO,
)
from games.uno_star_trek.cards import COLOURS, COMMAND_NAMES, DECK, FACES, WILD4
from games.uno_star_trek.state import DEALING, DRAWN, OVER, PHASES, UnoOptions, UnoState
from games.uno_star_trek.view import UnoView


def all_actions(players: int, options: UnoOptions) -> tuple[Action, ...]:
    """Every play of every face, the single-word actions, catches, beams and colours."""
    plays = tuple(p for face in PLAYS for p in face)
    singles = (DRAW, KEEP, UNO, ACCEPT, CHALLENGE, DECLINE)
    return (*plays, *singles, *CATCHES[:players], *BEAMS, *NAMES)


VIEW_PHASES = ("deal", "play", "drawn", "respond", "colour", "over")
"""The phases a view names."""

COMMANDS = tuple(COMMAND_NAMES.values())
"""The command cards a view names: skip, reverse, draw2, wd4, meld, tribble."""

_COLOUR_INDEX = {name: i for i, name in enumerate(COLOURS)}
_PHASE_INDEX = {name: i for i, name in enumerate(VIEW_PHASES)}
_COMMAND_INDEX = {name: i for i, name in enumerate(COMMANDS)}
_STATE_PHASE = {p: _PHASE_INDEX["deal" if p in DEALING else p] for p in PHASES}
"""The view's phase index of each of the state's phases."""


def observer(players: int, options: UnoOptions) -> ObservationSpace:
    """The observation of a seat's view (layout in docs/rl.md): card planes by face id
    (copies counted), seats counted from the viewer (0 is the viewer, 1 the next seat
    in seat order, ...)."""
    n = players
    faces = len(FACES)
    lay = Layout()
    hand = lay.add("hand", faces, "own cards: copies of each face")
    top = lay.add("top", faces, "the top discard")
    colour = lay.add("colour", 4, "the colour in force (red, yellow, green, blue)")
    drawn = lay.add("drawn", faces, "the card this seat has just drawn (it may play it)")
    shown = lay.add("shown", n * faces, "cards seen in other hands (Mind Meld), by seat")
    sizes = lay.add("hand_sizes", n, "cards held, by seat")
    turn = lay.add("turn", n, "the seat whose turn it is")
    to_act = lay.add("to_act", n, "the seat to act now (a catch window comes first)")
    phase = lay.add("phase", len(VIEW_PHASES), "deal, play, drawn, respond, colour, over")
    command = lay.add("command", len(COMMANDS), "the command card awaiting an answer")
    commander = lay.add("commander", n, "who played that command card")
    previous = lay.add("previous_colour", 4, "the colour before a pending Wild Draw 4")
    window = lay.add("window", n, "the seat a catch window is open on")
    dealer = lay.add("dealer", n, "the dealer")
    scores = lay.add("scores", n, "match totals")
    numbers = lay.add(
        "numbers", 5, "direction (1 left, -1 right), called UNO, draw pile, hand number, turns"
    )
    size = lay.size

    rel = tuple(tuple((seat - me) % n for seat in range(n)) for me in range(n))
    hand_at = tuple(hand + face.id for face in FACES)
    blank = zeros(size)

    def fill(
        me: int,
        cards: Sequence[Card],
        top_id: int,
        colour_index: int,
        drawn_id: int,
        seen: Iterable[tuple[int, Sequence[Card]]],
        held: Sequence[int],
        totals: Sequence[int],
        turn_seat: int,
        first: int,
        phase_index: int,
        command_index: int,
        commander_seat: int,
        previous_index: int,
        subject: int,
        dealer_seat: int,
        numbers_now: tuple[int, int, int, int, int],
    ) -> array[float]:
        """The observation from its values (-1 for none): one statement for both paths."""
        out = blank[:]  # a single-precision array (zeros): ints are stored as floats
        mine = rel[me]
        for card in cards:
            out[hand_at[card.id]] += 1
        if top_id >= 0:
            out[top + top_id] = 1
        if colour_index >= 0:
            out[colour + colour_index] = 1
        if drawn_id >= 0:
            out[drawn + drawn_id] = 1
        for seat, shown_cards in seen:
            base = shown + mine[seat] * faces
            for card in shown_cards:
                out[base + card.id] += 1
        for seat in range(n):
            at = mine[seat]
            out[sizes + at] = held[seat]
            out[scores + at] = totals[seat]
        out[turn + mine[turn_seat]] = 1
        if first >= 0:
            out[to_act + mine[first]] = 1
        out[phase + phase_index] = 1
        if command_index >= 0:
            out[command + command_index] = 1
        if commander_seat >= 0:
            out[commander + mine[commander_seat]] = 1
        if previous_index >= 0:
            out[previous + previous_index] = 1
        if subject >= 0:
            out[window + mine[subject]] = 1
        out[dealer + mine[dealer_seat]] = 1
        out[numbers], out[numbers + 1], out[numbers + 2], out[numbers + 3], out[numbers + 4] = (
            numbers_now
        )
        return out

    def encode(view: UnoView) -> array[float]:
        return fill(
            view.seat,
            view.hand,
            -1 if view.top is None else view.top.id,
            -1 if view.colour is None else _COLOUR_INDEX[view.colour],
            -1 if view.drawn is None else DECK.card(view.drawn).id,
            view.shown,
            view.hand_sizes,
            view.scores,
            view.turn,
            view.to_act[0] if view.to_act else -1,
            _PHASE_INDEX[view.phase],
            -1 if view.command is None else _COMMAND_INDEX[view.command],
            -1 if view.commander is None else view.commander,
            -1 if view.previous_colour is None else _COLOUR_INDEX[view.previous_colour],
            -1 if view.window_subject is None else view.window_subject,
            view.dealer,
            (
                1 if view.direction == "left" else -1,
                1 if view.called_uno else 0,
                view.draw_pile,
                view.hand_number,
                view.turns,
            ),
        )

    def from_state(state: State, seat: int) -> array[float]:
        """:func:`encode` of ``state.view(seat)``, read from the state as its view does."""
        assert isinstance(state, UnoState)
        phase = state.phase
        playing = phase not in DEALING
        command_now = state.command
        window_now = state.window
        to_act_now = state.to_act()
        current = state.order.current
        drawn_card = state.drawn
        cards = state.cards
        top = cards.top(state.pile)
        return fill(
            seat,
            cards.cards(seat),
            top.id if top is not None and playing else -1,
            _COLOUR_INDEX[state.colour] if playing and state.colour else -1,
            drawn_card.id if drawn_card and phase == DRAWN and seat == current else -1,
            state.shown_to(seat),
            [cards.count(s) for s in range(state.players)],
            state.board.totals,
            current,
            to_act_now[0] if to_act_now else -1,
            _STATE_PHASE[phase],
            _COMMAND_INDEX[COMMAND_NAMES[command_now]] if command_now >= 0 else -1,
            state.commander if command_now >= 0 else -1,
            _COLOUR_INDEX[state.previous_colour]
            if command_now == WILD4 and state.previous_colour
            else -1,
            window_now.subject if window_now is not None and window_now.subject is not None else -1,
            state.order.dealer,
            (
                1 if state.order.direction == 1 else -1,
                1 if state.called else 0,
                cards.count(state.stock),
                state.board.hands_played + (0 if phase == OVER and not state.stopped else 1),
                state.turns,
            ),
        )

    return lay.space(encode, from_state)


SPACES = Spaces(actions=all_actions, observer=observer)
"""The game's action space and observer (``Game.spaces``)."""
