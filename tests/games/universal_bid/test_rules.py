"""Every rule of the bid-exact game, each set up by an explicit draw and deal."""

from __future__ import annotations

import pytest

from cardkit import CHANCE, Bid, IllegalActionError, OptionError, Pass, Play, Shuffle
from cardkit.events import Received, cards_of
from cardkit.testing import cards_in
from games.universal_bid import DECK, GAME, UniversalBidState, parse_card
from games.universal_bid.events import DealerDrawn

from .helpers import act, bids, cards, deal, draw, new, start


def amounts(state: UniversalBidState, seat: int) -> list[int]:
    legal = state.legal_actions(seat)
    assert all(isinstance(a, Bid) for a in legal)
    return [a.amount for a in legal if isinstance(a, Bid)]


def rejected(state: UniversalBidState, seat: int, text: str) -> IllegalActionError:
    before = (len(state.history), state.to_act(), state.view(seat))
    with pytest.raises(IllegalActionError) as info:
        act(state, seat, text)
    assert (len(state.history), state.to_act(), state.view(seat)) == before
    return info.value


# -- first dealer and the deal ----------------------------------------------------


def test_highest_suit_drawn_deals_first() -> None:
    state = new(2, "1")
    draw(state, "J:Sun", "E:1")  # E beats J whatever the ranks
    assert state.view(0).dealer == 1


def test_tie_in_suit_is_broken_by_rank() -> None:
    state = new(4, "1")
    draw(state, "J:7", "E:1", "E:3", "M:Sun")
    view = state.view(0)
    assert view.dealer == 2  # two E cards: the 3 beats the 1
    # the draw is public: every seat sees every drawn card
    for seat in range(4):
        assert state.view(seat).draw == ((0, "J:7"), (1, "E:1"), (2, "E:3"), (3, "M:Sun"))
    # recorded: the first step is chance drawing one card per seat, in seat order
    seat, action = state.history[0]
    assert seat == CHANCE and isinstance(action, Shuffle)
    assert [c.text for c in action.cards] == ["J:7", "E:1", "E:3", "M:Sun"]
    # the drawn cards went back: the deal that follows orders all 54 cards
    assert state.chance_draw() == 0 and len(state.chance_cards()) == 54


def test_the_draw_takes_one_card_per_seat_from_the_whole_deck() -> None:
    state = new(4, "1")
    assert state.chance_draw() == 4 and len(state.chance_cards()) == 54
    for wrong in (["E:1", "E:2", "E:3"], ["E:1", "E:2", "E:3", "E:1"]):
        with pytest.raises(IllegalActionError) as info:
            state.apply(CHANCE, Shuffle(tuple(parse_card(t) for t in wrong)))
        assert info.value.code == "wrong-cards" and "take 4 of the 54" in info.value.reason
    assert state.history == [] and state.view(0).dealer is None
    played = GAME.create(4, seed=11, options={"schedule": "1"})
    seat, action = played.history[0]
    assert seat == CHANCE and isinstance(action, Shuffle) and len(action.cards) == 4
    # the rulebook's order: suits E J M N S V, then ranks Sun Moon 7 .. 1
    suits, ranks = "EJMNSV", ["Sun", "Moon", "7", "6", "5", "4", "3", "2", "1"]
    drawn = action.cards
    top = min(range(4), key=lambda s: (suits.index(drawn[s].suit), ranks.index(drawn[s].label)))
    assert played.view(0).dealer == top


def test_draw_event_names_the_draws_and_the_dealer() -> None:
    state = new(3, "1", events=True)
    shuffle = Shuffle(tuple(DECK.cards[::-1][:3]))  # seat 0 E:Sun, seat 1 E:Moon, seat 2 E:7
    line = GAME.describe(state, CHANCE, shuffle, viewer=1)
    assert "seat 0 E:Sun" in line and "seat 1 E:Moon" in line and "seat 2 E:7" in line
    assert "seat 0 deals first" in line
    (event,) = state.apply(CHANCE, shuffle)
    assert isinstance(event, DealerDrawn) and event.to is None
    assert event.draw == ((0, "E:Sun"), (1, "E:Moon"), (2, "E:7")) and event.dealer == 0


def test_deal_hides_hands_and_the_left_of_dealer_bids_first() -> None:
    state = new(3, "2", events=True)
    draw(state, "V:1", "E:Sun", "V:2")
    hands = {2: "E:Sun E:1", 0: "J:3 V:1", 1: "M:4 M:2"}
    events = state.apply(CHANCE, state.deal_shuffle({s: cards(h) for s, h in hands.items()}))
    assert [c.text for c in state.view(2).hand] == ["E:1", "E:Sun"]
    assert [c.text for c in state.view(0).hand] == ["J:3", "V:1"]
    assert [c.text for c in state.view(1).hand] == ["M:2", "M:4"]
    assert state.to_act() == (2,)
    public = [e for e in events if e.to is None]
    assert [str(e) for e in public] == ["hand 1 of 1: seat 1 deals 2 cards each"]
    assert all(cards_of(e) == () for e in public)  # the deal event names no card
    for seat in range(3):
        (mine,) = [e for e in events if isinstance(e, Received) and e.seat == seat]
        assert mine.to == frozenset({seat}) and set(mine.cards) == set(cards(hands[seat]))


def test_deal_rotates_left_each_hand() -> None:
    state = start(3, "1,1,1", dealer=0, hands={0: "V:2", 1: "E:Sun", 2: "V:1"})
    dealers = [state.view(0).dealer]
    for hand in range(3):
        dealer = state.view(0).dealer
        assert dealer is not None
        if hand:
            deal(state, {dealer: "V:2", (dealer + 1) % 3: "E:Sun", (dealer + 2) % 3: "V:1"})
            dealers.append(dealer)
        first = (dealer + 1) % 3
        assert state.to_act() == (first,)
        bids(state, {first: 1, (first + 1) % 3: 0, dealer: 1})
        act(state, first, "play E:Sun")
        act(state, (first + 1) % 3, "play V:1")
        act(state, dealer, "play V:2")
    assert dealers == [0, 1, 2]
    assert state.is_over()


# -- schedule --------------------------------------------------------------------


def test_default_schedule_is_the_rulebook_one() -> None:
    for players in (2, 3, 4, 5):
        state = GAME.create(players, seed=1)
        assert isinstance(state, UniversalBidState)
        assert state.schedule == (9, 7, 5, 3, 1, 2, 4, 6, 8, 10)


def test_six_players_skip_the_ten_card_hand() -> None:
    state = new(6)
    assert state.schedule == (9, 7, 5, 3, 1, 2, 4, 6, 8)
    draw(state, "E:Sun", "V:1", "V:2", "V:3", "V:4", "V:5")
    sizes = []
    while not state.is_over():
        dealer = state.view(0).dealer
        assert dealer is not None
        size = state.view(0).hand_size
        order = [(dealer + 1 + k) % 6 for k in range(6)]
        hands = {
            seat: " ".join(c.text for c in DECK.faces[k * size : (k + 1) * size])
            for k, seat in enumerate(order)
        }
        deal(state, hands)
        sizes.append(len(state.view(0).hand))
        assert state.view(0).hands_total == 9
        out = next(z for z in state.zones() if z.name == "out of play")
        assert len(out.cards) == 54 - 6 * size
        while state.view(0).phase in ("bid", "play"):
            seat = state.to_act()[0]
            state.apply(seat, state.legal_actions(seat)[0])
    assert sizes == [9, 7, 5, 3, 1, 2, 4, 6, 8]
    assert len(state.hand_log) == 9


def test_user_schedule_too_big_names_the_largest_hand() -> None:
    with pytest.raises(OptionError, match="1 to 9 cards"):
        GAME.create(6, options={"schedule": "9,10"})
    with pytest.raises(OptionError, match="1 to 13 cards"):
        GAME.create(4, options={"schedule": "14"})
    with pytest.raises(OptionError, match="schedule"):
        GAME.create(2, options={"schedule": "28"})
    with pytest.raises(OptionError, match="schedule"):
        GAME.create(2, options={"schedule": "0,3"})


def test_single_twelve_card_hand_for_four_players() -> None:
    state = GAME.create(4, seed=3, options={"schedule": "12"})
    assert isinstance(state, UniversalBidState)
    assert state.schedule == (12,)
    assert all(len(state.view(s).hand) == 12 for s in range(4))
    out = next(z for z in state.zones() if z.name == "out of play")
    assert len(out.cards) == 6


def test_undealt_cards_are_out_of_play_and_seen_by_nobody() -> None:
    state = start(4, "1", dealer=0, hands={0: "E:1", 1: "J:1", 2: "M:1", 3: "N:1"})
    out = next(z for z in state.zones() if z.name == "out of play")
    assert len(out.cards) == 50 and out.visible_to == frozenset()
    for seat in range(4):
        assert not set(cards_in(state.view(seat))) & set(out.cards)


# -- bidding ---------------------------------------------------------------------


def test_bids_run_from_zero_to_the_hand_size() -> None:
    state = start(3, "3", dealer=0, hands={1: "E:1 E:2 E:3", 2: "J:1 J:2 J:3", 0: "M:1 M:2 M:3"})
    assert amounts(state, 1) == [0, 1, 2, 3]
    error = rejected(state, 1, "bid 4")
    assert error.code == "bid-out-of-range" and "0 to 3" in error.reason
    assert rejected(state, 1, "bid -1").code == "bid-out-of-range"
    assert rejected(state, 2, "bid 1").code == "not-your-turn"
    error = rejected(state, 1, "play E:1")
    assert error.code == "wrong-phase" and "the bid phase takes bid, not play" in error.reason


@pytest.mark.parametrize(
    ("first", "forbidden"),
    [
        ((0, 0, 0), 3),  # 0 + 3 = 3 tricks
        ((1, 0, 0), 2),
        ((1, 1, 0), 1),
        ((1, 1, 1), 0),
        ((3, 0, 0), 0),
        ((2, 2, 0), None),  # already over 3: every bid is allowed
        ((3, 3, 3), None),
    ],
)
def test_dealer_may_not_make_the_bids_total_the_tricks(
    first: tuple[int, int, int], forbidden: int | None
) -> None:
    state = start(
        4,
        "3",
        dealer=0,
        hands={1: "E:1 E:2 E:3", 2: "J:1 J:2 J:3", 3: "M:1 M:2 M:3", 0: "N:1 N:2 N:3"},
    )
    for seat, amount in zip((1, 2, 3), first, strict=True):
        assert amounts(state, seat) == [0, 1, 2, 3]  # only the dealer is restricted
        act(state, seat, f"bid {amount}")
    allowed = [a for a in range(4) if a != forbidden]
    assert amounts(state, 0) == allowed
    if forbidden is not None:
        error = rejected(state, 0, f"bid {forbidden}")
        assert error.code == "dealer-makes-total"
        assert f"may not bid {forbidden}" in error.reason and "total 3" in error.reason
    act(state, 0, f"bid {allowed[0]}")
    assert sum(b for b in state.view(0).bids if b is not None) != 3
    assert state.view(0).phase == "play"


def test_dealer_with_one_card_hand_always_has_a_bid() -> None:
    state = start(2, "1", dealer=0, hands={0: "E:1", 1: "J:1"})
    act(state, 1, "bid 0")
    assert amounts(state, 0) == [0]
    error = rejected(state, 0, "bid 1")
    assert "total 1" in error.reason


def test_nobody_may_pass_and_bids_are_final() -> None:
    state = start(3, "3", dealer=0, hands={1: "E:1 E:2 E:3", 2: "J:1 J:2 J:3", 0: "M:1 M:2 M:3"})
    assert not any(isinstance(a, Pass) for a in state.legal_actions(1))
    error = rejected(state, 1, "pass")
    assert error.code == "wrong-phase" and "the bid phase takes bid, not pass" in error.reason
    act(state, 1, "bid 2")
    # RULINGS: a bid is final; the turn has passed to seat 2
    assert rejected(state, 1, "bid 1").code == "not-your-turn"
    assert state.view(0).bids == (None, 2, None)
    act(state, 2, "bid 0")
    act(state, 0, "bid 0")  # 2 + 0 + 0 = 2, not 3: allowed
    assert state.view(2).bids == (0, 2, 0)
    error = rejected(state, 1, "pass")  # seat 1, left of the dealer, leads
    assert error.code == "wrong-phase" and "the play phase takes play, not pass" in error.reason


# -- play ------------------------------------------------------------------------


def test_rulebook_example_a_one_of_n_beats_the_sun_of_s() -> None:
    state = start(2, "1", dealer=0, hands={1: "S:Sun", 0: "N:1"})
    bids(state, {1: 1, 0: 1})
    act(state, 1, "play S:Sun")  # left of the dealer leads
    act(state, 0, "play N:1")  # no S: any card; N ranks above S
    assert state.hand_log[0].tricks == (1, 0)
    assert state.result().scores == (11.0, 0.0)


def test_highest_suit_wins_even_when_not_led() -> None:
    state = start(
        4,
        "2",
        dealer=3,
        hands={0: "V:Sun V:2", 1: "V:7 E:2", 2: "S:1 M:3", 3: "V:Moon J:1"},
    )
    bids(state, {0: 1, 1: 1, 2: 1, 3: 0})
    act(state, 0, "play V:Sun")
    act(state, 1, "play V:7")  # follows V
    act(state, 2, "play S:1")  # no V: a 1 of S beats every V
    act(state, 3, "play V:Moon")
    assert state.view(0).tricks_taken == (0, 0, 1, 0)
    assert state.to_act() == (2,)  # the winner leads the next trick


def test_the_leader_may_lead_any_suit_and_the_winner_leads_next() -> None:
    state = start(2, "3", dealer=0, hands={1: "E:1 J:5 J:2", 0: "E:Sun M:3 V:1"})
    bids(state, {1: 1, 0: 1})
    led = ["play E:1", "play J:2", "play J:5"]
    assert sorted(str(a) for a in state.legal_actions(1)) == led
    act(state, 1, "play J:5")
    act(state, 0, "play M:3")  # no J: any card; J ranks above M, so J:5 wins
    assert state.to_act() == (1,)
    # the new leader still holds a J, but the last trick's suit binds nobody
    assert sorted(str(a) for a in state.legal_actions(1)) == ["play E:1", "play J:2"]
    act(state, 1, "play E:1")
    assert [str(a) for a in state.legal_actions(0)] == ["play E:Sun"]  # follows E
    act(state, 0, "play E:Sun")
    assert state.to_act() == (0,)
    act(state, 0, "play V:1")
    act(state, 1, "play J:2")  # no V: J beats V
    # seat 1 bid 1 and took 2: 2 points; seat 0 bid 1 and took 1: 1 + 10
    assert state.result().scores == (11.0, 2.0)


def test_must_follow_suit_when_able() -> None:
    state = start(3, "2", dealer=0, hands={1: "J:5 M:1", 2: "J:1 E:Sun", 0: "V:1 E:Moon"})
    bids(state, {1: 1, 2: 1, 0: 1})
    act(state, 1, "play J:5")
    assert [str(a) for a in state.legal_actions(2)] == ["play J:1"]
    error = rejected(state, 2, "play E:Sun")
    assert error.code == "must-follow-suit" and "J was led" in error.reason
    act(state, 2, "play J:1")
    # seat 0 holds no J: any card may be played
    assert sorted(str(a) for a in state.legal_actions(0)) == ["play E:Moon", "play V:1"]
    act(state, 0, "play E:Moon")
    assert state.view(0).tricks_taken == (1, 0, 0)
    assert state.to_act() == (0,)


def test_play_errors_name_the_problem() -> None:
    state = start(2, "2", dealer=0, hands={1: "J:5 M:1", 0: "V:1 E:Moon"})
    bids(state, {1: 1, 0: 0})
    error = rejected(state, 1, "play E:Sun")
    assert error.code == "not-in-hand" and "E:Sun" in error.reason
    assert rejected(state, 1, "bid 1").code == "wrong-phase"
    assert rejected(state, 0, "play V:1").code == "not-your-turn"
    with pytest.raises(IllegalActionError) as info:
        state.apply(1, Play(parse_card("J:5"), "E"))
    assert info.value.code == "no-declare" and "play J:5" in info.value.reason


# -- scoring and the end of the match ----------------------------------------------


def test_zero_bid_made_scores_ten_and_missed_scores_the_tricks() -> None:
    state = start(3, "2", dealer=0, hands={1: "E:Sun E:Moon", 2: "V:1 V:2", 0: "J:1 J:2"})
    bids(state, {1: 0, 2: 0, 0: 1})
    for lead, follow, last in (("E:Sun", "V:1", "J:1"), ("E:Moon", "V:2", "J:2")):
        act(state, 1, f"play {lead}")
        act(state, 2, f"play {follow}")
        act(state, 0, f"play {last}")
    log = state.hand_log[0]
    assert log.bids == (1, 0, 0)
    assert log.tricks == (0, 2, 0)
    # seat 0: bid 1, took 0 -> 0; seat 1: bid 0, took 2 -> 2; seat 2: made 0 -> 10
    assert log.points == (0, 2, 10)


def test_exact_bids_score_tricks_plus_ten_and_totals_add_up() -> None:
    state = start(2, "3,1", dealer=0, hands={1: "E:Sun E:Moon V:1", 0: "J:Sun J:Moon J:7"})
    bids(state, {1: 2, 0: 0})
    for lead, follow in (("E:Sun", "J:7"), ("E:Moon", "J:Moon"), ("V:1", "J:Sun")):
        act(state, 1, f"play {lead}")
        act(state, 0, f"play {follow}")
    # seat 1 bid 2 and took 2: 2 + 10; seat 0 bid 0 and took 1: 1
    assert state.view(0).scores == (1, 12)
    assert state.view(0).dealer == 1 and state.view(0).hand_number == 2
    deal(state, {0: "M:1", 1: "M:2"})
    bids(state, {0: 1, 1: 1})
    act(state, 0, "play M:1")
    act(state, 1, "play M:2")
    # seat 0 bid 1, took 0: 0; seat 1 bid 1, took 1: 11
    assert state.is_over()
    result = state.result()
    assert result.scores == (1.0, 23.0)
    assert result.winners == (1,) and result.finished


def test_tied_highest_totals_share_the_win() -> None:
    state = start(3, "1", dealer=0, hands={1: "E:Sun", 2: "V:1", 0: "V:2"})
    bids(state, {1: 0, 2: 0, 0: 0})
    act(state, 1, "play E:Sun")
    act(state, 2, "play V:1")
    act(state, 0, "play V:2")
    assert state.is_over() and state.to_act() == ()
    result = state.result()
    assert result.scores == (10.0, 1.0, 10.0)
    assert result.winners == (0, 2)
    assert result.share(0) == result.share(2) == 0.5 and result.share(1) == 0
    assert rejected(state, 0, "bid 0").code == "game-over"


# -- event lines -------------------------------------------------------------------


def test_event_lines_for_bids_tricks_and_the_hand_score() -> None:
    hands = {1: "E:Sun E:Moon", 2: "V:1 V:2", 0: "J:1 J:2"}
    state = start(3, "2,1", dealer=0, hands=hands, events=True)

    def said(seat: int, text: str) -> str:
        action = GAME.parse_action(text, state)
        lines = {GAME.describe(state, seat, action, viewer) for viewer in (None, 0, 1, 2)}
        assert len(lines) == 1  # nothing here is secret: every viewer reads the same
        events = state.apply(seat, action)
        assert "; ".join(str(e) for e in events) in lines
        return lines.pop()

    assert said(1, "bid 0") == "seat 1 bids 0"
    assert said(2, "bid 0") == "seat 2 bids 0"
    assert said(0, "bid 1") == "seat 0 bids 1 (bids total 1 for 2 tricks)"
    assert said(1, "play E:Sun") == "seat 1 plays E:Sun"
    assert said(2, "play V:1") == "seat 2 plays V:1"
    assert said(0, "play J:1") == "seat 0 plays J:1; seat 1 wins the trick with E:Sun"
    said(1, "play E:Moon")
    said(2, "play V:2")
    # seat 0 bid 1 and took none; seat 1 bid 0 and took both; seat 2 made its zero
    assert said(0, "play J:2") == (
        "seat 0 plays J:2; seat 1 wins the trick with E:Moon; hand 1 of 2 scored: "
        "seat 0 bid 1, took 0: +0; seat 1 bid 0, took 2: +2; seat 2 bid 0, took 0: exact, +10; "
        "totals 0 2 10"
    )
    # the next deal: seat 1 deals, so seat 2 (its left) gets the shuffle's first card
    deal_line = GAME.describe(state, CHANCE, Shuffle(DECK.cards), viewer=2)
    assert deal_line == "hand 2 of 2: seat 1 deals 1 card each; seat 2 receives V:1"


def test_event_line_when_the_last_card_takes_the_trick() -> None:
    state = start(2, "1", dealer=0, hands={1: "V:1", 0: "E:1"})
    bids(state, {1: 0, 0: 0})  # 0 + 0 is not 1 trick: the dealer may bid 0
    act(state, 1, "play V:1")
    line = GAME.describe(state, 0, GAME.parse_action("play E:1"), viewer=None)
    # E beats V: seat 0 takes the only trick; its zero bid is missed, seat 1's is made
    assert line == (
        "seat 0 plays E:1; seat 0 wins the trick with E:1; hand 1 of 1 scored: "
        "seat 0 bid 0, took 1: +1; seat 1 bid 0, took 0: exact, +10; totals 1 10; "
        "the match is over: seat 1 wins (scores 1 10)"
    )
