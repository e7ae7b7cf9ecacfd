"""The heuristic bot: legal, seeded, sensible choices, and better than random."""

from __future__ import annotations

import pytest

from cardkit.bots import bot_seed
from cardkit.runner import play_match, versus_random
from games.ufos import GAME, HeuristicBot
from games.ufos.bot import _beaten_by
from games.ufos.cards import DECK

from .helpers import SUIT_HANDS, deal, new, run


def test_heuristic_beats_random_players() -> None:
    matches = 100
    wins = 0.0
    for seat, outcome in versus_random(GAME, HeuristicBot, matches, 4):
        assert outcome.failure is None, outcome.failure
        assert outcome.result is not None
        wins += outcome.result.share(seat)
    assert wins / matches > 0.5  # a fair share would be 0.25


def test_heuristic_plays_legally_at_every_table_size() -> None:
    for players in (3, 5, 6):
        bots = [HeuristicBot(GAME, s, bot_seed(11, s)) for s in range(players)]
        outcome = play_match(GAME, bots, 11)
        assert outcome.failure is None, outcome.failure
        again = play_match(
            GAME, [HeuristicBot(GAME, s, bot_seed(11, s)) for s in range(players)], 11
        )
        assert [str(a) for _, a in again.state.history] == [
            str(a) for _, a in outcome.state.history
        ]


def test_heuristic_names_its_long_strong_suit_for_high() -> None:
    state = new()
    deal(state, *SUIT_HANDS)  # seat 0 holds every red
    bot = HeuristicBot(GAME, 0, 1)
    action = bot.choose(state.view(0), state.legal_actions(0))
    assert str(action) == "choose red high"


def test_heuristic_picks_low_with_a_hand_of_small_cards() -> None:
    state = new(3)
    small = "R1 R2 R3 R4 R5 Y1 Y2 Y3 Y4 Y5 G1 G2 G3 G4 G5 T1 T2 T3 T4 T5"
    deal(state, small)
    bot = HeuristicBot(GAME, 0, 1)
    action = bot.choose(state.view(0), state.legal_actions(0))
    assert str(action).endswith(" low")


@pytest.mark.parametrize(("their_suit", "answer"), [("red", "bid 13"), ("yellow", "pass")])
def test_heuristic_spies_when_the_suit_card_decides(their_suit: str, answer: str) -> None:
    state = new()
    deal(state, *SUIT_HANDS)  # seat 1 holds every yellow and two Blue 10s
    run(state, f"choose {their_suit} high")
    bot = HeuristicBot(GAME, 1, 1)
    run(state, str(bot.choose(state.view(1), state.legal_actions(1))))
    assert (state.view(1).my_suit, state.view(1).my_game) == ("Y", "high")
    run(state, "choose x low", "choose x low", "bid 3")
    # a low standing bid: worth outbidding whatever seat 0's trump is, no need to spy
    assert str(bot.choose(state.view(1), state.legal_actions(1))) == "bid 4"
    run(state, "bid 4", "pass", "pass", "bid 12")
    # at 12, seat 0's trump decides: yellow trump would serve seat 1 anyway
    assert str(bot.choose(state.view(1), state.legal_actions(1))) == "spy 0"
    run(state, "spy 0", "wait")  # seat 1 sees seat 0's Suit Card; seat 0 waits
    assert str(bot.choose(state.view(1), state.legal_actions(1))) == answer


def test_heuristic_passes_a_bid_above_what_its_hand_is_worth() -> None:
    state = new()
    deal(state, "R1 R2 R3 R4 R5", "R6 R7 R8 R9 Y4 Y5 Y6 Y7 G4 G5 G6 T3 T4 B10 B12")
    run(state, "choose red high")
    bot = HeuristicBot(GAME, 1, 1)
    run(state, str(bot.choose(state.view(1), state.legal_actions(1))))
    run(state, "choose x low", "choose x low", "bid 8")
    assert str(bot.choose(state.view(1), state.legal_actions(1))) == "pass"


def test_heuristic_ducks_in_low_and_wins_cheaply_in_high() -> None:
    mixed = (
        "R1 R2 R3 R4 R5 Y1 Y2 Y3 G1 G2 G3 T1 T2 B10 B12",
        "R6 R7 R8 R9 Y4 Y5 Y6 Y7 G4 G5 G6 T3 T4 B10 B12",
        "R11 R13 Y8 Y9 Y11 G7 G8 G9 G11 T5 T6 T7 T8 B10 B12",
        "R14 R15 Y13 Y14 Y15 G13 G14 G15 T9 T11 T13 T14 T15 B10 B12",
    )
    for game, expected in (("low", "play B12"), ("high", "play R14")):
        state = new()
        deal(state, *mixed)
        run(state, f"choose x {game}", "choose x low", "choose x low", "choose x low")
        run(state, "bid 1", "pass", "pass", "pass")
        run(state, "play R5", "play R9", "play R13")  # seat 3, last, holds R14 R15 B10 B12
        bot = HeuristicBot(GAME, 3, 1)
        action = bot.choose(state.view(3), state.legal_actions(3))
        # Low: both Blues (red 10 and 12) stay under R13: it throws the bigger one.
        # High: it takes the trick with the cheaper winner.
        assert str(action) == expected


def test_a_bot_that_saw_nothing_before_counts_every_card_played_this_hand() -> None:
    """A search rollout hands the bot a view in the middle of a hand: the cards of the
    hand's earlier tricks are in the view and count as seen."""
    state = GAME.create(4, 5)
    bots = [HeuristicBot(GAME, s, s) for s in range(4)]
    while state.phase != "play" or len(state.view(0).earlier_tricks) < 3:
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    view = state.view(state.to_act()[0])
    played = [card for trick in view.earlier_tricks for _, card, _ in trick]
    single = [card for card in played if card.suit != "B"]  # one copy of each in the deck
    assert len(single) >= 6
    seen = HeuristicBot(GAME, view.seat, 9)._seen(view)
    assert [card.text for card in single if seen[card.id] != 1] == []


def test_the_cards_that_could_beat_a_card_are_counted_from_what_is_unseen() -> None:
    """R13 (Red 1-9, 11, 13, 14, 15 are one copy each; Blue 10 and 12 four each):
    only R14 and R15 beat it in Red, Blues of 10 and 12 do not; with Yellow trump and
    four or more Reds unseen nobody is reckoned void, with three a ruff counts once."""
    r13, b10 = DECK.card("R13"), DECK.card("B10")
    seen = [0] * len(DECK.faces)
    seen[r13.id] = 1
    assert _beaten_by(r13, "R", "Y", seen) == 2
    for text in ("R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"):  # Reds left: 9, 11, 14, 15
        seen[DECK.card(text).id] = 1
    assert _beaten_by(r13, "R", "Y", seen) == 2  # four unseen: R9, R11, R14, R15
    seen[DECK.card("R9").id] = 1
    assert _beaten_by(r13, "R", "Y", seen) == 3  # three unseen: the ruff risk
    assert _beaten_by(r13, "R", "X", seen) == 2  # no trump, no ruff
    assert _beaten_by(r13, "R", "R", seen) == 2  # Red is trump: nobody ruffs it
    # a Blue 10 as Blue: the four Blue 12s beat it, the other 10s do not; none is Blue's
    # suit (in_suit 0), so a ruff counts while a Yellow is unseen
    seen[b10.id] = 1
    assert _beaten_by(b10, "B", "Y", seen) == 4 + 1
    for text in ("Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "Y9", "Y11", "Y13", "Y14", "Y15"):
        seen[DECK.card(text).id] = 1
    assert _beaten_by(b10, "B", "Y", seen) == 4  # every Yellow seen: no ruff
