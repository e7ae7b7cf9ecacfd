"""An exact solver for the rest of a hand of any game, with every card open.

Given a full state (a sampled world, in which every seat's cards are known),
:class:`EndgameSolver` plays the rest of the current hand (until
:meth:`State.horizon <cardkit.state.State.horizon>` moves or the match is over)
through every line of play, through the public protocol only (``clone``,
``to_act``, ``legal_actions``, ``apply``, ``horizon``, ``is_over``, ``value``),
and returns the value :meth:`State.value <cardkit.state.State.value>` gives the
solving seat at the horizon.

The search is *paranoid* alpha-beta: the solving seat maximises its value and
every other seat minimises it, as if they played together against it. For
two sides (two players, or partnerships) that is the game's exact minimax
value; for several players it is the standard endgame solver of PIMC in
trick games (the double-dummy assumption of GIB and Kermit), a lower bound
on what the seat can make whatever the others do.

What keeps it fast while exact: alpha-beta with fail-soft bounds; move
ordering (the move that was best or cut off last at the same depth first,
the killer move, then the moves by how often they cut off, the history
heuristic); the last move of a node played on the node's own copy (one
``clone`` fewer per node, none for a forced move); the solver's copy does
not resolve chance by itself (``auto_chance`` off), so the end of a hand is
valued without dealing the next one. Left out: merging equivalent moves
(cards of adjacent ranks), which the protocol does not expose, and a
transposition table, which needs a key that identifies a position, and no
generic one does (a view or position names the tricks played, so transposed
lines never meet).

A state is solvable only when one seat acts at a time and chance does not
act before the horizon: several seats to act (a sealed choice, a response
window) or a shuffle inside the hand refuse the solve. A card pile whose
order is part of the state (a draw pile in a world) is as open as the other
hidden cards of a world, and is solved as such. A node budget bounds the
work: once it is spent the solve stops and says so, and the caller falls
back to rollouts.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from cardkit.actions import Action
from cardkit.seats import CHANCE
from cardkit.state import State

DEFAULT_NODES = 20_000
"""The default budget: the most actions applied in one solve."""

MAX_DEPTH = 400
"""The most actions one line of play may take (Python's recursion stays far below its limit)."""


class Unsolvable(Exception):
    """Why a solve stopped: ``reason`` is ``"chance"``, ``"simultaneous"``, ``"budget"``,
    ``"depth"`` or ``"over"`` (see :attr:`EndgameSolver.reason`)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class EndgameSolver:
    """Paranoid alpha-beta over the rest of the hand (see the module docstring).

    ``max_nodes`` is the budget of one call, in actions applied. After each call
    :attr:`nodes` says how many were, and :attr:`reason` why it returned None
    (``""`` when it solved). The solver is deterministic: the same state gives
    the same answer after the same work.
    """

    def __init__(self, max_nodes: int = DEFAULT_NODES) -> None:
        if max_nodes < 1:
            raise ValueError(f"max_nodes must be at least 1, not {max_nodes}")
        self.max_nodes = max_nodes
        self.nodes = 0
        """Actions applied by the last call (chance steps included)."""
        self.reason = ""
        """Why the last call returned None: ``chance`` (chance acts before the horizon),
        ``simultaneous`` (several seats to act), ``budget`` (``max_nodes`` spent), ``depth``
        (a line longer than :data:`MAX_DEPTH`), ``over`` (nobody acts: the match is over);
        ``""`` after a solve."""
        self._seat = 0
        self._start: State | None = None
        self._horizon = 0
        self._killers: list[Action | None] = []
        self._history: dict[Action, int] = {}

    def value(self, state: State, seat: int) -> float | None:
        """``seat``'s value of the rest of the hand from ``state`` (every seat playing
        perfectly, the others against ``seat``), or None when it cannot be solved
        (:attr:`reason` says why). ``state`` is not changed."""
        root = self._begin(state, seat)
        if root is None:
            return None
        try:
            return self._search(root, 0, -math.inf, math.inf)
        except Unsolvable as stop:
            self.reason = stop.reason
            return None

    def action_values(
        self, state: State, seat: int, actions: Sequence[Action] | None = None
    ) -> list[float] | None:
        """``seat``'s value of each of ``actions`` (by default every legal action) of the
        seat to act in ``state``, each solved exactly as :meth:`value` does; None when any
        cannot be (one budget covers them all). ``state`` is not changed."""
        root = self._begin(state, seat)
        if root is None:
            return None
        mover = root.to_act()[0]
        moves = root.legal_actions(mover) if actions is None else actions
        values: list[float] = []
        try:
            for action in moves:
                child = root.clone()
                self._step(child, mover, action)
                if child.is_over() or child.horizon() != self._horizon:
                    values.append(child.value(seat, state))
                else:
                    values.append(self._search(child, 1, -math.inf, math.inf))
        except Unsolvable as stop:
            self.reason = stop.reason
            return None
        return values

    def _begin(self, state: State, seat: int) -> State | None:
        """Reset the tables and check the root; the solver's own copy of ``state``."""
        self.nodes = 0
        self.reason = ""
        self._seat = seat
        self._start = state
        self._horizon = state.horizon()
        self._killers = [None] * (MAX_DEPTH + 1)
        self._history = {}
        acting = state.to_act()
        if not acting or state.is_over():
            self.reason = "over"
        elif len(acting) > 1:
            self.reason = "simultaneous"
        elif acting[0] == CHANCE:
            self.reason = "chance"
        if self.reason:
            return None
        root = state.clone()
        root.auto_chance = False  # chance shows as CHANCE to act, and is refused in the hand
        return root

    def _step(self, state: State, seat: int, action: Action) -> None:
        """Apply ``action`` for ``seat``, counting it against the budget."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise Unsolvable("budget")
        state.apply(seat, action)

    def _search(self, state: State, depth: int, alpha: float, beta: float) -> float:
        """The paranoid value of ``state``, a position before the horizon that this call may
        change, within ``alpha`` and ``beta`` (fail-soft: a bound outside them)."""
        if depth >= MAX_DEPTH:
            raise Unsolvable("depth")
        acting = state.to_act()
        if len(acting) != 1:
            raise Unsolvable("simultaneous" if acting else "over")
        mover = acting[0]
        seat = self._seat
        start = self._start
        assert start is not None
        horizon = self._horizon
        if mover == CHANCE:  # the deal after the hand ends it; any other chance is refused
            self._step(state, CHANCE, state.sample_chance())
            if state.is_over() or state.horizon() != horizon:
                return state.value(seat, start)
            raise Unsolvable("chance")
        legal = state.legal_actions(mover)
        if not legal:
            raise Unsolvable("over")
        moves = self._ordered(legal, depth)
        maximise = mover == seat
        best = -math.inf if maximise else math.inf
        best_move = moves[0]
        last = len(moves) - 1
        for i, action in enumerate(moves):
            child = state if i == last else state.clone()
            self._step(child, mover, action)
            if child.is_over() or child.horizon() != horizon:
                value = child.value(seat, start)
            else:
                value = self._search(child, depth + 1, alpha, beta)
            if maximise:
                if value > best:
                    best, best_move = value, action
                    if value > alpha:
                        alpha = value
            elif value < best:
                best, best_move = value, action
                if value < beta:
                    beta = value
            if alpha >= beta:
                self._history[action] = self._history.get(action, 0) + (last - i + 1)
                break
        self._killers[depth] = best_move
        return best

    def _ordered(self, legal: Sequence[Action], depth: int) -> Sequence[Action]:
        """``legal`` in the order to try: the killer at ``depth`` first, then by the
        history heuristic (ties in the game's order)."""
        if len(legal) == 1:
            return legal
        history = self._history
        moves = sorted(legal, key=lambda a: -history.get(a, 0)) if history else list(legal)
        killer = self._killers[depth]
        if killer is not None and killer != moves[0] and killer in moves:
            moves.remove(killer)
            moves.insert(0, killer)
        return moves


def largest_hand(state: State) -> int:
    """The most cards one seat holds, over ``state``'s zones named ``hand N`` (the core's
    name for a seat's hand, :class:`~cardkit.zones.Zone`) and ``hand N, known to ...``
    (the part of it others know); 0 when it has none."""
    sizes: dict[str, int] = {}
    for zone in state.zones():
        if zone.name.startswith("hand "):
            hand = zone.name.partition(",")[0]
            sizes[hand] = sizes.get(hand, 0) + len(zone.cards)
    return max(sizes.values(), default=0)


def solve(state: State, seat: int, max_nodes: int = DEFAULT_NODES) -> float | None:
    """``seat``'s exact (paranoid) value of the rest of the hand from the open ``state``, or
    None when it is not solvable within ``max_nodes`` (see :class:`EndgameSolver`)."""
    return EndgameSolver(max_nodes).value(state, seat)
