"""The deck, choosing the dealer, the deal and the first-discard table (RULINGS 1-2)."""

from __future__ import annotations

from collections import Counter

import pytest

from cardkit import CHANCE, OptionError, Shuffle, stack
from games.uno_star_trek import DECK, GAME
from games.uno_star_trek.cards import POINTS
from tests.games.uno_star_trek.support import act, cards, shed_skips, shuffle_in, start


def test_deck_has_the_112_cards_of_the_rulings() -> None:
    counts = Counter(c.text for c in DECK.cards)
    assert len(DECK.cards) == 112
    for letter in "rygb":
        assert counts[f"{letter}0"] == 1
        for number in range(1, 10):
            assert counts[f"{letter}{number}"] == 2
        for symbol in ("skip", "rev", "d2"):
            assert counts[letter + symbol] == 2
    assert counts["wild"] == 4
    assert counts["wd4"] == 4
    for special in ("llap", "meld", "beam", "tribble"):
        assert counts[special] == 1
    # 19 number cards per colour, as the rulebook's contents list says
    assert sum(counts[f"b{n}"] for n in range(10)) == 19


def test_card_texts_parse_back_case_insensitively() -> None:
    for face in DECK.faces:
        assert DECK.card(face.text) is face
        assert DECK.card(face.text.upper()) is face
    assert DECK.card("WD4").label == "Wild Draw 4"


def test_scoring_values_follow_the_table() -> None:
    value = {text: POINTS[DECK.card(text).id] for text in ("r0", "y7", "g9", "bskip")}
    assert value == {"r0": 0, "y7": 7, "g9": 9, "bskip": 20}
    for text in ("rrev", "yd2"):
        assert POINTS[DECK.card(text).id] == 20
    for text in ("wild", "wd4", "llap", "meld", "beam", "tribble"):
        assert POINTS[DECK.card(text).id] == 50


@pytest.mark.parametrize("players", [2, 3, 7, 10])
def test_everyone_gets_seven_cards_and_the_player_count_is_honoured(players: int) -> None:
    state = GAME.create(players, 3)
    assert len(state.hands) == players
    view = state.view(0)
    assert view.hand_sizes == (7,) * players
    assert view.draw_pile == 112 - 7 * players - 1


@pytest.mark.parametrize("players", [1, 11])
def test_player_count_outside_2_to_10_is_refused(players: int) -> None:
    with pytest.raises(OptionError, match="2 to 10 players"):
        GAME.create(players, 0)


def test_highest_number_drawn_deals_and_left_of_dealer_starts() -> None:
    state = GAME.create(3, 0, auto_chance=False)
    assert state.to_act() == (CHANCE,)
    # seat 0 draws a 3, seat 1 a 7, seat 2 a Wild (counts 0)
    state.apply(CHANCE, Shuffle(cards("r3 y7 wild")))
    assert state.order.dealer == 1
    state.apply(CHANCE, state.deal_shuffle([cards(h) for h in HANDS3], top=cards("g5")))
    assert state.order.current == 2
    assert state.view(0).first_draw == (3, 7, 0)


def test_action_cards_count_zero_when_drawing_for_the_deal() -> None:
    state = GAME.create(3, 0, auto_chance=False)
    state.apply(CHANCE, Shuffle(cards("rd2 r0 b1")))
    assert state.order.dealer == 2


def test_tied_players_draw_again_as_a_new_chance_step() -> None:
    state = GAME.create(3, 0, auto_chance=False)
    state.apply(CHANCE, Shuffle(cards("r7 g7 b2")))
    assert state.to_act() == (CHANCE,)
    assert len(state.chance_cards()) == 112
    # only seats 0 and 1 draw again, in seat order
    state.apply(CHANCE, Shuffle(cards("y1 b4")))
    assert state.order.dealer == 1
    # the view keeps the last round: seat 2 did not draw in it
    assert state.view(2).first_draw == (1, 4, None)
    assert [s for s, a in state.history if isinstance(a, Shuffle)] == [CHANCE, CHANCE]


def test_deal_passes_left_each_hand() -> None:
    state = start(
        ["b1 b2 b3 b4 b5 b6 b7", "rskip rskip yskip yskip gskip gskip g1"], "r5", dealer=0
    )
    # seat 1 (left of dealer 0) plays first; with two players each Skip lets it play again
    shed_skips(state, 1, 0)
    act(state, 1, "uno")
    act(state, 1, "play gskip")
    act(state, 0, "accept")
    act(state, 1, "play g1")
    # the hand is over; the next deal is dealt by seat 1, so seat 0 plays first
    assert state.to_act() == (CHANCE,)
    assert state.order.dealer == 1
    state.apply(CHANCE, Shuffle(stack(DECK.cards)))
    assert state.order.current == 0


# -- the first discard (RULING 2) ------------------------------------------------------

HANDS3 = ["r1 r2 r3 r4 r6 r7 r8", "y1 y2 y3 y4 y6 y7 y8", "g1 g2 g3 g4 g6 g7 g8"]


def test_first_discard_number_first_player_plays_on_it() -> None:
    state = start(HANDS3, "r5")
    assert state.to_act() == (0,)
    view = state.view(0)
    assert view.top == DECK.card("r5")
    assert view.colour == "red"
    assert view.phase == "play"


def test_first_discard_skip_skips_the_first_player() -> None:
    state = start(HANDS3, "bskip")
    assert state.to_act() == (1,)
    assert state.view(1).colour == "blue"


def test_first_discard_reverse_dealer_plays_first_then_right() -> None:
    state = start(HANDS3, "grev")
    assert state.order.dealer == 2
    assert state.to_act() == (2,)
    assert state.view(2).direction == "right"
    act(state, 2, "play g1")
    # play went right: from seat 2 to seat 1
    assert state.order.current == 1


def test_first_discard_reverse_with_two_players_dealer_plays_first() -> None:
    state = start(["r1 r2 r3 r4 r6 r7 r8", "y1 y2 y3 y4 y6 y7 y8"], "grev")
    assert state.order.dealer == 1
    assert state.to_act() == (1,)


def test_first_discard_draw2_first_player_draws_two_and_is_skipped() -> None:
    state = start(HANDS3, "yd2", draw="b5 b9")
    assert Counter(state.hands[0]) == Counter(cards("r1 r2 r3 r4 r6 r7 r8 b5 b9"))
    assert state.to_act() == (1,)
    assert state.view(1).colour == "yellow"


def test_first_discard_wild_first_player_names_the_colour_then_plays() -> None:
    state = start(HANDS3, "wild")
    assert state.to_act() == (0,)
    assert state.view(0).phase == "colour"
    assert state.view(0).colour is None
    assert [str(a) for a in state.legal_actions(0)] == [
        "colour red",
        "colour yellow",
        "colour green",
        "colour blue",
    ]
    act(state, 0, "colour red")
    assert state.to_act() == (0,)
    assert state.view(1).colour == "red"
    act(state, 0, "play r1")
    assert state.to_act() == (1,)


def test_first_discard_double_tribble_first_doubles_and_next_names_colour() -> None:
    draw = "b1 b2 b3 b4 b5 b6 b7"
    state = start(HANDS3, "tribble", draw=draw)
    assert Counter(state.hands[0]) == Counter(cards(HANDS3[0] + " " + draw))
    assert state.to_act() == (1,)
    assert state.view(1).phase == "colour"
    act(state, 1, "colour yellow")
    assert state.to_act() == (1,)
    assert state.view(1).phase == "play"
    act(state, 1, "play y1")
    assert state.to_act() == (2,)


@pytest.mark.parametrize("card", ["wd4", "meld", "llap", "beam"])
def test_first_discard_that_goes_back_is_shuffled_in_and_a_new_card_turned(card: str) -> None:
    state = start(HANDS3, card)
    assert state.to_act() == (CHANCE,)
    due = state.chance_cards()
    # the returned card and the 90 cards of the draw pile are shuffled together
    assert len(due) == 112 - 21
    assert DECK.card(card) in due
    shuffle_in(state, "g5")
    assert state.view(0).top == DECK.card("g5")
    assert state.view(0).draw_pile == 112 - 21 - 1
    assert state.to_act() == (0,)
    assert sum(1 for s, _ in state.history if s == CHANCE) == 3


def test_a_returned_card_can_be_followed_by_another_special() -> None:
    state = start(HANDS3, "beam")
    shuffle_in(state, "meld")
    assert state.to_act() == (CHANCE,)
    shuffle_in(state, "bd2")
    assert state.to_act() == (1,)
    assert len(state.hands[0]) == 9
