"""The tiny test game dressed for the CLI tests, and a ``cardkit`` that knows it.

``tiny-cli`` is tests/tinygame.py with two changes: one suit has a style (the
others get fallback colours), and it ships test bots that fail on purpose.

Run ``python -m tests.cli.tinycli ARGS`` (from the repository root) for the
``cardkit`` command line with ``tiny`` and ``tiny-cli`` registered: the pty
tests drive it as a person would.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardkit import Action, BaseBot, Deck, Option, View
from tests.tinygame import FACES, Pick, TinyGame, TinyOptions
from tests.tinygame import GAME as TINY

STYLED = Deck("tiny", FACES, styles={"a": "red"})
"""Tiny's deck (the same cards) with a style for suit a only."""


class FlakyBot(BaseBot):
    """Random, but raises on a choice with probability ``percent``."""

    name = "flaky"
    summary = "random, but gives up (raises) now and then"
    games = frozenset({"tiny-cli"})
    params = (
        Option("percent", "int", 0, "chance in percent that a choice raises", low=0, high=100),
    )

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if self.rng.random() * 100 < int(self.settings["percent"]):
            raise RuntimeError("flaky bot gave up")
        return legal[int(self.rng.random() * len(legal))]


class CrashBot(BaseBot):
    """Raises on its first choice."""

    name = "crash"
    summary = "raises on its first choice"
    games = frozenset({"tiny-cli"})

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        raise RuntimeError("crash bot always fails")


class IllegalBot(BaseBot):
    """Answers with an action that is never legal."""

    name = "illegal"
    summary = "answers pick sideways"
    games = frozenset({"tiny-cli"})

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return Pick("sideways")


class TinyCliGame(TinyGame):
    """Tiny with one suit style and failing test bots."""

    id = "tiny-cli"
    name = "Tiny CLI"
    bots: ClassVar[Mapping[str, type[Any]]] = {
        "flaky": FlakyBot,
        "crash": CrashBot,
        "illegal": IllegalBot,
    }

    def deck(self, players: int, options: TinyOptions) -> Deck:
        return STYLED


GAME = TinyCliGame()
GAMES = (TINY, GAME)


def main() -> None:
    """``cardkit`` with the tiny games registered."""
    from cardkit.registry import register_game
    from cli.app import main as cardkit

    for game in GAMES:
        register_game(game)
    cardkit()


if __name__ == "__main__":
    main()
