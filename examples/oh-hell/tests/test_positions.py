"""Oh Hell positions: round trips, refusals with the rule's reason, uniform sampled worlds."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from cardkit import CHANCE, Bid, Play, Shuffle, stack
from cardkit.positions import PositionError
from cardkit.testing import check_positions, check_uniform

from cardkit_oh_hell import GAME, OhHellState

SMALL = {"num_suits": 1, "num_cards_per_suit": 8, "num_tricks_fixed": 2}
"""Eight clubs: 3 seats of 2 cards, the trump card and one card in the stock."""


def bidding(options: dict[str, Any] | None = None, players: int = 3) -> OhHellState:
    state = GAME.create(players, 4, options)
    assert isinstance(state, OhHellState) and state.phase == "bid"
    return state


def test_a_position_plays_on_as_the_original() -> None:
    state = bidding({"hands": 2})
    data = json.loads(json.dumps(GAME.position(state)))
    again = GAME.from_position(data)
    while not state.is_over():
        seat = state.to_act()[0]
        assert again.view(seat) == state.view(seat)
        action = state.legal_actions(seat)[-1]
        state.apply(seat, action)
        again.apply(seat, action)
    assert again.result() == state.result()
    assert again.history == state.history[len(state.history) - len(again.history) :]


def test_the_kit_checks_positions_and_worlds() -> None:
    check_positions(GAME, range(3, 6), matches=2, options={"hands": 3})
    check_positions(GAME, [3], matches=2, options=SMALL)


def test_worlds_of_a_small_deal_are_uniform() -> None:
    # seat 1 bids first and cannot see 5 cards: 2 in each other hand and 1 in the stock,
    # 5! / (2! 2! 1!) = 30 deals
    state = bidding(SMALL)
    seat = state.to_act()[0]
    check_uniform(GAME, GAME.position(state), seat, deals=30, samples=3000, seed=2)


def trumped() -> OhHellState:
    """Seat 0 deals 3 tricks, hearts trump (seat 1: SA C3 CK, seat 2: S5 H4 D9, seat 0: SK
    D7 C2); the bids are 1, 1, 0; SA S5 SK, then seat 1 leads C3 and seat 2, out of
    clubs, trumps with H4. Seat 0 is to play."""
    state = GAME.create(3, 0, {"num_tricks_fixed": 3}, auto_chance=False)
    deck = GAME.deck(3, state.options)
    state.apply(CHANCE, Shuffle(stack(state.chance_cards(), [deck.card("@0")])))
    hands = {1: "SA C3 CK", 2: "S5 H4 D9", 0: "SK D7 C2"}
    dealt = {seat: [deck.card(t) for t in texts.split()] for seat, texts in hands.items()}
    state.apply(CHANCE, state.deal_shuffle(dealt, trump=[deck.card("H2")]))
    for seat, amount in ((1, 1), (2, 1), (0, 0)):
        state.apply(seat, Bid(amount))
    for seat, text in ((1, "SA"), (2, "S5"), (0, "SK"), (1, "C3"), (2, "H4")):
        state.apply(seat, Play(deck.card(text)))
    return state


def damage(data: dict[str, Any], what: str) -> None:
    part = data["state"]
    zones = part["cards"]["zones"]
    if what == "twice":
        zones["hand 1"][0] = zones["hand 0"][0]
    elif what == "size":
        zones["stock"].append(zones["hand 0"].pop())
    elif what == "bid":
        seat = data["to_act"][0]
        part["bids"][seat] = len(zones["hand 0"]) + 1
    elif what == "turn":
        seat = data["to_act"][0]
        part["bids"][(seat + 1) % 3] = 0
    elif what == "points":
        data["scores"][0] = 5
    elif what == "counters":
        part["trick_counters"][1] = part["trick_counters"][0]
    elif what == "over":
        part["phase"] = "over"
    elif what == "dealer":
        part["dealer"] = None
    elif what == "hook":
        part["bids"] = [1, 1, 1]
    elif what == "revoke":  # seat 2 kept a club when it trumped the clubs led
        zones["hand 2"], zones["stock"] = ["C4"], [*zones["stock"], "D9"]
        zones["stock"].remove("C4")
        del part["cards"]["barred"]
    elif what == "barred":
        del part["cards"]["barred"]


@pytest.mark.parametrize(
    ("what", "words"),
    [
        ("twice", "'hand 1': CJ is placed more times than the deck has it"),
        ("size", "seat 0 holds 4 cards and played 0: a hand has 5"),
        ("bid", "a bid of 6: bid from 0 to 5"),
        ("turn", "seat 2 has not bid but a later seat has"),
        ("points", "scores is"),
        ("counters", "trick_counters must list each trick counter once"),
        ("over", "the match is over after 2 hands, not 0"),
    ],
)
def test_a_position_that_breaks_the_rules_is_refused(what: str, words: str) -> None:
    data = json.loads(json.dumps(GAME.position(bidding({"hands": 2}))))
    damage(data, what)
    with pytest.raises(PositionError, match=words):
        GAME.from_position(data)


@pytest.mark.parametrize(
    ("what", "words"),
    [
        ("hook", "the dealer may not bid 1: the bids would total 3"),
        ("revoke", "seat 2 played H4 without following the suit it held"),
        ("barred", "barred must be the suits each seat has shown it lacks"),
        ("dealer", "dealer is null until the first cut, then a seat 0 to 2"),
        ("size", "seat 0 holds 1 cards and played 1: a hand has 3"),
    ],
)
def test_a_position_whose_play_breaks_the_rules_is_refused(what: str, words: str) -> None:
    data = json.loads(json.dumps(GAME.position(trumped())))
    GAME.from_position(data)
    damage(data, what)
    with pytest.raises(PositionError, match=words):
        GAME.from_position(data)


def test_a_world_keeps_the_seats_view() -> None:
    state = bidding({"hands": 2})
    for _ in range(7):
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    for seat in range(3):
        world = GAME.sample_world(state.view(seat), random.Random(seat))
        assert world.view(seat) == state.view(seat)


def check_world(world: OhHellState, seat: int, truth: OhHellState) -> None:
    """``world`` shows ``seat`` its view of ``truth`` at the same step, and is the state
    its own position sets up: the same position, views, zones and legal actions, and the
    same play after (chance draws too)."""
    assert world.view(seat) == truth.view(seat)
    assert world.steps == truth.steps
    again = GAME.from_position(json.loads(json.dumps(GAME.position(world))))
    assert GAME.position(again) == GAME.position(world)
    rng = random.Random(world.seed)
    while True:
        assert world.zones() == again.zones()
        for s in range(world.players):
            assert world.view(s) == again.view(s)
            assert world.legal_actions(s) == again.legal_actions(s)
        if world.is_over():
            break
        who = world.to_act()[0]
        legal = world.legal_actions(who)
        action = legal[rng.randrange(len(legal))]
        world.apply(who, action)
        again.apply(who, action)
    assert world.history == again.history
    assert world.result() == again.result()


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {"hands": 2}), (5, {"num_suits": 2, "num_cards_per_suit": 9, "hands": 3})],
)
def test_a_world_is_the_state_its_position_sets_up_and_plays_on_alike(
    players: int, options: dict[str, Any]
) -> None:
    state = GAME.create(players, 9, options)
    rng = random.Random(players)
    while True:
        for seat in range(players):
            check_world(GAME.sample_world(state.view(seat), rng), seat, state)
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])


FIRST_FORMAT: dict[str, Any] = {
    "format": "cardkit-position/1",
    "game": "oh-hell",
    "players": 3,
    "options": {
        "num_suits": 2,
        "num_cards_per_suit": 6,
        "num_tricks_fixed": -1,
        "off_bid_penalty": False,
        "points_per_trick": 1,
        "hands": 2,
    },
    "seed": 0,
    "step": 24,
    "dealer": 1,
    "to_act": [1],
    "scores": [13, 0, 0],
    "hand": 2,
    "state": {
        "phase": "play",
        "trick_counters": ["#2", "#1", "#3"],
        "seat_counters": ["@0", "@2", "@1"],
        "num_tricks": 2,
        "hands": [[], ["C2"], ["D4"]],
        "trump": "C6",
        "stock": ["C4", "C5", "C3", "D3", "C7"],
        "bids": [2, 2, 2],
        "past_tricks": [[[2, "D5"], [0, "D7"], [1, "D2"]]],
        "trick": [[0, "D6"]],
        "hand_log": [{"tricks": 3, "points": [13, 0, 0]}],
    },
}
"""A position file of the first format, as written when the stock was listed in the
order it was dealt: seed 0, every seat taking its last legal action, at step 24."""


def test_a_position_file_of_the_first_format_loads() -> None:
    state = GAME.create(3, 0, FIRST_FORMAT["options"])
    while state.steps < FIRST_FORMAT["step"]:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    again = GAME.from_position(FIRST_FORMAT)
    assert again.zones() == state.zones()
    for seat in range(3):
        assert again.view(seat) == state.view(seat)
    written = GAME.position(again)
    assert written == GAME.position(state)
    zones = {"stock": ["C3", "C4", "C5", "C7", "D3"], "trump card": ["C6"], "trick": ["D6"]}
    zones |= {"played": ["D2", "D5", "D7"], "counters": ["#1", "#2", "#3", "@0", "@1", "@2"]}
    zones |= {"hand 0": [], "hand 1": ["C2"], "hand 2": ["D4"]}
    assert written["state"] == {
        "phase": "play",
        "dealer": 1,
        "trick_counters": ["#2", "#1", "#3"],
        "bids": [2, 2, 2],
        "played": ["D5", "D7", "D2", "D6"],
        "hand_sizes": [3],
        "hand_points": [[13, 0, 0]],
        "cards": {"zones": zones},
    }


def test_a_finished_match_scored_otherwise_is_refused() -> None:
    state = trumped()
    for text in ("C2", "D9", "D7", "CK"):
        seat = state.to_act()[0]
        state.apply(seat, Play(GAME.deck(3, state.options).card(text)))
    assert state.is_over()
    data = json.loads(json.dumps(GAME.position(state)))
    GAME.from_position(data)
    data["state"]["hand_points"][-1][0] += 1
    data["scores"][0] += 1
    with pytest.raises(PositionError, match="the last hand scores"):
        GAME.from_position(data)


def test_a_first_format_play_out_of_turn_is_refused() -> None:
    data = json.loads(json.dumps(FIRST_FORMAT))
    data["state"]["past_tricks"][0][0][0] = 1
    with pytest.raises(PositionError, match="seat 1 plays D5 where seat 2 is to play"):
        GAME.from_position(data)
