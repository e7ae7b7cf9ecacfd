"""Differential test: cardkit's Hearts against OpenSpiel's ``hearts``, move by move.

Each seed picks options (OpenSpiel's defaults half the time, else random
parameters) and a match target; cardkit deals from its own seeded generator,
and each hand goes to a fresh OpenSpiel game: the pass direction cardkit's
hand number gives (OpenSpiel draws it by chance), then the same deal, card by
card to players 0, 1, 2, 3 as OpenSpiel deals. Moves then go to both engines
(random legal ones, or in some matches one seat always playing its highest
card and the others their lowest, so that the moon is shot): at every step
both must name the same seat and the same legal actions (the three passes of
each seat included), and every hand must score the same.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
import pytest
from cardkit import CHANCE, Action, Play

from cardkit_hearts import GAME, HeartsState, HeartsView, PassCard

pyspiel = pytest.importorskip(
    "pyspiel",
    reason="open_spiel is not installed: pip install open_spiel (the `bench` extra of cardkit)",
)

MATCHES = 120
HANDS = 400
SPIEL_SUITS = "CDHS"
FLAGS = (
    "pass_cards",
    "no_pts_on_first_trick",
    "can_lead_any_club",
    "jd_bonus",
    "avoid_all_tricks_bonus",
    "must_break_hearts",
    "qs_breaks_hearts",
    "can_lead_hearts_instead_of_qs",
)


def scenario(seed: int) -> tuple[dict[str, Any], int | None]:
    """Options for ``seed`` and the seat that plays high (None: every seat plays at random)."""
    rng = random.Random(seed)
    options: dict[str, Any] = {"target": rng.choice([26, 50, 100])}
    if rng.random() < 0.5:
        options.update({flag: rng.random() < 0.5 for flag in FLAGS})
        options["pass_cards"] = rng.random() < 0.8
    shooter = rng.randrange(4) if rng.random() < 0.3 else None
    if shooter is not None:
        options["target"] = 100
    return options, shooter


def spiel_id(action: Action) -> int:
    """OpenSpiel's action id of a pass or a play: rank * 4 + suit, suits in order CDHS."""
    assert isinstance(action, Play | PassCard)
    return action.card.rank * 4 + SPIEL_SUITS.index(action.card.suit)


def start_hand(game: Any, views: list[HeartsView]) -> Any:
    """An OpenSpiel state with cardkit's pass direction and deal."""
    state = game.new_initial_state()
    deal = [PassCard(views[j % 4].hand[j // 4]) for j in range(52)]
    for action in (views[0].direction, *(spiel_id(a) for a in deal)):
        assert state.is_chance_node()
        assert action in dict(state.chance_outcomes()), f"OpenSpiel refuses chance {action}"
        state.apply_action(action)
    return state


def pick(legal: tuple[Action, ...], seat: int, shooter: int | None, rng: random.Random) -> Action:
    if shooter is None or (seat != shooter and isinstance(legal[0], PassCard)):
        return legal[rng.randrange(len(legal))]
    high = (seat == shooter) != isinstance(legal[0], PassCard)  # it passes its lowest
    return (max if high else min)(legal, key=lambda a: spiel_id(a) // 4)


def play_both(seed: int, seen: Counter[str]) -> None:
    """Play one seeded match in both engines, counting in ``seen`` the decisions compared,
    the hands, the moons shot and the hands of each pass direction."""
    options, shooter = scenario(seed)
    params = {k: v for k, v in options.items() if k != "target"}
    game = pyspiel.load_game("hearts", params)
    state = GAME.create(4, seed, options, auto_chance=False)
    assert isinstance(state, HeartsState)
    rng = random.Random(seed)
    spiel: Any = None
    while not state.is_over():
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply(CHANCE, state.sample_chance())
            continue
        if spiel is None:
            views = [state.view(s) for s in range(4)]
            spiel = start_hand(game, views)
        where = f"seed {seed}, step {len(state.history)}"
        assert spiel.current_player() == seat, where
        legal = state.legal_actions(seat)
        assert sorted(spiel_id(a) for a in legal) == sorted(spiel.legal_actions()), where
        action = pick(legal, seat, shooter, rng)
        state.apply(seat, action)
        spiel.apply_action(spiel_id(action))
        seen["decisions"] += 1
        view = state.view(0)
        ended = state.is_over() or view.hand_number != views[0].hand_number
        assert ended == spiel.is_terminal(), where
        if ended:
            gained = [a - b for a, b in zip(view.scores, views[0].scores, strict=True)]
            assert [26 - g for g in gained] == spiel.returns(), where
            seen["hands"] += 1
            seen[f"direction {views[0].direction}"] += 1
            seen["moons"] += sum(g >= 16 for g in gained) >= 3  # only a moon gives 3 seats 16
            spiel = None
    assert spiel is None, f"seed {seed}: OpenSpiel's hand did not end with cardkit's"


def test_same_legal_actions_and_scores_as_openspiel() -> None:
    seen: Counter[str] = Counter()
    for seed in range(MATCHES):
        play_both(seed, seen)
    assert seen["hands"] >= HANDS, seen
    assert seen["decisions"] >= seen["hands"] * 52
    assert all(seen[f"direction {d}"] >= 40 for d in range(4)), seen
    assert seen["moons"] >= 5, seen


def test_differential_covers_the_parameters() -> None:
    seen = [(GAME.make_options(o), shooter) for o, shooter in (scenario(s) for s in range(MATCHES))]
    defaults = GAME.make_options({})
    at_defaults = [o for o, _ in seen if attrs.evolve(o, target=defaults.target) == defaults]
    assert len(at_defaults) > MATCHES / 3
    for flag in FLAGS:
        assert {getattr(o, flag) for o, _ in seen} == {True, False}
    assert any(shooter is not None for _, shooter in seen)
