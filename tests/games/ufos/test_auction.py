"""RULINGS 2-4: the auction from the dealer, spying, the reveal, the dealer's free win."""

from __future__ import annotations

import pytest

from cardkit import IllegalActionError
from games.ufos import UfosState, parse
from games.ufos.options import RESPY_LIMIT

from .helpers import SUIT_HANDS, deal, new, run

PICKS = ("choose red high", "choose yellow low", "choose green high", "choose x low")


def ready(players: int = 4, **options: object) -> UfosState:
    """A hand dealt (``SUIT_HANDS`` for 4 players) with the bid cards chosen."""
    state = new(players, **options)
    if players == 4:
        deal(state, *SUIT_HANDS)
    else:
        deal(state)
    run(state, *PICKS[:players], *(["choose tan high"] * max(0, players - 4)))
    return state


def legal(state: UfosState, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def rejected(state: UfosState, seat: int, text: str) -> IllegalActionError:
    before = (len(state.history), list(state.board.totals))
    with pytest.raises(IllegalActionError) as info:
        state.apply(seat, parse(text))
    assert (len(state.history), list(state.board.totals)) == before
    return info.value


# -- RULING 2: turn order, pass, bid limits, wait, end ------------------------------


def test_the_auction_starts_with_the_dealer_and_goes_left() -> None:
    state = ready()
    assert state.to_act() == (0,)  # seat 0 deals the first hand
    run(state, "pass")
    assert state.to_act() == (1,)
    run(state, "bid 3")
    assert state.to_act() == (2,)


def test_a_pass_is_final() -> None:
    state = ready()
    run(state, "pass", "bid 1", "bid 2", "bid 3")  # seats 0 (pass), 1, 2, 3
    assert state.to_act() == (1,)  # seat 0 passed: skipped
    assert state.legal_actions(0) == ()
    error = rejected(state, 0, "bid 5")
    assert error.code == "passed"


def test_bid_limits() -> None:
    state = ready()
    acts = legal(state, 0)
    # at least 1, at most the 20 points the dealer holds
    assert "bid 0" not in acts and "bid 1" in acts and "bid 20" in acts and "bid 21" not in acts
    assert rejected(state, 0, "bid 21").reason == "a bid of 21 is more than your 20 points"
    error = rejected(state, 0, "bid 0")
    assert error.code == "bid-too-low"
    assert error.reason == "a bid must be at least 1, not 0"
    run(state, "bid 5")
    assert "bid 5" not in legal(state, 1) and "bid 6" in legal(state, 1)
    error = rejected(state, 1, "bid 3")
    assert error.code == "bid-too-low"
    assert error.reason == "a bid of 3 is not above the standing bid of 5"
    # with a standing bid, the standing bid is the limit worth naming
    assert rejected(state, 1, "bid 0").reason == "a bid of 0 is not above the standing bid of 5"


def test_a_player_with_no_points_cannot_bid() -> None:
    state = ready(starting_points=1)
    run(state, "spy 1")  # seat 0 gives its only point to seat 1
    run(state, "pass", "pass", "pass")  # seats 1, 2, 3
    assert state.board.totals == [0, 2, 1, 1]
    assert legal(state, 0) == ["pass"]
    assert rejected(state, 0, "bid 1").code == "no-points"
    assert rejected(state, 0, "spy 2").code == "spy-no-points"


def test_the_high_bidder_waits_and_may_not_raise_or_pass() -> None:
    state = ready()
    run(state, "bid 2", "spy 0", "pass", "pass")  # seat 1 spies instead of passing
    assert state.to_act() == (0,)
    assert "wait" in legal(state, 0)
    assert not any(a.startswith("bid") or a == "pass" for a in legal(state, 0))
    assert rejected(state, 0, "bid 4").code == "own-bid"
    assert rejected(state, 0, "pass").code == "high-bidder-cannot-pass"
    run(state, "wait")
    assert state.to_act() == (1,)
    assert rejected(state, 1, "wait").code == "only-high-bidder-waits"
    run(state, "bid 3")  # seat 1 raises; seat 0 may bid again
    assert state.to_act() == (0,)
    assert "bid 4" in legal(state, 0)


def test_the_auction_ends_when_all_but_the_high_bidder_passed() -> None:
    state = ready()
    run(state, "bid 1", "bid 2", "pass", "pass", "bid 4", "pass")
    view = state.view(2)
    assert view.phase == "play" and view.bid_winner == 0 and view.winning_bid == 4


def test_the_auction_ends_at_once_when_the_last_opponent_passes() -> None:
    state = ready()
    run(state, "pass", "pass", "bid 6", "pass")
    assert state.view(0).bid_winner == 2
    assert state.to_act() == (2,)  # the bid winner leads


def test_nobody_bids_the_dealer_wins_for_nothing_with_own_cards() -> None:
    state = ready()
    run(state, "pass", "pass", "pass", "pass")
    view = state.view(3)
    assert view.bid_winner == 0 and view.winning_bid == 0
    assert view.trump == "R" and view.game == "high"  # the dealer chose red high
    assert state.board.totals == [20, 20, 20, 20]
    assert state.to_act() == (0,)


# -- RULING 3: spying ----------------------------------------------------------------


def test_spy_pays_the_opponent_and_only_the_spy_sees() -> None:
    state = ready()
    run(state, "spy 2")  # seat 0 looks at seat 2's Suit Card (green)
    assert state.board.totals == [19, 20, 21, 20]
    assert state.view(0).spied == ((2, "G"),)
    for seat in (1, 2, 3):
        assert state.view(seat).spied == ()
    assert state.to_act() == (1,)  # a spy is the turn


def test_spy_on_a_passed_player_but_not_after_passing() -> None:
    state = ready()
    run(state, "pass", "spy 0")  # seat 1 spies on seat 0, who passed
    assert state.view(1).spied == ((0, "R"),)
    assert state.board.totals == [21, 19, 20, 20]
    assert rejected(state, 0, "spy 3").code == "passed-cannot-spy"


def test_the_high_bidder_may_not_spy_below_the_bid() -> None:
    state = ready()
    run(state, "bid 19", "pass", "pass", "spy 1")  # seat 3 spies on seat 1
    assert "spy 2" in legal(state, 0)  # 20 - 1 = 19 is not below the bid of 19
    run(state, "spy 2", "spy 2")  # seat 0, then seat 3
    assert state.board.totals == [19, 21, 22, 18]
    assert "spy 3" not in legal(state, 0)  # 19 - 1 = 18 would be below 19
    error = rejected(state, 0, "spy 3")
    assert error.code == "spy-below-bid"
    assert error.reason == "spying would leave you 18 points, fewer than your standing bid of 19"
    assert legal(state, 0) == ["wait"]


def test_no_spying_twice_on_the_same_player() -> None:
    state = ready()
    run(state, "spy 1", "spy 0", "spy 0", "spy 0")
    assert state.board.totals == [22, 20, 19, 19]
    assert "spy 1" not in legal(state, 0) and "spy 2" in legal(state, 0)
    error = rejected(state, 0, "spy 1")
    assert error.code == "already-spied"
    assert error.reason == "you already saw seat 1's Suit Card this hand (respy is off)"


def test_respy_option_allows_spying_again_up_to_the_limit() -> None:
    state = ready(respy=True)
    run(state, "spy 1", "spy 0", "pass", "pass")  # seats 0, 1, 2, 3
    assert "spy 1" in legal(state, 0)
    run(state, "spy 1")
    assert state.board.totals == [19, 21, 20, 20]
    for _ in range(RESPY_LIMIT - 2):  # seat 1 answers each spy with a spy
        run(state, "spy 0", "spy 1")
    assert state.spy_count[0] == RESPY_LIMIT
    run(state, "spy 0")
    assert not any(a.startswith("spy") for a in legal(state, 0))
    assert rejected(state, 0, "spy 1").code == "spy-limit"


def test_spy_on_oneself_or_a_missing_seat_is_refused() -> None:
    state = ready()
    assert rejected(state, 0, "spy 0").code == "spy-self"
    assert rejected(state, 0, "spy 7").code == "no-such-seat"


# -- RULING 4: payment and reveal ----------------------------------------------------


def test_the_winner_pays_the_bank_and_reveals_trump_and_game() -> None:
    state = ready()
    before = state.view(1)
    assert before.trump is None and before.game is None
    run(state, "pass", "bid 7", "pass", "pass")
    assert state.board.totals == [20, 13, 20, 20]  # the bid goes to the bank
    for seat in range(4):
        view = state.view(seat)
        assert view.trump == "Y" and view.game == "low"
        assert view.bid_winner == 1
    # the winner's Suit Card is face up for everyone; the others stay hidden
    shown = {c.text for c in state.view(3).shown}
    assert "yellow@1" in shown and "red@0" not in shown and "green@2" not in shown


def test_x_means_no_trump() -> None:
    state = ready()
    run(state, "pass", "pass", "pass", "bid 1")
    assert state.view(0).trump == "X"
    assert state.trick_order.trump is None


def test_a_losing_bidder_pays_nothing() -> None:
    state = ready()
    run(state, "bid 4", "bid 5", "pass", "pass", "pass")
    assert state.board.totals == [20, 15, 20, 20]


def test_each_phase_refuses_the_kinds_it_does_not_take() -> None:
    state = ready()  # the dealer, seat 0, opens the auction
    hand = state.view(0).hand
    with pytest.raises(IllegalActionError) as info:
        state.apply(0, parse(f"play {hand[0].text}"))
    assert info.value.code == "wrong-phase"
    assert info.value.reason == "the auction phase takes pass or bid or spy or wait, not play card"
    with pytest.raises(IllegalActionError) as info:
        state.apply(0, parse("choose tan low"))
    assert info.value.code == "wrong-phase"
    run(state, "bid 1", "pass", "pass", "pass")  # seat 0 wins the auction and leads
    assert state.phase == "play"
    with pytest.raises(IllegalActionError) as info:
        state.apply(0, parse("bid 2"))
    assert (info.value.code, info.value.reason) == (
        "wrong-phase",
        "the play phase takes play card, not bid",
    )
    with pytest.raises(IllegalActionError) as info:
        state.apply(1, parse("bid 2"))  # not seat 1's turn: that comes first
    assert info.value.code == "not-your-turn"


def test_a_copy_spies_passes_and_wins_the_bid_without_touching_the_original() -> None:
    state = ready()
    run(state, "spy 2")  # seat 0 pays seat 2 a point: 19 20 21 20
    copy = state.clone()
    # seat 1 passes, seat 2 spies on seat 0, seat 3 bids 3, seats 0 and 2 pass
    run(copy, "pass", "spy 0", "bid 3", "pass", "pass")
    assert copy.board.totals == [20, 20, 20, 17]  # seat 2 paid seat 0; the bank took 3
    assert copy.view(2).spied == ((0, "R"),) and copy.phase == "play"
    assert state.board.totals == [19, 20, 21, 20]  # the original stands where it was
    assert state.view(2).spied == () and state.view(0).spied == ((2, "G"),)
    assert state.phase == "auction" and state.to_act() == (1,)
