"""Oh Hell's rules, each set up by an explicit deal and checked by hand reasoning."""

from __future__ import annotations

from typing import Any

import pytest
from cardkit import CHANCE, Bid, IllegalActionError, OptionError, ParseError, Play, Shuffle, stack

from cardkit_oh_hell import GAME, OhHellState


def cards(state: OhHellState, texts: str) -> list[Any]:
    deck = GAME.deck(state.players, state.options)
    return [deck.card(t) for t in texts.split()]


def new(players: int = 3, dealer: int = 0, **options: Any) -> OhHellState:
    """A match waiting for its deal: the cut put ``dealer`` on top of the seat counters."""
    state = GAME.create(players, 0, options, auto_chance=False)
    assert isinstance(state, OhHellState)
    if state.phase == "tricks":
        return state
    state.apply(CHANCE, Shuffle(stack(state.chance_cards(), cards(state, f"@{dealer}"))))
    return state


def deal(state: OhHellState, order: str) -> None:
    """Deal the cards in ``order`` (top first): one at a time from the dealer's left."""
    state.apply(CHANCE, Shuffle(stack(state.chance_cards(), cards(state, order))))


def bid(state: OhHellState, *amounts: int) -> None:
    for amount in amounts:
        state.apply(state.to_act()[0], Bid(amount))


def play(state: OhHellState, texts: str) -> None:
    for card in cards(state, texts):
        state.apply(state.to_act()[0], Play(card))


def hand(state: OhHellState, seat: int) -> str:
    return " ".join(c.text for c in state.view(seat).hand)


# The hand most tests play: 3 players, 3 tricks, seat 0 deals, hearts are trump.
# From the dealer's left (seats 1, 2, 0), one card at a time:
#   seat 1: SA C3 CK    seat 2: S5 H4 D9    seat 0: SK D7 C2    turned: H2
ORDER = "SA S5 SK C3 H4 D7 CK D9 C2 H2"
HANDS = {1: "SA C3 CK", 2: "S5 H4 D9", 0: "SK D7 C2"}


def dealt(**options: Any) -> OhHellState:
    """The hand above, dealt by naming its hands and trump card (``deal_shuffle``)."""
    state = new(3, 0, num_tricks_fixed=3, **options)
    hands = {s: cards(state, h) for s, h in HANDS.items()}
    state.apply(CHANCE, state.deal_shuffle(hands, trump=cards(state, "H2")))
    return state


def test_naming_the_hands_gives_the_deal_one_card_at_a_time() -> None:
    state = new(3, 0, num_tricks_fixed=3)
    hands = {s: cards(state, h) for s, h in HANDS.items()}
    shuffle = state.deal_shuffle(hands, trump=cards(state, "H2"))
    assert shuffle == Shuffle(stack(state.chance_cards(), cards(state, ORDER)))
    state = dealt()
    for seat, texts in HANDS.items():
        assert set(hand(state, seat).split()) == set(texts.split())


def test_the_deal_goes_one_card_at_a_time_from_the_dealers_left() -> None:
    state = new(3, dealer=1, num_tricks_fixed=2)
    deal(state, "C2 C3 C4 C5 C6 C7 C8")
    # Seat 2 (left of the dealer) gets the 1st and 4th cards, seat 0 the 2nd and 5th,
    # the dealer the 3rd and 6th; the 7th is turned for trump.
    assert hand(state, 2) == "C2 C5"
    assert hand(state, 0) == "C3 C6"
    assert hand(state, 1) == "C4 C7"
    assert all(state.view(s).trump is cards(state, "C8")[0] for s in range(3))
    assert state.to_act() == (2,)


def test_the_cut_and_the_number_of_tricks_come_from_counters() -> None:
    state = new(4)
    assert state.phase == "tricks"
    state.apply(CHANCE, Shuffle(stack(state.chance_cards(), cards(state, "#5"))))
    state.apply(CHANCE, Shuffle(stack(state.chance_cards(), cards(state, "@2"))))
    state.apply(CHANCE, state.sample_chance())
    view = state.view(0)
    assert (view.num_tricks, view.dealer, len(view.hand)) == (5, 2, 5)
    assert state.to_act() == (3,)


def test_up_to_51_cards_deal_and_one_is_turned() -> None:
    # 52 cards, 3 players: at most (52 - 1) // 3 = 17 tricks.
    state = new(3, num_tricks_fixed=17)
    state.apply(CHANCE, state.sample_chance())
    assert [len(state.view(s).hand) for s in range(3)] == [17, 17, 17]
    with pytest.raises(OptionError, match="1 to 17"):
        GAME.create(3, 0, {"num_tricks_fixed": 18})


def test_bids_run_from_the_dealers_left_and_the_dealer_is_hooked() -> None:
    state = dealt()
    assert state.legal_actions(1) == (Bid(0), Bid(1), Bid(2), Bid(3))
    bid(state, 1, 2)
    # 1 + 2 bid: the dealer may not bid 0, which would make the bids total the 3 tricks.
    assert state.to_act() == (0,)
    assert state.legal_actions(0) == (Bid(1), Bid(2), Bid(3))
    with pytest.raises(IllegalActionError) as err:
        state.apply(0, Bid(0))
    assert err.value.code == "dealer-hook"
    assert len(state.history) == 4  # the cut, the deal and two bids: nothing was added


def test_the_hook_can_leave_the_dealer_one_bid() -> None:
    state = new(3, dealer=0, num_tricks_fixed=1)
    deal(state, "SA S5 SK H2")
    bid(state, 0, 0)
    assert state.legal_actions(0) == (Bid(0),)


def test_follow_suit_trump_wins_and_the_winner_leads() -> None:
    state = dealt()
    bid(state, 1, 2, 1)
    assert state.to_act() == (1,)
    play(state, "SA")
    # Seat 2 holds a spade and must play it.
    assert state.legal_actions(2) == (Play(cards(state, "S5")[0]),)
    with pytest.raises(IllegalActionError) as err:
        state.apply(2, Play(cards(state, "H4")[0]))
    assert err.value.code == "must-follow-suit"
    play(state, "S5 SK")
    assert state.view(0).tricks_won == (0, 1, 0)  # the ace of spades wins
    assert state.to_act() == (1,)
    play(state, "C3")
    # Seat 2 has no club: either card may go.
    assert {str(a) for a in state.legal_actions(2)} == {"play H4", "play D9"}
    play(state, "H4 C2")
    assert state.view(0).tricks_won == (0, 1, 1)  # the trump takes the club trick
    assert state.to_act() == (2,)
    play(state, "D9 D7 CK")
    assert state.view(0).tricks_won == (0, 1, 2)  # the king of clubs is off suit


def finish(state: OhHellState) -> None:
    bid(state, 1, 2, 1)
    play(state, "SA S5 SK C3 H4 C2 D9 D7 CK")


def test_a_trick_each_and_ten_for_an_exact_bid() -> None:
    state = dealt()
    finish(state)
    # Seat 1 bid 1, took 1: 1 + 10. Seat 2 bid 2, took 2: 2 + 10. Seat 0 bid 1, took 0: 0.
    assert state.is_over()
    assert state.result().scores == (0.0, 11.0, 12.0)
    assert state.result().winners == (2,)


def test_off_bid_penalty_and_points_per_trick() -> None:
    state = dealt(off_bid_penalty=True, points_per_trick=2)
    finish(state)
    # Exact bids: 2 per trick + 10; seat 0 missed by one trick: -2.
    assert state.result().scores == (-2.0, 12.0, 14.0)


def test_a_match_passes_the_deal_left_and_adds_up() -> None:
    state = new(3, dealer=0, num_tricks_fixed=1, hands=2)
    deal(state, "SA S5 SK H2")
    bid(state, 1, 0, 1)
    play(state, "SA S5 SK")
    # Hand 1: seat 1 bid 1 took 1: 11; seat 2 bid 0 took 0: 10; seat 0 bid 1 took 0: 0.
    assert state.view(0).scores == (0, 11, 10)
    assert not state.is_over()
    assert state.chance_cards() == state.table.cards  # no new cut: seat 1 deals
    deal(state, "C2 C3 C4 D2")
    assert state.view(0).dealer == 1
    assert state.to_act() == (2,)
    bid(state, 0, 0, 0)
    play(state, "C2 C3 C4")
    # Hand 2: seats 2 and 0 bid 0 took 0: 10 each; seat 1 bid 0 took 1: 1.
    assert state.is_over()
    assert state.result().scores == (10.0, 12.0, 20.0)
    assert state.result().winners == (2,)


def test_views_hide_other_hands_and_the_stock() -> None:
    state = dealt()
    view = state.view(1)
    assert sorted(c.text for c in view.hand) == ["C3", "CK", "SA"]
    assert view.trump is not None and view.trump.text == "H2"
    shown = {c.text for c in view.hand} | {c.text for c in view.played}
    assert not shown & {"S5", "H4", "D9", "SK", "D7", "C2"}


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (3, {"num_suits": 1, "num_cards_per_suit": 3}, "at least 4 cards"),
        (7, {"num_suits": 2, "num_cards_per_suit": 3}, "at least 8 cards"),
        (4, {"num_tricks_fixed": 0}, "allowed -1 (random) or 1 to 12"),
        (3, {"num_suits": 5}, "from 1 to 4"),
        (3, {"hands": 0}, "from 1 to 100"),
    ],
)
def test_bad_options_are_refused(players: int, options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        GAME.create(players, 0, options)


def test_text_forms() -> None:
    state = dealt()
    assert GAME.parse_action("bid 2", state) == Bid(2)
    assert GAME.parse_action("PLAY hq", state) == Play(cards(state, "HQ")[0])
    for text in ("bid two", "play Z9", "cheer", "play"):
        with pytest.raises(ParseError):
            GAME.parse_action(text, state)


def test_events_tell_the_hand_and_hide_the_other_hands() -> None:
    state = GAME.create(3, 0, {"num_tricks_fixed": 3}, auto_chance=False, events=True)
    cut = state.apply(CHANCE, Shuffle(stack(state.chance_cards(), cards(state, "@0"))))
    assert [str(e) for e in cut] == ["seat 0 deals first"]
    events = state.apply(CHANCE, Shuffle(stack(state.chance_cards(), cards(state, ORDER))))
    # Everyone sees the deal and the trump card; each seat sees only its own cards.
    assert [str(e) for e in events if e.seen_by(1)] == [
        "hand 1 of 1: seat 0 deals 3 cards each",
        "seat 1 receives C3 CK SA",  # in deck order: clubs, diamonds, spades, hearts
        "H2 is turned: hearts are trump",
    ]
    assert [str(e) for e in events if e.seen_by(2)][1] == "seat 2 receives D9 S5 H4"
    said = [str(e) for e in state.apply(1, Bid(1))]
    assert said == ["seat 1 bids 1"]
    bid(state, 2, 1)
    assert [str(e) for e in state.apply(1, Play(cards(state, "SA")[0]))] == ["seat 1 plays SA"]
    play(state, "S5")
    last = state.apply(0, Play(cards(state, "SK")[0]))
    assert [str(e) for e in last] == ["seat 0 plays SK", "seat 1 wins the trick with SA"]
    play(state, "C3 H4 C2 D9 D7")
    end = [str(e) for e in state.apply(1, Play(cards(state, "CK")[0]))]
    # Seat 1 bid 1, took 1: 11; seat 2 bid 2, took 2: 12; seat 0 bid 1, took 0: 0.
    assert end == [
        "seat 1 plays CK",
        "seat 2 wins the trick with D9",  # the king of clubs is off suit
        "hand 1 scored: seat 0 +0, seat 1 +11, seat 2 +12; totals 0 11 12",
        "the match is over: seat 2 wins (scores 0 11 12)",
    ]


def test_the_trick_count_drawn_by_chance_is_told() -> None:
    state = GAME.create(4, 0, auto_chance=False, events=True)
    events = state.apply(CHANCE, Shuffle(stack(state.chance_cards(), cards(state, "#5"))))
    assert [str(e) for e in events] == ["this hand has 5 tricks"]


def test_a_bid_in_the_play_phase_and_a_card_in_the_bid_phase_are_the_wrong_kind() -> None:
    state = dealt()
    with pytest.raises(IllegalActionError) as err:
        state.apply(1, Play(cards(state, "SA")[0]))
    assert (err.value.code, err.value.reason) == (
        "wrong-phase",
        "the bid phase takes bid, not play",
    )
    bid(state, 1, 2, 1)
    with pytest.raises(IllegalActionError) as err:
        state.apply(1, Bid(1))
    assert (err.value.code, err.value.reason) == (
        "wrong-phase",
        "the play phase takes play, not bid",
    )
    assert len(state.history) == 5  # the cut, the deal and three bids: nothing was added
