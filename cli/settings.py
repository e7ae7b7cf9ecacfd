"""Settings shared by ``play`` and ``arena``: bot specs, seeds, options, players.

Every check here turns a user's mistake into one line and exit code 2.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardkit import seeds
from cardkit.bots import BotSpec
from cardkit.errors import CardkitError
from cardkit.game import Game, State
from cardkit.options import OptionValue, parse_assignments, resolve
from cardkit.registry import bots_for, check_bot_spec
from cli.common import fail


def new_seed() -> int:
    """A fresh seed for a run the user gave none (it is printed and recorded): 128 random
    bits, so that no bot can find it by trying seeds (:func:`cardkit.seeds.fresh`)."""
    return seeds.fresh()


def parse_specs(game: Game, specs: Sequence[str]) -> list[BotSpec]:
    """Parse and check bot specs for ``game``: one line and exit 2 for a bad one."""
    parsed: list[BotSpec] = []
    for text in specs:
        try:
            parsed.append(check_bot_spec(text, game))
        except CardkitError as exc:
            fail(str(exc))
        except Exception as exc:  # a bot constructor that rejects its parameters its own way
            fail(f"bot spec {text!r}: {exc}")
    return parsed


def default_bot(game: Game) -> str:
    """The game's own first bot, else ``random``."""
    return next(iter(game.bots), "random")


def check_players(game: Game, players: int) -> int:
    """``players`` if the game allows it, else one line and exit 2."""
    try:
        game.check_players(players)
    except CardkitError as exc:
        fail(str(exc))
    return players


def resolved_options(game: Game, items: Sequence[str]) -> dict[str, OptionValue]:
    """``--option KEY=VALUE`` texts checked and resolved to every option's value."""
    try:
        return resolve(game.options, parse_assignments(items), game.id)
    except CardkitError as exc:
        fail(str(exc))


def create_state(
    game: Game, players: int, seed: int, options: Mapping[str, Any], auto_chance: bool = True
) -> State:
    """A new match, or one line and exit 2 when the settings conflict."""
    try:
        return game.create(players, seed, options, auto_chance=auto_chance)
    except CardkitError as exc:
        fail(str(exc))


def bot_class(game: Game, spec: BotSpec) -> type[Any]:
    """The class a checked spec names (for building many bots without registry look-ups)."""
    return bots_for(game)[spec.name]
