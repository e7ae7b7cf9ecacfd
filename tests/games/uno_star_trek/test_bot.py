"""The heuristic bot: its habits on explicit deals, and a smoke test against random bots."""

from __future__ import annotations

from cardkit import Play
from cardkit.runner import versus_random
from games.uno_star_trek import DECK, GAME, HeuristicBot, UnoState
from games.uno_star_trek.actions import (
    ACCEPT,
    CHALLENGE,
    KEEP,
    UNO,
    Beam,
    Catch,
    NameColour,
)
from tests.games.uno_star_trek.support import act, shed_skips, start

OTHERS = ["y1 y2 y3 y4 y6 y7 y8", "g1 g2 g3 g4 g6 g7 g8"]


def choice(state: UnoState, seat: int) -> object:
    bot = HeuristicBot(GAME, seat, 1)
    return bot.choose(state.view(seat), state.legal_actions(seat))


def test_keeps_wilds_while_a_coloured_card_fits() -> None:
    state = start(["wild wd4 r3 b1 b2 b3 g9", *OTHERS], "r5")
    assert choice(state, 0) == Play(DECK.card("r3"))


def test_never_bluffs_with_a_wild_draw_4() -> None:
    # seat 0 holds r1 of the colour in force: a drawn Wild Draw 4 would be unfair
    state = start(["r1 g2 g3 g4 g6 g7 g8", *OTHERS], "r5", draw="wd4")
    act(state, 0, "draw")
    assert choice(state, 0) == KEEP


def test_names_the_colour_it_holds_most_of() -> None:
    state = start(["wild b1 b2 b3 g9 y9 g8", *OTHERS], "r5")
    assert choice(state, 0) == Play(DECK.card("wild"), "blue")


def test_names_the_colour_after_live_long_and_prosper() -> None:
    state = start(["llap r2 r3 g3 g9 y9 g8", *OTHERS], "r5", draw="b1 b2 b3 b4 g1 y5")
    act(state, 0, "play llap")
    assert choice(state, 0) == NameColour("blue")


def test_calls_uno_and_catches_those_who_forget() -> None:
    state = start(["rskip rskip yskip yskip gskip g1 g2", OTHERS[0]], "r5")
    shed_skips(state, 0, 1)
    assert choice(state, 0) == UNO
    act(state, 0, "play g1")  # forgot
    act(state, 0, "decline")
    assert choice(state, 1) == Catch(0)


def test_challenges_a_likely_bluff_and_accepts_an_unlikely_one() -> None:
    # seat 0 keeps six cards after the Wild Draw 4: it likely holds a red one
    state = start(["wd4 r1 g2 g3 g4 g6 g7", *OTHERS], "r5")
    act(state, 0, "play wd4 blue")
    assert choice(state, 1) == CHALLENGE
    # ... but with one card left a bluff is unlikely; seat 0 first sheds to two cards
    state = start(["rskip rskip yskip yskip gskip wd4 g2", OTHERS[0]], "r5")
    shed_skips(state, 0, 1)
    act(state, 0, "uno")
    act(state, 0, "play wd4 red")
    assert choice(state, 1) == ACCEPT


def test_beams_away_a_draw_command() -> None:
    state = start(["rd2 r1 g2 g3 g4 g6 g7", "beam y2 y3 y4 y6 y7 y8", OTHERS[1]], "r5")
    act(state, 0, "play rd2")
    assert choice(state, 1) == Beam("yellow")


def test_heuristic_beats_random_bots_smoke() -> None:
    """Eight seeded 4-player matches (to 200 points), the heuristic in each seat twice:
    it should take far more than its 25% share (the full measurement is in the docs)."""
    share = 0.0
    for seat, outcome in versus_random(GAME, HeuristicBot, 8, 4, {"target_score": 200}):
        assert outcome.result is not None
        share += outcome.result.share(seat)
    assert share / 8 > 0.5
