"""Bots: the protocol, bot specs, and the seeded random bot.

A bot is made for one game, seat and seed, and answers
``choose(view, legal) -> action`` with one of the legal actions. It sees the
seat's view only, never the state. Its randomness comes from its own
``random.Random`` seeded at construction.

A bot class declares ``name``, ``summary``, ``games`` (game ids it plays, or
``None`` for every game) and ``params`` (its options, declared like game
options). Bots are registered through the ``cardkit.bots`` entry-point group,
or listed in a game's ``bots`` mapping.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable

import attrs

from cardkit import seeds
from cardkit.actions import Action
from cardkit.errors import OptionError
from cardkit.game import Game, View
from cardkit.options import Option, OptionValue, parse_assignments, resolve


@runtime_checkable
class Bot(Protocol):
    """What the runner needs from a bot."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` for the seat of ``view``."""
        ...


SHORTEST_MOVE_TIME = 0.001
LONGEST_MOVE_TIME = 86_400.0
"""The range of every time limit on a bot, in seconds (0 or None: no limit): a shorter
limit leaves a bot no time to move, a longer one overflows the move clock's timer."""


class BaseBot:
    """Convenient base: stores game, seat, checked ``settings`` and a seeded ``rng``."""

    name: ClassVar[str] = "bot"
    summary: ClassVar[str] = ""
    games: ClassVar[frozenset[str] | None] = None
    params: ClassVar[tuple[Option, ...]] = ()
    reads_view: ClassVar[bool] = True
    """False for bots that decide from the legal actions alone: runners then pass a
    bare ``View(seat, to_act)`` instead of building the seat's full view."""

    def __init__(self, game: Game, seat: int, seed: int, **params: Any) -> None:
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)
        self.settings: Mapping[str, OptionValue] = resolve(type(self).params, params, self.name)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:  # pragma: no cover
        """Pick one of ``legal`` for the seat of ``view``; subclasses implement it."""
        raise NotImplementedError


class RandomBot(BaseBot):
    """Chooses uniformly among the legal actions with its own seeded generator."""

    name = "random"
    summary = "picks uniformly at random among the legal actions"
    games = None
    reads_view = False

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """One of ``legal``, uniformly; ``view`` is not read."""
        return legal[int(self.rng.random() * len(legal))]


@attrs.frozen(slots=True)
class BotSpec:
    """A bot spec as typed: ``name`` or ``name:key=value,...``."""

    name: str
    params: Mapping[str, str] = attrs.field(factory=dict)

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        """Parse ``name`` or ``name:key=value,key=value``; an external bot is
        ``exec:COMMAND`` or ``exec[move=S,match=S]:COMMAND``."""
        if text.strip().startswith(("exec:", "exec[")):
            return cls._parse_exec(text)
        name, colon, rest = text.strip().partition(":")
        items = rest.split(",") if colon else []
        # "x:", "x:a=1,,b=2", "x:a": no name, or a parameter that is not KEY=VALUE
        keys = [item.partition("=")[0].strip() for item in items if "=" in item]
        if not name.strip() or len(keys) < len(items) or not all(keys):
            raise OptionError(f"bad bot spec {text!r}: write NAME or NAME:KEY=VALUE,...")
        try:
            params = parse_assignments(items)
        except OptionError as exc:  # a parameter given twice
            raise OptionError(f"bad bot spec {text!r}: {exc}") from None
        return cls(name.strip(), params)

    @classmethod
    def _parse_exec(cls, text: str) -> BotSpec:
        head, colon, command = text.strip().partition(":")
        limits = head[len("exec") :]
        shape = "write exec:COMMAND or exec[move=SECONDS,match=SECONDS]:COMMAND"
        if not colon or not command.strip() or (limits and not limits.endswith("]")):
            raise OptionError(f"bad bot spec {text!r}: {shape}")
        items = [i for i in limits[1:-1].split(",") if i.strip()] if limits else []
        keys = [item.partition("=")[0].strip() for item in items]
        if any("=" not in item for item in items) or not set(keys) <= {"move", "match"}:
            raise OptionError(f"bad bot spec {text!r}: the limits are move and match; {shape}")
        try:
            params = parse_assignments(items)
        except OptionError as exc:
            raise OptionError(f"bad bot spec {text!r}: {exc}") from None
        return cls("exec", {**params, "command": command.strip()})

    def __str__(self) -> str:
        if self.name == "exec" and "command" in self.params:
            limits = ",".join(f"{k}={v}" for k, v in self.params.items() if k != "command")
            head = f"exec[{limits}]" if limits else "exec"
            return f"{head}:{self.params['command']}"
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.params.items())


def bot_seed(seed: int, seat: int) -> int:
    """The seed a bot in ``seat`` gets in a match seeded ``seed``: 64 bits of a hash keyed
    with the match seed (:func:`cardkit.seeds.bot_seed`), distinct per seat, from which
    no bot can work out the match seed or another seat's seed."""
    return seeds.bot_seed(seed, seat)
