"""The example bots: found through their entry points, for the games they declare."""

from __future__ import annotations

import pytest
from cardkit import CHANCE, Bid, Game, OptionError, Play, Shuffle, State, stack
from cardkit.bots import RandomBot, bot_seed
from cardkit.registry import all_bots, all_games, bots_for, get_game, make_bot
from cardkit.runner import play_match

from cardkit_example_bots import DuckerBot, LowballBot


def test_the_entry_points_register_both_bots() -> None:
    found = {getattr(b, "name", None): b for b in all_bots()}
    assert found["lowball"] is LowballBot
    assert found["ducker"] is DuckerBot


def test_each_bot_plays_the_games_it_declares() -> None:
    oh_hell = get_game("oh-hell")
    assert {"lowball", "ducker", "random"} <= set(bots_for(oh_hell))
    others = [g for g in all_games() if isinstance(g, Game) and g.id != "oh-hell"]
    if not others:
        pytest.skip("no other game is installed")
    for game in others:
        assert "lowball" in bots_for(game)
        assert "ducker" not in bots_for(game)


def test_bot_parameters_are_checked() -> None:
    game = get_game("oh-hell")
    bot = make_bot("ducker:bid=2", game, 0, 0)
    assert bot.settings["bid"] == 2
    with pytest.raises(OptionError, match="at least 0"):
        make_bot("ducker:bid=-1", game, 0, 0)
    with pytest.raises(OptionError, match="unknown option 'greed'"):
        make_bot("ducker:greed=1", game, 0, 0)


def dealt() -> tuple[Game, State]:
    """Oh Hell, 3 players, 2 tricks, seat 0 deals; from the dealer's left:
    seat 1 gets SA, S3; seat 2 S5, H4; seat 0 SK, D7; CT is turned."""
    game = get_game("oh-hell")
    state = game.create(3, 0, {"num_tricks_fixed": 2}, auto_chance=False)
    deck = game.deck(3, state.options)
    state.apply(CHANCE, Shuffle(stack(state.chance_cards(), [deck.card("@0")])))
    order = deck.cards_of("SA S5 SK S3 H4 D7 CT")
    state.apply(CHANCE, Shuffle(stack(state.chance_cards(), order)))
    return game, state


def test_the_ducker_bids_its_target_then_ducks() -> None:
    game, state = dealt()
    ducker = DuckerBot(game, 1, 7)
    assert ducker.choose(state.view(1), state.legal_actions(1)) == Bid(0)
    for seat, amount in ((1, 0), (2, 1), (0, 0)):
        state.apply(seat, Bid(amount))
    # Bid 0 and on lead: it leads its lowest card, not the ace.
    s3 = game.deck(3, state.options).card("S3")
    assert ducker.choose(state.view(1), state.legal_actions(1)) == Play(s3)


def test_lowball_bids_and_plays_low() -> None:
    game, state = dealt()
    lowball = LowballBot(game, 1, 7)
    assert lowball.choose(state.view(1), state.legal_actions(1)) == Bid(0)
    for seat, amount in ((1, 2), (2, 1), (0, 0)):
        state.apply(seat, Bid(amount))
    s3 = game.deck(3, state.options).card("S3")
    assert lowball.choose(state.view(1), state.legal_actions(1)) == Play(s3)


def test_matches_between_the_bots_finish() -> None:
    game = get_game("oh-hell")
    for seed in range(20):
        bots = [
            DuckerBot(game, 0, bot_seed(seed, 0), bid=1),
            LowballBot(game, 1, bot_seed(seed, 1)),
            RandomBot(game, 2, bot_seed(seed, 2)),
        ]
        outcome = play_match(game, bots, seed, {"hands": 3})
        assert outcome.failure is None, outcome.failure
        assert outcome.result is not None and outcome.result.finished
