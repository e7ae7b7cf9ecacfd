"""Action spaces (cardkit.spaces) and the conformance kit's check of them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs
import pytest

from cardkit import Action, Bid, Card, Pass, Play, View
from cardkit.registry import get_game
from cardkit.spaces import ActionSpace, ObservationSpace, Part, Spaces, default_observer
from cardkit.testing import ConformanceError, check_spaces
from tests import tinygame
from tests.tinygame import TinyGame

if TYPE_CHECKING:
    from decimal import Decimal as Mystery


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


def _short(players: int, options: Any) -> tuple[Action, ...]:
    return tuple(a for a in tinygame.CANDIDATES if not (isinstance(a, Play) and a.declare))


class Short(TinyGame):
    """Tiny whose space forgets that a led wild names its suit."""

    spaces = Spaces(actions=_short)


def _unreadable(players: int, options: Any) -> tuple[Action, ...]:
    return (*tinygame.CANDIDATES, Bid(3))


class Unreadable(TinyGame):
    """Tiny whose space holds an action no text gives back."""

    spaces = Spaces(actions=_unreadable)


_ASKED = [0]


def _moving(players: int, options: Any) -> tuple[Action, ...]:
    _ASKED[0] += 1
    plays = tinygame.PLAYS[:-2]
    return (*plays, *tinygame.PICKS) if _ASKED[0] % 2 else (*tinygame.PICKS, *plays)


class Moving(TinyGame):
    """Tiny whose space changes each time it is asked."""

    spaces = Spaces(actions=_moving)


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
        spaces = None  # type: ignore[assignment]

    with pytest.raises(NotImplementedError, match="tiny declares no action space"):
        Bare().action_space(2)
    assert Bare().observation_space(2).size == tinygame.GAME.observation_space(2).size  # generic


# -- observations ---------------------------------------------------------------------


def test_tiny_gets_the_generic_observation() -> None:
    space = tinygame.GAME.observation_space(2)
    names = [(p.name, p.size) for p in space.parts]
    # to_act by seat, then each field in order: hand and trick are card planes over the 9
    # faces, tricks/scores/window one float per seat, hand_number one float; texts are left out
    assert names == [
        ("to_act", 2),
        ("hand", 9),
        ("trick", 9),
        ("tricks", 2),
        ("scores", 2),
        ("window", 2),
        ("hand_number", 1),
    ]
    state = tinygame.GAME.create(2, 3)
    seat = state.to_act()[0]
    view = state.view(seat)
    out = space.encode(view)
    at = space.offsets()
    assert sum(out[at["hand"]]) == 2  # hand_size 2
    assert list(out[at["hand_number"]]) == [1.0]
    assert list(out[at["to_act"]]) == [1.0, 0.0]  # the viewer acts


def _peeking(players: int, options: Any) -> ObservationSpace:
    calls = [0.0]

    def encode(view: Any) -> list[float]:
        calls[0] += 1
        return [calls[0]]

    return ObservationSpace([Part("calls", 1)], encode)


class Peeking(TinyGame):
    """Tiny whose observation counts how often it was asked: not a function of the view."""

    spaces = Spaces(actions=tinygame.all_actions, observer=_peeking)


def _ragged(players: int, options: Any) -> ObservationSpace:
    return ObservationSpace([Part("hand", 4)], lambda view: [1.0] * len(view.hand))


class Ragged(TinyGame):
    """Tiny whose observation is as long as the hand."""

    spaces = Spaces(actions=tinygame.all_actions, observer=_ragged)


def test_the_kit_finds_an_observation_that_is_not_of_the_view() -> None:
    with pytest.raises(ConformanceError, match="not a function of its view"):
        check_spaces(Peeking(), [2])


def test_the_kit_finds_an_observation_of_changing_length() -> None:
    with pytest.raises(ConformanceError, match="has 2 floats, not 4"):
        check_spaces(Ragged(), [2])


def test_a_universal_bid_observation_after_the_deal() -> None:
    game = get_game("universal-bid")
    space = game.observation_space(4)
    state = game.create(4, 11)
    seat = state.to_act()[0]
    view = state.view(seat)
    out = space.encode(view)
    at = space.offsets()
    assert sum(out[at["hand"]]) == 9  # the first hand of the schedule holds 9 cards
    assert list(out[at["to_act"]]) == [1.0, 0.0, 0.0, 0.0]  # the viewer, counted from itself
    assert view.dealer is not None
    dealer = [0.0] * 4
    dealer[(view.dealer - seat) % 4] = 1.0
    assert list(out[at["dealer"]]) == dealer
    assert list(out[at["phase"]]) == [0.0, 0.0, 1.0, 0.0, 0.0]  # draw, deal, bid, play, over
    assert sum(out[at["trick"]]) == 0 and sum(out[at["bid_made"]]) == 0


@pytest.mark.parametrize("game_id", ["universal-bid", "ufos", "uno-star-trek"])
def test_every_game_observes_every_seat_at_a_fixed_size(game_id: str) -> None:
    game = get_game(game_id)
    for players in (game.min_players, game.max_players):
        space = game.observation_space(players)
        assert sum(p.size for p in space.parts) == space.size
        state = game.create(players, 5)
        for seat in range(players):
            assert len(space.encode(state.view(seat))) == space.size


def _shortcut(players: int, options: Any) -> ObservationSpace:
    def encode(view: Any) -> list[float]:
        return [float(len(view.hand))]

    def from_state(state: Any, seat: int) -> list[float]:
        return [float(len(state.stock))]

    return ObservationSpace([Part("held", 1)], encode, from_state)


class Shortcut(TinyGame):
    """Tiny whose fast path reads the state's stock, which no view shows."""

    spaces = Spaces(actions=tinygame.all_actions, observer=_shortcut)


def test_the_kit_finds_a_fast_path_that_is_not_the_view() -> None:
    with pytest.raises(ConformanceError, match="read from the state is not that of its view"):
        check_spaces(Shortcut(), [2])


def test_the_uno_fast_path_gives_the_view_observation() -> None:
    game = get_game("uno-star-trek")
    space = game.observation_space(3)
    assert space.from_state is not None
    state = game.create(3, 8)
    for seat in range(3):
        assert space.observe(state, seat) == space.encode(state.view(seat))


@attrs.frozen(slots=True)
class OddView(View):
    hand: tuple[Card, ...]
    mystery: Mystery  # a name only a type checker knows: left out
    points: int


def test_the_generic_observation_leaves_out_a_field_it_cannot_read() -> None:
    space = default_observer(OddView, 2, tinygame.DECK)
    assert [(p.name, p.size) for p in space.parts] == [("to_act", 2), ("hand", 9), ("points", 1)]
    view = OddView(1, (1,), (tinygame.WILD,), None, 7)  # type: ignore[arg-type]
    # seat 1 is to act: the viewer, first of to_act; the wild is face 8 of the 9
    assert list(space.encode(view)) == [1.0, 0.0, *[0.0] * 8, 1.0, 7.0]
