"""The conformance kit passes on the tiny game and catches each kind of broken game."""

from __future__ import annotations

import random

import attrs
import pytest

from cardkit import Action, Card, Event, Game, Play, RandomBot, Refusal
from cardkit.bots import bot_seed
from cardkit.events import MatchOver, Received, only
from cardkit.testing import ConformanceError, check_game
from tests.tinygame import CANDIDATES, GAME, TinyGame, TinyState, TinyView


def test_tiny_game_passes_for_every_player_count() -> None:
    report = check_game(TinyGame(), matches=4)
    assert report.matches == {2: 4, 3: 4}
    assert all(steps > 0 for steps in report.steps.values())


def test_tiny_game_passes_with_other_options() -> None:
    check_game(TinyGame(), matches=2, options={"order": "ranked", "trump": "none", "hand_size": 3})


def broken(state_cls: type[TinyState]) -> Game:
    class Broken(TinyGame):
        state = state_cls

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


class LeakyEventState(TinyState):
    """Tells every seat the hand of the seat after it when the cards are dealt."""

    def _deal(self, cards: tuple[Card, ...]) -> None:
        super()._deal(cards)
        for s in range(self.players):
            self.emit(Received(s, tuple(self.hands[(s + 1) % self.players])))


class RefusesLegalState(TinyState):
    """Lists a follow in suit as legal, then refuses it as not following suit."""

    def _refusal(self, seat: int, action: Action) -> Refusal | None:
        verdict = super()._refusal(seat, action)
        trick = self.trick
        led = trick.led if trick is not None else None
        if verdict is None and isinstance(action, Play) and led and action.card.suit == led:
            return Refusal("must-follow-suit", "you must follow suit")
        return verdict

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        return tuple(a for a in CANDIDATES if TinyState._refusal(self, seat, a) is None)


class AcceptsIllegalState(TinyState):
    """Lists only legal plays but lets its rules pass any card, held or not."""

    def _refusal(self, seat: int, action: Action) -> Refusal | None:
        verdict = super()._refusal(seat, action)
        if verdict is not None and verdict.code == "not-in-hand":
            return None
        return verdict

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        return tuple(a for a in CANDIDATES if TinyState._refusal(self, seat, a) is None)


def test_the_kit_catches_leaking_events() -> None:
    with pytest.raises(ConformanceError, match="names cards it may not see"):
        check_game(broken(LeakyEventState), matches=3)


@pytest.mark.parametrize("state_cls", [RefusesLegalState, AcceptsIllegalState])
def test_the_verdict_is_the_legal_actions_whatever_the_refusal_words(
    state_cls: type[TinyState],
) -> None:
    """A refusal only words the reason: an action is allowed exactly when the legal
    actions list it, so a game's rules are stated once and cannot disagree."""
    game = broken(state_cls)
    state = game.create(3, 5)
    bots = [RandomBot(game, s, bot_seed(5, s)) for s in range(3)]
    checked = 0
    while not state.is_over() and checked < 60:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        for action in CANDIDATES:
            verdict = state.refusal(seat, action)
            assert (verdict is None) == (action in legal), (action, verdict)
            checked += 1
        state.apply(seat, bots[seat].choose(state.view(seat), legal))
    assert checked >= 60
    check_game(game, matches=2)


class ShownAsHandEndsState(TinyState):
    """As each hand ends, seat 0 takes the top stock card into its hand, told to it
    alone; the next deal gathers the card back in."""

    def _end_hand(self) -> None:
        card = self.stock.pop()
        self.hands[0].append(card)
        self.emit(Received(0, (card,), to=only(0)))
        super()._end_hand()

    def chance_cards(self) -> tuple[Card, ...]:
        cards = super().chance_cards()
        return (*cards, *self.hands[0]) if cards and self.phase == "deal" else cards


def test_a_card_seen_as_a_hand_ends_is_no_leak_though_the_next_deal_gathers_it() -> None:
    # the kit checks each step's events against the zones just before and after it,
    # chance steps apart: seat 0 holds the card between the end of the hand and the deal
    check_game(broken(ShownAsHandEndsState), matches=3)


def test_recording_events_changes_nothing_and_every_step_is_told() -> None:
    quiet = GAME.create(3, seed=5)
    told = GAME.create(3, seed=5, events=True)
    assert quiet.log is None and told.log is not None
    bots = [RandomBot(GAME, s, bot_seed(5, s)) for s in range(3)]
    while not quiet.is_over():
        seat = quiet.to_act()[0]
        action = bots[seat].choose(quiet.view(seat), quiet.legal_actions(seat))
        assert quiet.apply(seat, action) == ()
        events = told.apply(seat, action)
        assert events and all(isinstance(e, Event) for e in events)
    assert quiet.history == told.history
    assert isinstance(told.log[-1], MatchOver)
    assert len(told.log) > len(told.history)
