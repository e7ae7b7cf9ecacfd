"""Positions and sampled worlds of UNO: Star Trek: set up by position, play on, refusals,
the conformance kit's checks, and what a sampled world keeps."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cardkit import CHANCE, RandomBot
from cardkit.bots import bot_seed
from cardkit.positions import UNKNOWN, PositionError, load_position
from cardkit.testing import check_positions, check_uniform
from games.uno_star_trek import DECK, GAME, UnoState
from games.uno_star_trek.state import UnoState as State
from tests.games.uno_star_trek.support import act, cards, hand, start

EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "positions" / "uno-star-trek.json"


def position(
    hands: list[list[str]],
    discard: list[str],
    draw: list[str] | None = None,
    *,
    scores: list[int] | None = None,
    to_act: list[int] | None = None,
    **state: Any,
) -> dict[str, Any]:
    """A full position: ``hands``, the ``discard`` pile (top last), ``draw`` on top of the
    draw pile and every other card under it in deck order; the rest of the game's part
    defaults to seat 0 to play, left, on hand 1 with nothing pending."""
    n = len(hands)
    placed = Counter(cards(" ".join(t for h in hands for t in h)))
    placed.update(cards(" ".join(discard)))
    placed.update(cards(" ".join(draw or [])))
    rest = list((Counter(DECK.cards) - placed).elements())
    rest.sort(key=lambda c: c.id)
    part: dict[str, Any] = {
        "phase": "play",
        "hands": [list(h) for h in hands],
        "discard": list(discard),
        "draw": (draw or []) + [c.text for c in rest],
        "colour": None,
        "turn": 0,
        "direction": "left",
        "called": False,
        "drawn": None,
        "command": None,
        "commander": None,
        "previous_colour": None,
        "fair": None,
        "window": None,
        "shown": [],
        "under": [],
        "reshuffle": None,
        "turns": 1,
        "first_draw": [None] * n,
        "last_hand": [],
        "stopped": None,
    }
    part.update(state)
    return {
        "format": "cardkit-position/1",
        "game": "uno-star-trek",
        "players": n,
        "options": {},
        "seed": 11,
        "step": 40,
        "dealer": n - 1,
        "to_act": [part["turn"]] if to_act is None else to_act,
        "scores": [0] * n if scores is None else scores,
        "hand": 1,
        "state": part,
    }


# Hands of 2, 5 and 9 cards, yellow in force on a Wild: the example.
HANDS = [
    ["g4", "y7"],
    ["r1", "r2", "b3", "g6", "yskip"],
    ["r3", "r4", "b5", "b6", "g8", "g9", "grev", "bd2", "wd4"],
]
DISCARD = ["b9", "b2", "y2", "y9", "wild"]
DRAW = ["r5", "r6", "b7", "b8", "g1", "g2"]


def done_when() -> dict[str, Any]:
    return position(HANDS, DISCARD, DRAW, colour="yellow")


def play_to(seed: int, players: int, steps: int) -> UnoState:
    state = GAME.create(players, seed)
    bots = [RandomBot(GAME, s, bot_seed(seed, s)) for s in range(players)]
    while len(state.history) < steps and not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    return state


def play_out(state: UnoState, seed: int) -> None:
    bots = [RandomBot(GAME, s, seed + s) for s in range(state.players)]
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))


def texts(actions: Any) -> set[str]:
    return {str(a) for a in actions}


# -- set up by position and play on ------------------------------------------------------


def test_hands_of_2_5_9_with_yellow_on_a_wild_set_up_and_play_on() -> None:
    state = GAME.from_position(done_when())
    view = state.view(0)
    assert view.hand_sizes == (2, 5, 9) and view.colour == "yellow"
    assert view.top == DECK.card("wild") and view.draw_pile == 112 - 16 - 5
    # yellow 7 matches the colour in force; green 4 matches neither yellow nor a Wild;
    # with two cards and one to play, seat 0 may call UNO first (RULING 7)
    assert texts(state.legal_actions(0)) == {"play y7", "draw", "uno"}
    assert state.legal_actions(1) == () and state.legal_actions(2) == ()
    # seat 0 plays its second-to-last card without calling: seat 1 catches it, and
    # seat 0 draws five cards (uno_penalty), the top five of the draw pile in order
    act(state, 0, "play y7")
    assert state.view(1).window == "catch" and state.view(1).window_subject == 0
    act(state, 1, "catch 0")
    assert Counter(state.hands[0]) == hand("g4 r5 r6 b7 b8 g1")
    assert state.to_act() == (1,) and state.view(1).colour == "yellow"
    # seat 1: yellow Skip on the yellow 7 skips seat 2; seat 0 plays again
    act(state, 1, "play yskip")
    act(state, 2, "accept")
    assert state.to_act() == (0,)
    play_out(state, 3)
    assert state.is_over()


def test_calling_uno_in_time_makes_seat_0_safe() -> None:
    state = GAME.from_position(done_when())
    act(state, 0, "uno")
    act(state, 0, "play y7")
    assert state.view(1).window is None and state.to_act() == (1,)
    assert state.view(1).hand_sizes == (1, 5, 9)


def test_the_example_file_plays_on_to_the_end() -> None:
    data = load_position(EXAMPLE)
    state = GAME.from_position(data)
    assert state.view(0).hand_sizes == (2, 5, 9) and state.view(0).colour == "yellow"
    assert state.steps == data["step"]
    # the file has the earlier form (hands, discard, draw): written again, the same
    # position has the cards as the core writes them, and reads back to itself
    written = GAME.position(state)
    old, new = data.pop("state"), written.pop("state")
    assert written == {**data, "format": "cardkit-position/2"}
    zones = new["cards"]["zones"]
    assert [Counter(zones[f"hand {s}"]) for s in range(3)] == [Counter(h) for h in old["hands"]]
    assert zones["discard pile"] == old["discard"] and zones["draw pile"] == old["draw"][::-1]
    # version 1 keys read into the record: turn and direction make order, last_hand and
    # the common part's scores the board; command and commander follow from the top card
    assert new["order"] == {"players": 3, "dealer": 2, "current": 0, "direction": 1}
    assert new["board"] == {"totals": [0, 0, 0], "hands": []} and new["stopped"] == ""
    gone = ("hands", "discard", "draw", "turn", "direction", "command", "commander", "last_hand")
    kept = {k: v for k, v in old.items() if k not in (*gone, "stopped")}
    assert {k: v for k, v in new.items() if k in kept} == kept
    assert set(new) == {*kept, "cards", "order", "board", "stopped", "redrew"}
    assert new["redrew"] is False  # no Wild Draw 4 is pending
    written["state"] = new
    assert GAME.position(GAME.from_position(written)) == written
    play_out(state, 7)
    assert state.is_over() and max(state.result().scores) >= 500


def test_a_position_round_trips_through_json() -> None:
    state = play_to(3, 4, 300)
    data = json.loads(json.dumps(GAME.position(state)))
    rebuilt = GAME.from_position(data)
    assert GAME.position(rebuilt) == data and rebuilt.steps == state.steps == 300
    assert rebuilt.zones() == state.zones()
    for seat in range(4):
        assert rebuilt.view(seat) == state.view(seat)
        assert rebuilt.legal_actions(seat) == state.legal_actions(seat)


def test_the_draw_pile_in_the_position_is_the_order_drawn() -> None:
    state = GAME.from_position(position(HANDS, DISCARD, ["b7", "r6"], colour="yellow"))
    act(state, 0, "draw")
    assert state.view(0).drawn == "b7"
    act(state, 0, "keep")
    act(state, 1, "draw")
    assert state.view(1).drawn == "r6"


def test_a_pending_wild_draw_4_with_a_challenge_set_up_by_position() -> None:
    # seat 0 played a Wild Draw 4 naming green on a red 5, holding a red card: unfair
    data = position(
        [["r7", "b1"], ["g2", "g3", "y4"], ["b2", "b3"]],
        ["r5", "wd4"],
        ["y1", "y2", "y3", "y5"],
        colour="green",
        phase="respond",
        turn=1,
        command="wd4",
        commander=0,
        previous_colour="red",
        fair=False,
    )
    state = GAME.from_position(data)
    assert texts(state.legal_actions(1)) == {"accept", "challenge"}
    act(state, 1, "challenge")
    # guilty: seat 0 draws the four and seat 1 is not skipped (RULING 6); the challenger
    # saw seat 0's hand before the draw
    assert Counter(state.hands[0]) == hand("r7 b1 y1 y2 y3 y5")
    assert state.to_act() == (1,)
    assert state.view(1).shown == ((0, cards("r7 b1")),)


# -- refusals ---------------------------------------------------------------------------


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(PositionError) as caught:
        GAME.from_position(data)
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_a_card_twice_is_refused() -> None:
    data = done_when()
    data["state"]["hands"][0].append("r5")  # both red fives are in the draw pile
    message = refused(data)
    assert (
        message
        == "'cards' is not valid: zone 'draw pile': r5 is placed more times than the deck has it"
    )


def test_a_missing_card_is_refused() -> None:
    data = done_when()
    data["state"]["draw"].remove("meld")
    assert refused(data) == "'cards' is not valid: cards are in no zone: meld"


def test_negative_scores_are_refused() -> None:
    data = position(HANDS, DISCARD, colour="yellow", scores=[0, -5, 20])
    assert refused(data) == "scores cannot be negative, in a hand or in total: [0, -5, 20]"


def test_a_colour_the_top_card_does_not_allow_is_refused() -> None:
    data = position(HANDS, ["b9", "r7"], colour="yellow")
    assert refused(data) == "yellow is in force but a red 7 allows only red"
    wild = position(HANDS, DISCARD, colour=None)
    assert refused(wild) == "a colour must be in force on a Wild"


def test_a_drawn_card_not_in_hand_is_refused() -> None:
    data = position(HANDS, DISCARD, colour="yellow", phase="drawn", drawn="r5")
    assert refused(data) == "the drawn card r5 is not in seat 0's hand"


def test_a_catch_window_on_a_seat_with_more_than_one_card_is_refused() -> None:
    data = position(HANDS, DISCARD, colour="yellow", turn=1, window={"subject": 0, "answered": []})
    assert "seat 0 holds 2" in refused(data)


def test_a_command_that_is_not_the_top_card_is_refused() -> None:
    data = position(
        HANDS, DISCARD, colour="yellow", phase="respond", turn=1, command="skip", commander=0
    )
    assert refused(data) == "a command card awaits its answer, not a Wild"


def test_a_shown_card_its_owner_does_not_hold_is_refused() -> None:
    data = position(
        HANDS, DISCARD, colour="yellow", shown=[{"seat": 1, "to": 0, "cards": ["r1", "y9"]}]
    )
    assert refused(data) == "shown entry 1: seat 1 does not hold all of ['r1', 'y9']"


def test_a_score_at_the_target_mid_match_is_refused() -> None:
    data = position(HANDS, DISCARD, colour="yellow", scores=[0, 500, 0])
    assert "reaches target_score (500)" in refused(data)


def test_to_act_that_disagrees_with_the_rest_is_refused() -> None:
    data = position(HANDS, DISCARD, colour="yellow", to_act=[2])
    assert refused(data) == "to_act is [2] but the position gives [0]"


def test_a_seats_position_cannot_be_set_up() -> None:
    state = GAME.from_position(done_when())
    mine = GAME.position(state, 0)
    assert "only a full position can be set up" in refused(mine)


# -- what a seat's position shows ---------------------------------------------------------


def test_a_seats_position_shows_only_what_it_knows() -> None:
    state = start(["meld r2 g3 y1 b7 b8 b9", "r1 r3 r4 r6 r7 r8 r9", "y3 y4 y5 y6 y7 y8 y9"], "r5")
    act(state, 0, "play meld")
    act(state, 1, "accept")  # seat 1 shows its hand to seat 0
    mine = GAME.position(state, 0)["state"]
    zones, unseen = mine["cards"]["zones"], mine["cards"]["unseen"]
    assert zones["hand 0"] == ["r2", "y1", "g3", "b7", "b8", "b9"]  # in card order
    assert zones["hand 1"] == ["r1", "r3", "r4", "r6", "r7", "r8", "r9"]  # shown to seat 0
    assert "hand 1" not in unseen
    assert zones["hand 2"] == [] and unseen["hand 2"] == 7
    assert set(zones["draw pile"]) == {UNKNOWN} and zones["discard pile"] == ["r5", "meld"]
    theirs = GAME.position(state, 2)
    assert theirs["seed"] is None and theirs["seat"] == 2
    assert theirs["state"]["cards"]["zones"]["hand 1"] == []
    assert theirs["state"]["cards"]["unseen"]["hand 1"] == 7
    assert theirs["state"]["shown"] == [{"seat": 1, "to": 0, "cards": [UNKNOWN] * 7}]


# -- sampled worlds ---------------------------------------------------------------------


def test_a_card_shown_by_a_mind_meld_stays_where_it_was_seen() -> None:
    state = start(["meld r2 g3 y1 b7 b8 b9", "r1 r3 r4 r6 r7 r8 r9", "y3 y4 y5 y6 y7 y8 y9"], "r5")
    act(state, 0, "play meld")
    act(state, 1, "accept")
    act(state, 1, "play r3")  # seat 0 knows seat 1 still holds the other six
    rng = random.Random(5)
    for _ in range(30):
        world = GAME.sample_world(state.view(0), rng)
        assert Counter(world.hands[1]) == hand("r1 r4 r6 r7 r8 r9")
        assert world.view(0) == state.view(0)
    # seat 2 saw nothing of seat 1's hand: its worlds deal seat 1 other cards
    seen = {tuple(GAME.sample_world(state.view(2), rng).hands[1]) for _ in range(10)}
    assert len(seen) == 10


def test_a_challenger_keeps_the_hand_it_was_shown() -> None:
    data = position(
        [["r7", "b1", "g9"], ["g2", "g3", "y4"], ["b2", "b3"]],
        ["r5", "wd4"],
        colour="green",
        phase="respond",
        turn=1,
        command="wd4",
        commander=0,
        previous_colour="red",
        fair=False,
    )
    state = GAME.from_position(data)
    act(state, 1, "challenge")  # seat 0 is guilty: it draws four unseen cards
    rng = random.Random(2)
    for _ in range(20):
        world = GAME.sample_world(state.view(1), rng)
        assert Counter(world.hands[0]) >= hand("r7 b1 g9") and len(world.hands[0]) == 7


def test_worlds_keep_the_view_and_vary_the_unseen_cards() -> None:
    state = play_to(8, 4, 120)
    seat = state.to_act()[0]
    view = state.view(seat)
    rng = random.Random(1)
    worlds = [GAME.sample_world(view, rng) for _ in range(5)]
    for world in worlds:
        assert world.view(seat) == view
        assert Counter(world.discard) == Counter(state.discard)
        assert GAME.from_position(GAME.position(world)).view(seat) == view
    assert len({tuple(w.draw) for w in worlds}) == 5


def test_a_world_is_sampled_only_at_a_decision() -> None:
    state = GAME.create(3, 1, auto_chance=False)
    with pytest.raises(PositionError, match="at a seat's decision"):
        GAME.sample_world(state.view(0), random.Random(0))


def test_the_conformance_kit_checks_positions_and_worlds() -> None:
    check_positions(GAME, [2, 3, 4, 6, 10], matches=1, options={"target_score": 100})


def uniform_position(hidden_under: bool = False) -> dict[str, Any]:
    """2 players; seat 0 cannot see seat 1's cards nor the two in the draw pile (and,
    with ``hidden_under``, seat 1's old hand of one card under a Live Long and Prosper
    on top): four faces of one copy each, the zeros."""
    mine = ["r1", "r2", "y1", "y2", "g1"]
    theirs = ["r0"] if hidden_under else ["r0", "y0"]
    top = ["y0", "llap"] if hidden_under else ["b5"]
    everything = [c.text for c in DECK.cards]
    rest = sorted((Counter(everything) - Counter([*mine, *theirs, *top, "g0", "b0"])).elements())
    under = [[1, len(rest), len(rest) + 1]] if hidden_under else []
    return position([mine, theirs], rest + top, ["g0", "b0"], colour="blue", under=under)


def test_sampled_worlds_are_uniform_over_the_consistent_deals() -> None:
    # seat 1's hand is 2 of the 4 zeros: C(4, 2) = 6 deals
    check_uniform(GAME, uniform_position(), 0, 6, samples=1200)


def test_a_hidden_hand_under_the_discard_pile_is_dealt_too() -> None:
    data = uniform_position(hidden_under=True)
    state = GAME.from_position(data)
    assert state.view(0).discard[-2:] == (UNKNOWN, "llap")
    assert state.view(1).discard[-2:] == ("y0", "llap")
    # 4 unseen zeros: seat 1's hand (1), under the top (1), the draw pile (2): 4 * 3 deals
    check_uniform(GAME, data, 0, 12, samples=1200)


# -- copies -----------------------------------------------------------------------------


def test_a_clone_copies_every_field_and_shares_nothing_that_changes() -> None:
    state = play_to(4, 3, 200)
    twin = state.clone()
    for name in State.__slots__:
        assert getattr(twin, name) == getattr(state, name), name
    assert twin.history == state.history and twin.history is not state.history
    before = copy.deepcopy(GAME.position(state))
    seat = twin.to_act()[0]
    twin.apply(seat, twin.legal_actions(seat)[0])
    assert GAME.position(state) == before
    assert CHANCE not in state.to_act()


def test_the_leak_check_counts_the_copies_of_a_face() -> None:
    # most UNO faces come twice: a uniform sampler gives back a true card's twin as often
    # as the card itself, so chance is above size**2 / hidden (which this run exceeds)
    check_positions(GAME, [5], matches=2)


def all_but(*placed: list[str]) -> list[str]:
    """Every card not in ``placed``, in deck order (for a discard pile under its top)."""
    used = Counter(t for group in placed for t in group)
    return sorted((Counter(c.text for c in DECK.cards) - used).elements())


def test_a_new_hand_waiting_for_a_reshuffle_is_set_up() -> None:
    # seat 0 played Live Long and Prosper holding 3 more cards: they went under it, the
    # draw pile is empty, so its new hand of 3 waits for the reshuffle (RULINGS 5 and 8)
    hands: list[list[str]] = [[], ["r1", "r2"], ["y1", "y2"]]
    old = ["g7", "g8", "g9"]
    rest = all_but(*hands, old, ["llap"])
    data = position(
        hands,
        rest + old + ["llap"],
        colour="red",
        under=[[0, len(rest), len(rest) + 3]],
        reshuffle={"seat": 0, "count": 3, "then": "new-hand"},
        to_act=[CHANCE],
    )
    data["state"]["draw"] = []
    state = GAME.from_position(data)
    # the pile under the top is shuffled back: seat 0 draws 3, then names the colour
    assert len(state.hands[0]) == 3 and state.to_act() == (0,)
    assert texts(state.legal_actions(0)) == {
        f"colour {c}" for c in ("red", "yellow", "green", "blue")
    }


def test_a_command_waits_while_an_uno_penalty_waits_for_a_reshuffle() -> None:
    # seat 2 played a Skip at seat 0 with its second-to-last card, was caught, and its
    # penalty of 5 waits for the reshuffle; the Skip still awaits seat 0's answer
    hands = [["r1", "r2"], ["y1", "y2"], ["b3"]]
    rest = all_but(*hands, ["bskip"])
    data = position(
        hands,
        [*rest, "bskip"],
        colour="blue",
        phase="respond",
        turn=0,
        command="skip",
        commander=2,
        reshuffle={"seat": 2, "count": 5, "then": "penalty"},
        to_act=[CHANCE],
    )
    data["state"]["draw"] = []
    state = GAME.from_position(data)
    assert len(state.hands[2]) == 6 and state.to_act() == (0,)
    assert texts(state.legal_actions(0)) == {"accept"}


# -- what the table learns of a hand ----------------------------------------------------


def test_a_fair_wild_draw_4_challenged_shows_the_hand_lacks_the_colour() -> None:
    # seat 0 played a Wild Draw 4 naming green on a red 5 holding no red card: fair
    data = position(
        [["g7", "b1", "y3"], ["g2", "g3", "y4"], ["b2", "b3"]],
        ["r5", "wd4"],
        colour="green",
        phase="respond",
        turn=1,
        command="wd4",
        commander=0,
        previous_colour="red",
        fair=True,
    )
    state = GAME.from_position(data)
    act(state, 1, "challenge")  # seat 1 loses: it draws six and is skipped
    assert state.to_act() == (2,)
    rng = random.Random(4)
    for _ in range(40):  # every seat saw the challenge fail: seat 0 holds no red card
        world = GAME.sample_world(state.view(2), rng)
        assert len(world.hands[0]) == 3 and not [c for c in world.hands[0] if c.suit == "r"]
    written = GAME.position(state)
    barred = written["state"]["cards"]["barred"]["hand 0"]
    assert len(barred) == len(set(barred)) and "r5" in barred and "g5" not in barred
    rebuilt = GAME.from_position(written)
    assert GAME.position(rebuilt) == written
    assert rebuilt.view(2).cards == state.view(2).cards


def test_an_uno_call_while_answering_a_command_shows_the_beam() -> None:
    # the call is allowed only to a seat about to play its second-to-last card: with a
    # Skip directed at it, that card can only be Beam Me Up, Scotty (RULINGS 5 and 7)
    data = position(
        [["r1", "r2", "r3"], ["beam", "y4"], ["b2", "b3"]],
        ["r5", "rskip"],
        colour="red",
        phase="respond",
        turn=1,
        command="skip",
        commander=0,
    )
    state = GAME.from_position(data)
    assert state.view(2).shown == ()
    act(state, 1, "uno")
    beam = DECK.card("beam")
    assert state.view(2).shown == ((1, (beam,)),) and state.view(0).shown == ((1, (beam,)),)
    rng = random.Random(6)
    for _ in range(20):
        assert beam in GAME.sample_world(state.view(2), rng).hands[1]
    act(state, 1, "beam blue")  # played: nobody needs to remember it any more
    assert state.view(2).shown == () and state.view(2).hand_sizes[1] == 1


def test_a_seat_shown_two_copies_forgets_one_when_one_is_played() -> None:
    state = start(["meld r2 g3 y1 b7 b8 b9", "r1 r3 r3 r6 r7 r8 r9", "y3 y4 y5 y6 y7 y8 y9"], "r5")
    act(state, 0, "play meld")
    act(state, 1, "accept")  # seat 1 shows its hand, with its two red threes, to seat 0
    act(state, 1, "play r3")
    assert Counter(dict(state.view(0).shown)[1]) == hand("r1 r3 r6 r7 r8 r9")


def test_a_fair_wild_draw_4_challenged_after_its_player_drew_shows_nothing_of_the_hand() -> None:
    # seat 0 played a fair Wild Draw 4 (no red on the red 5) as its second-to-last card
    # without calling UNO; seat 2 catches it, so it draws r1 r2 r3 r4 r6 before seat 1
    # challenges: the challenge shows the hand it held then lacked red, not the hand now
    data = position(
        [["g7"], ["g2", "g3", "y4"], ["b2", "b3"]],
        ["r5", "wd4"],
        ["r1", "r2", "r3", "r4", "r6"],
        colour="green",
        phase="respond",
        turn=1,
        command="wd4",
        commander=0,
        previous_colour="red",
        fair=True,
        window={"subject": 0, "answered": []},
        to_act=[0, 1, 2],
    )
    state = GAME.from_position(data)
    act(state, 2, "catch 0")
    assert sorted(c.text for c in state.hands[0]) == ["g7", "r1", "r2", "r3", "r4", "r6"]
    assert state.view(2).redrew
    act(state, 1, "challenge")  # fair: seat 1 draws six and is skipped
    assert state.to_act() == (2,)
    known = state.view(2).cards
    assert known is not None and not known.lacking[0]  # nothing barred from hand 0
    rng = random.Random(5)
    reds = 0
    for _ in range(40):  # seat 2 has not seen seat 0's six cards: some worlds give it red
        world = GAME.sample_world(state.view(2), rng)
        reds += sum(1 for c in world.hands[0] if c.suit == "r")
    assert reds > 0
    rebuilt = GAME.from_position(json.loads(json.dumps(GAME.position(state))))
    assert rebuilt.view(2) == state.view(2)
