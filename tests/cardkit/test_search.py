"""The search bots (cardkit.search) and the value hook they maximise (State.horizon/value)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, ClassVar

import pytest
from typer.testing import CliRunner

from cardkit import CHANCE
from cardkit.bots import BaseBot, RandomBot, bot_seed
from cardkit.errors import OptionError
from cardkit.game import State, hand_value
from cardkit.registry import bots_for, make_bot
from cardkit.runner import play_match
from cardkit.search import IsmctsBot, PimcBot, _Node, _settled, challenger, leaves_prior
from cli.app import app
from games.universal_bid import GAME as BID
from games.universal_bid.bot import HeuristicBot
from games.universal_bid.game import UniversalBidGame
from games.universal_bid.state import UniversalBidState
from tests.tinygame import GAME as TINY

SHORT = {"schedule": "3,2"}
"""Two short hands: matches that a search bot plays in a fraction of a second."""


def bid_state(seed: int, options: dict[str, Any] | None = None) -> UniversalBidState:
    """A 4-player match at its first decision (a bid), with no events."""
    return BID.create(4, seed, options or {"schedule": "5"})


def decide(spec: str, state: State, seed: int = 7) -> Any:
    seat = state.to_act()[0]
    bot = make_bot(spec, state.game, seat, seed)
    return bot.choose(state.view(seat), state.legal_actions(seat))


def play_first_trick(state: UniversalBidState) -> None:
    """Every seat bids the first bid listed and plays on until the first trick is over."""
    while state.phase != "play" or len(state.finished) < 1:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])


# -- registration ---------------------------------------------------------------------


def test_both_bots_are_offered_for_every_game() -> None:
    for game in (BID, TINY):
        found = bots_for(game)
        assert found["pimc"] is PimcBot and found["ismcts"] is IsmctsBot


# -- determinism and the view ---------------------------------------------------------


@pytest.mark.parametrize("spec", ["ismcts:iterations=60", "pimc:worlds=6"])
def test_the_same_seed_and_iterations_give_the_same_move(spec: str) -> None:
    state = bid_state(11)
    play_first_trick(state)
    moves = {str(decide(spec, state.clone(), seed=5)) for _ in range(3)}
    assert len(moves) == 1


@pytest.mark.parametrize("spec", ["ismcts:iterations=60", "pimc:worlds=6"])
def test_the_bot_decides_from_the_view_alone(spec: str) -> None:
    """Swapping the cards of two other seats (and the cards out of play) in the true state
    keeps the seat's view, so the move is the same."""
    state = bid_state(4)
    play_first_trick(state)
    seat = state.to_act()[0]
    position = BID.position(state)
    zones = position["state"]["cards"]["zones"]
    a, b = [s for s in range(4) if s != seat][:2]
    # seats a and b played one card each to the first trick and hold the same number now
    hand_a, hand_b = zones[f"hand {a}"], zones[f"hand {b}"]
    assert len(hand_a) == len(hand_b)
    zones[f"hand {a}"], zones[f"hand {b}"] = hand_b, hand_a
    out = zones["out of play"]
    hand_b[0], out[0] = out[0], hand_b[0]
    try:
        other = BID.from_position(position)
    except Exception as exc:  # a swap that breaks a shown void: this seed avoids it
        pytest.fail(f"the swapped position was refused: {exc}")
    assert other.view(seat) == state.view(seat)
    assert {c.text for c in other.zones()[a].cards} != {c.text for c in state.zones()[a].cards}
    assert str(decide(spec, state)) == str(decide(spec, other))


# -- parameters -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("ismcts:c=-1", "bad value -1 for option 'c': allowed a number from 0 to 100"),
        ("ismcts:time=soon", "bad value soon for option 'time': allowed a number from 0.001"),
        ("ismcts:iterations=-3", "bad value -3 for option 'iterations'"),
        (
            "pimc:rollout=smart",
            "bad value smart for option 'rollout': allowed auto, heuristic, random",
        ),
        ("pimc:c=1", "unknown option 'c' for pimc: options are worlds, time, rollout"),
        ("ismcts:time=nan", "bad value nan for option 'time'"),
        ("ismcts:keep=-1", "bad value -1 for option 'keep': allowed a number from 0 to 100"),
    ],
)
def test_bad_parameters_are_refused_in_one_line(spec: str, words: str) -> None:
    with pytest.raises(OptionError) as caught:
        make_bot(spec, BID, 0, 0)
    message = str(caught.value)
    assert words in message and "\n" not in message


@pytest.mark.parametrize("name", ["ismcts", "pimc"])
def test_a_game_without_sampled_worlds_is_named_when_the_bot_is_made(name: str) -> None:
    with pytest.raises(OptionError) as caught:
        make_bot(name, TINY, 0, 0)
    assert str(caught.value) == (
        f"bot {name!r} needs sampled worlds, and tiny has none "
        "(it implements neither Game.sample_world nor Game.public_state)"
    )


class _NoHeuristic(UniversalBidGame):
    bots: ClassVar[dict[str, type[Any]]] = {}


def test_a_heuristic_rollout_needs_the_games_heuristic_bot() -> None:
    with pytest.raises(OptionError, match="universal-bid has none: use rollout=random"):
        make_bot("ismcts:rollout=heuristic", _NoHeuristic(), 0, 0)
    make_bot("ismcts:rollout=heuristic", BID, 0, 0)  # the real game has one


def test_rollouts_default_to_the_games_heuristic_where_it_has_one() -> None:
    with_one = make_bot("ismcts", BID, 0, 0)
    assert isinstance(with_one, IsmctsBot)
    assert with_one.rollout == with_one._heuristic_rollout
    without = make_bot("pimc", _NoHeuristic(), 0, 0)
    assert isinstance(without, PimcBot)
    assert without.rollout == without._random


def _root_visits(state: State, iterations: int) -> dict[str, int]:
    seat = state.to_act()[0]
    bot = IsmctsBot(BID, seat, 3, iterations=iterations, rollout="random")
    root = _Node()
    bot.low, bot.high = math.inf, -math.inf
    view = state.view(seat)
    for _ in range(iterations):
        bot._iterate(root, view)
    return {str(a): child.visits for a, child in root.children.items()}


def test_ismcts_weighs_values_by_their_spread_not_their_scale(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Squeezing every value towards 0.5 (a fiftieth of its distance) changes no visit:
    UCB1 sees the means scaled to the spread of the values seen, so ``c`` weighs
    exploration the same however close the moves' values are."""
    state = bid_state(2, {"schedule": "6"})
    plain = _root_visits(state, 200)
    value = UniversalBidState.value

    def squeezed(self: UniversalBidState, seat: int, start: State) -> float:
        return 0.5 + (value(self, seat, start) - 0.5) / 50

    monkeypatch.setattr(UniversalBidState, "value", squeezed)
    assert _root_visits(state, 200) == plain
    assert max(plain.values()) > 2 * 200 / len(plain)  # and the visits are not even


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_the_smallest_searches_play_the_heuristics_move(seed: int) -> None:
    """One iteration tries one move at the root: the game's heuristic's move for this
    view (its bot is deterministic), so even the smallest search plays it."""
    state = bid_state(seed, {"schedule": "6"})
    play_first_trick(state)
    seat = state.to_act()[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    assert len(legal) > 1
    expected = HeuristicBot(BID, seat, 0).choose(view, legal)
    assert (
        IsmctsBot(BID, seat, seed, iterations=1, rollout="heuristic").choose(view, legal)
        == expected
    )
    # as many iterations as moves try each once: a tie, which the heuristic's move takes
    assert (
        IsmctsBot(BID, seat, seed, iterations=len(legal), rollout="heuristic").choose(view, legal)
        == expected
    )
    # nor can one world show pimc that another move is better than the heuristic's
    assert PimcBot(BID, seat, seed, worlds=1, rollout="heuristic").choose(view, legal) == expected


def test_of_equally_visited_moves_ismcts_plays_the_best_mean() -> None:
    """Three iterations over seven bids try three bids once each: the move is the one
    whose rollout went best, not the first of them listed."""
    state = bid_state(2, {"schedule": "6"})
    seat = state.to_act()[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    move = IsmctsBot(BID, seat, 4, iterations=3, rollout="random").choose(view, legal)
    twin = IsmctsBot(BID, seat, 4, iterations=3, rollout="random")
    twin.low, twin.high = math.inf, -math.inf
    root = _Node()
    for _ in range(3):
        twin._iterate(root, view)
    tried = root.children
    assert len(tried) == 3 and all(child.visits == 1 for child in tried.values())
    first = next(a for a in legal if a in tried)
    best = max(tried, key=lambda a: tried[a].total)
    assert tried[best].total > tried[first].total  # the seed makes the order matter
    assert move == best


# four worlds, a row each; move 0 is the heuristic's. Move 1 gains 0.1 over it in every
# world; move 2 gains 0.45, -0.15, 0.45, -0.15 (mean 0.15, sample variance 0.36 / 3 =
# 0.12, standard error sqrt(0.12 / 4) = 0.173)
WORLDS = [[0.5, 0.6, 0.95], [0.5, 0.6, 0.35], [0.5, 0.6, 0.95], [0.5, 0.6, 0.35]]


@pytest.mark.parametrize(
    ("keep", "move"),
    [
        (1.64, 1),  # move 1: 0.1 - 0; move 2: 0.15 - 1.64 * 0.173 < 0
        (0.0, 2),  # by any margin: the best mean
        (0.5, 1),  # move 2: 0.15 - 0.087 = 0.063, below move 1's 0.1
        (0.2, 2),  # move 2: 0.15 - 0.035 = 0.115, above move 1's 0.1
    ],
)
def test_pimc_leaves_the_heuristics_move_only_for_a_clearly_better_one(
    keep: float, move: int
) -> None:
    assert challenger(WORLDS, 0, keep) == move


def test_pimc_keeps_the_heuristics_move_when_no_other_is_clearly_better() -> None:
    noisy = [[row[0], row[2]] for row in WORLDS]  # move 2 alone: 0.15 - 0.284 < 0
    assert challenger(noisy, 0, 1.64) == 0
    worse = [[0.5, 0.4, 0.3]] * 4  # no move beats it, even by any margin
    assert challenger(worse, 0, 0.0) == 0
    level = [[0.5, 0.5, 0.5]] * 4  # ties go to the heuristic's move, wherever it is listed
    assert challenger(level, 2, 0.0) == 2


def test_pimc_keeps_the_heuristics_move_with_a_single_world_unless_told_otherwise() -> None:
    assert challenger([[0.5, 0.8]], 0, 1.64) == 0
    assert challenger([[0.5, 0.8]], 0, 0.0) == 1


def _root_child(*values: float) -> _Node:
    node = _Node()
    node.visits = len(values)
    node.total = sum(values)
    node.squares = sum(v * v for v in values)
    return node


# the most visited move: 0.6, 0.8, 0.6, 0.8 (mean 0.7, variance (2.0 - 2.8^2 / 4) / 3 =
# 0.0133); the heuristic's: 0.5 four times (mean 0.5, variance 0). The error of the gap
# of 0.2 is sqrt(0.0133 / 4 + 0 / 4) = 0.0577.
@pytest.mark.parametrize(
    ("keep", "leaves"),
    [
        (1.64, True),  # 0.2 - 0.095 > 0
        (3.4, True),  # 0.2 - 0.196 > 0
        (3.5, False),  # 0.2 - 0.202 < 0
        (0.0, True),  # any better mean
    ],
)
def test_ismcts_leaves_the_heuristics_move_only_for_a_clearly_better_mean(
    keep: float, leaves: bool
) -> None:
    best, prior = _root_child(0.6, 0.8, 0.6, 0.8), _root_child(0.5, 0.5, 0.5, 0.5)
    assert leaves_prior(best, prior, keep) is leaves


def test_ismcts_keeps_the_heuristics_move_when_a_spread_is_unknown_or_it_is_better() -> None:
    best = _root_child(0.6, 0.8, 0.6, 0.8)
    assert not leaves_prior(best, _root_child(0.5), 1.64)  # one visit: no spread
    assert not leaves_prior(_root_child(0.9), _root_child(0.5, 0.5), 1.64)
    assert not leaves_prior(best, _root_child(0.7, 0.9, 0.7, 0.9), 0.0)  # its mean is higher


def test_ismcts_backs_up_the_squares_of_the_roots_values() -> None:
    state = bid_state(2, {"schedule": "6"})
    seat = state.to_act()[0]
    bot = IsmctsBot(BID, seat, 4, iterations=1, rollout="random")
    bot.low, bot.high = math.inf, -math.inf
    root = _Node()
    for _ in range(40):
        bot._iterate(root, state.view(seat))
    for child in root.children.values():
        assert child.squares <= child.total + 1e-9  # values in [0, 1]: v * v <= v
        assert child.squares * child.visits >= child.total * child.total - 1e-9  # Cauchy
        if child.visits == 1:
            assert math.isclose(child.squares, child.total * child.total)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_with_a_high_keep_ismcts_plays_the_heuristics_move(seed: int) -> None:
    state = bid_state(seed, {"schedule": "6"})
    play_first_trick(state)
    seat = state.to_act()[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    expected = HeuristicBot(BID, seat, 0).choose(view, legal)
    moves = [
        IsmctsBot(BID, seat, s, iterations=300, rollout="heuristic", keep=50).choose(view, legal)
        for s in range(4)
    ]
    assert moves == [expected] * 4


def test_without_keep_ismcts_can_leave_the_heuristics_move() -> None:
    """The other side of the test above: the same searches with no test leave the
    heuristic's move somewhere, so that test can fail."""
    left = 0
    for seed in (1, 2, 3):
        state = bid_state(seed, {"schedule": "6"})
        play_first_trick(state)
        seat = state.to_act()[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        expected = HeuristicBot(BID, seat, 0).choose(view, legal)
        for s in range(4):
            bot = IsmctsBot(BID, seat, s, iterations=300, rollout="heuristic")
            left += bot.choose(view, legal) != expected
    assert left > 0


# -- what they optimise -----------------------------------------------------------------


def test_hand_value_is_the_margin_over_the_others_mean() -> None:
    state = bid_state(1)  # not over: the margin alone
    # seat 0 gained 13, the others 0, 0 and 3 (mean 1): 0.5 + 0.5 * 12 / 24
    assert hand_value(state, 0, [13, 0, 0, 3], [0, 0, 0, 0], 24) == pytest.approx(0.75)
    # only the gains count (12, 0, 0, 0), not the scores before; seat 3: 0.5 + 0.5 * -4 / 24
    assert hand_value(state, 3, [22, 5, 5, 5], [10, 5, 5, 5], 24) == pytest.approx(5 / 12)
    assert hand_value(state, 1, [100, 0, 0, 0], [0, 0, 0, 0], 24) == 0.0  # held at 0 to 1


def test_universal_bid_rollouts_stop_at_the_end_of_the_hand_and_value_its_points() -> None:
    state = bid_state(2, {"schedule": "2,1"})
    start = state.clone()
    horizon = state.horizon()
    while state.horizon() == horizon:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert not state.is_over() and state.hand_index == 1
    points = state.hand_log[-1].points
    for seat in range(4):
        others = (sum(points) - points[seat]) / 3
        assert state.value(seat, start) == pytest.approx(0.5 + 0.5 * (points[seat] - others) / 12)


def test_at_the_end_of_the_match_the_value_is_mostly_the_win_share() -> None:
    state = bid_state(2, {"schedule": "1"})
    start = state.clone()
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    winners = state.result().winners
    for seat in range(4):
        value = state.value(seat, start)
        if seat in winners:
            assert value >= 0.9 / len(winners)
        else:
            assert value <= 0.1


def test_the_default_value_is_the_win_share_at_the_end_of_the_match() -> None:
    state = TINY.create(2, 3)
    start = state.clone()
    assert state.horizon() == 0
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    result = state.result()
    assert [state.value(s, start) for s in range(2)] == [result.share(s) for s in range(2)]


# -- strength -------------------------------------------------------------------------


@pytest.mark.parametrize("spec", ["ismcts:iterations=40", "pimc:worlds=4"])
def test_a_search_bot_beats_three_random_bots_more_often_than_not(spec: str) -> None:
    """40 seeded matches of two short hands, the bot's seat rotating. A bot no better
    than random wins a quarter of them (10 expected), and 17 or more with chance under
    1%; so short a match is mostly luck, and a bot winning 0.6 of them (as these do)
    falls under 17 with chance under 1% too."""
    wins = 0.0
    for m in range(40):
        hero = m % 4
        bots: list[BaseBot] = [
            make_bot(spec, BID, s, bot_seed(m, s)) if s == hero else RandomBot(BID, s, m * 4 + s)
            for s in range(4)
        ]
        outcome = play_match(BID, bots, 100 + m, SHORT)
        assert outcome.result is not None, outcome.failure
        wins += outcome.result.share(hero)
    assert wins >= 17


def test_rollouts_use_the_games_heuristic_when_asked() -> None:
    state = bid_state(3)
    move = decide("ismcts:iterations=30,rollout=heuristic", state)
    assert move in state.legal_actions(state.to_act()[0])
    assert move == decide("ismcts:iterations=30,rollout=heuristic", state)


def test_the_time_budget_makes_at_least_one_sample() -> None:
    state = bid_state(6)
    seat = state.to_act()[0]
    for cls in (IsmctsBot, PimcBot):
        bot = cls(BID, seat, 1, time="0.001")
        assert bot.choose(state.view(seat), state.legal_actions(seat)) in state.legal_actions(seat)
        assert bot.simulations >= 1


@pytest.mark.parametrize(
    ("visits", "settled"),
    [
        # 100 iterations took 1 s and 0.25 s are left: 25 more iterations
        ((60, 30, 10), True),  # a lead of 30: the 25 to come cannot change the choice
        ((55, 30, 15), False),  # a lead of exactly 25: they could tie it
        ((40, 35, 25), False),
    ],
)
def test_a_timed_ismcts_stops_once_the_time_left_cannot_change_its_move(
    visits: tuple[int, ...], settled: bool
) -> None:
    root = _Node()
    for i, n in enumerate(visits):
        child = root.children[i] = _Node()  # type: ignore[index]
        child.visits = n
    assert _settled(root, 100, start=0.0, now=1.0, deadline=1.25) is settled


def test_chance_in_a_world_without_auto_chance_is_drawn_by_the_world() -> None:
    """A rollout that meets a due shuffle (a world made without auto chance) applies the
    world's own sample of it and plays on to the horizon: the end of the first hand."""
    world = BID.create(4, 9, {"schedule": "1,1"}, auto_chance=False)  # the draw is due
    expected = world.clone()
    draw = expected.sample_chance()
    expected.apply(CHANCE, draw)
    deal = expected.sample_chance()
    IsmctsBot(BID, 0, 1, iterations=1)._random(world, world.horizon())
    assert world.hand_index == 1 and not world.is_over()
    chance = [a for s, a in world.history if s == CHANCE]
    assert chance == [draw, deal]  # the draw, then the first deal; the second is not due yet
    assert len(world.history) == 2 + 4 + 4  # and four bids and four plays of one card each


# -- the command line ---------------------------------------------------------------------


def test_cardkit_play_plays_against_ismcts(tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    args = ["play", "universal-bid", "--bot", "ismcts", "--seed", "1", "-o", "schedule=1"]
    result = CliRunner().invoke(app, [*args, "--save", str(save)], input="1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "bots: seat 1 ismcts, seat 2 ismcts, seat 3 ismcts" in result.output
    assert "seat 1 bids" in result.output  # a bot's move, made by the search


def _to_the_horizon(state: State) -> None:
    """Play the first listed action of each seat until the state's horizon moves."""
    horizon = state.horizon()
    while state.horizon() == horizon and not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])


@pytest.mark.parametrize(
    ("game_id", "options", "scale", "sign"),
    [
        ("ufos", {}, None, 1),
        ("uno-star-trek", {}, 200, 1),
        ("uno-star-trek", {"scoring": "lowest"}, 200, -1),
    ],
)
def test_the_other_games_value_the_hand_just_played(
    game_id: str, options: dict[str, Any], scale: int | None, sign: int
) -> None:
    from cardkit.registry import get_game

    game = get_game(game_id)
    state = game.create(4, 5, options)
    start = state.clone()
    _to_the_horizon(state)
    board = state.board  # type: ignore[attr-defined]
    assert board.hands_played == 1 and not state.is_over()
    before = start.board.totals  # type: ignore[attr-defined]
    gains = [sign * (a - b) for a, b in zip(board.totals, before, strict=True)]
    # ufos: 60 cards make hands of 15 tricks for 4 players; the bid winner doubles: 30
    most = 2 * (60 // 4) if scale is None else scale
    for seat in range(4):
        others = (sum(gains) - gains[seat]) / 3
        expected = min(1.0, max(0.0, 0.5 + 0.5 * (gains[seat] - others) / most))
        assert state.value(seat, start) == pytest.approx(expected)


# -- worlds weighed by what the others' choices say (infer) ----------------------------


class _Believer(UniversalBidGame):
    """universal-bid whose worlds weigh 1 where seat 0 holds ``card``, else 0."""

    card: ClassVar[Any] = None

    def world_weight(self, world: State, seat: int) -> float:
        held = next(z.cards for z in world.zones() if z.name == "hand 0")
        return 1.0 if self.card in held else 0.0


def test_infer_keeps_worlds_by_the_games_weight() -> None:
    """2 players, 5 cards each: seat 1 cannot see seat 0's 5 cards nor the 44 out of play,
    so a world puts a given one of them in seat 0's hand with chance 5/49. Drawn alone, 30
    worlds hold it about 3 times (more than 10: below 1 in 10^4); with infer=64 a world
    misses it only if all 64 drawn do, (44/49)^64 < 0.001, so at most one of 30 misses."""
    game = _Believer()
    state = game.create(2, 3, {"schedule": "5"})
    assert state.to_act() == (1,)
    _Believer.card = next(z.cards for z in state.zones() if z.name == "hand 0")[0]
    view = state.view(1)
    for infer, low, high in ((1, 0, 10), (64, 29, 30)):
        bot = make_bot(f"pimc:infer={infer}", game, 1, 5)
        assert isinstance(bot, PimcBot)
        held = sum(game.world_weight(bot.world(view), 1) for _ in range(30))
        assert low <= held <= high, (infer, held)


def test_infer_needs_a_game_that_weighs_its_worlds() -> None:
    with pytest.raises(OptionError, match="infer=4 needs a game that weighs its worlds"):
        make_bot("ismcts:infer=4", BID, 0, 0)
    make_bot("ismcts:infer=1", BID, 0, 0)
    with pytest.raises(OptionError, match="infer"):
        make_bot("pimc:infer=0", _Believer(), 0, 0)
