"""Duplicate deals in the arena: the same shuffles per deal, seats rotated, paired differences."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from cardkit import arena, schedule
from cardkit.bots import RandomBot
from cardkit.plan import Report
from cardkit.record import Record, replay
from cardkit.registry import get_game
from cardkit.seats import CHANCE
from cardkit.tally import Tally
from tests.tinygame import GAME


def shuffles(record: Record) -> list[str]:
    return [action for seat, action in record.actions if seat == CHANCE]


def test_a_deal_is_played_once_per_rotation_with_every_entrant_in_every_seat() -> None:
    plan = arena.make_plan(GAME, ["random", "random", "random"], duplicate=True)
    assert plan.rotations == 3
    for deal in range(4):
        seatings = [plan.seating(deal * 3 + r) for r in range(3)]
        assert {plan.deal(deal * 3 + r) for r in range(3)} == {deal}
        assert len({plan.deal_seed(deal * 3 + r) for r in range(3)}) == 1
        for seat in range(3):  # each entrant once in each seat
            assert sorted(s[seat] for s in seatings) == [0, 1, 2]
    assert plan.deal_seed(0) != plan.deal_seed(3)


def test_permutations_play_every_seating_of_a_deal() -> None:
    plan = arena.make_plan(GAME, ["random", "random", "random"], permutations=True)
    assert plan.duplicate and plan.rotations == 6
    assert sorted(plan.seating(i) for i in range(6)) == sorted(itertools.permutations(range(3)))


def test_fresh_deals_keep_the_seating_and_seeds_of_before() -> None:
    plan = arena.make_plan(GAME, ["random", "random", "random"])
    assert plan.rotations == 1
    for i in range(7):  # the seating of every match rotates, as it always did
        assert plan.seating(i) == tuple((seat - i) % 3 for seat in range(3))
        assert plan.deal_seed(i) == arena.match_seed(plan.seed, i)


def test_two_copies_of_one_bot_differ_by_exactly_nothing_in_every_deal() -> None:
    # bot seeds go by deal and seat, and shuffles by deal: with seats swapped the
    # same bot class plays the same match, so a's share in one rotation is b's in
    # the other and every deal's difference is 0
    tally = arena.run(GAME, ["random", "random"], 60, seed=5, duplicate=True)
    assert tally.deals == 30 and tally.deals_dropped == 0
    (pair,) = tally.pairs()
    assert pair["unit"] == "deal" and pair["units"] == 30
    assert pair["win_rate_diff"] == 0.0 and pair["win_rate_diff_sd"] == 0.0
    assert pair["mean_score_diff"] == 0.0


def test_fresh_deals_pair_match_by_match() -> None:
    tally = arena.run(GAME, ["random", "random"], 60, seed=5)
    (pair,) = tally.pairs()
    assert pair["unit"] == "match" and pair["units"] == 60
    # with fresh deals two copies of one bot do not tie every match
    assert pair["win_rate_diff_sd"] is not None and pair["win_rate_diff_sd"] > 0


def test_duplicate_results_are_the_same_for_one_and_two_workers() -> None:
    runs = [
        arena.run(GAME, ["random", "random", "random"], 45, seed=2, duplicate=True, workers=w)
        for w in (1, 2)
    ]
    one, two = ((t.entrants(), t.seats(), t.pairs()) for t in runs)
    assert one == two


def test_an_incomplete_last_deal_is_left_out_of_the_pairs() -> None:
    tally = arena.run(GAME, ["random", "random"], 7, seed=1, duplicate=True)
    assert tally.played == 7 and tally.deals == 3
    assert tally.pairs()[0]["units"] == 3


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("universal-bid", {"schedule": "3"}),
        ("ufos", {"hands_per_player": 1}),
        ("uno-star-trek", {"target_score": 1}),
    ],
)
def test_every_match_of_a_deal_gets_the_same_deals_whatever_the_bots_do(
    tmp_path: Path, game: str, options: dict[str, object]
) -> None:
    g = get_game(game)
    bots = ["heuristic"] + ["random"] * (g.default_players - 1)
    logs = tmp_path / "logs"
    rotations = g.default_players
    arena.run(g, bots, rotations, seed=3, options=options, duplicate=True, logs=logs)
    records = [Record.load(f) for f in sorted(logs.glob("match-*.json"))]
    assert len(records) == rotations
    plays = {tuple(a for s, a in r.actions if s != CHANCE) for r in records}
    assert len(plays) == rotations  # the bots played differently in every rotation
    start = g.create(g.default_players, 0, options).history
    full = max(len(a.cards) for s, a in start if s == CHANCE)  # cards in a full deal
    for r in records:
        assert replay(r, g).is_over()  # the record replays (its shuffles are in it)
    deals = [[a for a in shuffles(r) if len(a.split()) - 1 == full] for r in records]
    hands = min(len(d) for d in deals)
    assert hands >= 1
    for d in deals[1:]:  # the k-th deal of the full pack is the same in every rotation
        assert d[:hands] == deals[0][:hands]


def test_the_kth_shuffle_of_a_pile_ignores_the_order_the_cards_come_in() -> None:
    g = get_game("uno-star-trek")
    a = schedule.deal_seeded(g.create(4, 1, auto_chance=False), 99)
    b = schedule.deal_seeded(g.create(4, 2, auto_chance=False), 99)
    pile = list(max((act.cards for s, act in a.history if s == CHANCE), key=len))
    first = a.sample_chance(pile)
    second = b.sample_chance(list(reversed(pile)))
    assert first == second


class Other(RandomBot):
    """A second bot spec (plays as random does)."""

    name = "other"


def test_entrants_of_one_spec_are_paired_as_one_bot() -> None:
    # random, other, random at a table of three: "random" is one bot in two seats
    plan = arena.make_plan(GAME, ["random", Other, "random"], duplicate=True)
    tally = Tally(plan)
    assert tally.bots == [0, 1, 0]
    winners = [1, 1, 1, 0, 0, 0]  # deal 0: entrant 1 wins all three; deal 1: entrant 0 does
    for index, winner in enumerate(winners):
        seating = plan.seating(index)
        scores = tuple(3.0 * (1 + (index >= 3)) if who == winner else 0.0 for who in seating)
        shares = tuple(1.0 if who == winner else 0.0 for who in seating)
        tally.add(Report(index, scores, shares, True))
    (pair,) = tally.pairs(by_bot=True)
    assert (pair["a_index"], pair["b_index"], pair["units"]) == (0, 1, 2)
    # deal 0: random's six seats score 0, other's three 3 each: 0 - 3 (shares 0 - 1);
    # deal 1: entrant 0 scores 6 in its three of random's six seats, other 0: 3 - 0 (0.5 - 0)
    assert pair["mean_score_diff"] == pytest.approx((-3 + 3) / 2)
    assert pair["win_rate_diff"] == pytest.approx((-1 + 0.5) / 2)
    assert len(tally.pairs()) == 3  # the entrants' own pairs as before


def test_no_bot_pairs_when_every_spec_is_given_once() -> None:
    tally = arena.run(GAME, ["random", Other], 4, seed=1, duplicate=True)
    assert tally.pairs(by_bot=True) == [] and len(tally.pairs()) == 1
