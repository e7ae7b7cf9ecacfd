"""RULING 8: starting points, match length, the deal passing left, the winners."""

from __future__ import annotations

import pytest

from cardkit import OptionError
from games.ufos import GAME

from .helpers import HIGH_EXAMPLE, SUIT_HANDS, deal, new, play_tricks, run


def test_starting_points_and_match_length_defaults() -> None:
    state = new()
    assert state.view(0).points == (20, 20, 20, 20)
    assert state.hands_total == 8  # 2 hands per player
    assert new(6).hands_total == 12


def test_german_edition_starting_points() -> None:
    state = new(3, starting_points=15, hands_per_player=3)
    assert state.view(0).points == (15, 15, 15)
    assert state.hands_total == 9


def test_bad_options_are_refused() -> None:
    with pytest.raises(OptionError, match="starting_points"):
        GAME.create(4, options={"starting_points": 0})
    with pytest.raises(OptionError, match="hands_per_player"):
        GAME.create(4, options={"hands_per_player": "many"})
    with pytest.raises(OptionError, match="3 to 6 players"):
        GAME.create(2)


def test_a_match_deal_passes_left_and_equal_totals_share_the_win() -> None:
    state = new(hands_per_player=1)  # 4 hands
    # each hand: the same deal and the same tricks, Bill (seat 0) leading with x high:
    # tricks 4, 3, 8, 0 score 8, 3, 8, 0
    auctions = [
        ["pass", "pass", "pass", "pass"],  # dealer 0 wins for nothing
        ["pass", "spy 0", "pass", "bid 2", "pass"],  # dealer 1 starts; seat 2 spies on 0
        ["spy 0", "pass", "bid 2", "pass", "pass"],  # dealer 2 starts
        ["pass", "bid 2", "pass", "spy 0", "wait", "pass"],  # dealer 3 starts
    ]
    for number, auction in enumerate(auctions):
        assert state.view(1).dealer == number
        assert state.view(1).hand_number == number + 1
        deal(state, *SUIT_HANDS)
        run(state, "choose x high", "choose red low", "choose red low", "choose red low")
        assert state.to_act() == (number,)  # the auction starts with the dealer
        run(state, *auction)
        assert state.view(1).bid_winner == 0
        play_tricks(state, *HIGH_EXAMPLE)
        assert state.board.hands[-1] == (8, 3, 8, 0)
    # seat 0: 20 + 8 + 3 * (8 - 2 + 1) = 49; seat 2: 20 + 8 + 3 * (8 - 1) = 49
    assert state.is_over()
    assert state.to_act() == ()
    result = state.result()
    assert result.scores == (49.0, 32.0, 49.0, 20.0)
    assert result.winners == (0, 2)
    assert result.share(0) == result.share(2) == 0.5


def test_nobody_bids_in_a_later_hand_the_new_dealer_wins_with_own_cards() -> None:
    state = new()
    deal(state, *SUIT_HANDS)
    run(state, "choose x high", "choose red low", "choose green high", "choose tan low")
    run(state, "bid 2", "pass", "pass", "pass")
    play_tricks(state, *HIGH_EXAMPLE)  # hand 1 scores 8, 3, 8, 0: points 26 23 28 20
    assert state.view(0).dealer == 1  # the deal passed left
    deal(state, *SUIT_HANDS)
    run(state, "choose red high", "choose green low", "choose yellow high", "choose x low")
    run(state, "pass", "spy 1", "pass", "pass", "pass")  # seats 1, 2, 3, 0, then 2 again
    view = state.view(3)
    assert view.bid_winner == 1 and view.winning_bid == 0
    assert (view.trump, view.game) == ("G", "low")  # seat 1's own Suit and Game Cards
    assert state.board.totals == [26, 24, 27, 20]  # only the spy moved a point
    assert state.to_act() == (1,)  # the dealer, as bid winner, leads
