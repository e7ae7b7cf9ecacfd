"""Every cardkit game as a PettingZoo AEC environment (the optional extra ``cardkit[rl]``).

``env(game_id, players=..., options=..., render_mode=...)`` plays one match per
episode. Agents are ``player_0`` ... ``player_{n-1}`` (seat numbers). The
agent to act is the first seat of the core's ``to_act()``, exactly as
:func:`cardkit.runner.drive` asks them: a sealed choice (U.F.O.s' bid cards,
Tiny's picks) asks its seats one after another, each seeing only its own
pick; an out-of-turn response window (UNO's catch window) asks each seat
that may answer, before the seat whose turn it is. Chance steps are drawn by
the match itself, from the seed given to ``reset(seed=...)``.

Each agent observes a ``Dict`` of ``observation`` (the game's
:meth:`~cardkit.game.Game.observation_space`, as float32) and ``action_mask``
(int8 over the game's :meth:`~cardkit.game.Game.action_space`; all zero for an
agent that is not to act). Actions are indices into that space (``Discrete``).
Rewards (``rewards="score"``, the default): each step, every seat's change of
score (:meth:`~cardkit.state.State.scores`: at the end of each hand, and
for U.F.O.s when points are paid), the last at the match's end, so that a
seat's rewards add up to its final score (:meth:`~cardkit.state.State.result`)
less the score it started with; ``rewards="win"``: 0 until the end, then each
seat's share of the win (:meth:`~cardkit.game.Result.share`). ``render()``
gives the card table (:mod:`cardkit.table`) of the seat to act, as text.

This module alone imports numpy, gymnasium and pettingzoo.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Mapping
from typing import Any

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as exc:  # one line saying what to install, not a bare module name
    raise ImportError(
        f"cardkit.rl needs the rl extra ({exc.name} is missing): pip install 'cardkit[rl]'"
    ) from None

from cardkit.errors import OptionError
from cardkit.game import Game, State
from cardkit.registry import get_game
from cardkit.table import TableLayout, table_for

RENDER_MODES = ("ansi", "human")
REWARDS = ("score", "win")


def env(
    game_id: str | Game,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
    rewards: str = "score",
) -> CardkitEnv:
    """The AEC environment of one game at one player count (default: the game's) and
    options; ``OptionError`` or ``UnknownNameError`` (one line) for bad settings."""
    return CardkitEnv(game_id, players, options, render_mode, rewards)


class CardkitEnv(AECEnv):  # type: ignore[misc]
    """A cardkit game as a PettingZoo AEC environment; see the module docstring."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's own attribute
        "render_modes": list(RENDER_MODES),
        "name": "cardkit",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str | Game,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        rewards: str = "score",
    ) -> None:
        super().__init__()
        game = get_game(game_id) if isinstance(game_id, str) else game_id
        n = game.default_players if players is None else players
        game.check_players(n)
        record = game.make_options(options)
        game.check_options(n, record)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise OptionError(f"render_mode must be ansi, human or None, not {render_mode!r}")
        if rewards not in REWARDS:
            raise OptionError(f"rewards must be score or win, not {rewards!r}")
        self.game = game
        self.players = n
        self.options = dict(options or {})
        self.render_mode = render_mode
        self.reward_kind = rewards
        self.metadata = {**type(self).metadata, "name": f"cardkit_{game.id}"}
        self.actions = game.action_space(n, record)
        self.observer = game.observation_space(n, record)
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self.agent_name_mapping = {a: s for s, a in enumerate(self.possible_agents)}
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        -np.inf, np.inf, (self.observer.size,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (self.actions.size,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._action_spaces = {a: spaces.Discrete(self.actions.size) for a in self.possible_agents}
        self._seeds = random.Random()
        self.match: State | None = None
        self.agents: list[str] = []

    # -- spaces ---------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The ``Dict`` of ``observation`` (float32) and ``action_mask`` (int8)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(size)`` over the game's action space."""
        return self._action_spaces[agent]

    # -- the episode ------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a match: seeded ``seed``, or (without one) the next seed of the generator
        the last seed started."""
        if seed is not None:
            self._seeds = random.Random(seed)
            match_seed = seed
        else:
            match_seed = self._seeds.getrandbits(32)
        state = self.game.create(self.players, match_seed, self.options)
        self.match = state
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._scores = self._scores_now(state)
        self._zero = True
        self._bound = self.game.max_steps(self.players, state.options)
        self._select(state)

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation and action mask (zeros unless it is to act)."""
        state = self.match
        if state is None:
            raise RuntimeError("call reset() before using the environment")
        seat = self.agent_name_mapping[agent]
        floats = self.observer.observe(state, seat)
        if type(floats) is array and floats.typecode == "f":  # numpy reads it without a copy
            observation = np.frombuffer(floats, dtype=np.float32)
        else:
            observation = np.fromiter(floats, dtype=np.float32, count=self.observer.size)
        if agent == self.agent_selection and not state.is_over():
            mask = self.actions.mask_bytes(state.legal_actions(seat))
        else:
            mask = bytearray(self.actions.size)
        return {"observation": observation, "action_mask": np.frombuffer(mask, dtype=np.int8)}

    def step(self, action: Any) -> None:
        """Apply the action of index ``action`` for the agent to act (``None`` for an agent
        whose episode is over); ``IllegalActionError`` for an action it may not take,
        ``RuntimeError`` before :meth:`reset`."""
        state = self._state()  # before reset() there is no agent to act: say so
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.agent_name_mapping[agent]
        state.apply(
            seat, self.actions.action(int(action))
        )  # raises, changing nothing, unless legal
        self._cumulative_rewards[agent] = 0.0
        scored = self._reward(state)
        if state.is_over():
            for a in self.agents:
                self.terminations[a] = True
        elif len(state.history) > self._bound:
            for a in self.agents:
                self.truncations[a] = True
        self._select(state)
        if scored:
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The card table of the seat to act (the last seat to act once the match is over)
        as text; printed as well in ``human`` mode."""
        if self.render_mode is None:
            return None
        state = self._state()
        seat = self.agent_name_mapping.get(self.agent_selection, 0)
        text = table_text(table_for(self.game, state.view(seat), self.players))
        if state.is_over():
            result = state.result()
            scores = " ".join(f"{s:g}" for s in result.scores)
            winners = ", ".join(map(str, result.winners))
            text += f"\nmatch over: scores {scores}; winners {winners}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    # -- inside -----------------------------------------------------------------------------

    def _state(self) -> State:
        if self.match is None:
            raise RuntimeError("call reset() before using the environment")
        return self.match

    def _select(self, state: State) -> None:
        to_act = state.to_act()
        if to_act and to_act[0] >= 0:
            self.agent_selection = self.possible_agents[to_act[0]]
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def _scores_now(self, state: State) -> tuple[float, ...]:
        scores = state.scores()
        return (0.0,) * self.players if scores is None else scores

    def _reward(self, state: State) -> bool:
        """Set this step's rewards; False when they are all zero (nothing to add up)."""
        over = state.is_over()
        rewards = self.rewards
        if self.reward_kind == "win":
            if not over:
                return self._no_rewards()
            result = state.result()
            for s, a in enumerate(self.possible_agents):
                rewards[a] = result.share(s)
            self._zero = False
            return True
        now = state.result().scores if over else self._scores_now(state)
        before = self._scores
        if now == before:  # most steps score nothing
            return self._no_rewards()
        for s, a in enumerate(self.possible_agents):
            rewards[a] = float(now[s] - before[s])
        self._scores = now
        self._zero = False
        return True

    def _no_rewards(self) -> bool:
        if not self._zero:
            for a in self.possible_agents:
                self.rewards[a] = 0.0
            self._zero = True
        return False


def table_text(layout: TableLayout) -> str:
    """A card table as plain text: one line per seat, the trick, the last trick, the hand,
    the panels and the status."""
    lines = []
    for row in layout.seats:
        parts = [("> " if row.turn else "  ") + f"{row.label:<7}", "D" if row.dealer else " "]
        if row.held is not None:
            parts.append(f"{row.held} card{'s' if row.held != 1 else ''}")
        parts.extend(f"{name} {value}" for name, value in row.numbers)
        if row.note:
            parts.append(row.note)
        lines.append("  ".join(parts).rstrip())
    for title, plays in (("trick", layout.trick), ("last trick", layout.last_trick)):
        if plays:
            shown = "  ".join(
                f"{'you' if p.seat == layout.seat else f'seat {p.seat}'} {p.card.text}"
                + (f" {p.note}" if p.note else "")
                for p in plays
            )
            lines.append(f"{title}: {shown}")
    if layout.hand is not None:
        lines.append("hand: " + " ".join(c.text for c in layout.hand))
    lines.extend(f"{p.title}: {p.text}" for p in layout.panels)
    if layout.status:
        lines.append(layout.status)
    return "\n".join(lines)
