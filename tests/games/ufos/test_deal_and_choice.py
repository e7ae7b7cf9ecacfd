"""The deck, the deal (every card, 60/n each) and RULING 1: the sealed bid cards."""

from __future__ import annotations

from collections import Counter

import pytest

from cardkit import CHANCE, IllegalActionError
from games.ufos import BID_DECK, DECK, GAME, parse

from .helpers import SUIT_HANDS, deal, new, run


def test_the_deck() -> None:
    assert len(DECK.cards) == 60
    counts = Counter(c.text for c in DECK.cards)
    assert counts["B10"] == 4 and counts["B12"] == 4
    for suit in "RYGT":
        ranks = sorted(c.rank for c in DECK.faces if c.suit == suit)
        assert ranks == [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 14, 15]
    assert DECK.card("b12") is DECK.card("B12")


def test_the_bid_cards() -> None:
    assert len(BID_DECK.cards) == 42  # 6 sets of 7
    names = Counter(c.label for c in BID_DECK.cards)
    assert names == {n: 6 for n in ("red", "yellow", "green", "tan", "x", "high", "low")}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_card_is_dealt(players: int) -> None:
    state = new(players)
    assert state.to_act() == (CHANCE,)
    assert len(state.chance_cards()) == 60
    deal(state)
    for seat in range(players):
        assert len(state.view(seat).hand) == 60 // players
    stock = next(z for z in state.zones() if z.name == "stock")
    assert stock.cards == ()


def test_player_counts() -> None:
    assert (GAME.min_players, GAME.max_players) == (3, 6)


def test_picks_are_sealed_until_everyone_chose() -> None:
    state = new()
    deal(state, *SUIT_HANDS)
    assert state.to_act() == (0, 1, 2, 3)  # everyone picks, in any order
    state.apply(2, parse("choose green low"))
    assert state.to_act() == (0, 1, 3)
    mine, other = state.view(2), state.view(0)
    assert (mine.my_suit, mine.my_game) == ("G", "low")
    assert (other.my_suit, other.my_game) == (None, None)
    assert other.picked == (False, False, True, False)
    assert other.games == (None, None, None, None)  # nothing is shown yet
    assert {c.text for c in other.shown} == set()
    run(state, "choose red high", "choose yellow high", "choose x low")  # seats 0, 1, 3
    for seat in range(4):
        view = state.view(seat)
        assert view.games == ("high", "high", "low", "low")  # all Game Cards at once
        shown = {c.text for c in view.shown}
        suits = {t for t in shown if t.split("@")[0] in ("red", "yellow", "green", "tan", "x")}
        assert suits == {f"{['red', 'yellow', 'green', 'x'][seat]}@{seat}"}  # only its own
    assert state.view(0).phase == "auction"


def test_one_pick_per_hand() -> None:
    state = new()
    deal(state, *SUIT_HANDS)
    run(state, "choose red high")
    with pytest.raises(IllegalActionError) as info:
        state.apply(0, parse("choose tan low"))
    assert info.value.code == "already-chosen"
    with pytest.raises(IllegalActionError) as info:
        state.apply(1, parse("bid 3"))
    assert info.value.code == "wrong-phase"


def test_bid_cards_are_chosen_before_the_auction_only() -> None:
    state = new()
    deal(state, *SUIT_HANDS)
    run(state, "choose red high", "choose red high", "choose red high", "choose red high")
    with pytest.raises(IllegalActionError) as info:
        state.apply(0, parse("choose tan low"))
    assert info.value.code == "wrong-phase"


def test_every_choice_is_offered() -> None:
    state = new()
    deal(state, *SUIT_HANDS)
    texts = {str(a) for a in state.legal_actions(0)}
    assert texts == {
        f"choose {s} {g}" for s in ("red", "yellow", "green", "tan", "x") for g in ("high", "low")
    }
