"""The measured loops: cardkit driven by a seeded random choice, and the peers.

Every loop plays whole hands with uniformly random legal actions from a seeded
``random.Random`` and returns what the figure counts (hands or decisions).
Peers are imported lazily; :func:`peer_version` says whether one is installed.
"""

from __future__ import annotations

import importlib.metadata
import random
from collections.abc import Mapping
from typing import Any

from cardkit.bots import RandomBot, bot_seed
from cardkit.game import Game, State
from cardkit.match import Scoreboard
from cardkit.runner import play_match


def peer_version(dist: str) -> str | None:
    """The installed version of a peer distribution, or None."""
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def load_game(game_id: str) -> Game | str:
    """The registered cardkit game, or a one-line reason why it is not available."""
    from cardkit.registry import get_game

    try:
        return get_game(game_id)
    except Exception as exc:
        why = str(exc).splitlines()[0].split("failed to load: ", 1)[-1]
        return why[:70]


# -- cardkit ------------------------------------------------------------------------


def hands_played(state: State) -> int:
    """Hands scored in a finished match: its ``board`` (a core Scoreboard) counts them."""
    board = getattr(state, "board", None)
    return board.hands_played if isinstance(board, Scoreboard) else 1


class CardkitHands:
    """Hands of a cardkit game played by the plain driver loop.

    One call plays ``n`` matches with seeds ``0..n-1`` (the options make a
    match a single hand where the game allows it), choosing actions with one
    ``random.Random`` seeded for the batch, and returns the hands played (as
    the match's scoreboard counts them) or the decisions (non-chance steps).
    """

    def __init__(
        self, game: Game, players: int, options: Mapping[str, Any], count: str = "hands"
    ) -> None:
        self.game = game
        self.players = players
        self.options = dict(options)
        self.count = count

    def __call__(self, n: int) -> float:
        create = self.game.create
        players = self.players
        options = self.options
        randrange = random.Random(n).randrange  # one generator per batch, as on the peers' side
        decisions = 0
        hands = 0
        for seed in range(n):
            state = create(players, seed, options)
            while not state.is_over():
                seat = state.to_act()[0]
                legal = state.legal_actions(seat)
                state.apply(seat, legal[randrange(len(legal))])
                decisions += 1
            hands += hands_played(state)
        return float(decisions if self.count == "decisions" else hands)


class _NullState:
    """A state with the driver's protocol and no rules: ``to_act``, ``legal_actions``
    (eight fixed actions) and ``apply`` (an identity check against them, as the core
    does, and a count); the match ends after ``length`` decisions."""

    __slots__ = ("done", "legal", "length", "seats")

    def __init__(self, length: int) -> None:
        self.seats = (0,)
        self.legal = tuple(object() for _ in range(8))
        self.done = 0
        self.length = length

    def is_over(self) -> bool:
        return self.done >= self.length

    def to_act(self) -> tuple[int, ...]:
        return self.seats

    def legal_actions(self, seat: int) -> tuple[object, ...]:
        return self.legal

    def apply(self, seat: int, action: object) -> None:
        for allowed in self.legal:
            if allowed is action:
                break
        else:
            raise ValueError(action)
        self.done += 1


class DriverFloor:
    """The plain driver loop over a state that does nothing: decisions/s.

    The fastest any pure-Python game can be played by the loop of
    :class:`CardkitHands`: what is left of a decision's time for the rules.
    """

    def __call__(self, n: int) -> float:
        randrange = random.Random(n).randrange
        decisions = 0
        for _ in range(n):
            state = _NullState(1000)
            while not state.is_over():
                seat = state.to_act()[0]
                legal = state.legal_actions(seat)
                state.apply(seat, legal[randrange(len(legal))])
                decisions += 1
        return float(decisions)


class CardkitRunner:
    """Matches played through ``cardkit.runner.play_match`` with the random bot.

    This is what ``cardkit arena`` does per match: it builds every view the
    bots see. Returns hands or decisions like :class:`CardkitHands`.
    """

    def __init__(
        self, game: Game, players: int, options: Mapping[str, Any], count: str = "hands"
    ) -> None:
        self.game = game
        self.players = players
        self.options = dict(options)
        self.count = count

    def __call__(self, n: int) -> float:
        decisions = 0
        hands = 0
        for seed in range(n):
            bots = [RandomBot(self.game, s, bot_seed(seed, s)) for s in range(self.players)]
            outcome = play_match(self.game, bots, seed, self.options)
            decisions += sum(1 for seat, _ in outcome.state.history if seat >= 0)
            hands += hands_played(outcome.state)
        return float(decisions if self.count == "decisions" else hands)


def per_match(game: Game, players: int, options: Mapping[str, Any], matches: int) -> str:
    """Mean decisions (non-chance steps) and hands per match over seeded matches."""
    decisions = CardkitHands(game, players, options, "decisions")(matches) / matches
    hands = CardkitHands(game, players, options, "hands")(matches) / matches
    return f"{decisions:.1f} decisions and {hands:.2f} hands per match"


# -- OpenSpiel ----------------------------------------------------------------------


class OpenSpielHands:
    """OpenSpiel hands driven from Python: ``legal_actions()``, a random choice,
    ``apply_action()``; chance outcomes sampled uniformly.

    With ``chance_by_legal``, a chance node is played like any other node (a
    random pick of ``legal_actions()``, uniform like oh_hell's deal), which is
    OpenSpiel's fastest Python loop: no list of (outcome, probability) pairs.
    """

    def __init__(
        self, name: str, params: Mapping[str, Any], seed: int = 0, chance_by_legal: bool = False
    ) -> None:
        import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

        self.game = pyspiel.load_game(name, dict(params))
        self.rng = random.Random(seed)
        self.hands = 0
        self.decisions = 0
        self.chance_by_legal = chance_by_legal

    def __call__(self, n: int) -> float:
        if self.chance_by_legal:
            return self._by_legal(n)
        randrange = self.rng.randrange
        new_state = self.game.new_initial_state
        decisions = 0
        for _ in range(n):
            state = new_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[randrange(len(outcomes))][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[randrange(len(legal))])
                    decisions += 1
        self.hands += n
        self.decisions += decisions
        return float(n)

    def _by_legal(self, n: int) -> float:
        randrange = self.rng.randrange
        new_state = self.game.new_initial_state
        decisions = 0
        for _ in range(n):
            state = new_state()
            while not state.is_terminal():
                legal = state.legal_actions()
                if not state.is_chance_node():
                    decisions += 1
                state.apply_action(legal[randrange(len(legal))])
        self.hands += n
        self.decisions += decisions
        return float(n)


# -- RLCard -------------------------------------------------------------------------


class RLCardEnvRun:
    """RLCard UNO through ``env.run`` with random agents; returns decisions.

    ``rlcard.make`` ignores ``game_num_players`` for UNO, so the player count
    is set on the game (and the env) directly. The random agents draw from
    the global numpy generator, which is seeded here (RLCard's own way).
    """

    def __init__(self, players: int, seed: int = 0) -> None:
        import numpy as np
        import rlcard  # type: ignore[import-not-found,import-untyped,unused-ignore]
        from rlcard.agents import RandomAgent  # type: ignore[import-not-found,import-untyped,unused-ignore]

        env = rlcard.make("uno", config={"seed": seed})
        env.game.num_players = players
        env.num_players = players
        env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(players)])
        np.random.seed(seed)
        self.env = env
        self.hands = 0
        self.decisions = 0

    def __call__(self, n: int) -> float:
        env = self.env
        decisions = 0
        for _ in range(n):
            env.run(is_training=False)
            decisions += len(env.action_recorder)
        self.hands += n
        self.decisions += decisions
        return float(decisions)


class RLCardBare:
    """RLCard's bare ``UnoGame`` loop: ``get_legal_actions()``, a seeded random
    choice, ``step()``; returns decisions."""

    def __init__(self, players: int, seed: int = 0) -> None:
        import numpy as np
        from rlcard.games.uno.game import UnoGame  # type: ignore[import-not-found,import-untyped,unused-ignore]

        self.game = UnoGame(num_players=players)
        self.game.np_random = np.random.RandomState(seed)
        self.rng = random.Random(seed)
        self.hands = 0
        self.decisions = 0

    def __call__(self, n: int) -> float:
        game = self.game
        randrange = self.rng.randrange
        decisions = 0
        for _ in range(n):
            game.init_game()
            while not game.is_over():
                legal = game.get_legal_actions()
                game.step(legal[randrange(len(legal))])
                decisions += 1
        self.hands += n
        self.decisions += decisions
        return float(decisions)
