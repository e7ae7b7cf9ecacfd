"""Search bots for every game with sampled worlds: ``pimc`` and ``ismcts``.

Both decide from the seat's view alone: each sample is a full state dealt by
:meth:`Game.sample_world <cardkit.game.Game.sample_world>` from that view, and
everything else goes through the public protocol (``clone``, ``to_act``,
``legal_actions``, ``apply``, ``is_over``). A rollout plays a world on to the
game's *horizon* (:meth:`State.horizon <cardkit.state.State.horizon>`: the end of
the current hand in the built-in games) and scores it with
:meth:`State.value <cardkit.state.State.value>` (0 worst, 1 best), which is what
the bots maximise. Chance in a rollout is the world's own seeded chance; the
players' moves come from the bot's generator, so a bot seeded the same with a
budget in iterations (not seconds) always makes the same move.

- ``pimc`` (Perfect Information Monte Carlo, as GIB in bridge): for each
  sampled world, each legal action is applied to a copy and rolled out once.
  With random rollouts the action with the best mean value is played. With
  heuristic rollouts the search is a test of the heuristic's move: that move is
  played unless another beats it in the same worlds by more than ``keep``
  standard errors of the difference (:func:`challenger`), so that noise alone
  (a hand whose winner is mostly luck) does not turn a good move into a
  random one. With ``solve=N`` (0, off, by default), once every hand holds at
  most ``N`` cards each world's moves are valued by the exact open-card solver
  of :mod:`cardkit.endgame` instead of a rollout (GIB's double-dummy solver,
  for any game); a world it cannot solve within ``nodes`` actions applied (or
  at all: chance or several seats to act before the horizon) is rolled out,
  and so are the rest of that decision's worlds.
- ``ismcts`` (Information Set MCTS, Cowling, Powley and Whitehouse 2012; the
  single-observer form): one tree whose edges are actions, a fresh world per
  iteration, UCB1 over the children legal in that world, with the
  availability count (how often a child could be chosen) in place of the
  parent's visits; the most visited action at the root is played. With
  heuristic rollouts, a node's first untried move is the heuristic's move in
  that world (then the others at random), and of equally visited root moves
  the heuristic's is played: a search too short to tell the moves apart (five
  iterations over five moves, one noisy rollout each) plays as the game's own
  bot does, and a longer one leaves it only for a move that earned more
  visits. With ``keep`` above 0 (it is 0 by default) it must also have earned a
  better mean, by more than ``keep`` standard errors (:func:`leaves_prior`):
  ``pimc``'s test, over worlds that differ from move to move. Otherwise ties
  go to the best mean. The mean
  values in UCB1 are scaled to the spread of the values seen so far in this
  search (lowest 0, highest 1), so that ``c`` weighs exploration the same
  whether moves differ by a few hundredths of the 0-1 scale or by half of it.

Both take ``infer=K`` (1, off, by default): each world searched is one of ``K``
sampled, drawn in proportion to the game's
:meth:`Game.world_weight <cardkit.game.Game.world_weight>` (how likely the other
seats' choices are in it), for a game that declares one.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import attrs

from cardkit.actions import Action
from cardkit.bots import BaseBot
from cardkit.endgame import DEFAULT_NODES, EndgameSolver, largest_hand
from cardkit.errors import OptionError
from cardkit.game import Game, State, View
from cardkit.options import Option, OptionValue, decimal_number
from cardkit.seats import CHANCE


@attrs.frozen(slots=True)
class NumberOption(Option):
    """A bot parameter that is a decimal number from ``least`` to ``most`` (kept as its text)."""

    least: float = 0.0
    most: float = math.inf

    def allowed(self) -> str:
        if self.most == math.inf:
            return f"a number of at least {self.least:g}"
        return f"a number from {self.least:g} to {self.most:g}"

    def check(self, value: Any) -> OptionValue:
        if isinstance(value, bool) or not isinstance(value, int | float | str):
            raise self._error(value)
        try:  # text in ASCII digits only: other scripts' digits are no number here
            number = decimal_number(value) if isinstance(value, str) else float(value)
        except ValueError:
            raise self._error(value) from None
        if not self.least <= number <= self.most:  # NaN fails too
            raise self._error(value)
        return str(value).strip()


def _time_option() -> Option:
    return NumberOption(
        "time",
        "str",
        "0.5",
        "seconds per move when no iteration count is given",
        least=0.001,
        most=3600,
    )


def _rollout_option() -> Option:
    return Option(
        "rollout",
        "str",
        "auto",
        "how rollouts play: with the game's own heuristic bot, or uniformly at random "
        "(auto: the heuristic where the game has one, else random)",
        choices=("auto", "heuristic", "random"),
    )


def _infer_option() -> Option:
    return Option(
        "infer",
        "int",
        1,
        "worlds drawn for each one searched, the one kept drawn in proportion to how likely "
        "the others' choices are in it (the game's world_weight; 1: no inference)",
        low=1,
        high=64,
    )


Rollout = Callable[[State, int], None]
"""``rollout(world, horizon)``: play ``world`` on until its horizon moves or it is over."""


class SearchBot(BaseBot):
    """What both search bots share: the budget, the sampled worlds and the rollouts."""

    budget: ClassVar[str] = "iterations"
    """The name of the parameter that counts samples (0: as many as ``time`` allows)."""

    def __init__(self, game: Game, seat: int, seed: int, **params: Any) -> None:
        super().__init__(game, seat, seed, **params)
        if not game.has_worlds:
            raise OptionError(
                f"bot {self.name!r} needs sampled worlds, and {game.id} has none "
                "(it implements neither Game.sample_world nor Game.public_state)"
            )
        count = self.settings[self.budget]
        assert isinstance(count, int)
        self.count = count
        self.seconds = float(str(self.settings["time"]))
        kind = self.settings["rollout"]
        self.rollout_bots: dict[int, Any] = {}
        self.heuristic: type[Any] | None = None
        if kind == "auto":
            kind = "heuristic" if "heuristic" in game.bots else "random"
        if kind == "heuristic":
            self.heuristic = game.bots.get("heuristic")
            if self.heuristic is None:
                raise OptionError(
                    f"rollout=heuristic needs a heuristic bot, and {game.id} has none: "
                    "use rollout=random"
                )
        self.rollout: Rollout = self._heuristic_rollout if kind == "heuristic" else self._random
        infer = self.settings["infer"]
        assert isinstance(infer, int)
        if infer > 1 and not game.weighs_worlds:
            raise OptionError(
                f"infer={infer} needs a game that weighs its worlds (Game.world_weight), "
                f"and {game.id} does not: use infer=1"
            )
        self.infer = infer
        self.simulations = 0
        """Rollouts played so far (all decisions): for the benchmarks."""

    def world(self, view: View) -> State:
        """A world sampled from ``view``; with ``infer`` K above 1, one of K sampled, drawn
        in proportion to the game's :meth:`~cardkit.game.Game.world_weight` (the first
        when all weigh 0)."""
        sample, rng = self.game.sample_world, self.rng
        if self.infer == 1:
            return sample(view, rng)
        worlds = [sample(view, rng) for _ in range(self.infer)]
        weights = [self.game.world_weight(world, self.seat) for world in worlds]
        left = rng.random() * sum(weights)
        for world, weight in zip(worlds, weights, strict=True):
            if left < weight:
                return world
            left -= weight
        return worlds[0]

    def _more(self, done: int, deadline: float) -> bool:
        """Whether to take another sample: up to the count, else until the deadline."""
        if self.count:
            return done < self.count
        return done == 0 or time.perf_counter() < deadline

    def _random(self, world: State, horizon: int) -> None:
        """Uniformly random moves: no view is built, no event recorded."""
        draw = self.rng.random
        to_act = world.to_act
        legal_actions = world.legal_actions
        apply = world.apply
        at = world.horizon
        steps = world.game.max_steps(world.players, world.options)
        while steps > 0 and at() == horizon:
            acting = to_act()
            if not acting:  # the match is over
                return
            steps -= 1
            seat = acting[0]
            if seat == CHANCE:
                apply(CHANCE, world.sample_chance())
                continue
            legal = legal_actions(seat)
            apply(seat, legal[int(draw() * len(legal))])

    def _rollout_bot(self, seat: int) -> Any:
        """The heuristic bot that plays ``seat`` in every rollout (made on first use)."""
        bot = self.rollout_bots.get(seat)
        if bot is None:
            assert self.heuristic is not None
            bot = self.rollout_bots[seat] = self.heuristic(
                self.game, seat, self.rng.getrandbits(48)
            )
        return bot

    def _policy(self, world: State, seat: int, legal: Sequence[Action]) -> Action:
        """The heuristic's move for ``seat`` in ``world`` (one heuristic bot per seat)."""
        bot = self._rollout_bot(seat)
        view = world.view(seat) if getattr(bot, "reads_view", True) else View(seat, world.to_act())
        move: Action = bot.choose(view, legal)
        return move

    def _heuristic_rollout(self, world: State, horizon: int) -> None:
        steps = world.game.max_steps(world.players, world.options)
        while not world.is_over() and world.horizon() == horizon and steps > 0:
            steps -= 1
            seat = world.to_act()[0]
            if seat == CHANCE:
                world.apply(CHANCE, world.sample_chance())
                continue
            world.apply(seat, self._policy(world, seat, world.legal_actions(seat)))


class PimcBot(SearchBot):
    """Perfect Information Monte Carlo: every legal action rolled out (or, with ``solve``, in
    small endgames solved exactly) in sampled worlds."""

    name = "pimc"
    summary = "rolls out each legal move in sampled worlds; keeps the heuristic's unless beaten"
    games = None
    budget = "worlds"
    params: ClassVar[tuple[Option, ...]] = (
        Option("worlds", "int", 0, "worlds per move (0: as many as time allows)", low=0),
        _time_option(),
        _rollout_option(),
        _infer_option(),
        NumberOption(
            "keep",
            "str",
            "1.64",
            "with heuristic rollouts, the heuristic's move is played unless another beats it "
            "in the same worlds by more than this many standard errors (0: by any margin)",
            least=0,
            most=100,
        ),
        Option(
            "solve",
            "int",
            0,
            "once every hand holds at most this many cards, value each world's moves with the "
            "exact endgame solver instead of a rollout (0: never)",
            low=0,
        ),
        Option(
            "nodes",
            "int",
            DEFAULT_NODES,
            "the solver's budget per world, in actions applied; a world it cannot solve "
            "within it is rolled out",
            low=1,
        ),
    )

    def __init__(self, game: Game, seat: int, seed: int, **params: Any) -> None:
        super().__init__(game, seat, seed, **params)
        self.keep = float(str(self.settings["keep"]))
        solve = self.settings["solve"]
        nodes = self.settings["nodes"]
        assert isinstance(solve, int) and isinstance(nodes, int)
        self.solve = solve
        self.solver = EndgameSolver(nodes)
        self.solved = 0
        """Worlds valued by the exact solver so far (all decisions): for the benchmarks."""
        self.solving = False
        """Whether this decision still tries the solver (off after its first failure)."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """With heuristic rollouts, the heuristic's move unless another clearly beats it;
        with random ones, the best mean value over the worlds (:func:`challenger`)."""
        if len(legal) == 1:
            return legal[0]
        seat = self.seat
        base = 0
        if self.heuristic is not None:
            base = legal.index(self._rollout_bot(seat).choose(view, legal))
        values: list[list[float]] = []  # per world, each move's value
        deadline = time.perf_counter() + self.seconds
        self.solving = self.solve > 0
        while self._more(len(values), deadline):
            values.append(self.world_values(view, legal))
        keep = self.keep if self.heuristic is not None else 0.0
        return legal[challenger(values, base, keep)]

    def world_values(self, view: View, legal: Sequence[Action]) -> list[float]:
        """One world sampled from ``view``: the value for this seat of each of ``legal``,
        applied to a copy of the world and rolled out to its horizon; with ``solve`` on and
        every hand that small, the exact values of the rest of the hand (:mod:`cardkit.endgame`)
        where the solver finds them within its budget. Once it does not, the rest of the
        decision's worlds are rolled out: the worlds of one view are alike, and one budget
        at most is spent in vain per move."""
        world = self.world(view)
        seat = self.seat
        if self.solving and largest_hand(world) <= self.solve:
            solved = self.solver.action_values(world, seat, legal)
            if solved is not None:
                self.solved += 1
                return solved
            self.solving = False
        horizon = world.horizon()
        self.simulations += len(legal)
        row = []
        for action in legal:
            copy = world.clone()
            copy.apply(seat, action)
            self.rollout(copy, horizon)
            row.append(copy.value(seat, world))
        return row


def challenger(values: Sequence[Sequence[float]], base: int, keep: float) -> int:
    """The move ``pimc`` plays, from ``values[w][i]``, move ``i``'s value in world ``w``:
    ``base`` (the heuristic's move) unless another move's mean gain over it in the same
    worlds, less ``keep`` standard errors of that gain, is above 0; of several such, the
    one with the highest such bound (the first of equal ones). With ``keep`` 0 that is the
    best mean, ties going to ``base``; with ``keep`` above 0 one world never leaves it."""
    worlds = len(values)
    if keep > 0 and worlds < 2:
        return base
    best, top = base, 0.0
    for i in range(len(values[0])):
        if i == base:
            continue
        gains = [row[i] - row[base] for row in values]
        mean = sum(gains) / worlds
        bound = mean
        if keep > 0:
            spread = sum((g - mean) ** 2 for g in gains) / (worlds - 1)
            bound -= keep * math.sqrt(spread / worlds)
        if bound > top:
            best, top = i, bound
    return best


class _Node:
    """An edge of the ISMCTS tree: the action into it was taken by ``mover``."""

    __slots__ = ("avail", "children", "squares", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        """The sum of the values of the seat that chose this edge."""
        self.squares = 0.0
        """The sum of their squares (kept at the root's children only)."""


class IsmctsBot(SearchBot):
    """Information Set MCTS: one tree over the seat's information, a fresh world per iteration."""

    name = "ismcts"
    summary = "Information Set MCTS: UCT over sampled worlds, plays the most visited move"
    games = None
    budget = "iterations"
    params: ClassVar[tuple[Option, ...]] = (
        Option("iterations", "int", 0, "iterations per move (0: as many as time allows)", low=0),
        _time_option(),
        _rollout_option(),
        _infer_option(),
        NumberOption("c", "str", "0.7", "the UCB exploration constant", least=0, most=100),
        NumberOption(
            "keep",
            "str",
            "0",
            "with heuristic rollouts, the heuristic's move is played unless the most visited "
            "one's mean beats it by more than this many standard errors (0: no such test)",
            least=0,
            most=100,
        ),
    )

    def __init__(self, game: Game, seat: int, seed: int, **params: Any) -> None:
        super().__init__(game, seat, seed, **params)
        self.c = float(str(self.settings["c"]))
        self.keep = float(str(self.settings["keep"]))
        self.low = math.inf
        self.high = -math.inf
        """The lowest and highest values backed up in the current search."""
        self.prior: Action | None = None
        """The heuristic's move at the root of the current search (heuristic rollouts only)."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The most visited root action after the iterations; of equally visited ones the
        heuristic's (with heuristic rollouts), else the one with the best mean value. With
        ``keep`` above 0, the heuristic's move unless the most visited one clearly beats it
        (:func:`leaves_prior`)."""
        if len(legal) == 1:
            return legal[0]
        root = _Node()
        self.low = math.inf
        self.high = -math.inf
        self.prior = None
        clock = time.perf_counter
        start = clock()
        deadline = start + self.seconds
        timed = not self.count
        done = 0
        while self._more(done, deadline):
            self._iterate(root, view)
            done += 1
            if timed and done % 8 == 0 and _settled(root, done, start, clock(), deadline):
                break
        self.simulations += done
        prior = self.prior
        best = legal[0]
        most = (-1, False, -math.inf)
        for action in legal:
            child = root.children.get(action)
            if child is not None:
                key = (child.visits, action == prior, child.total / child.visits)
                if key > most:
                    best, most = action, key
        if self.keep > 0 and prior is not None and best != prior:
            held = root.children.get(prior)
            if held is not None and not leaves_prior(root.children[best], held, self.keep):
                return prior
        return best

    def _iterate(self, root: _Node, view: View) -> None:
        """One iteration: sample, select and expand in that world, roll out, back up."""
        start = self.world(view)
        world = start.clone()
        horizon = world.horizon()
        draw = self.rng.random
        c = self.c
        log = math.log
        sqrt = math.sqrt
        low = self.low
        spread = self.high - low
        scale = 1.0 / spread if spread > 0 else 0.0
        node = root
        path: list[tuple[_Node, int]] = []
        seat = self.seat
        while not world.is_over() and world.horizon() == horizon:
            seat = world.to_act()[0] if path else self.seat
            if seat == CHANCE:
                world.apply(CHANCE, world.sample_chance())
                continue
            legal = world.legal_actions(seat)
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                action = untried[int(draw() * len(untried))]
                if self.heuristic is not None:  # the heuristic's move is tried first
                    guess = self._policy(world, seat, legal)
                    if guess not in children:
                        action = guess
                    if not path and self.prior is None:
                        self.prior = guess
                children[action] = _Node()
                for a in legal:
                    child = children.get(a)
                    if child is not None:
                        child.avail += 1
                node = children[action]
                world.apply(seat, action)
                path.append((node, seat))
                break
            best: _Node | None = None
            chosen = legal[0]
            top = -math.inf
            for a in legal:
                child = children[a]
                child.avail += 1
                mean = (child.total / child.visits - low) * scale
                score = mean + c * sqrt(log(child.avail) / child.visits)
                if score > top:
                    top, best, chosen = score, child, a
            assert best is not None
            node = best
            world.apply(seat, chosen)
            path.append((node, seat))
        self.rollout(world, horizon)
        values: dict[int, float] = {}
        root.visits += 1
        for node, mover in path:
            value = values.get(mover)
            if value is None:
                value = values[mover] = world.value(mover, start)
                if value < self.low:
                    self.low = value
                if value > self.high:
                    self.high = value
            node.visits += 1
            node.total += value
        if path:
            value = values[path[0][1]]
            path[0][0].squares += value * value


def leaves_prior(best: _Node, prior: _Node, keep: float) -> bool:
    """Whether ``ismcts`` plays its most visited root move ``best`` rather than the heuristic's
    ``prior``: ``best``'s mean value is above ``prior``'s by more than ``keep`` standard errors
    of the difference (the two means are over different worlds, so their errors add); not
    with fewer than two visits to either, whose spread is unknown."""
    if best.visits < 2 or prior.visits < 2:
        return False
    gap = best.total / best.visits - prior.total / prior.visits
    error = math.sqrt(_variance(best) / best.visits + _variance(prior) / prior.visits)
    return gap - keep * error > 0


def _variance(node: _Node) -> float:
    """The sample variance of the values backed up through a root child."""
    n = node.visits
    return max(node.squares - node.total * node.total / n, 0.0) / (n - 1)


def _settled(root: _Node, done: int, start: float, now: float, deadline: float) -> bool:
    """Whether the most visited root move stays so in the time left (at the pace so far,
    ``done`` iterations from ``start`` to ``now``): its lead in visits is more than the
    iterations still to come, so they cannot change it."""
    first = second = 0
    for child in root.children.values():
        if child.visits > first:
            first, second = child.visits, first
        elif child.visits > second:
            second = child.visits
    left = (deadline - now) * done / max(now - start, 1e-9)
    return first - second > left
