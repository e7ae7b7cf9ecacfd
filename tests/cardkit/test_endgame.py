"""The exact endgame solver (cardkit.endgame) against brute force, and pimc's use of it."""

from __future__ import annotations

import random
from typing import cast

import pytest

from cardkit import CHANCE, endgame
from cardkit.actions import Bid, Play
from cardkit.endgame import EndgameSolver, largest_hand, solve
from cardkit.game import State
from cardkit.registry import make_bot
from cardkit.search import PimcBot
from cardkit.testing import ConformanceError, endgames
from cardkit.testing.endgames import ENDGAMES, check_endgame, check_endgames, random_endgame
from cardkit.zones import Zone
from games.ufos import GAME as UFOS
from games.universal_bid import GAME as BID
from games.universal_bid.cards import parse_card
from tests.tinygame import GAME as TINY

# -- agreement with brute force ------------------------------------------------------------

BID_CARDS = {2: 4, 3: 4, 4: 3, 5: 2}
"""The most cards per hand in a universal-bid endgame, by players (brute force stays quick)."""


@pytest.mark.parametrize("block", range(4))
def test_universal_bid_endgames_agree_with_brute_force(block: int) -> None:
    for seed in range(block * ENDGAMES // 4, (block + 1) * ENDGAMES // 4):
        rng = random.Random(seed)
        players = 2 + seed % 4
        cards = rng.randint(2, BID_CARDS[players])
        size = cards + rng.randint(1, 2)
        options = {"schedule": f"{size},{size}"}
        state = random_endgame(BID, players, seed, options, cards, hand=seed % 2)
        assert check_endgame(state, rng.randrange(players)), seed


UFOS_CARDS = {3: 3, 4: 3, 5: 2, 6: 2}


@pytest.mark.parametrize("block", range(4))
def test_ufos_endgames_agree_with_brute_force(block: int) -> None:
    """U.F.O.s hands reach the tricks with every card dealt and one seat to act."""
    for seed in range(block * ENDGAMES // 4, (block + 1) * ENDGAMES // 4):
        rng = random.Random(seed)
        players = 3 + seed % 4
        cards = rng.randint(2, UFOS_CARDS[players])
        options = {"hands_per_player": 1}
        state = random_endgame(UFOS, players, seed, options, cards, hand=seed % players)
        assert check_endgame(state, rng.randrange(players)), seed


def test_tiny_endgames_agree_with_brute_force_where_solvable() -> None:
    """Tiny opens a cheer window after every trick but the last (several seats to act),
    so only its last trick is solvable; the solver refuses exactly where brute force must."""
    solved = 0
    for seed in range(ENDGAMES):
        rng = random.Random(seed)
        players = 2 + seed % 2
        options = {"hands": 1, "hand_size": rng.randint(2, 4 if players == 2 else 3)}
        state = random_endgame(TINY, players, seed, options, rng.randint(1, 2))
        solved += check_endgame(state, rng.randrange(players), refusals=True)
    assert 50 < solved < ENDGAMES  # both kinds occur


# -- an endgame solved by hand -------------------------------------------------------------


def bid_position(hands: dict[int, str], bids: dict[int, int]) -> State:
    """The first hand (2 cards each, of two hands) of a 2-player universal-bid match, dealt
    ``hands`` (text) and bid ``bids``, at its first play."""
    state = BID.create(2, 1, {"schedule": "2,1"}, auto_chance=False)
    state.apply(CHANCE, state.sample_chance())  # the draw for the deal
    dealt = {s: [parse_card(t) for t in text.split()] for s, text in hands.items()}
    state.apply(CHANCE, state.deal_shuffle(dealt))
    for _ in range(2):
        seat = state.to_act()[0]
        state.apply(seat, Bid(bids[seat]))
    return state


def test_leading_the_single_highest_card_makes_the_bid() -> None:
    """The leader holds E:Sun (the highest card) and E:1 and bid 2; the other holds E:5 and
    V:1 and must follow suit. Leading E:Sun draws E:5, then E:1 beats V:1: two tricks, the
    bid made (12 points to 0, the margin the whole hand's worth: value 1). Leading E:1 loses
    it to E:5, and E:Sun then takes V:1: one trick each (1 point to the other's 11).
    The hand is not the match's last, so its value is the margin (:func:`hand_value`)."""
    leader = BID.create(2, 1, {"schedule": "2,1"}).to_act()[0]
    other = 1 - leader
    state = bid_position({leader: "E:Sun E:1", other: "E:5 V:1"}, {leader: 2, other: 1})
    assert state.to_act() == (leader,)
    assert solve(state, leader) == 1.0
    assert solve(state, other) == 0.0
    sun, one = Play(parse_card("E:Sun")), Play(parse_card("E:1"))
    values = EndgameSolver().action_values(state, leader, [sun, one])
    assert values == pytest.approx([1.0, 0.5 + 0.5 * (1 - 11) / 12])


# -- refusals and the budget ---------------------------------------------------------------


def test_chance_to_act_is_not_solvable() -> None:
    state = BID.create(4, 3, auto_chance=False)
    assert state.to_act() == (CHANCE,)
    solver = EndgameSolver()
    assert solver.value(state, 0) is None and solver.reason == "chance"
    assert solver.action_values(state, 0) is None


def test_chance_before_the_horizon_is_not_solvable() -> None:
    """Tiny's horizon is the match: from the last trick of its first hand the line runs into
    the next deal, a shuffle before the horizon."""
    state = random_endgame(TINY, 2, 4, {"hands": 2, "hand_size": 2}, 1)
    assert state.horizon() == 0 and len(state.to_act()) == 1
    solver = EndgameSolver()
    assert solver.value(state, 0) is None and solver.reason == "chance"


def test_several_seats_to_act_is_not_solvable() -> None:
    state = UFOS.create(4, 2)  # every seat picks its bid cards in secret
    assert len(state.to_act()) == 4
    solver = EndgameSolver()
    assert solver.value(state, 0) is None and solver.reason == "simultaneous"


def test_the_node_budget_stops_the_solve() -> None:
    state = random_endgame(BID, 4, 8, {"schedule": "6"}, 5)
    assert solve(state, 0, max_nodes=10**6) is not None
    solver = EndgameSolver(max_nodes=200)
    assert solver.value(state, 0) is None
    assert solver.reason == "budget" and solver.nodes == 201
    assert solver.action_values(state, state.to_act()[0]) is None and solver.nodes == 201
    with pytest.raises(ValueError, match="max_nodes"):
        EndgameSolver(0)


# -- pimc with the solver ------------------------------------------------------------------


def test_pimc_solves_small_endgames_and_stays_deterministic() -> None:
    state = random_endgame(BID, 4, 5, {"schedule": "5"}, 3)
    seat = state.to_act()[0]
    moves = set()
    for _ in range(2):
        bot = make_bot("pimc:worlds=6,solve=3", BID, seat, 9)
        assert isinstance(bot, PimcBot)
        moves.add(str(bot.choose(state.view(seat), state.legal_actions(seat))))
        assert bot.solved == 6 and bot.simulations == 0
    assert len(moves) == 1


def test_pimc_rolls_out_a_world_the_solver_cannot_finish() -> None:
    state = random_endgame(BID, 4, 5, {"schedule": "5"}, 4)
    seat = state.to_act()[0]
    bot = make_bot("pimc:worlds=4,solve=4,nodes=10", BID, seat, 9)
    assert isinstance(bot, PimcBot)
    move = bot.choose(state.view(seat), state.legal_actions(seat))
    assert move in state.legal_actions(seat)
    assert bot.solved == 0 and bot.simulations == 4 * len(state.legal_actions(seat))


def test_pimc_does_not_solve_larger_hands() -> None:
    state = random_endgame(BID, 4, 5, {"schedule": "5"}, 4)
    seat = state.to_act()[0]
    bot = make_bot("pimc:worlds=3,solve=3", BID, seat, 9)
    assert isinstance(bot, PimcBot)
    bot.choose(state.view(seat), state.legal_actions(seat))
    assert largest_hand(state) == 4 and bot.solved == 0


class _Zoned:
    """A state seen only through its zones: seat 1 holds 2 cards of its own and 3 that
    seat 0 passed it (the core lists those apart, as ``hand 1, known to 0``)."""

    def zones(self) -> tuple[Zone, ...]:
        c = [parse_card(t) for t in ("E:Sun", "E:Moon", "E:7", "E:6", "E:5", "E:4")]
        return (
            Zone("hand 0", (c[0],), frozenset({0})),
            Zone("hand 1", (c[1], c[2]), frozenset({1})),
            Zone("hand 1, known to 0", (c[3], c[4], c[5]), frozenset({0, 1})),
            Zone("won 0", tuple(c), frozenset({0, 1})),
        )


def test_largest_hand_counts_the_cards_others_know_in_it() -> None:
    assert largest_hand(cast(State, _Zoned())) == 5


# -- the kit's check ------------------------------------------------------------------------


class OffByHalf(EndgameSolver):
    """A solver that adds a half to every value it finds."""

    def value(self, state: State, seat: int) -> float | None:
        found = super().value(state, seat)
        return None if found is None else found + 0.5


@pytest.mark.skipif(
    not str(endgame.__file__).endswith(".py"),
    reason="a compiled EndgameSolver cannot be subclassed in Python (docs/compiled.md)",
)
def test_the_kit_names_the_seed_where_a_solver_disagrees(monkeypatch: pytest.MonkeyPatch) -> None:
    assert check_endgames(BID, 3, {"schedule": "3"}, endgames=5) == 5
    monkeypatch.setattr(endgames, "EndgameSolver", OffByHalf)
    with pytest.raises(ConformanceError, match="universal-bid, 3 players, seed 0: the solver's"):
        check_endgames(BID, 3, {"schedule": "3"}, endgames=5)


def test_the_kit_refuses_an_endgame_brute_force_cannot_search() -> None:
    """Tiny's horizon is the match: a hand's end runs into the next deal."""
    with pytest.raises(ConformanceError, match="brute force met chance"):
        check_endgames(TINY, 2, {"hands": 2, "hand_size": 2}, cards=2, endgames=20)
    with pytest.raises(ValueError, match="cards must be at least 2"):
        check_endgames(TINY, 2, cards=1)
