"""Positions of the bid-exact game: the example file, round trips, refusals, sampled worlds."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardkit import CHANCE, RandomBot
from cardkit.bots import bot_seed
from cardkit.positions import PositionError, load_position
from cardkit.testing import check_positions, check_uniform
from games.universal_bid import GAME, UniversalBidState

EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "positions" / "universal-bid.json"


def example() -> dict[str, Any]:
    data = load_position(EXAMPLE)
    assert isinstance(data, dict)
    return data


def play_to(seed: int, players: int, steps: int) -> UniversalBidState:
    state = GAME.create(players, seed)
    bots = [RandomBot(GAME, s, bot_seed(seed, s)) for s in range(players)]
    while len(state.history) < steps and not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    return state


def test_the_example_plays_on_to_the_end() -> None:
    state = GAME.from_position(example())
    assert state.steps == 53 and state.to_act() == (1,)
    assert state.view(1).hand[0].text == "M:Sun"  # seat 1 holds M:Sun and S:5
    bots = [RandomBot(GAME, s, s) for s in range(3)]
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    assert sum(state.result().scores) >= 18  # 18 tricks taken, plus any exact bonus


def test_a_position_round_trips_through_json() -> None:
    state = play_to(3, 4, 70)
    data = json.loads(json.dumps(GAME.position(state)))
    assert data["format"] == "cardkit-position/2" and data["step"] == len(state.history)
    rebuilt = GAME.from_position(data)
    assert GAME.position(rebuilt) == data
    for seat in range(4):
        assert rebuilt.view(seat) == state.view(seat)
        assert rebuilt.legal_actions(seat) == state.legal_actions(seat)
    assert rebuilt.zones() == state.zones()


def test_chance_continues_as_the_original_would() -> None:
    state = GAME.create(3, 5, auto_chance=False)
    while not (state.hand_index == 1 and state.to_act() == (CHANCE,)):  # play hand 1 out
        seat = state.to_act()[0]
        chance = seat == CHANCE
        state.apply(seat, state.sample_chance() if chance else state.legal_actions(seat)[0])
    position = GAME.position(state)
    assert position["state"]["phase"] == "deal" and position["hand"] == 2
    original = state.clone()
    original.resolve_chance()  # the deal of hand 2, drawn at this step from the seed
    rebuilt = GAME.from_position(position)
    assert rebuilt.history == original.history[-1:]
    assert rebuilt.view(0) == original.view(0)


def test_the_step_offset_seeds_chance() -> None:
    a = GAME.create(2, 9, auto_chance=False)
    b = GAME.create(2, 9, auto_chance=False)
    b.step_offset = 1
    assert a.sample_chance() != b.sample_chance()
    a.history.append((CHANCE, a.sample_chance()))
    a.history.append(a.history[0])
    b.history.append(a.history[0])
    assert a.sample_chance() == b.sample_chance()  # step 2 either way


def broken(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(example())
    change(data)
    return data


def hands(data: dict[str, Any]) -> list[list[str]]:
    result: list[list[str]] = data["state"]["hands"]
    return result


def swap(data: dict[str, Any]) -> None:
    # seat 0 takes N:5 from seat 2 (for E:3): it then held N:5 when it played M:6 on
    # the N lead of past trick 12
    hands(data)[0][0], hands(data)[2][1] = "N:5", "E:3"


def out_of_turn(data: dict[str, Any]) -> None:
    # past trick 1 is led by seat 2; seats 1 and 0 swap cards, so seat 1 plays second
    data["state"]["past_tricks"][0] = [[2, "N:Sun"], [1, "N:2"], [0, "N:6"]]


REFUSED = [
    ("a card twice", lambda d: hands(d)[0].__setitem__(0, "N:5"), "N:5 is placed more times"),
    ("a missing card", lambda d: hands(d)[0].pop(), "cards are in no zone: M:7"),
    # seat 0 gets seat 2's last card: 3 held and 16 played make 19, not 18
    ("a hand too big", lambda d: hands(d)[0].append(hands(d)[2].pop()), "seat 0 holds 3"),
    ("a bid above the hand", lambda d: d["state"]["bids"].__setitem__(0, 19), "bids run from"),
    ("scores the score sheet does not give", lambda d: d["scores"].__setitem__(0, -3), "scores"),
    # dealer 1 bids last: 3 + 10 + 5 would total the 18 tricks
    (
        "the dealer's bid making the total",
        lambda d: d["state"].__setitem__("bids", [3, 5, 10]),
        "the dealer may not bid 5",
    ),
    ("a wrong format", lambda d: d.__setitem__("format", "cardkit-position/9"), "format"),
    ("an unknown card", lambda d: hands(d)[0].__setitem__(0, "Q:1"), "'Q:1' is not a card"),
    ("play out of turn", out_of_turn, "seat 1 plays where seat 0 is to play"),
    ("not following suit", swap, "trick 12: seat 0 played M:6 without following"),
    ("wrong turn", lambda d: d.__setitem__("to_act", [0]), "to_act"),
    ("another game", lambda d: d.__setitem__("game", "ufos"), "not 'universal-bid'"),
]


@pytest.mark.parametrize(("what", "change", "words"), REFUSED, ids=[r[0] for r in REFUSED])
def test_a_position_that_breaks_the_rules_is_refused(what: str, change: Any, words: str) -> None:
    data = broken(change)
    with pytest.raises(PositionError) as info:
        GAME.from_position(data)
    message = str(info.value)
    assert "\n" not in message and words in message, message


def test_positions_and_worlds_pass_the_kit() -> None:
    check_positions(GAME, [2, 4, 6], matches=1, seed=3)


def test_worlds_of_the_example_are_uniform_over_the_deals_seat_1_allows() -> None:
    # Seat 1 holds M:Sun and S:5 and has seen every other card played but E:3, M:7,
    # J:Moon and N:5 (nothing is out of play with 3 x 18 cards). Seats 0 and 2 hold two
    # each. Seat 0 played M:6 on the N lead of trick 12, so N:5 is seat 2's; seat 2's
    # other card is one of the remaining three: 3 deals.
    check_uniform(GAME, example(), 1, deals=3, samples=1500, seed=1)


def test_a_world_keeps_what_the_seat_knows_and_deals_the_rest() -> None:
    state = GAME.from_position(example())
    world = GAME.sample_world(state.view(1), random.Random(4))
    assert world.view(1) == state.view(1)
    held = {c.text for c in world.view(2).hand}
    assert "N:5" in held and len(held) == 2
    assert held <= {"E:3", "M:7", "J:Moon", "N:5"}


def test_a_finished_match_round_trips() -> None:
    state = play_to(8, 2, 10**6)
    assert state.is_over()
    rebuilt = GAME.from_position(json.loads(json.dumps(GAME.position(state))))
    assert rebuilt.is_over() and rebuilt.result() == state.result()
    assert rebuilt.view(0) == state.view(0) and rebuilt.zones() == state.zones()


def test_a_seats_position_cannot_be_set_up() -> None:
    state = GAME.from_position(example())
    mine = GAME.position(state, 1)
    cards = mine["state"]["cards"]
    assert sorted(cards["zones"]["hand 1"]) == ["M:Sun", "S:5"] and cards["zones"]["hand 0"] == []
    assert cards["unseen"]["hand 0"] == 2 and cards["unseen"]["hand 2"] == 2
    with pytest.raises(PositionError, match="only a full position can be set up"):
        GAME.from_position(mine)


def test_a_position_of_the_first_version_reads_as_written_today() -> None:
    """The example file is version 1; set up, it writes version 2, which sets up the
    same state again."""
    assert example()["format"] == "cardkit-position/1"
    state = GAME.from_position(example())
    data = json.loads(json.dumps(GAME.position(state)))
    assert data["format"] == "cardkit-position/2"
    assert data["state"]["finished"][0] == [2, ["N:Sun", "N:2", "N:6"]]
    again = GAME.from_position(data)
    for seat in range(3):
        assert again.view(seat) == state.view(seat)
    assert again.zones() == state.zones()
