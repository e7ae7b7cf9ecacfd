"""RULING 7: scoring, with the rulebook's two worked examples played out card by card.

Seats in the examples: Bill = 0, Tom = 1, Pete = 2, Bob = 3. Every seat holds
one whole suit (see ``SUIT_HANDS``); no trump (Suit Card x) makes every trick
easy to follow by hand.
"""

from __future__ import annotations

from games.ufos import DECK, GAME, hand_scores

from .helpers import HIGH_EXAMPLE, LOW_EXAMPLE, SUIT_HANDS, TIED_MOST, deal, new, play_tricks, run


def test_high_worked_example() -> None:
    state = new()
    deal(state, *SUIT_HANDS)
    run(state, "choose x high", "choose red low", "choose green high", "choose tan low")
    run(state, "bid 2", "pass", "pass", "pass")  # Bill, the dealer, wins for 2
    assert state.view(0).bid_winner == 0
    assert state.to_act() == (0,)  # the bid winner leads
    winners = play_tricks(state, *HIGH_EXAMPLE)
    assert [winners.count(s) for s in range(4)] == [4, 3, 8, 0]
    # Bill scores 8, Tom 3, Pete 8, Bob 0
    assert state.board.hands[0] == (8, 3, 8, 0)
    assert state.board.totals == [20 - 2 + 8, 23, 28, 20]


def test_low_worked_example() -> None:
    state = new()
    deal(state, *SUIT_HANDS)
    run(state, "choose red high", "choose yellow high", "choose green low", "choose x low")
    run(state, "pass", "pass", "pass", "bid 1")  # Bob wins: everyone else passed
    assert state.to_act() == (3,)
    winners = play_tricks(state, *LOW_EXAMPLE)
    assert [winners.count(s) for s in range(4)] == [7, 6, 1, 1]
    # Bob scores 14 (2 x 7), Pete 7 (tied for fewest, not doubled), Bill loses 7
    assert state.board.hands[0] == (-7, 0, 7, 14)
    assert state.board.totals == [13, 20, 27, 20 - 1 + 14]


def test_tie_for_most_each_loses_and_the_bid_winner_doubles() -> None:
    state = new()
    deal(state, *SUIT_HANDS)
    run(state, "choose x low", "choose red high", "choose red high", "choose red high")
    run(state, "bid 3", "pass", "pass", "pass")
    winners = play_tricks(state, *TIED_MOST)
    assert [winners.count(s) for s in range(4)] == [6, 6, 2, 1]
    # fewest (Bob, 1) scores the most count 6; Bill and Tom tie for most: each
    # loses 6, Bill (the bid winner) double; Pete is neither
    assert state.board.hands[0] == (-12, -6, 0, 6)
    assert state.board.totals == [20 - 3 - 12, 14, 20, 26]


def test_nobody_goes_below_zero() -> None:
    state = new(starting_points=10)
    deal(state, *SUIT_HANDS)
    run(state, "choose x low", "choose red high", "choose red high", "choose red high")
    run(state, "bid 1", "pass", "pass", "pass")
    play_tricks(state, *TIED_MOST)
    # Bill had 9 after paying his bid and would lose 12: he stops at 0
    assert state.board.totals == [0, 4, 10, 16]
    assert state.board.hands[0] == (-9, -6, 0, 6)


def test_dealer_wins_for_nothing_and_doubles_as_bid_winner() -> None:
    state = new()
    deal(state, *SUIT_HANDS)
    run(state, "choose x high", "choose red low", "choose green high", "choose tan low")
    run(state, "pass", "pass", "pass", "pass")
    assert state.view(1).bid_winner == 0 and state.view(1).winning_bid == 0
    play_tricks(state, *HIGH_EXAMPLE)
    assert state.board.hands[0] == (8, 3, 8, 0)
    assert state.board.totals == [28, 23, 28, 20]


def test_high_scores_every_trick_and_double_for_the_winner() -> None:
    assert hand_scores([4, 3, 8, 0], 0, "high") == [8, 3, 8, 0]
    assert hand_scores([4, 3, 8, 0], 2, "high") == [4, 3, 16, 0]


def test_low_ties_for_fewest_all_score() -> None:
    # 3 players, 20 tricks: two tie for fewest (3), one takes 14
    assert hand_scores([3, 3, 14], 2, "low") == [14, 14, -28]
    assert hand_scores([3, 3, 14], 0, "low") == [28, 14, -14]


def test_low_bid_winner_in_the_middle_is_not_doubled() -> None:
    assert hand_scores([7, 6, 1, 1], 1, "low") == [-7, 0, 7, 7]


def test_low_tie_for_most() -> None:
    assert hand_scores([6, 6, 2, 1], 2, "low") == [-6, -6, 0, 6]


def test_low_everyone_tied_nets_zero() -> None:
    # Every card is dealt, so a hand has 60/n tricks: 20, 15, 12 or 10 for 3 to 6
    # players, never a multiple of n, and nobody can be both fewest and most.
    # hand_scores still reads ruling 7 literally for such a split: each seat is
    # tied for fewest (+5, the most count) and for most (-5, its own count);
    # the bid winner doubles both, so every seat nets 0.
    players = range(GAME.min_players, GAME.max_players + 1)
    assert all(len(DECK) // n % n for n in players)
    assert hand_scores([5, 5, 5], 1, "low") == [0, 0, 0]
    assert hand_scores([0, 0, 0, 0], 0, "low") == [0, 0, 0, 0]
