"""The heuristic bot: its bids, its play, and a smoke test against random bots."""

from __future__ import annotations

from cardkit import Bid, Play
from cardkit.bots import bot_seed
from cardkit.runner import play_match, versus_random
from games.universal_bid import GAME, HeuristicBot, UniversalBidState

from .helpers import act, bids, start


def choice(state: UniversalBidState, seat: int) -> str:
    bot = HeuristicBot(GAME, seat, 7)
    action = bot.choose(state.view(seat), state.legal_actions(seat))
    assert action in state.legal_actions(seat)
    return str(action)


def test_bids_its_sure_tricks_and_zero_with_a_hopeless_hand() -> None:
    state = start(2, "3", dealer=0, hands={1: "E:Sun E:Moon E:7", 0: "V:1 V:2 V:3"})
    assert choice(state, 1) == "bid 3"  # nothing can beat these three
    act(state, 1, "bid 3")
    # the dealer may not bid 0 (3 + 0 = 3 tricks); it expects 0 tricks, so it bids
    # the nearest allowed amount
    assert [a.amount for a in state.legal_actions(0) if isinstance(a, Bid)] == [1, 2, 3]
    assert choice(state, 0) == "bid 1"


def test_takes_a_trick_it_needs_with_its_lowest_winning_card_when_last() -> None:
    state = start(2, "3", dealer=0, hands={1: "J:3 V:1 V:2", 0: "J:5 J:Sun J:1"})
    bids(state, {1: 0, 0: 1})
    act(state, 1, "play J:3")
    assert choice(state, 0) == "play J:5"


def test_ducks_once_it_has_its_bid() -> None:
    state = start(2, "3", dealer=0, hands={1: "J:3 V:1 V:2", 0: "J:Sun J:2 J:1"})
    bids(state, {1: 1, 0: 0})
    act(state, 1, "play J:3")
    assert choice(state, 0) == "play J:2"  # the highest card that still loses


def test_takes_an_unavoidable_trick_with_its_highest_card_when_last() -> None:
    state = start(2, "3", dealer=0, hands={1: "V:1 V:2 V:3", 0: "J:5 J:Sun J:1"})
    bids(state, {1: 1, 0: 0})
    act(state, 1, "play V:1")
    # seat 0 holds no V and every J beats V:1: it takes the trick anyway, so it
    # spends its strongest card and keeps the low ones for ducking later
    assert choice(state, 0) == "play J:Sun"


def test_leads_low_when_ducking_and_high_when_it_needs_tricks() -> None:
    state = start(2, "3", dealer=0, hands={1: "E:Sun M:4 V:1", 0: "J:1 J:2 J:3"})
    bids(state, {1: 0, 0: 1})
    assert choice(state, 1) == "play V:1"
    state = start(2, "3", dealer=0, hands={1: "E:Sun M:4 V:1", 0: "J:1 J:2 J:3"})
    bids(state, {1: 2, 0: 0})
    assert choice(state, 1) == "play E:Sun"


def test_same_seed_same_match() -> None:
    def history(seed: int) -> list[str]:
        bots = [HeuristicBot(GAME, s, bot_seed(seed, s)) for s in range(3)]
        outcome = play_match(GAME, bots, seed)
        return [str(a) for _, a in outcome.state.history]

    assert history(5) == history(5)


def test_beats_three_random_bots() -> None:
    matches = 100
    wins = 0.0
    made = {True: 0, False: 0}
    for hero, outcome in versus_random(GAME, HeuristicBot, matches, 4):
        assert outcome.result is not None, outcome.failure
        wins += outcome.result.share(hero)
        state = outcome.state
        assert isinstance(state, UniversalBidState)
        for hand in state.hand_log:
            for s in range(4):
                made[s == hero] += hand.bids[s] == hand.tricks[s]
    assert wins / matches > 0.5  # fair share is 0.25
    hero_rate = made[True] / (matches * 10)
    random_rate = made[False] / (matches * 10 * 3)
    assert hero_rate > 2 * random_rate


def test_plays_are_legal_in_every_situation() -> None:
    for m in range(20):
        bots = [HeuristicBot(GAME, s, bot_seed(m, s)) for s in range(2 + m % 5)]
        outcome = play_match(GAME, bots, m)
        assert outcome.failure is None and outcome.result is not None
        assert all(isinstance(a, Bid | Play) for s, a in outcome.state.history if s >= 0)
