"""Positions and sampled worlds of U.F.O.s: a mid-match table set up by position and played
on, the example file, round trips, refusals, the conformance kit and sampled worlds."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from cardkit import CHANCE, Action, RandomBot
from cardkit.bots import bot_seed
from cardkit.positions import PositionError, load_position
from cardkit.testing import check_positions, check_uniform, chi_square_limit
from cardkit.zones import SeatCards, layout
from games.ufos import DECK, GAME, PlayCard, UfosState
from games.ufos.state import PLACES, STOCK, WON

from .helpers import HIGH_EXAMPLE, SUIT_HANDS, deal, new, play_tricks, run

EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "positions" / "ufos.json"

REDS = ["R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R11", "R13", "R14", "R15"]
YELLOWS = ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "Y9", "Y11", "Y13", "Y14", "Y15"]
TANS = ["T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", "T11", "T13", "T14", "T15"]


def mid_match() -> dict[str, Any]:
    """Hand 4 of 6 of a 3-player match, bid cards down, the auction about to begin.

    Seat 2 deals; the seats hold 0, 5 and 20 points. Seat 1 holds every red but R1 and
    all eight Blues; seat 0 holds R1, the yellows and G1-G6; seat 2 the other greens and
    the tans. Seat 1 laid down red and high.
    """
    return {
        "format": "cardkit-position/1",
        "game": "ufos",
        "players": 3,
        "options": {"starting_points": 20, "hands_per_player": 2, "respy": False},
        "seed": 11,
        "step": 300,
        "dealer": 2,
        "to_act": [2],
        "scores": [0, 5, 20],
        "hand": 4,
        "state": {
            "phase": "auction",
            "hands": [
                ["R1", *YELLOWS, "G1", "G2", "G3", "G4", "G5", "G6"],
                [*REDS, "B10", "B10", "B10", "B10", "B12", "B12", "B12", "B12"],
                ["G7", "G8", "G9", "G11", "G13", "G14", "G15", *TANS],
            ],
            "picks": [
                {"suit": "Y", "game": "low"},
                {"suit": "R", "game": "high"},
                {"suit": "T", "game": "high"},
            ],
            "auction": [],
            "past_tricks": [],
            "trick": [],
            # hand 3: seat 1 won the bid, the game was High
            "last_hand": {"tricks": [5, 8, 7], "points": [5, 16, 7]},
        },
    }


def texts(actions: tuple[Action, ...]) -> list[str]:
    return [str(a) for a in actions]


def first_legal(state: UfosState, until: int) -> None:
    """Every seat plays its first legal action until the hand number reaches ``until``."""
    while not state.is_over() and state.view(0).hand_number < until:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])


def test_a_mid_match_table_of_0_5_and_20_points_plays_on_from_its_position() -> None:
    state = GAME.from_position(mid_match())
    assert state.to_act() == (2,)  # the auction begins with the dealer
    view = state.view(1)
    assert view.dealer == 2 and view.points == (0, 5, 20) and view.hand_number == 4
    assert view.games == ("low", "high", "high") and view.my_suit == "R"
    # seat 2 holds 20 points: it may bid 1 to 20 or spy on either opponent
    bids = [f"bid {k}" for k in range(1, 21)]
    assert texts(state.legal_actions(2)) == ["pass", *bids, "spy 0", "spy 1"]
    run(state, "pass")
    # seat 0 holds no points: it can neither bid nor pay to spy
    assert texts(state.legal_actions(0)) == ["pass"]
    run(state, "pass")
    bids = [f"bid {k}" for k in range(1, 6)]
    assert texts(state.legal_actions(1)) == ["pass", *bids, "spy 0", "spy 2"]
    run(state, "spy 2")  # seat 1 pays seat 2 a point and sees its tan Suit Card
    assert state.view(1).spied == ((2, "T"),) and state.view(0).spied == ()
    assert state.view(1).points == (0, 4, 21)
    # both others passed, so the turn comes back to seat 1, now with 4 points
    bids = [f"bid {k}" for k in range(1, 5)]
    assert texts(state.legal_actions(1)) == ["pass", *bids, "spy 0"]
    run(state, "bid 4")  # everyone else passed: seat 1 wins at 4, all its points
    view = state.view(0)
    assert (view.bid_winner, view.winning_bid, view.trump, view.game) == (1, 4, "R", "high")
    assert view.points == (0, 0, 21) and state.to_act() == (1,)
    # Red is trump and seat 1 holds every red but R1 and every Blue, which it leads as red:
    # it takes all 20 tricks, and in a High game the bid winner scores 2 x 20
    first_legal(state, until=5)
    view = state.view(0)
    assert view.last_tricks == (0, 20, 0) and view.last_scores == (0, 40, 0)
    assert view.points == (0, 40, 21)
    assert view.hand_number == 5 and view.dealer == 0  # the deal passes left
    assert view.phase == "choose" and len(view.hand) == 20


def test_the_same_table_written_and_read_back_is_the_same() -> None:
    state = GAME.from_position(mid_match())
    run(state, "pass", "pass", "spy 2", "bid 4", "play R2")
    data = json.loads(json.dumps(GAME.position(state)))
    assert data["dealer"] == 2 and data["scores"] == [0, 0, 21]
    assert data["state"]["auction"] == [[2, "pass"], [0, "pass"], [1, "spy 2"], [1, "bid 4"]]
    assert data["state"]["trick"] == {"leader": 1, "plays": [[1, "R2"]]}
    rebuilt = GAME.from_position(data)
    assert GAME.position(rebuilt) == data
    for seat in range(3):
        assert rebuilt.view(seat) == state.view(seat)
        assert rebuilt.legal_actions(seat) == state.legal_actions(seat)
    assert rebuilt.zones() == state.zones()


def example() -> dict[str, Any]:
    data = load_position(EXAMPLE)
    assert isinstance(data, dict)
    return data


def test_the_example_file_plays_on_to_the_end() -> None:
    state = GAME.from_position(example())
    view = state.view(3)
    assert state.steps == example()["step"] and state.to_act() == (3,)
    assert view.trick[0][1].text == "B12" and view.trick[0][2] == "G"  # a Blue led as green
    # seat 3 holds greens, so it must follow with one (or play a Blue)
    legal = state.legal_actions(3)
    assert {a.card.suit for a in legal if isinstance(a, PlayCard)} <= {"G", "B"}
    bots = [RandomBot(GAME, s, s) for s in range(4)]
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    assert state.view(0).hand_number == 8  # the match has 2 hands a player


def play_to(seed: int, players: int, steps: int) -> UfosState:
    state = GAME.create(players, seed)
    bots = [RandomBot(GAME, s, bot_seed(seed, s)) for s in range(players)]
    while len(state.history) < steps and not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    return state


def same_now(a: UfosState, b: UfosState) -> None:
    assert a.to_act() == b.to_act() and a.zones() == b.zones() and a.steps == b.steps
    for seat in range(a.players):
        assert a.view(seat) == b.view(seat)
        assert a.legal_actions(seat) == b.legal_actions(seat)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_positions_mid_match_rebuild_the_state_and_play_on_alike(players: int) -> None:
    # the kit's checkpoints fall anywhere below max_steps, which U.F.O.s bounds loosely:
    # here every 37th step of a match is rebuilt and both play on for 40 steps
    seed = 20 + players
    state = GAME.create(players, seed, {"respy": players % 2 == 1})
    bots = [RandomBot(GAME, s, bot_seed(seed, s)) for s in range(players)]
    marks: list[UfosState] = []
    phase = ""
    while not state.is_over():
        fresh = state.phase == "choose" and not any(map(state.picked, range(players)))
        if len(state.history) % 37 == 0 or fresh or state.phase != phase:  # each phase's start
            marks.append(state.clone())
        phase = state.phase
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    marks.append(state.clone())
    phases = set()
    for original in marks:
        phases.add(original.phase)
        start = len(original.history)
        rebuilt = GAME.from_position(json.loads(json.dumps(GAME.position(original))))
        same_now(original, rebuilt)
        for seat, action in state.history[start : start + 40]:
            if seat != CHANCE:  # both draw the deal themselves, from the seed and step
                original.apply(seat, action)
                rebuilt.apply(seat, action)
            same_now(original, rebuilt)
    assert phases == {"choose", "auction", "play", "over"}


def test_a_finished_match_round_trips() -> None:
    state = play_to(4, 3, 10**6)
    assert state.is_over()
    rebuilt = GAME.from_position(json.loads(json.dumps(GAME.position(state))))
    assert rebuilt.is_over() and rebuilt.result() == state.result()
    same_now(state, rebuilt)


def test_chance_continues_as_the_original_would() -> None:
    state = GAME.create(3, 5, auto_chance=False)
    while not (state.board.hands_played == 1 and state.to_act() == (CHANCE,)):
        seat = state.to_act()[0]
        chance = seat == CHANCE
        state.apply(seat, state.sample_chance() if chance else state.legal_actions(seat)[0])
    position = GAME.position(state)
    assert position["state"]["phase"] == "deal" and position["hand"] == 2
    original = state.clone()
    original.resolve_chance()  # the deal of hand 2, drawn at this step from the seed
    rebuilt = GAME.from_position(position)
    assert rebuilt.history == original.history[-1:]
    assert rebuilt.view(1) == original.view(1)


def test_a_seats_position_shows_only_what_it_knows() -> None:
    state = GAME.from_position(mid_match())
    run(state, "pass", "pass", "spy 2")
    mine = GAME.position(state, 1)
    part = mine["state"]
    assert mine["seed"] is None and mine["seat"] == 1
    cards, bids = part["cards"], part["bid_cards"]
    assert cards["zones"]["hand 0"] == [] and cards["unseen"]["hand 0"] == 20
    assert cards["zones"]["hand 1"][0] == "R2"
    # Game Cards are face up; seat 1 has seen seat 2's Suit Card, not seat 0's
    assert bids["zones"]["game cards"] == ["low@0", "high@1", "high@2"]
    assert bids["zones"]["suit card 1"] == ["red@1"] and bids["zones"]["suit card 2"] == ["tan@2"]
    assert bids["zones"]["suit card 0"] == [] and bids["unseen"]["suit card 0"] == 1
    assert GAME.position(state, 0)["state"]["bid_cards"]["unseen"]["suit card 2"] == 1
    with pytest.raises(PositionError, match="only a full position can be set up"):
        GAME.from_position(mine)


# -- refusals -------------------------------------------------------------------------


def part(data: dict[str, Any]) -> dict[str, Any]:
    result: dict[str, Any] = data["state"]
    return result


def move_a_card(data: dict[str, Any]) -> None:
    part(data)["hands"][2].append(part(data)["hands"][0].pop())  # seat 0 gives up G6


def play_t1(data: dict[str, Any]) -> None:
    part(data)["hands"][2].remove("T1")
    part(data)["trick"] = [[2, "T1"]]


def a_bid_of(amount: int, seat: int = 2) -> Any:
    return lambda d: part(d).__setitem__("auction", [[seat, f"bid {amount}"]])


REFUSED: list[tuple[str, Any, str]] = [
    (
        "a card twice",
        lambda d: part(d)["hands"][0].__setitem__(0, "R2"),
        "R2 is placed more times than the deck has it",
    ),
    (
        "a missing card",
        lambda d: part(d)["hands"][0].pop(),
        "cards are in no zone: G6",
    ),
    (
        "a fifth Blue 12",
        lambda d: part(d)["hands"][1].__setitem__(0, "B12"),
        "B12 is placed more times than the deck has it",
    ),
    ("a hand of the wrong size", move_a_card, "seat 0 holds 19 cards and played 0"),
    ("negative points", lambda d: d["scores"].__setitem__(0, -1), "seat 0 has -1"),
    ("a bid above the bidder's points", a_bid_of(21), "a bid of 21 is more than your 20 points"),
    (
        "a bid with no points",
        lambda d: part(d).__setitem__("auction", [[2, "pass"], [0, "bid 1"]]),
        "you have 0 points and cannot bid",
    ),
    (
        # seat 0 holds 0 points now, after seat 2 gave it one: it began the hand with -1
        "points that the auction cannot have left",
        lambda d: part(d).__setitem__("auction", [[2, "spy 0"]]),
        "seat 0 has 0 after this hand's auction, -1 before it",
    ),
    ("an auction out of turn", a_bid_of(3, seat=0), "it is seat 2's turn in the auction"),
    ("a bid below 1", a_bid_of(0), "a bid must be at least 1, not 0"),
    (
        "not an auction action",
        lambda d: part(d).__setitem__("auction", [[2, "play T1"]]),
        "[2, 'play T1']: not an auction action of a seat",
    ),
    (
        "a Suit Card that does not exist",
        lambda d: part(d)["picks"].__setitem__(0, {"suit": "B", "game": "low"}),
        "the pick of seat 0 is a Suit Card (R, Y, G, T or X)",
    ),
    (
        "a missing pick in the auction",
        lambda d: part(d)["picks"].__setitem__(0, None),
        "seat 0 has laid down no bid cards",
    ),
    (
        "a last hand that does not add up",
        lambda d: part(d)["last_hand"].__setitem__("tricks", [5, 8, 8]),
        "the tricks of a hand total 20, not 21",
    ),
    (
        "a last score no game gives",
        lambda d: part(d)["last_hand"].__setitem__("points", [5, 8, 30]),
        "no bid winner and game score [5, 8, 30]",
    ),
    ("no dealer", lambda d: d.__setitem__("dealer", None), "'dealer' is not valid"),
    ("a hand after the match", lambda d: d.__setitem__("hand", 7), "the match has 6 hands"),
    ("the wrong seat to act", lambda d: d.__setitem__("to_act", [0]), "to_act"),
    ("a card played in the auction", play_t1, "no card is played before the auction ends"),
    ("an unknown card", lambda d: part(d)["hands"][0].__setitem__(0, "P3"), "'P3' is not a card"),
]


@pytest.mark.parametrize(("what", "change", "words"), REFUSED, ids=[r[0] for r in REFUSED])
def test_a_position_that_breaks_the_rules_is_refused(what: str, change: Any, words: str) -> None:
    data = copy.deepcopy(mid_match())
    change(data)
    with pytest.raises(PositionError) as info:
        GAME.from_position(data)
    message = str(info.value)
    assert "\n" not in message and words in message, message


def test_a_play_that_does_not_follow_suit_is_refused() -> None:
    data = mid_match()
    part(data)["auction"] = [[2, "pass"], [0, "pass"], [1, "bid 1"]]
    part(data)["phase"] = "play"
    data["scores"] = [0, 4, 20]  # seat 1 paid its bid of 1
    data["to_act"] = [0]
    # seat 1 leads R2 and seat 2 (no reds) throws T1; seat 0 holds R1 and must follow
    part(data)["hands"][1].remove("R2")
    part(data)["hands"][2].remove("T1")
    part(data)["hands"][0].remove("Y1")
    part(data)["past_tricks"] = [[[1, "R2"], [2, "T1"], [0, "Y1"]]]
    with pytest.raises(
        PositionError, match="seat 0 played Y1 without following the suit it held, R"
    ):
        GAME.from_position(data)
    part(data)["hands"][0] = [c if c != "R1" else "Y1" for c in part(data)["hands"][0]]
    part(data)["past_tricks"] = [[[1, "R2"], [2, "T1"], [0, "R1"]]]
    data["to_act"] = [1]  # seat 1 took the trick with R2 and leads again
    state = GAME.from_position(data)
    assert state.view(1).tricks == (0, 1, 0)


# -- the kit and sampled worlds -------------------------------------------------------


def test_positions_and_worlds_pass_the_kit() -> None:
    check_positions(GAME, [3, 4, 5, 6], matches=1, seed=2)


def hands(state: UfosState) -> list[tuple[Any, ...]]:
    """Each seat's cards."""
    return [state.cards.cards(state.hand0 + s) for s in range(state.players)]


def two_tricks_left() -> UfosState:
    """The rulebook's High example (seats each hold one suit, no trump) with two tricks
    left; seat 0, the bid winner, spied every Suit Card."""
    state = new()
    deal(state, *SUIT_HANDS)
    run(state, "choose x high", "choose red low", "choose green high", "choose tan low")
    run(state, "spy 1", "pass", "pass", "pass", "spy 2", "spy 3", "bid 1")
    play_tricks(state, *HIGH_EXAMPLE[:13])
    # left: seat 0 R8 R9, seat 1 Y11 Y13, seat 2 G8 B12, seat 3 T14 T15; seat 2 leads
    assert state.to_act() == (2,) and [len(h) for h in hands(state)] == [2, 2, 2, 2]
    return state


def test_worlds_are_uniform_over_the_deals_seat_0_allows() -> None:
    # Seat 0 has not seen Y11 Y13 G8 B12 T14 T15. Seat 1 has shown it lacks red and
    # green, seat 2 red and yellow, seat 3 red, yellow and green. Only seat 1 may hold
    # the yellows, so it holds Y11 and Y13; G8 then goes to seat 2, whose other card is
    # B12, T14 or T15, seat 3 taking the other two: 3 deals (every Suit Card is known).
    position = GAME.position(two_tricks_left())
    check_uniform(GAME, position, 0, deals=3, samples=1500, seed=3)


def test_worlds_draw_the_suit_cards_a_seat_has_not_seen_uniformly() -> None:
    # Seat 1 has not seen R8 R9 G8 B12 T14 T15. Only seat 0 may hold the reds; G8 then
    # goes to seat 2 (seat 3 lacks green), with one of B12, T14, T15: 3 deals. Seat 1
    # has seen seat 0's Suit Card (it won the bid) but not those of seats 2 and 3: each
    # is any of 5, so 3 x 5 x 5 = 75 worlds.
    position = GAME.position(two_tricks_left())
    check_uniform(GAME, position, 1, deals=75, samples=2250, seed=4)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_worlds_at_every_moment_keep_the_view_and_are_valid_positions(players: int) -> None:
    # the kit samples at its checkpoints, which U.F.O.s's loose max_steps puts past the
    # end of most matches: here every 29th step, for every seat
    seed = 40 + players
    state = GAME.create(players, seed, {"respy": players % 2 == 0})
    bots = [RandomBot(GAME, s, bot_seed(seed, s)) for s in range(players)]
    rng = random.Random(seed)
    inventory = Counter(c for z in state.zones() for c in z.cards)
    while not state.is_over():
        if len(state.history) % 29 == 0:
            for seat in range(players):
                view = state.view(seat)
                world = GAME.sample_world(view, rng)
                assert world.view(seat) == view
                assert Counter(c for z in world.zones() for c in z.cards) == inventory
                same_now(world, GAME.from_position(json.loads(json.dumps(GAME.position(world)))))
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))


def test_a_world_keeps_the_shown_voids_and_the_cards_seen() -> None:
    state = two_tricks_left()
    rng = random.Random(6)
    for _ in range(30):
        world = GAME.sample_world(state.view(0), rng)
        assert world.view(0) == state.view(0)
        held = [{c.text for c in h} for h in hands(world)]
        assert held[1] == {"Y11", "Y13"}  # the only seat that may hold yellow
        assert held[3] <= {"T14", "T15", "B12"}  # seat 3 lacks red, yellow and green
        assert [world.suit_of(s) for s in range(4)] == ["X", "R", "G", "T"]  # spied
    world = GAME.sample_world(state.view(2), rng)
    assert world.suit_of(0) == "X"  # the winner's


def test_a_world_at_the_first_deal_keeps_only_the_seats_hand() -> None:
    state = GAME.create(4, 8)
    view = state.view(2)
    world = GAME.sample_world(view, random.Random(1))
    assert world.view(2) == view and hands(world)[2] == hands(state)[2]
    assert sorted(len(h) for h in hands(world)) == [15, 15, 15, 15]
    assert hands(world) != hands(state)  # the others' cards are dealt afresh


def test_a_world_plays_on_like_its_own_position() -> None:
    state = play_to(9, 4, 140)
    assert state.phase == "play"
    rng = random.Random(2)
    world = GAME.sample_world(state.view(1), rng)
    rebuilt = GAME.from_position(GAME.position(world))
    same_now(world, rebuilt)
    bots = [RandomBot(GAME, s, s) for s in range(4)]
    for _ in range(60):
        seat = world.to_act()[0]
        action = bots[seat].choose(world.view(seat), world.legal_actions(seat))
        world.apply(seat, action)
        rebuilt.apply(seat, action)
        same_now(world, rebuilt)


def deals_by_hand(pool: str, sizes: tuple[int, ...], lacking: tuple[int, ...]) -> Counter[Any]:
    """Every deal of the pool's cards (each copy a card of its own) into places of
    ``sizes`` where no place holds a suit it lacks, counted by what each place holds."""
    cards = DECK.cards_of(pool)
    found: Counter[Any] = Counter()

    def place(i: int, left: list[int], made: list[tuple[str, ...]]) -> None:
        if i == len(sizes):
            found[tuple(made)] += 1
            return
        for chosen in combinations(left, sizes[i]):
            if any(BITS[cards[j].suit] & lacking[i] for j in chosen):
                continue
            rest = [j for j in left if j not in chosen]
            place(i + 1, rest, [*made, tuple(sorted(cards[j].text for j in chosen))])

    place(0, list(range(len(cards))), [])
    return found


BITS = {"R": 1, "Y": 2, "G": 4, "T": 8, "B": 0}


def unseen_deal(pool: str, sizes: tuple[int, ...], lacking: tuple[int, ...]) -> SeatCards:
    """What the last of ``len(sizes) + 1`` seats knows when the cards of ``pool`` are in
    the others' hands (of ``sizes``), each shown to lack the suits of ``lacking`` (R 1,
    Y 2, G 4, T 8), and every other card in its own hand: its worlds deal the pool."""
    n = len(sizes) + 1
    cards = layout(DECK, PLACES, n).new(STOCK)
    dealt = list(DECK.cards_of(pool))
    rest = list(DECK.cards)
    for card in dealt:
        rest.remove(card)
    shares = [(WON + n + s, dealt[sum(sizes[:s]) : sum(sizes[: s + 1])]) for s in range(n - 1)]
    cards.deal(STOCK, [*shares, (WON + 2 * n - 1, rest)])
    for s, lack in enumerate(lacking):
        cards.bar(WON + n + s, sum(DECK.suit_mask(x) for x, bit in BITS.items() if bit & lack))
    return cards.seen_by(n - 1)


DEALS = [
    # one place lacks red, another green; the third may hold anything
    ("R1 R2 Y1 Y2 G1 B10 B10", (2, 2, 3), (1, 0, 4)),
    # every place lacks a suit
    ("R1 R2 R3 Y1 Y2 G1 G2 B12", (3, 3, 2), (1, 2, 4)),
    # two places lack the same suit
    ("R1 R2 R3 Y1 Y2 G1 G2 T5", (2, 2, 2, 2), (1, 1, 2, 0)),
]


@pytest.mark.parametrize(("pool", "sizes", "lacking"), DEALS)
def test_the_unseen_cards_are_dealt_uniformly_under_voids(
    pool: str, sizes: tuple[int, ...], lacking: tuple[int, ...]
) -> None:
    exact = deals_by_hand(pool, sizes, lacking)
    ways = sum(exact.values())
    rng = random.Random(1)
    samples = 4000
    seen: Counter[Any] = Counter()
    known = unseen_deal(pool, sizes, lacking)
    n = len(sizes) + 1
    for _ in range(samples):
        cards = known.deal(rng)
        dealt = [cards.cards(WON + n + s) for s in range(n - 1)]
        seen[tuple(tuple(sorted(c.text for c in h)) for h in dealt)] += 1
    assert set(seen) == set(exact)
    chi = sum((seen[k] - samples * w / ways) ** 2 / (samples * w / ways) for k, w in exact.items())
    assert chi < chi_square_limit(len(exact) - 1)


def test_an_impossible_deal_is_refused() -> None:
    known = unseen_deal("R1 R2", (1, 1), (1, 1))
    with pytest.raises(PositionError, match="no place with room may hold R1"):
        known.deal(random.Random(0))
