"""The conformance kit's position checks catch a sampler that leaks or ignores a void."""

from __future__ import annotations

import random

import attrs
import pytest

from cardkit import View
from cardkit.positions import deal_hidden, load_position
from cardkit.testing import ConformanceError, check_positions, check_uniform, chi_square_limit
from cardkit.zones import SeatCards
from games.universal_bid import UniversalBidGame, UniversalBidState, UniversalBidView
from games.universal_bid.cards import parse_card
from tests.games.universal_bid.test_positions import EXAMPLE

TRUE: dict[View, UniversalBidState] = {}
"""The state each view came from: what a leaking sampler peeks at."""


class PeekedState(UniversalBidState):
    def view(self, seat: int) -> UniversalBidView:
        seen = super().view(seat)
        TRUE[seen] = self
        return seen


class LeakyGame(UniversalBidGame):
    """Samples the true state itself: every hidden card comes back."""

    state = PeekedState

    def sample_world(self, view: View, rng: random.Random) -> UniversalBidState:
        return TRUE[view].clone()


class VoidBlindGame(UniversalBidGame):
    """Deals the hidden cards uniformly but ignores the suits a seat has shown it lacks."""

    def sample_world(self, view: View, rng: random.Random) -> UniversalBidState:
        assert isinstance(view, UniversalBidView) and view.cards is not None
        k = view.cards
        blind = SeatCards(k.layout, k.seat, k.masks, k.sizes, k.orders, k.barred, k.barred)
        return super().sample_world(attrs.evolve(view, cards=blind), rng)


def test_a_correct_sampler_passes() -> None:
    check_positions(UniversalBidGame(), [3], matches=1)


def test_a_sampler_that_leaks_the_true_hands_is_caught() -> None:
    with pytest.raises(ConformanceError, match="the sampler leaks"):
        check_positions(LeakyGame(), [3], matches=1)


def test_a_sampler_that_ignores_a_shown_void_is_caught() -> None:
    game = VoidBlindGame()
    with pytest.raises(ConformanceError, match="breaks the rules"):
        check_uniform(game, load_position(EXAMPLE), 1, deals=3, samples=300, seed=2)


def test_the_chi_square_limit_matches_the_table() -> None:
    # tables give 13.82 for 2 degrees of freedom and 29.59 for 10 at the 0.001 level
    assert abs(chi_square_limit(2) - 13.82) < 0.5
    assert abs(chi_square_limit(10) - 29.59) < 0.3


def test_uniform_dealing_respects_each_place() -> None:
    pool = [parse_card(t) for t in ("E:3", "M:7", "J:Moon", "N:5")]
    rng = random.Random(0)
    for _ in range(50):
        first, rest = deal_hidden(pool, [2, 2], [lambda c: c.suit != "N", None], rng)
        assert all(c.suit != "N" for c in first) and len(rest) == 2


class ForgetfulGame(UniversalBidGame):
    """Rebuilds positions but counts steps from 0: its later chance draws differ."""

    def from_position(
        self, data: object, *, auto_chance: bool = True, events: bool = False
    ) -> UniversalBidState:
        state = super().from_position(data, auto_chance=auto_chance, events=events)
        state.step_offset = 0
        return state


def test_a_rebuilt_state_that_loses_its_step_count_is_caught() -> None:
    with pytest.raises(ConformanceError, match="rebuilt from the position"):
        check_positions(ForgetfulGame(), [2], matches=1)
