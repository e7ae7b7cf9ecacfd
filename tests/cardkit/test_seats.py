from __future__ import annotations

import pytest

from cardkit import ResponseWindow, SealedChoice, TurnOrder


def test_turn_order_advances_skips_and_reverses() -> None:
    order = TurnOrder(4, dealer=3, current=0)
    assert order.advance() == 1
    assert order.advance(skip=1) == 3
    order.reverse()
    assert order.advance() == 2
    assert order.advance(skip=2) == 3  # 2 -> (1, 0 skipped) -> 3
    assert order.next_seat(0) == 3
    assert order.from_seat(1) == (1, 0, 3, 2)


def test_dealer_rotates_left_and_left_of_dealer_follows() -> None:
    order = TurnOrder(3, dealer=2)
    assert order.left_of_dealer() == 0
    assert order.rotate_dealer() == 0
    assert order.left_of_dealer() == 1
    assert order.left_of_dealer(2) == 2


def test_sealed_choice_hides_picks_until_all_are_in() -> None:
    choice: SealedChoice[str] = SealedChoice((0, 1, 2))
    assert not choice.pick(1, "low")
    assert choice.pending == (0, 2)
    assert choice.known_to(1) == {1: "low"}
    assert choice.known_to(0) == {}
    assert not choice.pick(0, "high")
    with pytest.raises(ValueError, match="may not pick"):
        choice.pick(0, "low")
    assert choice.pick(2, "high")
    assert choice.revealed
    assert choice.known_to(0) == {0: "high", 1: "low", 2: "high"}


def test_response_window_closes_when_everyone_answered() -> None:
    window = ResponseWindow("catch", (0, 2, 3), subject=1)
    assert window.open and window.pending == (0, 2, 3)
    window.respond(2)
    assert window.pending == (0, 3)
    with pytest.raises(ValueError, match="not in the catch window"):
        window.respond(1)
    window.respond(0)
    window.respond(3)
    assert not window.open
