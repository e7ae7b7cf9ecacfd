"""Action spaces (cardkit.spaces) and the conformance kit's check of them."""

from __future__ import annotations

from typing import Any

import pytest

from cardkit import Action, Bid, Pass, Play
from cardkit.registry import get_game
from cardkit.spaces import ActionSpace
from cardkit.testing import ConformanceError, check_spaces
from tests import tinygame
from tests.tinygame import TinyGame


def test_a_space_numbers_its_actions_in_order() -> None:
    space = ActionSpace([Pass(), Bid(0), Bid(1)])
    assert space.size == len(space) == 3
    assert [space.index(a) for a in (Pass(), Bid(0), Bid(1))] == [0, 1, 2]
    assert space.action(2) == Bid(1)
    assert space.mask([Bid(1), Pass()]) == [1, 0, 1]
    assert space.indices([Bid(1), Pass()]) == [2, 0]
    assert Bid(2) not in space


def test_a_space_refuses_what_it_does_not_hold() -> None:
    space = ActionSpace([Pass(), Bid(0)])
    with pytest.raises(ValueError, match="not in the action space"):
        space.index(Bid(5))
    for index in (-1, 2, True):
        with pytest.raises(ValueError, match="outside 0 to 1"):
            space.action(index)
    with pytest.raises(ValueError, match="listed twice"):
        ActionSpace([Pass(), Bid(0), Pass()])


@pytest.mark.parametrize(
    ("game_id", "players", "size"),
    [
        # bids 0..10 (the largest hand of the schedule), 54 plays
        ("universal-bid", 4, 11 + 54),
        # six players skip the 10-card hand: bids 0..9
        ("universal-bid", 6, 10 + 54),
        # 52 coloured faces, Wild/WD4/Beam/Tribble x4 colours + LLAP + Meld = 18; 6 singles,
        # a catch per seat, 4 beams, 4 colours
        ("uno-star-trek", 4, 52 + 18 + 6 + 4 + 4 + 4),
        ("uno-star-trek", 10, 52 + 18 + 6 + 10 + 4 + 4),
        # 10 picks, pass, wait, bids 1..(4*20 + 8 hands * 5 * 15 tricks), 4 spies, 54 faces,
        # 2 Blues x 4 declared suits
        ("ufos", 4, 10 + 2 + (80 + 8 * 5 * 15) + 4 + 54 + 8),
    ],
)
def test_each_game_declares_its_space(game_id: str, players: int, size: int) -> None:
    game = get_game(game_id)
    space = game.action_space(players)
    assert space.size == size
    assert game.action_space(players, game.make_options(None)) is space  # built once


def test_ufos_bids_follow_the_options() -> None:
    space = get_game("ufos").action_space(3, {"starting_points": 5, "hands_per_player": 1})
    # 3 * 5 points, 3 hands each adding at most 4 * 20 tricks
    assert Bid(15 + 3 * 4 * 20) in space and Bid(15 + 3 * 4 * 20 + 1) not in space


def test_tiny_passes_the_space_check() -> None:
    check_spaces(tinygame.GAME, [2, 3], matches=2)


class Short(TinyGame):
    """Tiny whose space forgets that a led wild names its suit."""

    def all_actions(self, players: int, options: Any) -> tuple[Action, ...]:
        return tuple(a for a in tinygame.CANDIDATES if not (isinstance(a, Play) and a.declare))


class Unreadable(TinyGame):
    """Tiny whose space holds an action no text gives back."""

    def all_actions(self, players: int, options: Any) -> tuple[Action, ...]:
        return (*tinygame.CANDIDATES, Bid(3))


class Moving(TinyGame):
    """Tiny whose space changes each time it is asked."""

    asked = 0

    def all_actions(self, players: int, options: Any) -> tuple[Action, ...]:
        self.asked += 1
        plays = tinygame.PLAYS[:-2]
        return (*plays, *tinygame.PICKS) if self.asked % 2 else (*tinygame.PICKS, *plays)


def test_the_kit_finds_a_legal_action_outside_the_space() -> None:
    with pytest.raises(ConformanceError, match=r"legal action play w [ab] of seat \d"):
        check_spaces(Short(), [2], matches=3)


def test_the_kit_finds_an_action_whose_text_does_not_parse_back() -> None:
    with pytest.raises(ConformanceError, match="'bid 3', does not parse"):
        check_spaces(Unreadable(), [2])


def test_the_kit_finds_a_space_that_is_not_stable() -> None:
    with pytest.raises(ConformanceError, match="in the same order each time"):
        check_spaces(Moving(), [2])


def test_a_game_without_a_space_says_so() -> None:
    class Bare(TinyGame):
        def all_actions(self, players: int, options: Any) -> None:
            return None

    with pytest.raises(NotImplementedError, match="tiny declares no action space"):
        Bare().action_space(2)
