"""UNO: Star Trek's fixed shapes for learning: its action space (and observation).

Actions, in order: ``play CARD`` for each face by id (a Wild, Wild Draw 4, Beam
Me Up Scotty or Double Tribble once per colour named), ``draw``, ``keep``,
``uno``, ``accept``, ``challenge``, ``decline``, ``catch 0`` to ``catch n-1``,
``beam COLOUR`` and ``colour COLOUR`` for each colour. Observations:
:func:`observer`; rewards during a match: :func:`running_scores`.
"""

from __future__ import annotations

from cardkit import Action, State
from cardkit.spaces import Layout, ObservationSpace
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
from games.uno_star_trek.cards import COLOURS, COMMAND_NAMES, DECK, FACES
from games.uno_star_trek.state import UnoOptions, UnoState
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

    def encode(view: UnoView) -> list[float]:
        out = [0.0] * size
        me = view.seat
        for card in view.hand:
            out[hand + card.id] += 1.0
        if view.top is not None:
            out[top + view.top.id] = 1.0
        if view.colour is not None:
            out[colour + _COLOUR_INDEX[view.colour]] = 1.0
        if view.drawn is not None:
            out[drawn + DECK.card(view.drawn).id] = 1.0
        for seat, cards in view.shown:
            base = shown + ((seat - me) % n) * faces
            for card in cards:
                out[base + card.id] += 1.0
        for seat, held in enumerate(view.hand_sizes):
            out[sizes + (seat - me) % n] = float(held)
            out[scores + (seat - me) % n] = float(view.scores[seat])
        out[turn + (view.turn - me) % n] = 1.0
        if view.to_act and view.to_act[0] >= 0:
            out[to_act + (view.to_act[0] - me) % n] = 1.0
        out[phase + _PHASE_INDEX[view.phase]] = 1.0
        if view.command is not None:
            out[command + _COMMAND_INDEX[view.command]] = 1.0
        if view.commander is not None:
            out[commander + (view.commander - me) % n] = 1.0
        if view.previous_colour is not None:
            out[previous + _COLOUR_INDEX[view.previous_colour]] = 1.0
        if view.window_subject is not None:
            out[window + (view.window_subject - me) % n] = 1.0
        out[dealer + (view.dealer - me) % n] = 1.0
        out[numbers] = 1.0 if view.direction == "left" else -1.0
        out[numbers + 1] = 1.0 if view.called_uno else 0.0
        out[numbers + 2] = float(view.draw_pile)
        out[numbers + 3] = float(view.hand_number)
        out[numbers + 4] = float(view.turns)
        return out

    return lay.space(encode)


def running_scores(state: State) -> tuple[float, ...]:
    """The match totals so far."""
    assert isinstance(state, UnoState)
    return tuple(float(s) for s in state.board.totals)
