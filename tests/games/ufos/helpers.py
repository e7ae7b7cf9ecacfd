"""Explicit deals and scripted play for the U.F.O.s tests."""

from __future__ import annotations

from typing import Any

from cardkit import CHANCE
from games.ufos import DECK, GAME, UfosState, parse

SUIT_HANDS = (
    "R1 R2 R3 R4 R5 R6 R7 R8 R9 R11 R13 R14 R15 B10 B10",
    "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y11 Y13 Y14 Y15 B10 B10",
    "G1 G2 G3 G4 G5 G6 G7 G8 G9 G11 G13 G14 G15 B12 B12",
    "T1 T2 T3 T4 T5 T6 T7 T8 T9 T11 T13 T14 T15 B12 B12",
)
"""Four players, one whole suit each: seats 0-1 add two Blue 10s, seats 2-3 two Blue 12s."""

# Scripts for SUIT_HANDS in a no-trump game: each line is a trick, cards in play
# order from the leader. Seats: Bill 0, Tom 1, Pete 2, Bob 3 (the rulebook's names).

# Bill leads and wins the bid; tricks: Bill 4, Tom 3, Pete 8, Bob 0.
HIGH_EXAMPLE = (
    "R15 Y2 G1 T1",  # Bill's high reds: nobody can follow, no Blue is higher
    "R14 Y3 G2 T2",
    "R13 Y4 G3 T3",
    "R11 Y5 G4 T4",  # Bill 4
    "R1 B10 G5 T5",  # Tom's Blue 10 takes the red lead: a red 10 beats R1
    "Y15 G6 T6 R2",
    "Y14 G7 T7 R3",  # Tom 3
    "Y6 B12 T8 R4",  # Pete's Blue 12 is a yellow 12
    "G15 B12 B10 B10",  # Blues become greens 12 and 10: G15 holds
    "G14 B12 B10 Y1",
    "G13 T9 R5 Y7",
    "G11 T11 R6 Y8",
    "G9 T13 R7 Y9",
    "G8 T14 R8 Y11",
    "B12=G T15 R9 Y13",  # a led Blue, declared green
)

# Bob (seat 3) leads and wins the bid; tricks: Bill 7, Tom 6, Pete 1, Bob 1.
LOW_EXAMPLE = (
    "T15 R2 Y2 B12",  # Bob; Pete's Blue 12 is a tan 12, below T15
    "T1 B10 Y3 G1",  # Bill's Blue 10 (tan 10) beats T1
    "R15 B10 G2 B12",
    "R14 Y4 G3 B12",
    "R13 Y5 G4 T2",
    "R11 Y6 G5 T3",
    "R9 Y7 G6 T4",
    "R8 Y8 G7 T5",  # Bill 7
    "R1 B10 G8 T6",  # Tom's Blue 10
    "Y15 G9 T7 B10",
    "Y14 G11 T8 R3",
    "Y13 G13 T9 R4",
    "Y11 G14 T11 R5",
    "Y9 G15 T13 R6",  # Tom 6
    "Y1 B12 T14 R7",  # Pete's Blue 12 (yellow 12) takes the last trick
)

# Bill leads and wins the bid; tricks: Bill 6, Tom 6, Pete 2, Bob 1.
TIED_MOST = (
    "R15 B10 B12 T1",
    "R14 Y2 G2 B12",
    "R13 Y3 G3 T2",
    "R11 Y4 G4 T3",
    "R9 Y5 G5 T4",
    "R8 Y6 G6 T5",  # Bill 6
    "R1 B10 G7 T6",
    "Y15 G8 T7 B10",
    "Y14 G9 T8 B10",
    "Y13 G11 T9 R2",
    "Y11 G13 T11 R3",
    "Y9 G14 T13 R4",  # Tom 6
    "Y1 B12 T14 R5",
    "G15 T15 R6 Y7",  # Pete 2
    "G1 B12 R7 Y8",  # Bob 1
)


def new(players: int = 4, **options: Any) -> UfosState:
    """A match waiting for its first deal (chance is applied by hand)."""
    state = GAME.create(players, seed=7, options=options, auto_chance=False)
    assert isinstance(state, UfosState)
    return state


def deal(state: UfosState, *hands: str) -> None:
    """Deal explicit hands, seat 0 first.

    A hand may list fewer cards than a seat holds (or be left out): the seat is
    then filled up with the cards nobody was given, in deck order.
    """
    state.apply(CHANCE, state.deal_shuffle([DECK.cards_of(h) for h in hands]))


def run(state: UfosState, *texts: str) -> None:
    """Apply each action text for the seat asked first."""
    for text in texts:
        state.apply(state.to_act()[0], parse(text))


def play_tricks(state: UfosState, *tricks: str) -> list[int]:
    """Play whole tricks (cards in play order, ``B12=G`` leads a Blue as Green).

    Returns the winner of each trick.
    """
    winners = []
    for trick in tricks:
        cards = trick.split()
        assert len(cards) == state.players, trick
        before = state.view(0)
        for token in cards:
            card, _, declared = token.partition("=")
            run(state, f"play {card} as {declared}" if declared else f"play {card}")
        after = state.view(0)
        if after.hand_number != before.hand_number or after.phase == "over":
            # the hand is over: the seat whose trick count grew took the last trick
            grew = [s for s in range(state.players) if after.last_tricks[s] > before.tricks[s]]
            winners.extend(grew)
        else:
            assert after.last_winner is not None
            winners.append(after.last_winner)
    return winners
