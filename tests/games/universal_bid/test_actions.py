"""Action texts: typed forms, round-trips and parse errors."""

from __future__ import annotations

import pytest

from cardkit import Bid, ParseError, Pass, Play
from games.universal_bid import DECK, GAME, parse_card


def test_every_bid_and_play_round_trips_to_the_same_object() -> None:
    for amount in range(28):
        action = GAME.parse_action(f"bid {amount}")
        assert action == Bid(amount) and str(action) == f"bid {amount}"
        assert GAME.parse_action(str(action)) is action
    for card in DECK.faces:
        action = GAME.parse_action(f"play {card.text}")
        assert action == Play(card)
        assert str(action) == f"play {card.text}"
        assert GAME.parse_action(str(action)) is action


def test_pass_reads_as_a_pass_which_the_state_refuses() -> None:
    # the rulebook: "it is not possible to pass"; the state gives that reason
    assert GAME.parse_action("pass") == Pass()
    assert GAME.parse_action(str(Pass())) == Pass()


def test_typed_variants() -> None:
    moon = Play(parse_card("J:Moon"))
    for text in ("play J:Moon", "PLAY j:moon", "play jmoon", "  play J Moon ", "play JMOON"):
        assert GAME.parse_action(text) == moon
    assert str(GAME.parse_action("play e7")) == "play E:7"
    assert GAME.parse_action("BID 3") == Bid(3)


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("bid two", "whole number"),
        ("play X:1", "SUIT:RANK"),
        ("play", "bid N"),
        ("pass now", "bid N"),
        ("", "empty"),
        ("bid 1 2", "bid N"),
    ],
)
def test_unreadable_texts_say_what_is_allowed(text: str, hint: str) -> None:
    with pytest.raises(ParseError, match=hint):
        GAME.parse_action(text)
