"""The conformance kit passes on the tiny game and catches each kind of broken game."""

from __future__ import annotations

import random
from collections.abc import Mapping

import attrs
import pytest

from cardkit import Action, Game, Play
from cardkit.options import OptionValue
from cardkit.testing import ConformanceError, check_game
from tests.tinygame import TinyGame, TinyState, TinyView


def test_tiny_game_passes_for_every_player_count() -> None:
    report = check_game(TinyGame(), matches=4)
    assert report.matches == {2: 4, 3: 4}
    assert all(steps > 0 for steps in report.steps.values())


def test_tiny_game_passes_with_other_options() -> None:
    check_game(TinyGame(), matches=2, options={"order": "ranked", "trump": "none", "hand_size": 3})


def broken(state_cls: type[TinyState]) -> Game:
    class Broken(TinyGame):
        def new_state(
            self, players: int, seed: int, options: Mapping[str, OptionValue], auto_chance: bool
        ) -> TinyState:
            return state_cls(self, players, seed, options, auto_chance)

    return Broken()


class LeakyState(TinyState):
    def view(self, seat: int) -> TinyView:
        return attrs.evolve(super().view(seat), hand=tuple(self.hands[(seat + 1) % self.players]))


class LosingState(TinyState):
    def _apply(self, seat: int, action: Action) -> None:
        super()._apply(seat, action)
        if isinstance(action, Play) and self.stock:
            self.stock.pop()


class GlobalRandomState(TinyState):
    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        legal = list(super()._legal_actions(seat))
        random.shuffle(legal)  # a state must never use the global generator
        return tuple(legal)


class BadTextState(TinyState):
    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        return tuple(
            WeirdPlay(a.card, a.declare) if isinstance(a, Play) else a
            for a in super()._legal_actions(seat)
        )


@attrs.frozen(slots=True)
class WeirdPlay(Play):
    def __str__(self) -> str:
        return f"lay {self.card.text}"


class StuckState(TinyState):
    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        if self.phase == "play" and seat == self.order.current and len(self.history) > 6:
            return ()
        return super()._legal_actions(seat)


class EndlessState(TinyState):
    def _end_hand(self) -> None:
        self.board.hands.clear()
        super()._end_hand()


class OutOfTurnState(TinyState):
    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        if self.phase == "play" and self.trick is not None:
            return super()._legal_actions(self.order.current)
        return super()._legal_actions(seat)


@pytest.mark.parametrize(
    ("state_cls", "message"),
    [
        (LeakyState, "may not see"),
        (LosingState, "not conserved"),
        (GlobalRandomState, "same seed gave a different match"),
        (BadTextState, "does not parse"),
        (StuckState, "has no legal action"),
        (EndlessState, "did not end within"),
        (OutOfTurnState, "not to act but has legal actions"),
    ],
)
def test_the_kit_catches_a_broken_game(state_cls: type[TinyState], message: str) -> None:
    with pytest.raises(ConformanceError, match=message):
        check_game(broken(state_cls), matches=3)


def test_tiny_game_passes_with_a_dealer_draw() -> None:
    check_game(TinyGame(), matches=3, options={"draw_dealer": True})
