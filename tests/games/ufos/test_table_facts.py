"""What the U.F.O.s table shows per seat: the revealed Game Cards, the Suit Cards this
seat has seen, the auction, who won the bid, tricks and points, also at a hand's end and
on the final table; and what the help says (issue 36: points 2, 4 and 6)."""

from __future__ import annotations

from cardkit import Event
from cardkit.events import HandScored
from cardkit.table import TableLayout, table_for
from games.ufos import GAME, UfosState, parse
from games.ufos.events import UfosHandScored
from games.ufos.rules import HELP, RULES

from .helpers import HIGH_EXAMPLE, SUIT_HANDS, deal, play_tricks

PICKS = ("choose x high", "choose red low", "choose green high", "choose tan low")
"""Seat 0 no trump and high, seat 1 red low, seat 2 green high, seat 3 tan low."""


def layout(state: UfosState, seat: int) -> TableLayout:
    return table_for(GAME, state.view(seat), state.players)


def column(lay: TableLayout, name: str) -> list[str]:
    return [dict(row.numbers).get(name, "") for row in lay.seats]


def notes(lay: TableLayout) -> list[str]:
    return [row.note for row in lay.seats]


def act(state: UfosState, seat: int, text: str) -> tuple[Event, ...]:
    return state.apply(seat, parse(text))


def chosen(players_hands: int = 2) -> UfosState:
    """``SUIT_HANDS`` dealt (dealer seat 0) and every pick laid down: Game Cards revealed."""
    state = GAME.create(
        4, seed=7, options={"hands_per_player": players_hands}, auto_chance=False, events=True
    )
    assert isinstance(state, UfosState)
    deal(state, *SUIT_HANDS)
    for seat, text in enumerate(PICKS):
        act(state, seat, text)
    return state


def test_revealed_game_cards_and_own_suit_are_on_the_rows() -> None:
    state = GAME.create(4, seed=7, auto_chance=False)
    assert isinstance(state, UfosState)
    deal(state, *SUIT_HANDS)
    act(state, 1, "choose red low")
    # before the reveal: seat 1 sees its own pick; seat 1's cards lie face down for seat 0
    lay = layout(state, 1)
    assert column(lay, "game") == ["-", "low", "-", "-"]
    assert column(lay, "suit") == ["-", "red", "-", "-"]
    assert column(layout(state, 0), "game") == ["-", "?", "-", "-"]
    for seat, text in enumerate(PICKS):
        if seat != 1:
            act(state, seat, text)
    # revealed: every seat sees every Game Card; the Suit Cards stay face down
    for viewer in range(4):
        lay = layout(state, viewer)
        assert column(lay, "game") == ["high", "low", "high", "low"]
        suits = ["?"] * 4
        suits[viewer] = ("x", "red", "green", "tan")[viewer]
        assert column(lay, "suit") == suits
        assert [row.held for row in lay.seats] == [15, 15, 15, 15]


def test_bids_passes_and_spies_are_on_the_rows() -> None:
    state = chosen()
    act(state, 0, "bid 2")  # the auction starts with the dealer, seat 0
    act(state, 1, "spy 2")  # seat 1 pays seat 2 one point and sees green
    act(state, 2, "pass")
    lay = layout(state, 1)
    assert notes(lay) == ["high bid 2", "spied 2", "passed", ""]
    assert column(lay, "suit") == ["?", "red", "green", "?"]
    assert column(lay, "points") == ["20", "19", "21", "20"]
    assert column(layout(state, 3), "suit") == ["?", "?", "?", "tan"]  # seat 3 did not spy
    act(state, 3, "pass")
    act(state, 0, "wait")
    act(state, 1, "pass")  # only seat 0 is left: it wins for 2 and turns up its x
    lay = layout(state, 3)
    assert notes(lay) == ["won the bid at 2", "", "", ""]
    assert column(lay, "suit") == ["x", "?", "?", "tan"]
    assert column(lay, "points") == ["18", "19", "21", "20"]
    assert {p.title: p.text for p in lay.panels}["trump"] == "none, game high"


def win_for_two(state: UfosState) -> None:
    """Seat 0 bids 2 and the others pass, whoever deals."""
    while state.view(0).phase == "auction":
        seat = state.to_act()[0]
        high = state.view(0).high_bidder
        act(state, seat, "pass" if seat else "wait" if high == 0 else "bid 2")


def test_the_hand_end_table_shows_the_hands_tricks_not_the_next_hands() -> None:
    state = chosen()
    win_for_two(state)
    before = len(state.log or ())
    # HIGH_EXAMPLE: tricks Bill (0) 4, Tom (1) 3, Pete (2) 8, Bob (3) 0; High, bid 2:
    # seat 0 scores 2 x 4 = 8 after paying 2 -> 26; the others 23, 28, 20
    play_tricks(state, *HIGH_EXAMPLE)
    events = (state.log or [])[before:]
    lay = layout(state, 1)
    assert state.view(1).phase == "deal"
    assert lay.status == "hand 1 of 8 is over"
    assert column(lay, "tricks") == ["4", "3", "8", "0"]
    assert column(lay, "points") == ["26", "23", "28", "20"]
    (scored,) = [e for e in events if isinstance(e, HandScored)]
    assert isinstance(scored, UfosHandScored)
    assert scored.columns() == (
        ("tricks", ("4", "3", "8", "0")),
        ("bid won", ("2 high", "", "", "")),
    )
    deal(state, *SUIT_HANDS)  # the next hand's first decision: its own zeros
    lay = layout(state, 1)
    assert column(lay, "tricks") == ["0", "0", "0", "0"]
    assert lay.status == "hand 2 of 8: choosing bid cards"


def test_the_final_table_keeps_the_last_hand() -> None:
    state = chosen(players_hands=1)  # 4 hands
    for hand in range(4):
        if hand:
            deal(state, *SUIT_HANDS)
            for seat, text in enumerate(PICKS):
                act(state, seat, text)
        win_for_two(state)
        play_tricks(state, *HIGH_EXAMPLE)
    assert state.is_over()
    lay = layout(state, 2)
    assert lay.status == "the match is over"
    assert column(lay, "tricks") == ["4", "3", "8", "0"]
    # 4 hands of +6 (8 less the bid), +3, +8, 0 from 20 each
    assert column(lay, "points") == ["44", "32", "52", "20"]
    assert notes(lay) == ["won the bid at 2", "", "", ""]
    assert column(lay, "game") == ["high", "low", "high", "low"]


def test_the_help_explains_the_action_and_card_texts() -> None:
    for word in ("choose", "bid", "spy", "pass", "wait", "play B10 as T", "high@2", "B12"):
        assert word in HELP, word
    assert "play B12 as Y" in RULES
    lines = HELP.strip("\n").splitlines()
    assert len(lines) <= 22 and max(map(len, lines)) <= 80
