"""Sampled worlds at every decision of a line of play set up by hand (the kit's
``check_line``): a heart led before hearts were broken shows a hand of hearts only."""

from __future__ import annotations

import pytest
from cardkit import CHANCE, Action, Play
from cardkit.testing import ConformanceError, check_line
from cardkit.zones import Cards

from cardkit_hearts import GAME, HeartsState
from cardkit_hearts.cards import DECK
from cardkit_hearts.state import NOT_HEARTS

# Any club may lead, no passing: seat 0 leads its seven clubs from the ace down and wins
# each trick (seat 1 follows low, seats 2 and 3 discard spades and diamonds), then,
# holding only hearts, leads the 2 of hearts before a heart was played.
HANDS = ("C29TJQKA H234567", "C345678 D234567 HA", "S23456789TJQKA", "D89TJQKA H89TJQK")
TRICKS = [
    f"{lead} {follow} S{spade} D{diamond}"
    for lead, follow, spade, diamond in zip(
        ("CA", "CK", "CQ", "CJ", "CT", "C9", "C2"),
        ("C3", "C4", "C5", "C6", "C7", "C8", "D2"),
        "2345678",
        "89TJQKA",
        strict=True,
    )
]
LINE = " ".join(TRICKS) + " H2 HA S9 H8"


def dealt() -> HeartsState:
    """Any club may lead, no passing, the hands dealt as ``HANDS`` (seats 0 to 3)."""
    state = GAME.create(4, 0, {"can_lead_any_club": True, "pass_cards": False}, auto_chance=False)
    assert isinstance(state, HeartsState)
    hands = {
        s: [DECK.card(g[0] + r) for g in h.split() for r in g[1:]] for s, h in enumerate(HANDS)
    }
    state.apply(CHANCE, state.deal_shuffle(hands))
    return state


def line() -> list[tuple[int, Action]]:
    """The plays of ``LINE`` with their seats: seat 0 leads and wins every trick."""
    return [(i % 4, Play(DECK.card(text))) for i, text in enumerate(LINE.split())]


def test_every_world_along_the_line_agrees_with_the_plays() -> None:
    state = dealt()
    check_line(state, line(), seed=1)
    assert state.view(0).hearts_broken


def test_a_sampler_that_forgets_what_a_heart_lead_shows_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    forget = Cards.bar

    def bar(self: Cards, zone: int, faces: int) -> None:
        if faces != NOT_HEARTS:  # the heart lead no longer bars the leader's other suits
            forget(self, zone, faces)

    monkeypatch.setattr(Cards, "bar", bar)
    state = dealt()
    with pytest.raises(ConformanceError, match=r"seat 0's play H2 .* would have been illegal"):
        check_line(state, line(), seed=1)
