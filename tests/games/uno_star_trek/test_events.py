"""Event lines (``GAME.describe``, read before each action): what happened, in words, with
drawn cards named only to the drawer."""

from __future__ import annotations

import pytest

from cardkit import CHANCE, Shuffle, stack
from games.uno_star_trek import DECK, GAME, UnoState
from tests.games.uno_star_trek.support import act, cards, shed_skips, shuffle_in, start

HANDS3 = ["r1 r2 r3 r4 r6 r7 r8", "y1 y2 y3 y4 y6 y7 y8", "g1 g2 g3 g4 g6 g7 g8"]


def line(state: UnoState, seat: int, text: str, viewer: int | None) -> str:
    """The event line ``viewer`` sees for ``seat`` acting ``text``; then the action is applied."""
    action = GAME.parse_action(text)
    described = GAME.describe(state, seat, action, viewer)
    state.apply(seat, action)
    return described


def deal_line(top: str, players: int = 3) -> str:
    """The event line of the first deal (dealer: the last seat) turning up ``top``."""
    state = GAME.create(players, 0, auto_chance=False)
    picks = [DECK.card("r9") if s == players - 1 else DECK.card("rskip") for s in range(players)]
    state.apply(CHANCE, Shuffle(tuple(picks)))
    hands = [cards(h) for h in HANDS3[:players]]
    deal = Shuffle(stack(DECK.cards, *hands, cards(top)))
    return GAME.describe(state, CHANCE, deal, 0)


@pytest.mark.parametrize(
    "top, effect",
    [
        ("r5", "seat 0 plays first"),
        ("bskip", "seat 0 is skipped; seat 1 plays first"),
        ("grev", "seat 2 (the dealer) plays first and play goes right"),
        ("yd2", "seat 0 draws 2 and is skipped; seat 1 plays first"),
        ("wild", "seat 0 names the colour and plays first"),
        (
            "tribble",
            "seat 0 doubles their hand (draws 7) and is skipped; "
            "seat 1 names the colour and plays first",
        ),
        ("wd4", "it goes back into the deck, which is shuffled again"),
        ("beam", "it goes back into the deck, which is shuffled again"),
    ],
)
def test_the_deal_line_says_what_the_first_discard_does(top: str, effect: str) -> None:
    assert deal_line(top) == f"seat 2 deals hand 1; {top} is turned up: {effect}"


def test_a_two_player_reverse_turned_up_skips_the_first_player() -> None:
    assert deal_line("grev", players=2) == (
        "seat 1 deals hand 1; grev is turned up: seat 0 is skipped; seat 1 (the dealer) plays first"
    )


def test_a_returned_first_discard_line_names_the_new_card() -> None:
    state = start(HANDS3, "meld")
    due = state.chance_cards()
    shuffle = Shuffle(stack(due, cards("bd2")))
    assert GAME.describe(state, CHANCE, shuffle, 1) == (
        "the deck is shuffled; bd2 is turned up: seat 0 draws 2 and is skipped; seat 1 plays first"
    )


def test_a_forced_draw_names_the_cards_to_the_drawer_only() -> None:
    state = start(["rd2 r2 r3 r4 r6 r7 r8", HANDS3[1], HANDS3[2]], "r5", draw="b1 b9")
    act(state, 0, "play rd2")
    accept = GAME.parse_action("accept")
    assert GAME.describe(state, 1, accept, 1) == "seat 1 draws 2 (b1 b9) and is skipped"
    assert GAME.describe(state, 1, accept, 0) == "seat 1 draws 2 and is skipped"


def test_skip_tribble_and_meld_lines() -> None:
    state = start(["rskip tribble meld r4 r6 r7 r8", HANDS3[1], HANDS3[2]], "r5")
    assert line(state, 0, "play rskip", 2) == "seat 0 plays rskip"
    assert line(state, 1, "accept", 2) == "seat 1 is skipped"
    act(state, 2, "draw")
    act(state, 2, "keep")
    assert line(state, 0, "play tribble blue", 2) == "seat 0 plays tribble and names blue"
    assert line(state, 1, "accept", 2) == "seat 1 doubles their hand: draws 7 and is skipped"
    act(state, 2, "draw")
    act(state, 2, "keep")
    assert line(state, 0, "play meld", 2) == "seat 0 plays meld"
    assert line(state, 1, "accept", 2) == "seat 1 shows their hand to seat 0"


def test_challenge_and_beam_lines() -> None:
    state = start(["wd4 r1 g2 g3 g4 g6 g7", HANDS3[1], HANDS3[2]], "r5", draw="b1 b2 b3 b4")
    act(state, 0, "play wd4 blue")
    assert line(state, 1, "challenge", 0) == (
        "seat 1 challenges seat 0's Wild Draw 4 and sees their hand: "
        "a bluff; seat 0 draws 4 (b1 b2 b3 b4) and seat 1 plays"
    )
    state = start(["rd2 r1 g2 g3 g4 g6 g7", "beam y1 y2 y3 y4 y6 y7", HANDS3[2]], "r5")
    act(state, 0, "play rd2")
    assert line(state, 1, "beam green", 2) == (
        "seat 1 plays beam out of turn to stop the Draw 2 and names green"
    )


def test_a_missed_call_and_the_catch_are_told() -> None:
    state = start(["rskip rskip yskip yskip gskip g1 g2", HANDS3[1]], "r5", draw="b1 b2 b3 b4 b5")
    shed_skips(state, 0, 1)
    assert line(state, 0, "play g1", 1) == (
        "seat 0 plays g1 without calling UNO: "
        "they can be caught until the next player begins their turn"
    )
    assert line(state, 0, "decline", 1) == "seat 0 does not call UNO"
    assert line(state, 1, "catch 0", 0) == (
        "seat 1 catches seat 0, who did not call UNO: seat 0 draws 5 (b1 b2 b3 b4 b5)"
    )


def test_going_out_and_the_next_deal_tell_the_score() -> None:
    # two players: seat 0 sheds Skips and goes out with a Draw 2; seat 1 draws b1 b2
    hands = ["rskip rskip yskip yskip gskip gskip gd2", "r9 b9 yd2 grev wild meld g0"]
    state = start(hands, "r5", draw="b1 b2")
    shed_skips(state, 0, 1)
    act(state, 0, "uno")
    act(state, 0, "play gskip")
    act(state, 1, "accept")
    assert line(state, 0, "play gd2", 1) == (
        "seat 0 plays gd2 and goes out; seat 1 draws 2, counted in the score"
    )
    # 158 in hand plus b1 and b2; the deal passes left from seat 1 to seat 0
    due = state.chance_cards()
    assert GAME.describe(state, CHANCE, Shuffle(stack(due, cards("r5"))), 1).startswith(
        "hand 1 scored: seat 0 +161. seat 0 deals hand 2; "
    )


def test_drawing_from_an_empty_pile_is_told() -> None:
    state = start(["wild r2 r3 r4 r6 r7 r8", "y1 y2 y3 y4 y6 y7 y8"], "r5")
    act(state, 0, "play wild red")
    while state.draw:
        seat = state.to_act()[0]
        act(state, seat, "draw")
        act(state, seat, "keep")
    seat = state.to_act()[0]
    assert line(state, seat, "draw", 1 - seat) == (
        f"seat {seat} draws (the draw pile is empty: the discard pile is reshuffled)"
    )
    shuffle_in(state)
    assert state.view(seat).drawn is not None


def test_an_accepted_wild_draw_4_names_the_four_cards_to_the_drawer_only() -> None:
    state = start(["wd4 g1 g2 g3 g4 g6 g7", HANDS3[1], HANDS3[2]], "r5", draw="b1 b2 b3 b4")
    act(state, 0, "play wd4 blue")  # fair: seat 0 holds no red
    accept = GAME.parse_action("accept")
    assert GAME.describe(state, 1, accept, 1) == "seat 1 draws 4 (b1 b2 b3 b4) and is skipped"
    assert GAME.describe(state, 1, accept, 2) == "seat 1 draws 4 and is skipped"


@pytest.mark.parametrize(
    "last, play, drawn",
    [
        ("wd4", "play wd4 red", 4),
        ("tribble", "play tribble red", 7),  # seat 1 still holds its 7 cards: it doubles them
    ],
)
def test_going_out_with_a_draw_card_says_what_the_next_player_draws(
    last: str, play: str, drawn: int
) -> None:
    hands = [f"rskip rskip yskip yskip gskip gskip {last}", "r9 b9 yd2 grev wild meld g0"]
    state = start(hands, "r5")
    shed_skips(state, 0, 1)
    act(state, 0, "uno")
    act(state, 0, "play gskip")
    act(state, 1, "accept")
    assert line(state, 0, play, None) == (
        f"seat 0 plays {last} and names red and goes out; "
        f"seat 1 draws {drawn}, counted in the score"
    )
