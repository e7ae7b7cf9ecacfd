"""The UNO: Star Trek plugin game: options, parsing, step bound, event lines."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from cardkit import CHANCE, Action, Card, Deck, Decline, Draw, Game, Option, Play, Shuffle, State
from cardkit.options import OptionValue
from games.uno_star_trek.actions import (
    Accept,
    Beam,
    CallUno,
    Catch,
    Challenge,
    Keep,
    NameColour,
    parse,
)
from games.uno_star_trek.bot import HeuristicBot
from games.uno_star_trek.cards import (
    BEAM,
    DECK,
    DRAW2,
    HAND_SIZE,
    KIND_LABELS,
    LLAP,
    MELD,
    REVERSE,
    SKIP,
    TRIBBLE,
    WILD,
    WILD4,
)
from games.uno_star_trek.rules import RULES
from games.uno_star_trek.state import (
    DEAL,
    DEALER,
    DRAW_COMMANDS,
    MAX_HANDS,
    UnoState,
    dealer_draw,
    option_int,
)


class UnoStarTrek(Game):
    """UNO: Star Trek for 2 to 10 players."""

    id = "uno-star-trek"
    name = "UNO: Star Trek"
    summary = "UNO with Star Trek specials: Live Long and Prosper, Mind Meld, Beam, Tribbles"
    min_players = 2
    max_players = 10
    default_players = 4
    options = (
        Option("target_score", "int", 500, "points that win the match", low=1),
        Option(
            "scoring",
            "str",
            "winner",
            "winner: who goes out scores the others' cards, highest wins; "
            "lowest: everyone adds the points they hold, lowest total wins",
            choices=("winner", "lowest"),
        ),
        Option("uno_penalty", "int", 5, "cards drawn when caught not calling UNO", low=0, high=20),
        Option("max_turns", "int", 10000, "turns after which a hand stops with no winner", low=1),
    )
    rules = RULES
    bots: ClassVar[Mapping[str, type[Any]]] = {"heuristic": HeuristicBot}
    suit_styles: ClassVar[Mapping[str, str]] = {
        "r": "bold red",
        "y": "bold yellow",
        "g": "bold green",
        "b": "bold blue",
        "w": "bold magenta",
    }

    def new_state(
        self, players: int, seed: int, options: Mapping[str, OptionValue], auto_chance: bool
    ) -> UnoState:
        return UnoState(self, players, seed, options, auto_chance)

    def deck(self, players: int, options: Mapping[str, OptionValue]) -> Deck:
        return DECK

    def parse_action(self, text: str, state: State | None = None) -> Action:
        return parse(text)

    def max_steps(self, players: int, options: Mapping[str, OptionValue]) -> int:
        # Per turn at most: uno, play or draw, play or keep the drawn card, a catch
        # window (one answer per seat), an answer to a command, a colour, and a
        # reshuffle for each of two draws; plus drawing for the deal and turn-ups.
        per_turn = players + 10
        per_hand = (option_int(options, "max_turns") + 2) * per_turn + 100
        return per_hand * MAX_HANDS + 1000

    def describe(self, state: State, seat: int, action: Action, viewer: int | None) -> str:
        """One event line, read before the action is applied; drawn cards and shown
        hands stay hidden from other seats."""
        assert isinstance(state, UnoState)
        if seat == CHANCE:
            assert isinstance(action, Shuffle)
            return _describe_chance(state, action)
        who = f"seat {seat}"
        kind = type(action)
        if kind is Draw:
            if not state.draw:
                if len(state.discard) > 1:
                    return f"{who} draws (the draw pile is empty: the discard pile is reshuffled)"
                return f"{who} cannot draw: no card is left to draw"
            if viewer is None or viewer == seat:
                return f"{who} draws {state.draw[-1].text}"
            return f"{who} draws a card"
        if kind is Play:
            assert isinstance(action, Play)
            return _describe_play(state, seat, action)
        if kind is Keep:
            return f"{who} keeps the drawn card"
        if kind is CallUno:
            return f"{who}: Space, the final UNO frontier!"
        if kind is Catch:
            assert isinstance(action, Catch)
            caught = action.seat
            cards = _drawn(state, caught, state.penalty, viewer)
            return (
                f"{who} catches seat {caught}, who did not call UNO: "
                f"seat {caught} draws {state.penalty}{cards}"
            )
        if kind is Challenge:
            player = state.commander
            if state.fair:
                cards = _drawn(state, seat, 6, viewer)
                return (
                    f"{who} challenges seat {player}'s Wild Draw 4 and sees their hand: "
                    f"it was fair; {who} draws 6{cards} and is skipped"
                )
            cards = _drawn(state, player, 4, viewer)
            return (
                f"{who} challenges seat {player}'s Wild Draw 4 and sees their hand: "
                f"a bluff; seat {player} draws 4{cards} and {who} plays"
            )
        if kind is Accept:
            return _describe_accept(state, seat, viewer)
        if kind is Beam:
            assert isinstance(action, Beam)
            name = KIND_LABELS.get(state.command, "command")
            line = f"{who} plays beam out of turn to stop the {name} and names {action.colour}"
            return line + _uno_note(state, seat)
        if kind is NameColour:
            assert isinstance(action, NameColour)
            return f"{who} names {action.colour}"
        if kind is Decline:
            window = state.window
            if window is not None and window.subject == seat:
                return f"{who} does not call UNO"
            if window is not None:
                return f"{who} does not catch seat {window.subject}"
            return f"{who} declines"
        return f"{who}: {action}"


def _drawn(state: UnoState, seat: int, count: int, viewer: int | None) -> str:
    """`` (b1 y7)``: the cards ``seat`` is about to draw, for that seat's eyes only, when the
    draw pile holds them all; else nothing."""
    if (viewer is not None and viewer != seat) or count <= 0 or count > len(state.draw):
        return ""
    pile = state.draw
    return " (" + " ".join(pile[-1 - i].text for i in range(count)) + ")"


def _uno_note(state: UnoState, seat: int) -> str:
    """`` without calling UNO`` when ``seat`` plays its second-to-last card uncalled."""
    if len(state.hands[seat]) == 2 and not state.called:
        return " without calling UNO: they can be caught until the next player begins their turn"
    return ""


def _describe_play(state: UnoState, seat: int, action: Play) -> str:
    card = action.card
    kind = card.rank
    line = f"seat {seat} plays {card.text}"
    if action.declare is not None:
        line += f" and names {action.declare}"
    left = len(state.hands[seat]) - 1
    if left == 0:
        if kind in DRAW_COMMANDS:
            target = state.order.next_seat(seat)
            count = state.forced_draw(kind, target)
            return f"{line} and goes out; seat {target} draws {count}, counted in the score"
        return f"{line} and goes out"
    if kind == LLAP:
        line += f", puts their hand under it and draws a new hand of {left}"
    return line + _uno_note(state, seat)


def _describe_accept(state: UnoState, seat: int, viewer: int | None) -> str:
    who = f"seat {seat}"
    command = state.command
    if command in DRAW_COMMANDS:
        count = state.forced_draw(command, seat)
        draws = f"draws {count}{_drawn(state, seat, count, viewer)} and is skipped"
        if command == TRIBBLE:
            return f"{who} doubles their hand: {draws}"
        return f"{who} {draws}"
    if command == MELD:
        return f"{who} shows their hand to seat {state.commander}"
    return f"{who} is skipped"


def _describe_chance(state: UnoState, action: Shuffle) -> str:
    cards = action.cards
    if state.reshuffle:
        return "the discard pile except its top card is shuffled into a new draw pile"
    if state.phase == DEALER:
        values, best = dealer_draw(state.drawers, cards)
        draws = ", ".join(
            f"seat {s} {cards[i].text} ({value})" for i, (s, value) in enumerate(values)
        )
        if len(best) > 1:
            tied = ", ".join(str(s) for s in best[:-1]) + f" and {best[-1]}"
            return f"drawing for the deal: {draws}; seats {tied} tie and draw again"
        return f"drawing for the deal: {draws}; seat {best[0]} deals first"
    if state.phase == DEAL:
        top = cards[state.players * HAND_SIZE]
        hand = state.board.hands_played + 1
        line = f"{_last_hand(state)}seat {state.order.dealer} deals hand {hand}; "
        return line + f"{top.text} is turned up: {_turn_up(state, top)}"
    top = cards[0]
    return f"the deck is shuffled; {top.text} is turned up: {_turn_up(state, top)}"


def _last_hand(state: UnoState) -> str:
    """``hand 1 scored: seat 2 +155. `` (nothing before the first hand)."""
    if not state.board.hands_played:
        return ""
    points = state.last_hand
    if state.lowest_wins:
        scored = ", ".join(f"seat {s} +{p}" for s, p in enumerate(points))
    else:
        scored = ", ".join(f"seat {s} +{p}" for s, p in enumerate(points) if p) or "nothing"
    return f"hand {state.board.hands_played} scored: {scored}. "


def _turn_up(state: UnoState, top: Card) -> str:
    """What the first discard does (RULING 2), in words."""
    kind = top.rank
    n = state.players
    dealer = state.order.dealer
    first = state.order.left_of_dealer()  # play goes left at a deal, whatever it did before
    following = state.order.left_of_dealer(2)
    if kind in (WILD4, MELD, LLAP, BEAM):
        return "it goes back into the deck, which is shuffled again"
    if kind == SKIP:
        return f"seat {first} is skipped; seat {following} plays first"
    if kind == REVERSE:
        if n == 2:
            return f"seat {first} is skipped; seat {dealer} (the dealer) plays first"
        return f"seat {dealer} (the dealer) plays first and play goes right"
    if kind == DRAW2:
        return f"seat {first} draws 2 and is skipped; seat {following} plays first"
    if kind == WILD:
        return f"seat {first} names the colour and plays first"
    if kind == TRIBBLE:
        return (
            f"seat {first} doubles their hand (draws {HAND_SIZE}) and is skipped; "
            f"seat {following} names the colour and plays first"
        )
    return f"seat {first} plays first"
