"""What a bid says about a hand: the weight of a sampled world, checked by hand reasoning."""

from __future__ import annotations

import math

import pytest
from cardkit import CHANCE, Bid, Play, Shuffle, stack
from cardkit.registry import make_bot

from cardkit_oh_hell import GAME, OhHellState
from cardkit_oh_hell.infer import worth

# 3 players, 3 tricks, seat 0 deals, hearts trump (H2 turned); ranks 2 (0) to A (12).
TRUE = {1: "SA C3 CK", 2: "S5 H4 D9", 0: "SK D7 C2"}
SWAPPED = {1: "S5 H4 D9", 2: "SA C3 CK", 0: "SK D7 C2"}


def bid_2_and_0(hands: dict[int, str]) -> OhHellState:
    """The hand dealt as ``hands``; seat 1 bids 2, seat 2 bids 0; seat 0 to bid."""
    state = GAME.create(3, 0, {"num_tricks_fixed": 3}, auto_chance=False)
    assert isinstance(state, OhHellState)
    deck = GAME.deck(3, state.options)
    cut = stack(state.chance_cards(), [deck.card("@0")])  # the cut makes seat 0 the dealer
    state.apply(CHANCE, Shuffle(cut))
    dealt = {s: [deck.card(t) for t in h.split()] for s, h in hands.items()}
    state.apply(CHANCE, state.deal_shuffle(dealt, trump=[deck.card("H2")]))
    state.apply(1, Bid(2))
    state.apply(2, Bid(0))
    return state


def test_a_hand_is_worth_its_trumps_and_high_cards() -> None:
    deck = GAME.deck(3, GAME.make_options({}))
    hand = [deck.card(t) for t in ["SA", "CK", "H4", "D9"]]
    # 1 + (11/12)^6 + (0.4 + 0.6 * 2/12) + (7/12)^6 = 1 + 0.5932 + 0.5 + 0.0394
    assert worth(hand, "H", 13) == pytest.approx(2.1326, abs=1e-4)


def test_a_world_weighs_more_where_the_bids_fit_the_hands() -> None:
    """Worth: seat 1 (SA C3 CK) 1.5932, seat 2 (S5 H4 D9) 0.5397, seat 0 (SK D7 C2) 0.5985;
    scaled to the 3 tricks (x 3 / 2.7314), seat 1 is worth 1.750 tricks and seat 2 0.593.
    Bids 2 and 0: exp(-(0.250^2 + 0.593^2) / 2) = 0.813. The two hands swapped: estimates
    0.593 and 1.750, exp(-(1.407^2 + 1.750^2) / 2) = 0.080."""
    right, wrong = bid_2_and_0(TRUE), bid_2_and_0(SWAPPED)
    assert GAME.world_weight(right, 0) == pytest.approx(0.813, abs=1e-3)
    assert GAME.world_weight(wrong, 0) == pytest.approx(0.080, abs=1e-3)


def test_the_cards_played_count_as_held_at_the_bid() -> None:
    state = bid_2_and_0(TRUE)
    before = GAME.world_weight(state, 0)
    state.apply(0, Bid(2))
    deck = GAME.deck(3, state.options)
    for seat, text in ((1, "SA"), (2, "S5"), (0, "SK")):
        state.apply(seat, Play(deck.card(text)))
    assert state.phase == "play" and len(state.played) == 3
    assert GAME.world_weight(state, 0) == pytest.approx(before)


def test_before_any_bid_every_world_weighs_the_same() -> None:
    state = GAME.create(3, 0, {"num_tricks_fixed": 3})
    assert isinstance(state, OhHellState) and state.phase == "bid"
    assert GAME.world_weight(state, state.to_act()[0]) == 1.0
    assert not math.isnan(GAME.world_weight(bid_2_and_0(TRUE), 1))


def test_search_bots_infer_from_the_bids() -> None:
    state = bid_2_and_0(TRUE)
    for spec in ("ismcts:iterations=30,infer=8", "pimc:worlds=5,infer=8"):
        bot = make_bot(spec, GAME, 0, 7)
        move = bot.choose(state.view(0), state.legal_actions(0))
        assert move in state.legal_actions(0)
