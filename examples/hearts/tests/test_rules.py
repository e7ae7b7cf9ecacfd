"""Hearts' rules, each set up by an explicit deal and checked by hand reasoning."""

from __future__ import annotations

from typing import Any

import pytest
from cardkit import CHANCE, Card, IllegalActionError, OptionError, ParseError, Play, PositionError

from cardkit_hearts import GAME, HeartsState, PassCard
from cardkit_hearts.cards import DECK


def cards(texts: str) -> list[Card]:
    """Cards written by suit: ``"C2345 HQK"`` is the 2 to 5 of clubs, the queen and king
    of hearts."""
    return [DECK.card(group[0] + rank) for group in texts.split() for rank in group[1:]]


def new(**options: Any) -> HeartsState:
    state = GAME.create(4, 0, options, auto_chance=False)
    assert isinstance(state, HeartsState)
    return state


def deal(state: HeartsState, *hands: str) -> None:
    """Deal seat 0 to 3 the ``hands`` (13 cards each)."""
    shuffle = state.deal_shuffle({s: cards(h) for s, h in enumerate(hands)})
    state.apply(CHANCE, shuffle)
    for seat, texts in enumerate(hands):
        assert set(state.view(seat).hand) == set(cards(texts))


def play(state: HeartsState, texts: str) -> None:
    """Each seat to act in turn plays the next card of ``texts`` (``"C2 D3 ..."``)."""
    for text in texts.split():
        state.apply(state.to_act()[0], Play(DECK.card(text)))


def legal(state: HeartsState, seat: int) -> set[str]:
    return {str(a).split()[1] for a in state.legal_actions(seat)}


def refused(state: HeartsState, seat: int, card: str) -> str:
    with pytest.raises(IllegalActionError) as err:
        state.apply(seat, Play(DECK.card(card)))
    return err.value.code


def play_out(state: HeartsState) -> None:
    """Finish the hand: every seat plays its first legal card."""
    number = state.view(0).hand_number
    while not state.is_over() and state.view(0).hand_number == number:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])


BY_SUIT = ("C23456789TJQKA", "D23456789TJQKA", "S23456789TJQKA", "H23456789TJQKA")
"""Each seat one whole suit: seat 0 the clubs, 1 diamonds, 2 spades, 3 hearts."""


def test_passing_goes_left_right_across_then_none_by_hand() -> None:
    state = new(target=10_000)
    # (hand, direction, seat that receives seat 0's cards)
    for hand, direction, receiver in [(1, 1, 1), (2, 3, 3), (3, 2, 2), (4, 0, 0), (5, 1, 1)]:
        deal(state, *BY_SUIT)
        view = state.view(0)
        assert (view.hand_number, view.direction) == (hand, direction)
        if direction == 0:  # no passing: the two of clubs (seat 0's) leads at once
            assert state.to_act() == (0,)
            assert legal(state, 0) == {"C2"}
        else:
            assert state.to_act() == (0, 1, 2, 3)  # every seat chooses, in secret
            for seat, suit in enumerate("CDSH"):
                for rank in "234":
                    state.apply(seat, PassCard(DECK.card(suit + rank)))
            assert set(cards("C234")) <= set(state.view(receiver).hand)
            assert state.view(receiver).received == tuple(cards("C234"))
            assert state.view(0).passed == tuple(cards("C234"))
            # The receiver of the two of clubs leads it.
            assert state.to_act() == (receiver,)
        play_out(state)


def test_without_pass_cards_nobody_passes() -> None:
    state = new(pass_cards=False)
    deal(state, *BY_SUIT)
    assert state.view(0).direction == 0 and state.to_act() == (0,)


def test_the_three_cards_are_chosen_in_secret_and_exchanged_together() -> None:
    state = GAME.create(4, 0, {}, auto_chance=False, events=True)
    assert isinstance(state, HeartsState)
    deal(state, *BY_SUIT)
    events = state.apply(0, PassCard(DECK.card("CA")))
    assert [str(e) for e in events if e.seen_by(0)] == ["seat 0 picks CA to pass"]
    assert [str(e) for e in events if e.seen_by(1)] == ["seat 0 picks a card to pass"]
    assert DECK.card("CA") not in state.view(1).hand + state.view(1).received
    state.apply(0, PassCard(DECK.card("CK")))
    state.apply(0, PassCard(DECK.card("CQ")))
    assert state.to_act() == (1, 2, 3)
    with pytest.raises(IllegalActionError) as err:
        state.apply(0, PassCard(DECK.card("CJ")))
    assert err.value.code == "passed-already"
    with pytest.raises(IllegalActionError) as err:
        state.apply(1, Play(DECK.card("D2")))
    assert err.value.code == "wrong-phase" and "the pass phase takes pass card, not play" in str(
        err.value
    )
    for seat, suit in [(1, "D"), (2, "S"), (3, "H")]:
        for rank in "AKQ":
            events = state.apply(seat, PassCard(DECK.card(suit + rank)))
    # Hand 1 passes left: seat 0's cards go to seat 1, seen by the two of them only.
    assert [str(e) for e in events if e.seen_by(1)] == [
        "seat 3 picks a card to pass",
        "seat 0 passes CQ CK CA to seat 1",
        "seat 1 passes DQ DK DA to seat 2",
    ]
    assert [str(e) for e in events if e.seen_by(3)] == [
        "seat 3 picks HQ to pass",
        "seat 2 passes SQ SK SA to seat 3",
        "seat 3 passes HQ HK HA to seat 0",
    ]
    assert state.view(1).received == tuple(cards("CQKA"))
    assert state.to_act() == (0,)  # seat 0 passed its high clubs and leads the two


def test_the_two_of_clubs_leads_the_first_trick() -> None:
    hands = ("D23456789TJQKA", "S23456789TJQKA", "C234567 H2345678", "C89TJQKA H9TJQKA")
    state = new(pass_cards=False)
    deal(state, *hands)
    assert state.to_act() == (2,)
    assert legal(state, 2) == {"C2"}
    assert refused(state, 2, "C3") == "first-lead"
    state = new(pass_cards=False, can_lead_any_club=True)
    deal(state, *hands)
    assert legal(state, 2) == {"C2", "C3", "C4", "C5", "C6", "C7"}


FIRST_TRICK = ("C23456789TJQKA", "SQ H3456789TJQKA", "D23456789TJQK H2", "DA S23456789TJKA")
"""Seat 1 holds only points; seat 2 one heart and diamonds; seat 3 no points."""


def test_no_points_on_the_first_trick_unless_the_hand_holds_nothing_else() -> None:
    state = new(pass_cards=False)
    deal(state, *FIRST_TRICK)
    play(state, "C2")
    # Seat 1 has no club and nothing but hearts and the queen: any card may go.
    assert legal(state, 1) == {"SQ", *(f"H{r}" for r in "3456789TJQKA")}
    play(state, "SQ")
    # Seat 2 has no club: its diamonds, not its heart.
    assert legal(state, 2) == {f"D{r}" for r in "23456789TJQK"}
    assert refused(state, 2, "H2") == "no-points-on-first-trick"
    state = new(pass_cards=False, no_pts_on_first_trick=False)
    deal(state, *FIRST_TRICK)
    play(state, "C2 SQ")
    assert "H2" in legal(state, 2)


# Seat 0 wins the second trick holding CK, D2 and nine hearts.
BREAK = ("C2KA D2 H23456789T", "C3456789TJQ D345", "D6789TJQKA S2345", "S6789TJQKA HJQKA")


def test_hearts_may_not_be_led_until_broken() -> None:
    state = new(pass_cards=False)
    deal(state, *BREAK)
    play(state, "C2 C3 D6 S6")  # seat 1 wins with C3
    play(state, "C4 D7 S7 CA")  # seat 0 wins with CA
    assert state.to_act() == (0,)
    assert not state.view(0).hearts_broken
    assert legal(state, 0) == {"CK", "D2"}
    assert refused(state, 0, "H2") == "hearts-not-broken"
    play(state, "D2 D3 DA HJ")  # seat 3 has no diamond: its heart breaks hearts
    assert state.view(0).hearts_broken
    play(state, "S2 SA H2 C5")  # seat 3 wins with SA and may lead hearts
    assert state.to_act() == (3,)
    assert {"HQ", "HK", "HA"} <= legal(state, 3)


@pytest.mark.parametrize("breaks", [True, False])
def test_the_queen_of_spades_breaks_hearts(breaks: bool) -> None:
    state = new(pass_cards=False, qs_breaks_hearts=breaks)
    deal(state, *BREAK)
    play(state, "C2 C3 D6 S6 C4 D7 S7 CA")
    play(state, "CK C5 D8 SQ")  # seat 3 has no club and lets the queen go; seat 0 wins
    assert state.view(0).hearts_broken is breaks
    hearts = {f"H{r}" for r in "23456789T"}
    assert legal(state, 0) == ({"D2"} | hearts if breaks else {"D2"})


def test_a_leader_holding_only_hearts_may_lead_them() -> None:
    state = new(pass_cards=False)
    deal(state, "CA H23456789TJQK", "C23456789TJQK HA", "D23456789TJQKA", "S23456789TJQKA")
    play(state, "C2 D2 S2 CA")  # seat 0 wins and holds only hearts
    assert not state.view(0).hearts_broken
    assert legal(state, 0) == {f"H{r}" for r in "23456789TJQK"}


@pytest.mark.parametrize("instead", [False, True])
def test_a_leader_holding_hearts_and_the_queen(instead: bool) -> None:
    state = new(pass_cards=False, can_lead_hearts_instead_of_qs=instead)
    hands = ("CA SQ H23456789TJQ", "C23456789TJQK HK", "D23456789TJQKA", "S23456789TJKA HA")
    deal(state, *hands)
    play(state, "C2 D2 S2 CA")
    # Only the queen may be led; with the option, hearts too.
    hearts = {f"H{r}" for r in "23456789TJQ"}
    assert legal(state, 0) == ({"SQ"} | hearts if instead else {"SQ"})


def test_shooting_the_moon_and_the_match_to_100() -> None:
    state = GAME.create(4, 0, {"pass_cards": False}, auto_chance=False, events=True)
    assert isinstance(state, HeartsState)
    deal(state, *BY_SUIT)
    play_out(state)
    # Only clubs are ever led and only seat 0 holds them: it takes every trick, so
    # every heart and the queen of spades: 26 off for it, 26 on for each other seat.
    assert state.view(0).scores == (0, 26, 26, 26)
    assert state.log is not None
    assert [str(e) for e in state.log[-2:]] == [
        "seat 0 shoots the moon: -26 to it, +26 to each other seat",
        "hand 1 scored: seat 0 +0, seat 1 +26, seat 2 +26, seat 3 +26; totals 0 26 26 26",
    ]
    for totals in [(0, 52, 52, 52), (0, 78, 78, 78)]:
        deal(state, *BY_SUIT)
        play_out(state)
        assert state.view(0).scores == totals and not state.is_over()
    deal(state, *BY_SUIT)
    play_out(state)
    # 104 reaches 100 at the end of the fourth hand: the match is over, the lowest wins.
    assert state.is_over()
    assert state.result().scores == (0.0, 104.0, 104.0, 104.0)
    assert state.result().winners == (0,)


# Seat 1 takes tricks 1 to 12 (a heart each), seat 2 the last (the queen and a heart).
SPLIT = ("C2 D89TJQKA S23456", "C3456789TJQKA SQ", "D234567 S789TJKA", BY_SUIT[3])
TRICKS_2_TO_12 = (
    # seat 1 leads its clubs (nobody else holds one), seat 3 gives a heart each time
    "C4 D3 H3 D8",
    "C5 D4 H4 D9",
    "C6 D5 H5 DT",
    "C7 D6 H6 DJ",
    "C8 D7 H7 DQ",
    "C9 S7 H8 DK",
    "CT S8 H9 DA",
    "CJ S9 HT S2",
    "CQ ST HJ S3",
    "CK SJ HQ S4",
    "CA SK HK S5",
)


def split_hand(target: int) -> HeartsState:
    state = new(pass_cards=False, target=target)
    deal(state, *SPLIT)
    play(state, "C2 C3 D2 H2")
    for trick in TRICKS_2_TO_12:
        play(state, trick)
    play(state, "SQ SA HA S6")
    return state


def test_points_are_a_heart_each_and_13_for_the_queen() -> None:
    state = split_hand(100)
    # Seat 1: 12 hearts; seat 2: the queen and the ace of hearts; seats 0 and 3 nothing.
    assert state.view(0).scores == (0, 12, 14, 0)
    assert not state.is_over()


def test_a_tie_for_the_lowest_total_shares_the_win() -> None:
    state = split_hand(12)
    assert state.is_over()  # seat 1's 12 reaches the target
    assert state.result().scores == (0.0, 12.0, 14.0, 0.0)
    assert state.result().winners == (0, 3)
    assert state.result().share(0) == 0.5


def test_views_hide_other_hands() -> None:
    state = new()
    deal(state, *BY_SUIT)
    view = state.view(1)
    assert set(view.hand) == set(cards(BY_SUIT[1]))
    assert not {c.suit for c in view.hand + view.received + view.passing} - {"D"}


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (3, {}, "4 to 4 players, not 3"),
        (4, {"target": 0}, "from 1 to 10000"),
        (4, {"pass_cards": 2}, "pass_cards"),
    ],
)
def test_bad_options_are_refused(players: int, options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        GAME.create(players, 0, options)


def test_text_forms() -> None:
    assert GAME.parse_action("pass SQ") == PassCard(DECK.card("SQ"))
    assert GAME.parse_action("PLAY h7") == Play(DECK.card("H7"))
    for text in ("pass", "play Z9", "cheer", "pass SQ SK"):
        with pytest.raises(ParseError):
            GAME.parse_action(text)


def test_a_position_whose_tricks_break_the_rules_is_refused() -> None:
    hands = ("C2789TJQKA D3456", "C3 D2789TJQKA S234", "C4 S56789TJQKA H23", "C56 H456789TJQKA")
    state = new(pass_cards=False)
    deal(state, *hands)
    play(state, "C2 C3 C4 C5")  # seat 3 wins with the five and leads next
    data = GAME.position(state)
    assert GAME.from_position(data).to_act() == (3,)
    # seat 1 discards D2 on the led club while it still holds C3: a revoke
    part = data["state"]
    part["tricks"][0][1] = [1, "D2"]
    zones = part["cards"]["zones"]
    zones["won 3"] = [c if c != "C3" else "D2" for c in zones["won 3"]]
    zones["hand 1"] = [c if c != "D2" else "C3" for c in zones["hand 1"]]
    with pytest.raises(PositionError, match="seat 1 played D2 without following the suit it held"):
        GAME.from_position(data)
    # the next trick led by a seat that did not win the last one
    data = GAME.position(state)
    data["state"]["trick"]["leader"] = 0
    with pytest.raises(PositionError, match="led by seat 3, not seat 0"):
        GAME.from_position(data)
