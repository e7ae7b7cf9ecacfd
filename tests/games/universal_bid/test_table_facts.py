"""What the bid-exact table shows per seat, at a hand's end and on the final table,
and what the help says about the ranking (issue 36: points 2, 4 and 6)."""

from __future__ import annotations

from cardkit.events import Event, HandScored
from cardkit.table import TableLayout, table_for
from games.universal_bid import GAME, UniversalBidState
from games.universal_bid.events import ExactScored
from games.universal_bid.rules import HELP, RULES
from tests.games.universal_bid.helpers import act, deal, start


def layout(state: UniversalBidState, seat: int) -> TableLayout:
    return table_for(GAME, state.view(seat), state.players)


def rows(lay: TableLayout) -> list[tuple[dict[str, str], str]]:
    return [(dict(row.numbers), row.note) for row in lay.seats]


def play_one_card_hand(schedule: str) -> tuple[UniversalBidState, tuple[Event, ...]]:
    """Two players, dealer seat 1: seat 0 holds E:Sun, seat 1 V:1. Seat 0 bids 1; the
    dealer may not bid 0 (1 + 0 would total the 1 trick) and bids 1. E beats V: seat 0
    takes the trick, made (1 + 10 = 11); seat 1 missed (0)."""
    state = start(2, schedule, dealer=1, hands={0: "E:Sun", 1: "V:1"}, events=True)
    act(state, 0, "bid 1")
    act(state, 1, "bid 1")
    act(state, 0, "play E:Sun")
    events = state.apply(1, GAME.parse_action("play V:1"))
    return state, events


def test_the_final_table_keeps_the_last_hands_bids_and_tricks() -> None:
    state, _ = play_one_card_hand("1")
    assert state.is_over()
    for seat in (0, 1):
        lay = layout(state, seat)
        assert lay.status == "the match is over"
        assert rows(lay) == [
            ({"bid": "1", "tricks": "1", "score": "11"}, "made"),
            ({"bid": "1", "tricks": "0", "score": "0"}, "missed"),
        ]
        assert [row.held for row in lay.seats] == [0, 0]  # every card was played


def test_the_hand_end_table_keeps_the_hand_until_the_next_deal() -> None:
    state, events = play_one_card_hand("1,1")
    lay = layout(state, 0)
    assert lay.status == "hand 1 of 2 is over"
    assert rows(lay)[0] == ({"bid": "1", "tricks": "1", "score": "11"}, "made")
    assert rows(lay)[1] == ({"bid": "1", "tricks": "0", "score": "0"}, "missed")
    (scored,) = [e for e in events if isinstance(e, HandScored)]
    assert isinstance(scored, ExactScored)
    assert scored.columns() == (
        ("bid", ("1", "1")),
        ("tricks", ("1", "0")),
        ("made", ("yes", "no")),
    )
    # the next deal (seat 0 deals now): a fresh hand, nobody has bid or taken a trick
    deal(state, {0: "J:2", 1: "M:3"})
    lay = layout(state, 1)
    assert lay.status == "hand 2 of 2, 1 card each: bidding"
    assert rows(lay) == [
        ({"bid": "-", "tricks": "0", "score": "11"}, ""),
        ({"bid": "-", "tricks": "0", "score": "0"}, ""),
    ]


def test_bids_and_tricks_show_during_the_hand_with_the_suit_order() -> None:
    state = start(2, "2", dealer=1, hands={0: "E:Sun V:2", 1: "J:1 V:1"})
    act(state, 0, "bid 2")
    lay = layout(state, 1)
    assert rows(lay)[0][0]["bid"] == "2" and rows(lay)[1][0]["bid"] == "-"
    panels = {p.title: p.text for p in lay.panels}
    assert "E > J > M > N > S > V" in panels["order"] and "Sun > Moon > 7" in panels["order"]
    act(state, 1, "bid 1")  # 2 + 1 = 3, not the 2 tricks: allowed
    act(state, 0, "play E:Sun")
    act(state, 1, "play J:1")  # seat 1 cannot follow E; E beats J
    lay = layout(state, 0)
    assert [r[0]["tricks"] for r in rows(lay)] == ["1", "0"]
    assert [r.held for r in lay.seats] == [1, 1]


def test_the_help_states_the_suit_and_rank_order_and_how_a_trick_is_won() -> None:
    for text in (HELP, RULES):
        assert "E > J > M > N > S > V" in text
        assert "Sun > Moon > 7" in text
    assert "highest suit" in HELP
    lines = HELP.strip("\n").splitlines()
    assert len(lines) <= 22 and max(map(len, lines)) <= 80
