"""Views hold only what a seat may know; event lines hide the secrets."""

from __future__ import annotations

from cardkit import Card
from cardkit.testing import cards_in
from games.ufos import BID_DECK, DECK, GAME, UfosState, parse

from .helpers import HIGH_EXAMPLE, SUIT_HANDS, deal, new, run


def visible_cards(state: UfosState, seat: int) -> set[Card]:
    return {c for z in state.zones() if seat in z.visible_to for c in z.cards}


def test_a_view_shows_own_hand_not_the_others() -> None:
    state = new()
    deal(state, *SUIT_HANDS)
    view = state.view(1)
    assert view.hand == DECK.cards_of(SUIT_HANDS[1])
    seen = set(cards_in(view))
    assert not any(c.suit == "R" for c in seen)  # seat 0 holds every red card
    assert set(view.bid_cards) == {c for c in BID_DECK.cards if c.text.endswith("@1")}


def test_views_never_show_a_card_the_zones_hide() -> None:
    state = new()
    deal(state, *SUIT_HANDS)
    steps = [
        "choose red high",
        "choose yellow low",
        "choose green high",
        "choose x low",
        "spy 2",
        "bid 3",
        "pass",
        "spy 0",
        "pass",
        "wait",
        "pass",
        "play Y1",
        "play B12",
    ]
    for text in steps:
        for seat in range(4):
            assert set(cards_in(state.view(seat))) <= visible_cards(state, seat)
        state.apply(state.to_act()[0], parse(text))


def test_spied_suit_card_and_the_winners_card() -> None:
    state = new()
    deal(state, *SUIT_HANDS)
    run(state, "choose red high", "choose yellow low", "choose green high", "choose x low")
    run(state, "spy 2")  # seat 0 sees seat 2's green
    green2 = BID_DECK.card("green@2")
    assert green2 in state.view(0).shown
    assert all(green2 not in state.view(s).shown for s in (1, 3))
    # the suit letter too: only the spy's view names it; everyone else sees nothing spied
    assert state.view(0).spied == ((2, "G"),)
    assert all(state.view(s).spied == () for s in (1, 2, 3))
    assert [state.view(s).my_suit for s in range(4)] == ["R", "Y", "G", "X"]  # each its own
    run(state, "bid 3", "pass", "pass", "pass")  # seat 1 wins: its yellow is shown to all
    for seat in range(4):
        view = state.view(seat)
        assert BID_DECK.card("yellow@1") in view.shown
        assert BID_DECK.card("x@3") not in view.shown or seat == 3
        assert view.trump == "Y"


def test_public_facts_in_every_view() -> None:
    state = new()
    deal(state, *SUIT_HANDS)
    run(state, "choose red high", "choose yellow low", "choose green high", "choose x low")
    run(state, "bid 2", "spy 0", "pass", "pass", "wait", "pass")
    run(state, "play R1", "play B10")
    view = state.view(3)
    assert view.auction == (
        (0, "bid 2"),
        (1, "spy 0"),
        (2, "pass"),
        (3, "pass"),
        (0, "wait"),
        (1, "pass"),
    )
    assert view.passed == (False, True, True, True)
    assert view.points == (21 - 2, 19, 20, 20)
    assert [(s, c.text, suit) for s, c, suit in view.trick] == [(0, "R1", "R"), (1, "B10", "R")]
    assert view.tricks == (0, 0, 0, 0)
    assert view.hand == DECK.cards_of(SUIT_HANDS[3])


def test_describe_hides_picks_and_spied_cards() -> None:
    state = new()
    deal(state, *SUIT_HANDS)
    pick = parse("choose red high")
    assert GAME.describe(state, 0, pick, 1) == "seat 0 chose bid cards"
    assert GAME.describe(state, 0, pick, 0) == "seat 0 chose red high"
    assert GAME.describe(state, 0, pick, None) == "seat 0 chose red high"
    run(state, "choose red high", "choose yellow low", "choose green high")
    last = GAME.describe(state, 3, parse("choose x low"), 0)
    assert last == (
        "seat 3 chose bid cards; Game Cards revealed: "
        "seat 0 high, seat 1 low, seat 2 high, seat 3 low"
    )
    run(state, "choose x low")
    spy = parse("spy 2")
    assert GAME.describe(state, 0, spy, 0).endswith("to spy on its Suit Card: green")
    assert GAME.describe(state, 0, spy, 3).endswith("to spy on its Suit Card")
    run(state, "bid 2", "pass", "pass")
    assert GAME.describe(state, 3, parse("pass"), 2) == (
        "seat 3 passes; seat 0 wins the bid for 2: trump red, game high"
    )
    run(state, "pass")
    assert GAME.describe(state, 0, parse("play B10 as Y"), 1) == "seat 0 leads B10 as yellow"


def test_describe_names_the_trick_winner_and_the_hand_score() -> None:
    state = new()
    deal(state, *SUIT_HANDS)
    run(state, "choose x high", "choose red low", "choose green high", "choose tan low")
    run(state, "bid 2", "pass", "pass", "pass")
    lines = []
    for trick in HIGH_EXAMPLE:
        for token in trick.split():
            card, _, declared = token.partition("=")
            action = parse(f"play {card} as {declared}" if declared else f"play {card}")
            seat = state.to_act()[0]
            lines.append(GAME.describe(state, seat, action, 3))
            state.apply(seat, action)
    assert lines[0] == "seat 0 plays R15"
    assert lines[3] == "seat 3 plays T1; seat 0 takes the trick"
    assert lines[19] == "seat 3 plays T5; seat 1 takes the trick"  # Tom's Blue 10
    assert lines[31] == "seat 0 plays R4; seat 2 takes the trick"  # Pete's Blue 12
    assert sum("takes the trick" in line for line in lines) == 15
    assert lines[56] == "seat 2 leads B12 as green"
    assert lines[59] == (
        "seat 1 plays Y13; seat 2 takes the trick; hand scored: +8 +3 +8 +0; points 26 23 28 20"
    )
