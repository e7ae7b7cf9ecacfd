"""Explicit deals and small drivers for the UNO: Star Trek tests.

``start`` deals by hand: the dealer is chosen by a draw that gives the dealer a 9
and everyone else a 0-valued action card, then the deal's shuffle puts
the given hands (seat 0 first), the first discard and the top of the draw pile
in that order; every other card follows in deck order.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardkit import CHANCE, Card, Shuffle, stack
from games.uno_star_trek import DECK, GAME, UnoState
from games.uno_star_trek.actions import ACCEPT, DRAW, KEEP
from games.uno_star_trek.state import PLAY

FILLERS = DECK.cards_of("rskip yskip gskip bskip rrev yrev grev brev rd2 yd2")


def cards(text: str) -> tuple[Card, ...]:
    """Cards from a space-separated text."""
    return DECK.cards_of(text) if text.strip() else ()


def hand(text: str) -> Counter[Card]:
    """A hand as a multiset, for comparing hands whatever their order."""
    return Counter(cards(text))


def start(
    hands: list[str],
    top: str,
    draw: str = "",
    dealer: int | None = None,
    options: dict[str, Any] | None = None,
    events: bool = False,
) -> UnoState:
    """A match dealt exactly: ``hands[s]`` to seat s, ``top`` turned up, ``draw`` on top of
    the draw pile. The dealer defaults to the last seat, so seat 0 plays first. With
    ``events``, the state records events (``state.log``)."""
    n = len(hands)
    dealer = n - 1 if dealer is None else dealer
    state = GAME.create(n, 7, options, auto_chance=False, events=events)
    picks = [DECK.card("r9") if s == dealer else FILLERS[s] for s in range(n)]
    state.apply(CHANCE, Shuffle(tuple(picks)))  # one card drawn per seat
    assert state.order.dealer == dealer
    groups = [cards(h) for h in hands]
    assert all(len(g) == 7 for g in groups), "explicit hands have 7 cards"
    state.apply(CHANCE, state.deal_shuffle(groups, top=cards(top), draw=cards(draw)))
    assert isinstance(state, UnoState)
    return state


def act(state: UnoState, seat: int, text: str) -> None:
    """Apply the action typed as ``text`` for ``seat``."""
    state.apply(seat, GAME.parse_action(text))


def shuffle_in(state: UnoState, first: str = "") -> None:
    """Apply the due shuffle, with the cards of ``first`` on top (the rest in any order)."""
    due = state.chance_cards()
    assert due, "no shuffle is due"
    state.apply(CHANCE, Shuffle(stack(due, cards(first))))


def drain(state: UnoState, leave: int) -> None:
    """Players draw in turn (keeping what they draw) until ``leave`` cards are left."""
    while True:
        seat = state.to_act()[0]
        if KEEP in state.legal_actions(seat):
            state.apply(seat, KEEP)
        elif len(state.draw) > leave:
            state.apply(seat, DRAW)
        else:
            return


def pass_round(state: UnoState, seat: int) -> None:
    """The other players act simply until it is ``seat``'s turn again: accept any command
    directed at them, draw on their turn and keep a playable drawn card."""
    while state.order.current != seat or state.phase != PLAY:
        other = state.to_act()[0]
        legal = state.legal_actions(other)
        if KEEP in legal:
            state.apply(other, KEEP)
        elif DRAW in legal:
            state.apply(other, DRAW)
        elif ACCEPT in legal:
            state.apply(other, ACCEPT)
        else:
            act(state, other, "decline")


def shed_skips(state: UnoState, seat: int, other: int) -> None:
    """Two players: ``seat`` plays rskip rskip yskip yskip gskip, ``other`` accepting each
    Skip, so that ``seat`` plays again each time (it must hold those five cards)."""
    for card in ("rskip", "rskip", "yskip", "yskip", "gskip"):
        act(state, seat, f"play {card}")
        act(state, other, "accept")
