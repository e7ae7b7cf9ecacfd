"""The UNO: Star Trek plugin game: options, parsing, step bound, event lines."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from cardkit import CHANCE, Action, Deck, Decline, Draw, Game, Option, Play, Shuffle, State
from cardkit.options import OptionValue
from games.uno_star_trek.actions import Beam, CallUno, Catch, Challenge, Keep, NameColour, parse
from games.uno_star_trek.bot import HeuristicBot
from games.uno_star_trek.cards import DEAL_VALUE, DECK, HAND_SIZE, LLAP, MELD
from games.uno_star_trek.rules import RULES
from games.uno_star_trek.state import DEAL, DEALER, MAX_HANDS, RESPOND, UnoState, option_int


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
        """One event line; drawn cards and shown hands stay hidden from other seats."""
        assert isinstance(state, UnoState)
        if seat == CHANCE:
            assert isinstance(action, Shuffle)
            return _describe_chance(state, action)
        who = f"seat {seat}"
        sees = viewer is None or viewer == seat
        kind = type(action)
        if kind is Draw:
            top = state.draw[-1] if state.draw else None
            if top is None:
                return f"{who} draws (the draw pile is empty)"
            return f"{who} draws {top.text}" if sees else f"{who} draws a card"
        if kind is Play:
            assert isinstance(action, Play)
            line = f"{who} plays {action.card.text}"
            if action.declare is not None:
                line += f" and names {action.declare}"
            if action.card.rank == LLAP:
                line += f" and draws a new hand of {len(state.hands[seat]) - 1}"
            return line
        if kind is Keep:
            return f"{who} keeps the drawn card"
        if kind is CallUno:
            return f"{who}: Space, the final UNO frontier!"
        if kind is Catch:
            assert isinstance(action, Catch)
            return f"{who} catches seat {action.seat}, who draws {state.penalty}"
        if kind is Challenge:
            player = state.commander
            if state.fair:
                return f"{who} challenges seat {player}'s Wild Draw 4: fair; {who} draws 6"
            return f"{who} challenges seat {player}'s Wild Draw 4: a bluff; seat {player} draws 4"
        if kind is Beam:
            assert isinstance(action, Beam)
            return f"{who} beams up out of the command and names {action.colour}"
        if kind is NameColour:
            assert isinstance(action, NameColour)
            return f"{who} names {action.colour}"
        if kind is Decline:
            window = state.window
            if state.phase == RESPOND and (window is None or seat not in window.pending):
                if state.command == MELD:
                    return f"{who} shows their hand to seat {state.commander}"
                return f"{who} accepts the command"
            return f"{who} declines"
        return f"{who}: {action}"


def _describe_chance(state: UnoState, action: Shuffle) -> str:
    cards = action.cards
    if state.reshuffle:
        return "the discard pile except its top card is shuffled into a new draw pile"
    if state.phase == DEALER:
        draws = ", ".join(
            f"seat {s} {cards[i].text} ({DEAL_VALUE[cards[i].id]})"
            for i, s in enumerate(state.drawers)
        )
        return f"drawing for the deal: {draws}"
    if state.phase == DEAL:
        top = cards[state.players * HAND_SIZE]
        return f"seat {state.order.dealer} deals; {top.text} is turned up"
    return f"the returned card is shuffled in; {cards[0].text} is turned up"
