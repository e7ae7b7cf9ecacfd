"""The UNO call, the catch window and the self-catch (RULING 7)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardkit import IllegalActionError, Play
from games.uno_star_trek import GAME, UnoState
from games.uno_star_trek.cards import DECK
from tests.games.uno_star_trek.support import act, hand, pass_round, start

# Seat 0 sheds reds; the others draw blues (which never match a red number 1-6).
HANDS = ["r1 r2 r3 r4 r5 r6 r7", "y1 y2 y3 y4 y5 y6 y7", "g1 g2 g3 g4 g5 g6 g7"]
DRAWS = "b1 b2 b3 b4 b5 b6 b7 b8 b9 b1 b2 b3 b4 b5 b6 b7 b8 b9"


def two_cards_left(options: dict[str, Any] | None = None) -> UnoState:
    """Seat 0 has played five reds and holds r6 r7; it is seat 0's turn."""
    state = start(HANDS, "r9", draw=DRAWS, options=options)
    for card in ("r1", "r2", "r3", "r4", "r5"):
        act(state, 0, f"play {card}")
        pass_round(state, 0)
    assert len(state.hands[0]) == 2
    return state


def test_calling_uno_before_the_second_to_last_card_opens_no_window() -> None:
    state = two_cards_left()
    assert "uno" in {str(a) for a in state.legal_actions(0)}
    act(state, 0, "uno")
    assert state.view(1).called_uno
    act(state, 0, "play r6")
    assert state.window is None
    assert state.to_act() == (1,)
    with pytest.raises(IllegalActionError) as err:
        act(state, 1, "catch 0")
    assert err.value.code == "no-catch"


def test_forgetting_opens_a_catch_window_player_first_then_opponents_in_order() -> None:
    state = two_cards_left()
    act(state, 0, "play r6")
    view = state.view(2)
    assert view.window == "catch"
    assert view.window_subject == 0
    assert state.to_act() == (0, 1, 2)
    assert [str(a) for a in state.legal_actions(0)] == ["uno", "decline"]
    assert [str(a) for a in state.legal_actions(1)] == ["catch 0", "decline"]
    assert [str(a) for a in state.legal_actions(2)] == ["catch 0", "decline"]


def test_a_catch_costs_the_penalty_and_closes_the_window() -> None:
    state = two_cards_left()
    act(state, 0, "play r6")
    act(state, 0, "decline")
    act(state, 1, "catch 0")
    # r7 plus five penalty cards
    assert len(state.hands[0]) == 1 + 5
    assert state.window is None
    assert state.to_act() == (1,)


def test_the_penalty_follows_the_uno_penalty_option() -> None:
    state = two_cards_left({"uno_penalty": 2})
    act(state, 0, "play r6")
    act(state, 0, "decline")
    act(state, 1, "decline")
    act(state, 2, "catch 0")
    assert len(state.hands[0]) == 1 + 2


def test_self_catch_the_player_calls_first_and_is_safe() -> None:
    state = two_cards_left()
    act(state, 0, "play r6")
    act(state, 0, "uno")
    assert state.window is None
    assert len(state.hands[0]) == 1
    with pytest.raises(IllegalActionError) as err:
        act(state, 2, "catch 0")
    assert err.value.code == "no-catch"
    assert state.to_act() == (1,)


def test_window_closes_when_everyone_declined() -> None:
    state = two_cards_left()
    act(state, 0, "play r6")
    for seat in (0, 1, 2):
        act(state, seat, "decline")
    assert state.window is None
    assert state.to_act() == (1,)
    with pytest.raises(IllegalActionError):
        act(state, 2, "catch 0")


def test_window_closes_when_the_next_player_begins_their_turn() -> None:
    state = two_cards_left()
    act(state, 0, "play r6")
    act(state, 0, "decline")
    act(state, 1, "decline")
    # seat 2 could still catch, but seat 1 begins its turn by drawing
    assert state.to_act() == (2, 1)
    act(state, 1, "draw")
    assert state.window is None
    with pytest.raises(IllegalActionError) as err:
        act(state, 2, "catch 0")
    assert err.value.code == "no-catch"


def test_no_catch_before_the_second_to_last_card_is_played() -> None:
    state = two_cards_left()
    with pytest.raises(IllegalActionError) as err:
        act(state, 1, "catch 0")
    assert err.value.code in ("no-catch", "not-your-turn")
    assert len(state.hands[0]) == 2


def test_a_pending_responder_must_answer_the_window_first() -> None:
    state = two_cards_left()
    act(state, 0, "play r6")
    act(state, 0, "decline")
    with pytest.raises(IllegalActionError) as err:
        act(state, 1, "draw")
    assert err.value.code == "answer-window"


def test_a_seat_answers_the_catch_window_first_whatever_it_tries() -> None:
    state = two_cards_left()
    act(state, 0, "play r6")
    act(state, 0, "decline")
    assert state.order.current == 1  # seat 1's turn, which waits for its answer
    answer = "seat 0 has one card and did not call UNO: answer first with catch 0 or decline"
    for text in ("keep", "accept", "colour red", "challenge", "play y1", "uno"):
        with pytest.raises(IllegalActionError) as err:
            act(state, 1, text)
        assert (err.value.code, err.value.reason) == ("answer-window", answer), text
    act(state, 1, "decline")  # answered: its turn's own refusals again
    with pytest.raises(IllegalActionError) as err:
        act(state, 1, "keep")
    assert err.value.code == "keep-not-now"


def test_after_a_reverse_the_opponents_answer_in_the_new_direction() -> None:
    state = start(["r1 r2 r3 r4 r5 rrev r7", HANDS[1], HANDS[2]], "r9", draw=DRAWS)
    for card in ("r1", "r2", "r3", "r4", "r5"):
        act(state, 0, f"play {card}")
        pass_round(state, 0)
    act(state, 0, "play rrev")  # no call; play now goes right, to seat 2
    assert state.view(1).direction == "right"
    assert state.to_act() == (0, 2, 1)
    assert state.order.current == 2


def test_window_closes_when_the_next_player_plays() -> None:
    state = two_cards_left()
    act(state, 0, "play r6")
    act(state, 0, "decline")
    act(state, 1, "decline")
    # seat 2 could still catch, but seat 1 begins its turn by playing y6 on the red 6
    act(state, 1, "play y6")
    assert state.window is None
    with pytest.raises(IllegalActionError) as err:
        act(state, 2, "catch 0")
    assert err.value.code == "no-catch"


def test_the_next_player_calling_uno_does_not_close_the_window() -> None:
    # seat 1 sheds to two cards with seat 0; then seat 0 forgets its call
    hands = ["r1 r2 r3 r4 r5 r6 r7", "r1 r2 r3 r4 r5 y6 y9", "g1 g2 g3 g4 g5 g6 g7"]
    state = start(hands, "r9", draw=DRAWS)
    for card in ("r1", "r2", "r3", "r4", "r5"):
        act(state, 0, f"play {card}")
        act(state, 1, f"play {card}")
        act(state, 2, "draw")
        act(state, 2, "keep")
    assert len(state.hands[0]) == 2 and len(state.hands[1]) == 2
    act(state, 0, "play r6")  # no call
    act(state, 0, "decline")
    act(state, 1, "decline")
    # seat 1 may call before its own play; seat 2 may still catch seat 0
    act(state, 1, "uno")
    assert state.window is not None
    act(state, 2, "catch 0")
    assert len(state.hands[0]) == 1 + 5


def test_a_drawn_card_played_as_the_second_to_last_needs_the_call() -> None:
    # twelve blue draws for seats 1 and 2 over six rounds, then r8 for seat 0
    state = start(HANDS, "r9", draw="b1 b2 b3 b4 b5 b6 b7 b8 b9 b1 b2 b3 r8")
    for card in ("r1", "r2", "r3", "r4", "r5"):
        act(state, 0, f"play {card}")
        pass_round(state, 0)
    act(state, 0, "uno")
    act(state, 0, "play r6")
    pass_round(state, 0)
    assert hand("r7") == Counter(state.hands[0])
    # seat 0 draws instead of playing r7, holds two cards, and plays the drawn r8
    act(state, 0, "draw")
    assert state.view(0).drawn == "r8"
    assert [str(a) for a in state.legal_actions(0)] == ["play r8", "keep", "uno"]
    act(state, 0, "play r8")  # without the call
    assert state.window is not None and state.window.subject == 0
    assert state.to_act() == (0, 1, 2)


def test_the_caught_players_own_turn_does_not_close_the_window() -> None:
    """Live Long and Prosper as the second-to-last card: its player draws one new card and
    names the colour; the opponents may still catch until the next player begins."""
    hands = ["llap r1 r2 r3 r4 r5 r6", HANDS[1], HANDS[2]]
    state = start(hands, "r9", draw=DRAWS + " g9")
    for card in ("r1", "r2", "r3", "r4", "r5"):
        act(state, 0, f"play {card}")
        pass_round(state, 0)
    act(state, 0, "play llap")  # no call; r6 goes under the discard, one new card is drawn
    assert len(state.hands[0]) == 1
    assert state.to_act() == (0, 1, 2)
    act(state, 0, "decline")
    assert state.to_act() == (1, 2, 0)
    act(state, 0, "colour green")  # out of the answer order: not the next player's turn
    assert state.window is not None
    assert state.to_act() == (1, 2)
    act(state, 1, "decline")
    act(state, 2, "catch 0")
    assert len(state.hands[0]) == 1 + 5
    assert state.to_act() == (1,)


def second_to_last(card: str, players: int = 3, last: str = "r7") -> UnoState:
    """Seat 0 has shed r1-r5 and holds ``card`` (a play's text) and ``last``; seats 1 and 2
    each hold an r8 they can play on red; ``card`` is played now without the call, and
    seat 0 declines to call late. A fourth seat, if any, holds cards it never plays."""
    hands = [
        f"r1 r2 r3 r4 r5 {card.split()[0]} {last}",
        "y1 y2 y3 y4 y5 y6 r8",
        "g1 g2 g3 g4 g5 g6 r8",
    ]
    hands += ["y8 y9 g8 g9 y0 g0 r0"][: players - 3]
    state = start(hands, "r9", draw=DRAWS)
    for shed in ("r1", "r2", "r3", "r4", "r5"):
        act(state, 0, f"play {shed}")
        pass_round(state, 0)
    act(state, 0, f"play {card}")  # no call
    assert state.window is not None and state.window.subject == 0
    act(state, 0, "decline")
    return state


@pytest.mark.parametrize("card", ["meld", "rskip"])
def test_accepting_a_skip_or_mind_meld_leaves_the_window_open(card: str) -> None:
    """Accepting draws nothing and plays nothing, so the next player has not begun a turn
    (RULING 7): seat 2 may still catch."""
    state = second_to_last(card)
    act(state, 1, "decline")
    act(state, 1, "accept")
    assert state.window is not None
    act(state, 2, "catch 0")
    # r7 plus five penalty cards
    assert len(state.hands[0]) == 1 + 5
    assert state.window is None


@pytest.mark.parametrize("begin", ["draw", "play r8"])
def test_after_a_mind_meld_the_window_closes_when_its_target_draws_or_plays(
    begin: str,
) -> None:
    state = second_to_last("meld")
    act(state, 1, "decline")
    act(state, 1, "accept")  # seat 1 shows its hand; its turn goes on
    act(state, 1, begin)
    assert state.window is None
    with pytest.raises(IllegalActionError) as err:
        act(state, 2, "catch 0")
    assert err.value.code == "no-catch"
    assert len(state.hands[0]) == 1


@pytest.mark.parametrize("begin", ["draw", "play r8"])
def test_after_a_skip_the_window_closes_when_the_player_after_it_draws_or_plays(
    begin: str,
) -> None:
    # four players: seat 1 is skipped, seat 2 begins its turn, seat 3 could still catch
    state = second_to_last("rskip", players=4)
    act(state, 1, "decline")
    act(state, 1, "accept")
    assert state.order.current == 2
    act(state, 2, "decline")
    assert state.window is not None and state.to_act() == (3, 2)
    act(state, 2, begin)
    assert state.window is None
    with pytest.raises(IllegalActionError) as err:
        act(state, 3, "catch 0")
    assert err.value.code == "no-catch"
    assert len(state.hands[0]) == 1


def test_accepting_a_draw_2_draws_from_the_pile_and_closes_the_window() -> None:
    state = second_to_last("rd2")
    act(state, 1, "decline")
    act(state, 1, "accept")  # seat 1 draws 2: a draw from the pile begins the turn
    assert state.window is None
    with pytest.raises(IllegalActionError) as err:
        act(state, 2, "catch 0")
    assert err.value.code == "no-catch"


def test_a_not_guilty_challenge_draws_6_from_the_pile_and_closes_the_window() -> None:
    state = second_to_last("wd4 blue", last="y7")  # no red left with red in force: fair
    act(state, 1, "decline")
    act(state, 1, "challenge")  # seat 1 draws 6 from the pile
    assert len(state.hands[1]) == 7 + 5 + 6
    assert state.window is None
    with pytest.raises(IllegalActionError) as err:
        act(state, 2, "catch 0")
    assert err.value.code == "no-catch"


def test_a_guilty_challenge_leaves_the_window_open_until_the_challenger_plays() -> None:
    """The Wild Draw 4 player, who may be caught, draws the 4: their own draw does not
    close the window (RULING 7); the challenger's play does."""
    state = second_to_last("wd4 blue")  # r7 in hand with red in force: guilty
    act(state, 1, "decline")
    act(state, 1, "challenge")
    assert len(state.hands[0]) == 1 + 4
    assert state.window is not None and state.to_act() == (2, 1)
    act(state, 1, "play b1")
    assert state.window is None


def worlds_of(state: UnoState, seat: int, count: int = 200) -> list[UnoState]:
    view = state.view(seat)
    rng = random.Random(11)
    return [GAME.sample_world(view, rng) for _ in range(count)]


def test_worlds_after_an_uno_call_give_the_caller_a_card_it_can_play() -> None:
    """RULING 7: a seat calls UNO as it is about to play its second-to-last card, so the
    others know one of its two cards can be played on r5 (a red, a 5, a wild)."""
    state = two_cards_left()
    act(state, 0, "uno")
    for world in worlds_of(state, 1):
        assert world.cards.count(0) == 2
        assert world.cards.masks[0] & world.match_mask()
        assert any(isinstance(a, Play) for a in world.legal_actions(0))


def test_worlds_after_an_uno_call_on_a_drawn_card_make_the_drawn_card_playable() -> None:
    """RULINGS 4 and 7: seat 0 sheds six reds (calling before the sixth), is left with g7,
    which does not match r6, and draws r8: with two cards and a drawn card it can play,
    it calls. To the others the card drawn is unseen, but the call shows it can be played."""
    hands = ["r1 r2 r3 r4 r5 r6 g7", HANDS[1], HANDS[2]]
    state = start(hands, "r9", draw="b1 b2 b3 b4 b5 b6 b7 b8 b9 b1 b2 b3 r8")
    for card in ("r1", "r2", "r3", "r4", "r5", "r6"):
        if card == "r6":
            act(state, 0, "uno")
        act(state, 0, f"play {card}")
        pass_round(state, 0)
    act(state, 0, "draw")
    assert state.drawn == DECK.card("r8")
    act(state, 0, "uno")
    assert state.view(1).drawn is None and state.view(1).called_uno
    for world in worlds_of(state, 1):
        assert world.phase == "drawn" and world.drawn is not None
        assert world.cards.holds(0, world.drawn)
        assert any(isinstance(a, Play) and a.card is world.drawn for a in world.legal_actions(0))


def test_what_a_call_shows_outlasts_a_draw_and_the_drawn_card_played() -> None:
    """RULINGS 4 and 7: seat 0 calls with r6 r7 on r5, then draws r8 instead of playing
    and plays it (only the card drawn may be). Its hand is again the two cards it called
    with, and the others still know one of them can be played on r5 with red in force."""
    state = start(HANDS, "r9", draw="b1 b2 b3 b4 b5 b6 b7 b8 b9 b1 r8")
    for card in ("r1", "r2", "r3", "r4", "r5"):
        act(state, 0, f"play {card}")
        pass_round(state, 0)
    wilds = {"wild", "wd4", "llap", "meld", "beam", "tribble"}  # RULING 3: play on anything

    def on_r5(text: str) -> bool:  # red in force, a 5 on top, or a wild card
        return text in wilds or text[0] == "r" or text[1:] == "5"

    act(state, 0, "uno")
    act(state, 0, "draw")
    assert state.drawn == DECK.card("r8") and state.view(1).call_on == ((0, "r5", "red"),)
    for world in worlds_of(state, 1):  # three cards, the drawn one unseen
        assert world.drawn is not None and world.cards.holds(0, world.drawn)
        playable = [c for c in world.hands[0] if on_r5(c.text)]
        assert len(playable) > on_r5(world.drawn.text)  # besides the card drawn
    act(state, 0, "play r8")
    assert state.view(2).call_on == ((0, "r5", "red"),)
    for world in worlds_of(state, 1):
        assert world.cards.count(0) == 2 and any(on_r5(c.text) for c in world.hands[0])
    pass_round(state, 0)
    act(state, 0, "play r6")  # a card the call may have shown leaves: nothing is known now
    assert state.view(1).call_on == ()
