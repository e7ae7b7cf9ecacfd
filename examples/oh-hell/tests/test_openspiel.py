"""Differential test: cardkit's Oh Hell against OpenSpiel's ``oh_hell``, move by move.

Each seed picks a player count and options, cardkit draws the deal from its
own seeded generator, and the same deal goes to OpenSpiel (which always deals
to player 0 first, so hands are dealt to it card by card from cardkit's hands,
then cardkit's trump card). Random legal moves then go to both engines: at
every step both must name the same seat and the same legal actions, and every
hand must score the same.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from cardkit import CHANCE, Bid, Play

from cardkit_oh_hell import GAME, OhHellState, OhHellView
from cardkit_oh_hell.cards import RANKS, SUITS, max_tricks

pyspiel = pytest.importorskip(
    "pyspiel",
    reason="open_spiel is not installed: pip install open_spiel (the `bench` extra of cardkit)",
)

DEALS = 2000


def scenario(seed: int) -> tuple[int, dict[str, Any]]:
    """A player count and options for ``seed``: mostly the standard deck, sometimes others."""
    rng = random.Random(seed)
    players = rng.randint(3, 7)
    options: dict[str, Any] = {"num_suits": 4, "num_cards_per_suit": 13}
    if rng.random() < 0.4:
        while True:
            suits, per_suit = rng.randint(1, 4), rng.randint(2, 13)
            if suits * per_suit >= players + 1:
                break
        options = {"num_suits": suits, "num_cards_per_suit": per_suit}
    top = max_tricks(players, options["num_suits"], options["num_cards_per_suit"])
    options["num_tricks_fixed"] = -1 if rng.random() < 0.5 else rng.randint(1, top)
    options["off_bid_penalty"] = rng.random() < 0.5
    options["points_per_trick"] = rng.choice([1, 1, 2, 5])
    options["hands"] = 3 if seed % 10 == 0 else 1
    return players, options


def spiel_id(action: Any, num_suits: int, num_cards: int) -> int:
    """OpenSpiel's action id: a card is rank * num_suits + suit; a bid is num_cards + bid."""
    if isinstance(action, Bid):
        return num_cards + action.amount
    assert isinstance(action, Play)
    return RANKS.index(action.card.label) * num_suits + SUITS.index(action.card.suit)


def start_hand(game: Any, views: list[OhHellView], num_suits: int, num_cards: int) -> Any:
    """An OpenSpiel state with the hand cardkit dealt: tricks, dealer, cards, trump."""
    first = views[0]
    assert first.trump is not None
    state = game.new_initial_state()
    n, k = len(views), first.num_tricks
    deal = [views[j % n].hand[j // n] for j in range(n * k)]
    chance = [k, first.dealer, *(spiel_id(Play(c), num_suits, num_cards) for c in deal)]
    chance.append(spiel_id(Play(first.trump), num_suits, num_cards))
    for action in chance:
        assert state.is_chance_node()
        assert action in dict(state.chance_outcomes()), f"OpenSpiel refuses chance {action}"
        state.apply_action(action)
    return state


def play_both(seed: int) -> int:
    """Play one seeded match in both engines; return the number of decisions compared."""
    players, options = scenario(seed)
    suits, per_suit = options["num_suits"], options["num_cards_per_suit"]
    num_cards = suits * per_suit
    params = {k: v for k, v in options.items() if k != "hands"}
    game = pyspiel.load_game("oh_hell", {"players": players, **params})
    state = GAME.create(players, seed, options, auto_chance=False)
    assert isinstance(state, OhHellState)
    rng = random.Random(seed)
    spiel: Any = None
    totals = [0.0] * players
    compared = 0
    while not state.is_over():
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply(CHANCE, state.sample_chance())
            continue
        if spiel is None:
            views = [state.view(s) for s in range(players)]
            spiel = start_hand(game, views, suits, num_cards)
        where = f"seed {seed}, step {len(state.history)}"
        assert spiel.current_player() == seat, where
        legal = state.legal_actions(seat)
        ours = sorted(spiel_id(a, suits, num_cards) for a in legal)
        assert ours == sorted(spiel.legal_actions()), where
        action = legal[rng.randrange(len(legal))]
        state.apply(seat, action)
        spiel.apply_action(spiel_id(action, suits, num_cards))
        compared += 1
        view = state.view(0)
        ended = state.is_over() or view.hand_number != views[0].hand_number
        assert ended == spiel.is_terminal(), where
        if ended:
            gained = [a - b for a, b in zip(view.scores, views[0].scores, strict=True)]
            assert gained == spiel.returns(), where
            totals = [t + r for t, r in zip(totals, spiel.returns(), strict=True)]
            spiel = None
    assert spiel is None, f"seed {seed}: OpenSpiel's hand did not end with cardkit's"
    assert list(state.result().scores) == totals
    return compared


def test_same_legal_actions_and_scores_as_openspiel() -> None:
    compared = sum(play_both(seed) for seed in range(DEALS))
    assert compared > DEALS * 10


def test_differential_covers_the_parameters() -> None:
    seen = [scenario(seed) for seed in range(DEALS)]
    assert {players for players, _ in seen} == {3, 4, 5, 6, 7}
    assert {o["num_suits"] for _, o in seen} == {1, 2, 3, 4}
    assert {o["off_bid_penalty"] for _, o in seen} == {True, False}
    assert any(o["num_tricks_fixed"] == -1 for _, o in seen)
    assert any(o["num_tricks_fixed"] > 1 for _, o in seen)
    assert any(o["hands"] > 1 for _, o in seen)
