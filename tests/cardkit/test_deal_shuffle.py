"""``State.deal_shuffle``: say the hands (and piles) of a fresh hand, get the shuffle that
deals them, for every game the same way."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardkit import CHANCE, Card, Shuffle
from cardkit.events import Received
from cardkit.game import Game, State
from games.ufos import GAME as UFOS
from games.universal_bid import GAME as UNIVERSAL_BID
from games.uno_star_trek import GAME as UNO
from tests.tinygame import DECK, GAME, TinyState

C = DECK.cards_of


def tiny(players: int = 2) -> TinyState:
    state = GAME.create(players, seed=1, auto_chance=False)
    assert isinstance(state, TinyState)
    return state


def test_hands_go_to_their_seats_from_the_dealers_left_and_the_rest_to_the_stock() -> None:
    state = tiny()  # seat 0 deals: seat 1 is dealt first
    shuffle = state.deal_shuffle({0: C("a1 b4"), 1: C("a3 w")})
    assert shuffle == Shuffle((*C("a3 w a1 b4"), *C("a2 a4 b1 b2 b3")))
    state.apply(CHANCE, shuffle)
    assert state.hands == [list(C("a1 b4")), list(C("a3 w"))]
    assert state.stock == list(C("a2 a4 b1 b2 b3"))


def test_a_hand_given_in_part_is_filled_with_the_cards_nobody_was_given() -> None:
    state = tiny()
    # seat 1 (dealt first) gets w and the first spare card a1; seat 0 the next two
    assert state.deal_shuffle([[], C("w")], stock=C("b4")) == Shuffle(
        C("w a1 a2 a3 b4 a4 b1 b2 b3")
    )


def test_a_deal_that_cannot_be_made_is_one_line() -> None:
    state = tiny()
    cases = {
        "a1 (given to seat 1) is not left to deal": ([C("a1"), C("a1")], {}),
        "seat 0 is dealt 2 cards, not 3": ([C("a1 a2 a3")], {}),
        "the deal has no seat 2, trump; it deals to seat 1, seat 0, stock": (
            {2: C("a1")},
            {"trump": C("a2")},
        ),
    }
    for message, (hands, piles) in cases.items():
        with pytest.raises(ValueError) as info:
            state.deal_shuffle(hands, **piles)
        assert str(info.value) == message
    state.apply(CHANCE, state.deal_shuffle())
    with pytest.raises(ValueError, match="no deal is due now"):
        state.deal_shuffle()


def due_deal(game: Game, players: int, seed: int) -> State:
    """A fresh match at its first deal (any draw for the dealer made by its own chance)."""
    state = game.create(players, seed, auto_chance=False, events=True)
    while not state.deal_places():
        assert state.to_act() == (CHANCE,)
        state.apply(CHANCE, state.sample_chance())
    return state


def contents(state: State) -> dict[str, Counter[Card]]:
    return {zone.name: Counter(zone.cards) for zone in state.zones()}


@pytest.mark.parametrize("game", [GAME, UNIVERSAL_BID, UFOS, UNO], ids=lambda g: g.id)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_game_deals_the_hands_and_piles_it_is_given(game: Game, players: int) -> None:
    if not game.min_players <= players <= game.max_players:
        pytest.skip(f"{game.id} is not for {players} players")
    for seed in range(5):
        state = due_deal(game, players, seed)
        # hands and piles picked at random: a shuffle split as the deal's places say
        shuffle = state.sample_chance()
        hands: dict[int, list[Card]] = {}
        piles: dict[str, list[Card]] = {}
        cards = iter(shuffle.cards)
        for place, count in state.deal_places():
            taken = list(cards) if count is None else [next(cards) for _ in range(count)]
            if isinstance(place, str):
                piles.setdefault(place, []).extend(taken)
            else:
                hands.setdefault(place, []).extend(taken)
        rng = random.Random(seed)
        for hand in hands.values():
            rng.shuffle(hand)  # the order within a hand does not matter
        dealt = state.clone()
        events = dealt.apply(CHANCE, dealt.deal_shuffle(hands, **piles))
        received: dict[int, Counter[Card]] = {}
        for event in events:  # the deal's, not a draw the turned-up card may cause
            if isinstance(event, Received):
                received.setdefault(event.seat, Counter(event.cards))
        assert received == {s: Counter(h) for s, h in hands.items()}
        truth = state.clone()
        truth.apply(CHANCE, shuffle)
        assert contents(dealt) == contents(truth)  # the piles too
