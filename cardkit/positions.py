"""Positions and sampled worlds: any moment of a match, and deals a seat cannot tell apart.

A *position* is a JSON object (``"format": "cardkit-position/2"``) with a
common part that every game shares and the game's own part under ``"state"``:

- ``game``, ``players``, ``options`` (as :func:`cardkit.options.to_json`
  writes them), ``seed`` and ``step`` (the steps taken so far, chance
  included): a state built from the position seeds its later chance steps
  from ``(seed, step number)``, exactly as the original would;
- ``dealer`` (a seat or null), ``to_act`` (the seats to act), ``scores``
  (the match totals per seat) and ``hand`` (the number of the hand, from 1).

A *seat's position* (``Game.position(state, seat)``) shows only what that
seat knows: it adds ``"seat"``, has a null ``seed`` (the seed decides every
deal) and :data:`UNKNOWN` for each card the seat cannot see. It is for
reading; only a full position can be set up.

Positions of the first version (``"cardkit-position/1"``) load as well: their
common part is the same, and :attr:`Common.version` tells a game which form of
its own part to read.

:meth:`Game.position <cardkit.game.Game.position>` writes one
(:func:`write_position`), :meth:`Game.from_position
<cardkit.game.Game.from_position>` builds the state back (refusing, with a
:class:`PositionError`, a position that breaks the rules: :func:`common_of`,
:func:`check_common`), and :meth:`Game.sample_world
<cardkit.game.Game.sample_world>` deals the cards one seat cannot see
(:func:`deal_world`). :func:`deal_hidden` is the uniform constrained deal games
may use for that (a list-shaped front to :mod:`cardkit.deals`), and
:func:`load_position` reads a position file with the bounded JSON reader.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from cardkit.actions import Action
from cardkit.cards import Card
from cardkit.deals import DealConstraints
from cardkit.errors import IllegalActionError, OptionError, ParseError
from cardkit.errors import PositionError as PositionError  # its old home: imported from here
from cardkit.options import to_json
from cardkit.record import read_json
from cardkit.zones import Holding, SeatCards

if TYPE_CHECKING:
    from cardkit.game import Game, State
    from cardkit.values import View

    W = TypeVar("W", bound=State)

FORMAT = "cardkit-position/2"
"""The format tag (and version) of a position."""

FORMATS = ("cardkit-position/1", FORMAT)
"""The format tags a position may have: version 1, then 2 (``Common.version``)."""

COMMON = (
    "format",
    "game",
    "players",
    "options",
    "seed",
    "step",
    "dealer",
    "to_act",
    "scores",
    "hand",
)
"""The keys of the common part, in the order a position is written."""

UNKNOWN = "?"
"""What a seat's position (``Game.position(state, seat)``) shows for a card it cannot see."""


@attrs.frozen(slots=True)
class Common:
    """The common part of a position, checked (see the module docstring)."""

    game: str
    players: int
    options: Any
    seed: int
    step: int
    dealer: int | None
    to_act: tuple[int, ...]
    scores: tuple[int, ...]
    hand: int
    version: int = 2
    """The position's format version (1 or 2): which form of its game part to read."""


def whole(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` as a whole number in ``low..high``, else a ``PositionError`` naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(f"{what} must be a whole number, not {value!r}")
    if low is not None and value < low:
        raise PositionError(f"{what} must be at least {low}, not {value}")
    if high is not None and value > high:
        raise PositionError(f"{what} must be at most {high}, not {value}")
    return value


def listed(value: Any, what: str) -> list[Any]:
    """``value`` as a list, else a ``PositionError`` naming ``what``."""
    if not isinstance(value, list):
        raise PositionError(f"{what} must be a list, not {type(value).__name__}")
    return value


def common_of(game: Game, data: Any) -> Common:
    """Check the common part of ``data`` for ``game``; ``PositionError`` with one line if bad."""
    if not isinstance(data, Mapping):
        raise PositionError("a position is a JSON object")
    if "seat" in data:
        raise PositionError(
            f"this is seat {data['seat']}'s position, with the cards it cannot see unknown: "
            "only a full position can be set up"
        )
    if data.get("format") not in FORMATS:
        raise PositionError(
            f"not a position: 'format' must be {FORMAT!r} (or {FORMATS[0]!r}), "
            f"not {data.get('format')!r}"
        )
    missing = [k for k in (*COMMON, "state") if k not in data]
    if missing:
        raise PositionError(f"position lacks {', '.join(repr(k) for k in missing)}")
    unknown = sorted(set(data) - {*COMMON, "state"})
    if unknown:
        raise PositionError(f"position has unknown keys {', '.join(repr(k) for k in unknown)}")
    if data["game"] != game.id:
        raise PositionError(f"position is for game {data['game']!r}, not {game.id!r}")
    players = whole(data["players"], "players")
    seed = whole(data["seed"], "seed")
    try:
        game.check_players(players)
        if not isinstance(data["options"], Mapping):
            raise OptionError("options must be an object")
        options = game.make_options(data["options"])
        game.check_options(players, options)
    except OptionError as exc:
        raise PositionError(f"position settings are not valid: {exc}") from None
    step = whole(data["step"], "step", 0)
    dealer = None if data["dealer"] is None else whole(data["dealer"], "dealer", 0, players - 1)
    to_act = tuple(
        whole(s, "a seat to act", -1, players - 1) for s in listed(data["to_act"], "to_act")
    )
    scores = listed(data["scores"], "scores")
    if len(scores) != players:
        raise PositionError(f"scores must list {players} seats, not {len(scores)}")
    points = tuple(whole(s, f"the score of seat {i}") for i, s in enumerate(scores))
    hand = whole(data["hand"], "hand", 1)
    version = FORMATS.index(data["format"]) + 1
    return Common(data["game"], players, options, seed, step, dealer, to_act, points, hand, version)


def write_position(game: Game, state: State, seat: int | None = None) -> dict[str, Any]:
    """The position of ``state`` as JSON values; with ``seat``, that seat's position (see
    :meth:`Game.position <cardkit.game.Game.position>`)."""
    if not game.has_positions:
        raise PositionError(f"{game.id} has no positions")
    dealer, scores, hand = state.position_summary()
    mine = {} if seat is None else {"seat": seat}
    return {
        "format": FORMAT,
        **mine,
        "game": game.id,
        "players": state.players,
        "options": to_json(state.options),
        "seed": state.seed if seat is None else None,
        "step": state.steps,
        "dealer": dealer,
        "to_act": list(state.to_act()),
        "scores": list(scores),
        "hand": hand,
        "state": state.position_part(seat),
    }


def check_common(state: State, common: Common) -> None:
    """Raise a ``PositionError`` unless ``state``, just built from a position, has the
    dealer, scores, hand and seats to act that the position's ``common`` part gives."""
    summary = state.position_summary()
    written = (common.dealer, common.scores, common.hand)
    for name, have, said in zip(("dealer", "scores", "hand"), summary, written, strict=True):
        if have != said:
            raise PositionError(f"{name} is {_shown(said)} but the position gives {_shown(have)}")
    if state.to_act() != common.to_act:
        raise PositionError(
            f"to_act is {_shown(common.to_act)} but the position gives {_shown(state.to_act())}"
        )


def _shown(value: Any) -> str:
    """A value of the common part as a position writes it (``[1, 2]``, ``null``)."""
    if isinstance(value, tuple):
        return "[" + ", ".join(map(str, value)) + "]"
    return "null" if value is None else str(value)


def load_position(path: str | os.PathLike[str]) -> Any:
    """The JSON of the position file ``path`` (read with the bounded reader).

    ``PositionError`` with one line for a file that cannot be read or is not JSON.
    """
    try:
        return read_json(path, "a cardkit position")
    except ParseError as exc:
        raise PositionError(str(exc)) from None


def game_part(part: Any, keys: Sequence[str]) -> Mapping[str, Any]:
    """The game's own part of a position (``"state"``), checked to hold exactly ``keys``;
    else a ``PositionError`` naming what is missing or unknown."""
    if not isinstance(part, Mapping):
        raise PositionError("the game's part ('state') must be an object")
    missing = [k for k in keys if k not in part]
    if missing:
        raise PositionError(f"the game's part lacks {', '.join(repr(k) for k in missing)}")
    unknown = sorted(set(part) - set(keys))
    if unknown:
        raise PositionError(f"the game's part has unknown keys {', '.join(map(repr, unknown))}")
    return part


def apply_checked(state: State, seat: int, action: Action, what: str) -> None:
    """Apply ``action`` for ``seat`` to a state being set up from a position; a
    ``PositionError`` saying ``what`` breaks which rule if the rules refuse it."""
    try:
        state.apply(seat, action)
    except IllegalActionError as exc:
        raise PositionError(f"{what} breaks the rules: {exc.reason}") from None


def card_of(text: Any, cards: Mapping[str, Card], what: str) -> Card:
    """The card whose text is ``text``, else a ``PositionError`` naming ``what``."""
    card = cards.get(text) if isinstance(text, str) else None
    if card is None:
        raise PositionError(f"{what}: {text!r} is not a card of this deck")
    return card


def deal_hidden(
    pool: Sequence[Card],
    sizes: Sequence[int],
    allowed: Sequence[Callable[[Card], bool] | None],
    rng: random.Random,
) -> list[list[Card]]:
    """Deal ``pool`` into places of ``sizes`` (which must sum to its length), uniformly
    among the deals where each place only holds cards its ``allowed`` test accepts
    (``None``: any card); each place's cards in a random order.

    Exact (:class:`cardkit.deals.DealConstraints`, places numbered from 0): it never
    gives up on a deal that exists, however unlikely. A ``PositionError``
    (:class:`~cardkit.deals.DealError`) saying why when no deal meets the tests.
    """
    places = dict(enumerate(sizes))
    tests = {i: test for i, test in enumerate(allowed) if test is not None}
    dealt = DealConstraints(pool, places, tests).sample(rng)
    return list(dealt.values())


def deal_world(
    game: Game[W],
    view: View,
    rng: random.Random,
    public: Callable[[View], W] | None,
    holdings: Sequence[Holding] = (),
) -> W:
    """A world for ``view``'s seat made from ``public`` (the game's
    :meth:`Game.public_state <cardkit.game.Game.public_state>`; None: it has none), as
    :meth:`Game.sample_world <cardkit.game.Game.sample_world>` makes it by default: the
    public state, made once per view (kept in ``view.cards.memo``) and copied, with its
    ``cards`` dealt by :meth:`SeatCards.deal <cardkit.zones.SeatCards.deal>`, a fresh
    seed from ``rng`` and any chance then due drawn. ``holdings``: inferences the deal
    keeps that a bar cannot say (:class:`~cardkit.zones.Holding`, one a zone), for a
    game whose ``sample_world`` calls this with some."""
    known = getattr(view, "cards", None)
    if public is None or not isinstance(known, SeatCards):
        raise PositionError(f"{game.id} has no sampled worlds (or this view has no cards)")
    base = known.memo
    if not isinstance(base, game.state) or base.game is not game:
        base = known.memo = public(view)
        base.auto_chance = True
    world = base.clone()
    world.seed = rng.getrandbits(32)
    world.cards = known.deal(rng, *holdings)  # type: ignore[attr-defined]
    world.resolve_chance()
    return world
