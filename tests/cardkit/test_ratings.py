"""Bradley-Terry ratings (cardkit.ratings) and tournament schedules (cardkit.schedule)."""

from __future__ import annotations

import collections
import math
import random

import pytest

from cardkit import arena, ratings, schedule
from tests.tinygame import GAME


def test_two_bots_get_the_odds_of_their_wins_and_one_virtual_draw() -> None:
    comparisons = ratings.Comparisons(2)
    for game in range(100):
        comparisons.add(0, 1, 1.0 if game < 75 else 0.0)
    fit = ratings.fit(comparisons)
    # with the virtual draw: 75.5 wins of 101 games, so g0 / g1 = 75.5 / 25.5
    gap = ratings.ELO * math.log(75.5 / 25.5)
    assert fit.ratings[0] == pytest.approx(gap / 2)
    assert fit.ratings[1] == pytest.approx(-gap / 2)
    assert fit.order() == [0, 1]


def test_a_bot_that_never_loses_still_has_a_finite_rating() -> None:
    comparisons = ratings.Comparisons(3)
    for _ in range(20):
        comparisons.add(0, 1, 1.0)
        comparisons.add(1, 2, 0.5)
    fit = ratings.fit(comparisons)
    assert all(math.isfinite(r) for r in fit.ratings)
    assert fit.order()[0] == 0
    assert sum(fit.ratings) == pytest.approx(0.0, abs=1e-6)


def plackett_luce(rng: random.Random, strengths: list[float]) -> list[int]:
    """A finishing order (best first) drawn from the Plackett-Luce model."""
    left = list(range(len(strengths)))
    order = []
    while left:
        pick = rng.choices(left, [strengths[i] for i in left])[0]
        order.append(pick)
        left.remove(pick)
    return order


def test_a_synthetic_field_of_known_strengths_is_recovered() -> None:
    # five bots with known Elo ratings play tables of three; a Plackett-Luce
    # order has the Bradley-Terry pair odds g_i / (g_i + g_j), so the fit must
    # find the true ratings (centred on 0) within its intervals
    true = [300.0, 100.0, 0.0, -150.0, -250.0]
    centre = sum(true) / len(true)
    strengths = [10 ** (r / 400) for r in true]
    rng = random.Random(7)
    comparisons = ratings.Comparisons(5)
    tables = schedule.tables(5, 3)
    for t in range(6000):
        table = tables[t % len(tables)]
        order = plackett_luce(rng, [strengths[i] for i in table])
        scores = [0.0] * 3
        for place, pos in enumerate(order):
            scores[pos] = 3 - place  # highest score first; the best one wins
        shares = [1.0 if s == 3 else 0.0 for s in scores]
        for i, j, score in ratings.finishing_pairs(table, scores, shares):
            comparisons.add(i, j, score)
    fit = ratings.fit(comparisons)
    assert fit.order() == [0, 1, 2, 3, 4]
    for i, r in enumerate(true):
        low, high = fit.ci95(i)
        assert low <= r - centre <= high, (i, fit.ratings[i], r - centre, fit.errors[i])
        assert fit.errors[i] < 20  # 6000 tables pin each rating to well under 20 points


def test_finishing_pairs_follow_the_direction_of_the_winners_scores() -> None:
    high = list(ratings.finishing_pairs((0, 1, 2), (10.0, 5.0, 7.0), (1.0, 0.0, 0.0)))
    assert high == [(0, 1, 1.0), (0, 2, 1.0), (1, 2, 0.0)]
    low = list(ratings.finishing_pairs((0, 1, 2), (1.0, 5.0, 3.0), (1.0, 0.0, 0.0)))
    assert low == [(0, 1, 1.0), (0, 2, 1.0), (1, 2, 0.0)]  # lowest wins: 3 beats 5
    shared = list(ratings.finishing_pairs((0, 1), (4.0, 4.0), (0.5, 0.5)))
    assert shared == [(0, 1, 0.5)]


def test_a_tournament_schedule_is_balanced_in_meetings_seats_and_neighbours() -> None:
    plan = arena.make_plan(GAME, ["random"] * 5, players=3, tournament=True)
    assert len(plan.tables) == 10 and plan.rotations == 3
    passes = 2  # the (3 - 1)! orders of a table
    seats: collections.Counter[tuple[int, int]] = collections.Counter()
    meetings: collections.Counter[tuple[int, int]] = collections.Counter()
    left: collections.Counter[tuple[int, int]] = collections.Counter()
    for index in range(passes * len(plan.tables) * plan.rotations):
        seating = plan.seating(index)
        assert len(set(seating)) == 3
        for seat, who in enumerate(seating):
            seats[(who, seat)] += 1
            left[(who, seating[(seat + 1) % 3])] += 1
            for other in seating:
                if other != who:
                    meetings[(who, other)] += 1
    # each bot is at C(4, 2) = 6 tables a pass, each played in all 3 rotations
    assert set(seats.values()) == {passes * 6} and len(seats) == 15
    # each pair shares C(3, 1) = 3 tables a pass, 3 matches each
    assert set(meetings.values()) == {passes * 9} and len(meetings) == 20
    # over both orders of a table each bot has each other as its neighbour once per rotation
    assert set(left.values()) == {9} and len(left) == 20


def test_tournament_plans_check_their_numbers() -> None:
    from cardkit.errors import CardkitError

    with pytest.raises(CardkitError, match="at least 2 bots"):
        arena.make_plan(GAME, ["random"], tournament=True)
    with pytest.raises(CardkitError, match="need at least 3 bots"):
        arena.make_plan(GAME, ["random", "random"], players=3, tournament=True)
