"""The conformance kit proves sampled worlds right, on the Lead test game (tests/leadgame.py).

Lead's worlds come from the core (``public_state`` and the core's deal); the state
declares what a play shows of the hands. Each broken variant forgets one inference:
who leads the first trick (the holder of a1, as the holder of the two of clubs in
Hearts) or what a b led before b was played shows (a hand of b only, as a heart led
before hearts were broken). The kit catches both; a view that names one card in two
fields raises no alarm.
"""

from __future__ import annotations

import pytest

from cardkit import CHANCE, Play
from cardkit.registry import get_game
from cardkit.testing import ConformanceError, cards_in, check_game, check_line, check_worlds
from tests.leadgame import DECK, GAME, LeadGame, LeadState

# Three players, four cards each. Seat 0 holds a1 and leads it; seat 1 wins with a4 and,
# holding only b (b not yet played), leads b1; seat 2 takes it with b4 while seat 0,
# void in b, throws c1; seat 2 leads a3.
HANDS = ("a1 c1 c2 c3", "a4 b1 b2 b3", "a2 a3 b4 c4")
LINE = [(0, "a1"), (1, "a4"), (2, "a2"), (1, "b1"), (2, "b4"), (0, "c1"), (2, "a3")]


def dealt(game: LeadGame = GAME) -> LeadState:
    state = game.create(3, 0, auto_chance=False)
    hands = {s: [DECK.card(t) for t in h.split()] for s, h in enumerate(HANDS)}
    state.apply(CHANCE, state.deal_shuffle(hands))
    assert isinstance(state, LeadState)
    return state


def line() -> list[tuple[int, Play]]:
    return [(seat, Play(DECK.card(text))) for seat, text in LINE]


class NoLeaderInference(LeadState):
    """Forgets that the first leader holds a1: a world may deal a1 to another hand."""

    def leader_shows(self, leader: int) -> None:
        pass


class NoLeadInference(LeadState):
    """Forgets what a card a rule would refuse shows: a b led before b was played no
    longer tells the others that the leader holds only b."""

    def play_shows(self, seat: int, card: object) -> None:
        pass


def variant(state_cls: type[LeadState]) -> LeadGame:
    class Broken(LeadGame):
        state = state_cls

    return Broken()


def test_the_lead_game_passes_the_kit_with_its_worlds_and_positions() -> None:
    assert GAME.has_positions
    report = check_game(GAME, matches=2)
    assert report.matches == {2: 2, 3: 2}


def test_the_rules_of_the_line_hold() -> None:
    state = dealt()
    assert state.to_act() == (0,)  # the holder of a1 leads
    assert state.legal_actions(0) == (Play(DECK.card("a1")),)
    for seat, action in line()[:3]:
        state.apply(seat, action)
    assert state.to_act() == (1,)  # a4 took the first trick
    # b is not broken, but seat 1 holds only b: it may lead any of them
    assert state.legal_actions(1) == tuple(Play(DECK.card(t)) for t in ("b1", "b2", "b3"))
    state.apply(1, Play(DECK.card("b1")))
    state.apply(2, Play(DECK.card("b4")))
    # seat 0 is void in b and throws c1; seat 2 wins with b4 and leads next
    state.apply(0, Play(DECK.card("c1")))
    assert state.to_act() == (2,) and state.broken


def test_b_is_not_led_before_it_is_played_by_a_hand_that_holds_another_suit() -> None:
    hands = {0: "a1 c1 c2 c3", 1: "a4 b1 b2 c4", 2: "a2 a3 b3 b4"}
    state = GAME.create(3, 0, auto_chance=False)
    state.apply(CHANCE, state.deal_shuffle({s: DECK.cards_of(h) for s, h in hands.items()}))
    for seat, text in ((0, "a1"), (1, "a4"), (2, "a2")):
        state.apply(seat, Play(DECK.card(text)))
    # seat 1 took the first trick with a4 and holds b1 b2 c4; no b has been played
    assert state.legal_actions(1) == (Play(DECK.card("c4")),)
    refusal = state.refusal(1, Play(DECK.card("b1")))
    assert refusal is not None and refusal.code == "b-not-broken"
    # seat 2, void in c, throws b3: b is broken, and seat 1 (c4 takes the trick) may lead it
    for seat, text in ((1, "c4"), (2, "b3"), (0, "c1")):
        state.apply(seat, Play(DECK.card(text)))
    assert state.to_act() == (1,) and state.broken
    assert state.refusal(1, Play(DECK.card("b1"))) is None


def test_every_world_along_the_line_agrees_with_the_plays() -> None:
    check_line(dealt(), line(), seed=1)


def test_worlds_that_forget_what_a_b_lead_shows_are_caught() -> None:
    broken = variant(NoLeadInference)
    with pytest.raises(ConformanceError, match=r"seat 1's play b1 .* would have been illegal"):
        check_line(dealt(broken), line(), seed=1)


def test_worlds_that_forget_who_holds_a1_are_caught() -> None:
    # such a world lets its seat to act lead without a1: the game's check of a position
    # (the rules stated once) refuses it
    with pytest.raises(ConformanceError, match="breaks the rules: the holder of a1 leads"):
        check_worlds(variant(NoLeaderInference), [3], matches=4)


def test_a_card_named_in_two_fields_of_a_view_raises_no_alarm() -> None:
    state = dealt()
    state.apply(0, Play(DECK.card("a1")))
    view = state.view(1)
    assert view.led_card is view.trick[0][1]  # the same card, in two fields
    assert cards_in(view)[DECK.card("a1")] == 1  # one card: the kit sees no leak
    check_game(GAME, players=[3], matches=1)  # a led card is named twice at every trick


def test_a_position_of_the_line_plays_on_as_the_original() -> None:
    state = dealt()
    for seat, action in line()[:4]:
        state.apply(seat, action)
    again = GAME.from_position(GAME.position(state))
    for seat, action in line()[4:]:
        state.apply(seat, action)
        again.apply(seat, action)
    assert again.to_act() == state.to_act() == (0,)  # seat 2 led a3: seat 0 follows
    assert again.zones() == state.zones()
    assert [again.view(s) for s in range(3)] == [state.view(s) for s in range(3)]


def test_the_past_is_replayed_back_to_a_move_the_seat_did_not_see_and_no_further() -> None:
    """A world agrees with the hand being played, not with one before the last deal: the
    deal moved every card where the seat cannot see it (universal-bid puts most of the
    deck out of play), so the world's cards need not have lain as the real ones did.
    Replayed across the deal, a world of this match at step 276 that happens to hold
    out of play the cards the real deal put there would be refused for the last trick
    of the hand before (seat 5's S:6 at step 235)."""
    check_worlds(get_game("universal-bid"), [6], 1, 503)
