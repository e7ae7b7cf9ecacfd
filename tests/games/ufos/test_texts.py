"""Action texts a person can type: round trips, aliases, clear parse errors."""

from __future__ import annotations

import pytest

from cardkit import Bid, ParseError, Pass
from games.ufos import DECK, GAME, Choose, PlayCard, Spy, Wait, parse

from .helpers import SUIT_HANDS, deal, new, run


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("choose red high", Choose("R", "high")),
        ("choose x low", Choose("X", "low")),
        ("pass", Pass()),
        ("bid 4", Bid(4)),
        ("spy 2", Spy(2)),
        ("wait", Wait()),
        ("play R13", PlayCard(DECK.card("R13"))),
        ("play B12 as Y", PlayCard(DECK.card("B12"), "Y")),
    ],
)
def test_round_trip(text: str, action: object) -> None:
    assert parse(text) == action
    assert str(action) == text
    assert GAME.parse_action(text) == action


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("Choose RED High", "choose red high"),
        ("choose none low", "choose x low"),
        ("choose y +", "choose yellow high"),
        ("choose high red", "choose red high"),
        ("choose LOW x", "choose x low"),
        ("play b12 yellow", "play B12 as Y"),
        ("play b10 as t", "play B10 as T"),
        ("  bid   7 ", "bid 7"),
    ],
)
def test_forgiving_forms(text: str, canonical: str) -> None:
    assert str(parse(text)) == canonical


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("", "empty action"),
        ("fly away", "actions look like choose red high"),
        ("choose purple high", "red, yellow, green, tan, x"),
        ("choose high low", "red, yellow, green, tan, x"),
        ("choose red", "red, yellow, green, tan, x"),
        ("bid lots", "a bid must be a whole number"),
        ("spy me", "the seat to spy on must be a whole number"),
        ("play R10", "unknown card"),
        ("play B12 as blue", "play B10/B12 as R, Y, G or T"),
    ],
)
def test_parse_errors_name_the_problem(text: str, hint: str) -> None:
    with pytest.raises(ParseError, match=hint):
        parse(text)


def test_every_legal_action_round_trips_through_a_hand() -> None:
    state = new()
    deal(state, *SUIT_HANDS)
    seen: set[str] = set()

    def check() -> None:
        for seat in state.to_act():
            for action in state.legal_actions(seat):
                text = str(action)
                assert parse(text) == action, text
                seen.add(text.split()[0])

    check()
    run(state, "choose x high", "choose red low", "choose red low", "choose red low")
    check()
    run(state, "bid 2")
    check()
    run(state, "pass", "spy 0", "pass")
    check()  # seat 0, the high bidder, may wait
    run(state, "wait", "pass")
    check()
    assert seen == {"choose", "pass", "bid", "spy", "wait", "play"}


def test_a_huge_typed_bid_parses_without_growing_the_interned_table() -> None:
    from games.ufos.actions import BIDS

    before = len(BIDS)
    huge = 10**20
    assert parse(f"bid {huge}") == Bid(huge)
    assert len(BIDS) == before
