"""The U.F.O.s game object: options, rules text, parsing and event lines."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from cardkit import CHANCE, Action, Bid, Deck, Game, Option, Pass, State
from cardkit.options import OptionValue
from games.ufos import actions
from games.ufos.actions import Choose, PlayCard, Spy, Wait
from games.ufos.bot import HeuristicBot
from games.ufos.cards import DECK, SUIT_NAMES
from games.ufos.state import RESPY_LIMIT, UfosState

RULES = f"""
**U.F.O.s** is a trick-taking game for 3 to 6 players with an auction for the
right to name trump and to decide whether tricks are good or bad.

**Cards.** 60 cards: Red, Yellow, Green and Tan (`R`, `Y`, `G`, `T`), each
numbered 1-9, 11, 13, 14 and 15, plus four Blue 10s and four Blue 12s (`B10`,
`B12`). Every card is dealt, so each player holds 60 divided by the number of
players. Every player also has a set of bid cards: five Suit Cards (red,
yellow, green, tan and x, meaning no trump) and two Game Cards (high, low).
On the table a bid card shows its owner's seat after `@`: `high@2` is seat 2's
high Game Card.

**Choosing.** After the deal everyone secretly lays down one Suit Card and one
Game Card (`choose red high`, `choose x low`). When all have chosen, the Game
Cards are turned up together; the Suit Cards stay face down.

**Auction.** Starting with the dealer and going left, each player in turn:

- `pass`: out of the auction for this hand; a pass cannot be taken back;
- `bid N`: at least 1, more than the standing bid, no more than your points
  (with 0 points you cannot bid);
- `spy S`: give seat S one of your points and look at its Suit Card; only you
  see it. You need a point to spy, you may spy on a player who passed, but
  not after passing yourself. The high bidder may not spy if it would leave
  fewer points than the bid. You may not spy on the same player twice in a
  hand (option `respy` allows it, up to {RESPY_LIMIT} spies per player per hand);
- `wait`: only the standing high bidder, who may not raise their own bid.

The auction ends when everyone but the high bidder has passed. The winner pays
the bid to the bank and turns up the Suit Card: its suit is trump (x: no
trump) and their Game Card decides the game. If everyone passes without a bid,
the dealer wins for nothing with the dealer's own bid cards.

**Tricks.** The bid winner leads. Follow the led suit if you can, otherwise
play anything. A Blue 10 or 12 may always be played: it becomes a card of the
led suit (and counts as following it); whoever leads a Blue names its suit,
trump included (`play B12 as Y`). Blue 10 ranks between 9 and 11, Blue 12
between 11 and 13, and of two equal Blues the first played is higher. The
highest trump takes the trick, otherwise the highest card of the led suit;
the winner leads next.

**Scoring.** *High*: every player scores one point per trick; the bid winner
scores two per trick. *Low*: whoever took the fewest tricks (all tied players)
scores the number of tricks of the player with the most; whoever took the most
(all tied players) loses that many points; the bid winner scores double either
way. Points come from and go to an unlimited bank; nobody drops below 0.

**Match.** Everyone starts with 20 points (`starting_points`; the German
edition uses 15). A match is 2 hands per player (`hands_per_player`), the deal
passing left. The highest total wins; equal totals share the win.
"""


class UfosGame(Game):
    """U.F.O.s: sealed bid cards, an auction with spying, tricks, High or Low."""

    id = "ufos"
    name = "U.F.O.s"
    summary = "bid for trump and High or Low, spy on Suit Cards, take tricks (or avoid them)"
    min_players = 3
    max_players = 6
    default_players = 4
    options = (
        Option(
            "starting_points",
            "int",
            20,
            "points each player starts with (15 in the German edition)",
            low=1,
            high=1000,
        ),
        Option("hands_per_player", "int", 2, "hands in a match, per player", low=1, high=20),
        Option(
            "respy",
            "bool",
            False,
            f"allow spying on the same player again in a hand (at most {RESPY_LIMIT} spies)",
        ),
    )
    rules = RULES
    bots: ClassVar[Mapping[str, type[Any]]] = {"heuristic": HeuristicBot}
    suit_styles: ClassVar[Mapping[str, str]] = {
        "R": "red",
        "Y": "yellow",
        "G": "green",
        "T": "dark_orange3",
        "B": "blue",
    }

    def new_state(
        self, players: int, seed: int, options: Mapping[str, OptionValue], auto_chance: bool
    ) -> UfosState:
        return UfosState(self, players, seed, options, auto_chance)

    def deck(self, players: int, options: Mapping[str, OptionValue]) -> Deck:
        return DECK

    def parse_action(self, text: str, state: State | None = None) -> Action:
        return actions.parse(text)

    def max_steps(self, players: int, options: Mapping[str, OptionValue]) -> int:
        start = options["starting_points"]
        per_player = options["hands_per_player"]
        assert isinstance(start, int) and isinstance(per_player, int)
        hands = per_player * players
        tricks = len(DECK) // players
        # bids rise by at least 1 and never exceed the points in play, which
        # grow by at most 2 * players * tricks per hand (spies only move them)
        points = players * start + hands * 2 * players * tricks
        per_opponent = RESPY_LIMIT if options["respy"] else players - 1
        spies = players * per_opponent
        auction = 2 * (players + points + spies) + 1  # waits: at most one per other action
        return hands * (1 + players + auction + len(DECK))

    def describe(self, state: State, seat: int, action: Action, viewer: int | None) -> str:
        """One event line, read before the action: a pick and a spied Suit Card are named
        only to their seat (and an all-seeing viewer); what a step ends (the choice, the
        auction, a trick, the hand) is added from a copy of the state with the action applied."""
        assert isinstance(state, UfosState)
        if seat == CHANCE:
            return f"seat {state.order.dealer} shuffles and deals {state.size} cards to each player"
        sees = viewer is None or viewer == seat
        after: UfosState | None = None
        if action in state.legal_actions(seat):
            copy = state.clone()
            assert isinstance(copy, UfosState)
            after = copy
            after.auto_chance = False
            after.apply(seat, action)
        line = _line(state, seat, action, sees)
        if after is None:
            return line
        if isinstance(action, Choose) and after.phase != state.phase:
            assert after.choice is not None
            picks = after.choice.picks
            shown = ", ".join(f"seat {s} {picks[s].game}" for s in sorted(picks))
            line += f"; Game Cards revealed: {shown}"
        if state.phase == "auction" and after.phase != "auction":
            winner = after.winner
            trump = after.trump or "X"
            what = "no trump" if trump == "X" else f"trump {SUIT_NAMES[trump]}"
            if after.winning_bid == 0 and after.high_bidder < 0:
                line += f"; nobody bid: the dealer, seat {winner}, wins for 0"
            else:
                line += f"; seat {winner} wins the bid for {after.winning_bid}"
            line += f": {what}, game {after.mode}"
        trick = state.trick
        if isinstance(action, PlayCard) and trick and len(trick.cards) == state.players - 1:
            if after.board.hands_played > state.board.hands_played:
                taken = after.last_tricks
                winner = next(s for s in range(state.players) if taken[s] > state.tricks[s])
                scores = " ".join(f"{d:+d}" for d in after.last_scores)
                line += f"; seat {winner} takes the trick; hand scored: {scores}"
                line += f"; points {' '.join(str(p) for p in after.board.totals)}"
            else:
                line += f"; seat {after.last_winner} takes the trick"
        return line


def _line(state: UfosState, seat: int, action: Action, sees: bool) -> str:
    if isinstance(action, Choose):
        if sees:
            return f"seat {seat} chose {SUIT_NAMES[action.suit]} {action.game}"
        return f"seat {seat} chose bid cards"
    if isinstance(action, Pass):
        return f"seat {seat} passes"
    if isinstance(action, Bid):
        return f"seat {seat} bids {action.amount}"
    if isinstance(action, Wait):
        return f"seat {seat} waits"
    if isinstance(action, Spy):
        line = f"seat {seat} pays seat {action.target} 1 point to spy on its Suit Card"
        choice = state.choice
        if sees and choice is not None and action.target in choice.picks:
            line += f": {SUIT_NAMES[choice.picks[action.target].suit]}"
        return line
    if isinstance(action, PlayCard):
        if action.declare is not None:
            return f"seat {seat} leads {action.card.text} as {SUIT_NAMES[action.declare]}"
        return f"seat {seat} plays {action.card.text}"
    return f"seat {seat}: {action}"


GAME = UfosGame()
