"""Game records: (game id, players, options, seed, actions) and their JSON form.

A record rebuilds its match exactly: :func:`replay` re-applies every recorded
step, chance included, checking each one's legality. A record may start from a
position (``"position"``: the full position, see :mod:`cardkit.positions`)
instead of the start of a match: its actions are then the steps taken from that
position on. A record without one is written exactly as before.

Every JSON file cardkit reads goes through :func:`read_json`, which bounds its
size (:data:`MAX_BYTES`) and nesting (:data:`MAX_DEPTH`) and answers any bad
file with one line; every JSON file it writes goes through :func:`write_json`,
which replaces the file atomically and leaves no temporary file behind.
"""

from __future__ import annotations

import errno
import itertools
import json
import os
import stat
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from cardkit.errors import CardkitError, ParseError, RecordError
from cardkit.events import Event, HandScored
from cardkit.files import write_file
from cardkit.options import OptionValue, as_dict
from cardkit.options import to_json as options_json

if TYPE_CHECKING:
    from cardkit.game import Game, State

FREE_NAMES = 1000
"""How many other names (``NAME-2.json`` on) :func:`write_new` tries."""

FORMAT = "cardkit-record"
VERSION = 1
FIELDS = (
    "format",
    "version",
    "game",
    "players",
    "seed",
    "options",
    "position",
    "actions",
    "meta",
)

MAX_BYTES = 64 * 1024 * 1024
"""The largest JSON file :func:`read_json` reads (64 MiB): a record of a long match is
well under a megabyte."""
MAX_DEPTH = 64
"""The deepest nesting of lists and objects :func:`read_json` accepts (a record needs 4)."""


@attrs.frozen(slots=True)
class Record:
    """Everything needed to rebuild a match; ``meta`` is free-form (bots, seats, notes).

    ``position``, when not None, is the position (JSON values) the match starts
    from, and ``actions`` are the steps taken after it.

    ``extra`` holds the top-level fields of a record file that this cardkit does
    not know (from a newer cardkit, or added by hand): they are written back as
    they were, so reading and saving a record loses nothing.
    """

    game: str
    players: int
    seed: int
    options: Mapping[str, OptionValue]
    actions: tuple[tuple[int, str], ...]
    meta: Mapping[str, Any] = attrs.field(factory=dict)
    extra: Mapping[str, Any] = attrs.field(factory=dict)
    position: Mapping[str, Any] | None = None

    @classmethod
    def of(cls, state: State, meta: Mapping[str, Any] | None = None) -> Record:
        """The record of ``state`` so far (starting from the position it was built from,
        if any: :attr:`State.start_position <cardkit.state.State.start_position>`).

        ``RecordError`` for a state that starts mid-match without a position (a world
        a game built directly from a view): its steps before cannot be recorded."""
        if state.step_offset and state.start_position is None:
            raise RecordError(
                f"this state starts at step {state.step_offset} without a position: "
                "it has no record (build it with game.from_position to record it)"
            )
        return cls(
            game=state.game.id,
            players=state.players,
            seed=state.seed,
            options=as_dict(state.options),
            actions=tuple((seat, str(action)) for seat, action in state.history),
            meta=dict(meta or {}),
            position=state.start_position,
        )

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (the known fields, then ``extra``'s)."""
        known = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": options_json(self.options),
            **({} if self.position is None else {"position": dict(self.position)}),
            "actions": [[seat, text] for seat, text in self.actions],
            "meta": dict(self.meta),
        }
        return known | {k: v for k, v in self.extra.items() if k not in known}

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Read a dict made by :meth:`to_json`; ``RecordError`` if it is not one."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f'not a cardkit record (expected "format": "{FORMAT}")')
        version = data.get("version")
        if type(version) is not int or version != VERSION:  # not True, not 1.0
            raise RecordError(
                f"cardkit record version {version!r} is not one this cardkit reads ({VERSION})"
            )
        missing = [k for k in ("game", "players", "seed", "options", "actions") if k not in data]
        if missing:
            raise RecordError(f"damaged cardkit record: no {', '.join(missing)}")
        game, options, actions = data["game"], data["options"], data["actions"]
        meta = data.get("meta") or {}
        if not isinstance(game, str):
            raise RecordError("damaged cardkit record: game must be a game id (text)")
        if not isinstance(options, dict):
            raise RecordError("damaged cardkit record: options must map names to values")
        if not isinstance(actions, list | tuple) or not all(_is_step(a) for a in actions):
            raise RecordError("damaged cardkit record: actions must be [seat, text] pairs")
        if not isinstance(meta, dict):
            raise RecordError("damaged cardkit record: meta must map names to values")
        position = data.get("position")
        if position is not None and not isinstance(position, dict):
            raise RecordError("damaged cardkit record: position must be a position (an object)")
        return cls(
            game=game,
            players=_whole(data["players"], "players"),
            seed=_whole(data["seed"], "seed"),
            options={k: tuple(v) if isinstance(v, list) else v for k, v in options.items()},
            actions=tuple((seat, text) for seat, text in actions),
            meta=dict(meta),
            extra={k: v for k, v in data.items() if k not in FIELDS},
            position=position,
        )

    def save(self, path: str | os.PathLike[str], make_folders: bool = True) -> None:
        """Write atomically (:func:`write_json`): a failed write leaves the previous
        file whole. Missing folders are made unless ``make_folders`` is false; an
        ``OSError`` (a full disk, a missing folder) is raised as it is."""
        target = Path(path)
        if make_folders:
            target.parent.mkdir(parents=True, exist_ok=True)
        write_json(target, self.to_json(), indent=1)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Record:
        """Read a record file; ``RecordError`` with one line if it is not one."""
        try:
            data = read_json(path, "a cardkit record")
        except ParseError as exc:
            raise RecordError(str(exc)) from None
        return cls.from_json(data)


def read_json(path: str | os.PathLike[str], what: str = "a JSON file") -> Any:
    """Read the JSON file ``path``; ``ParseError`` with one line if it is not ``what``.

    The one reader of cardkit's JSON files. It refuses, each with a line naming the
    file and the cause: a file it cannot read, one larger than :data:`MAX_BYTES`,
    one that is not UTF-8 text, JSON that is damaged or ends early (a truncated
    file), and lists or objects nested deeper than :data:`MAX_DEPTH`. Only a regular
    file is read: a FIFO, a device or a folder is refused without waiting on it (the
    file is opened non-blocking and checked before any read).
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise ParseError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ParseError(
                f"cannot read {path}: it is not a regular file (a folder, FIFO or device); "
                f"give the path of {what}"
            )
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as fh:
            raw = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ParseError(f"cannot read {path}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(raw) > MAX_BYTES:
        raise ParseError(
            f"{path} is not {what}: it is larger than {MAX_BYTES // (1024 * 1024)} MiB"
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ParseError(f"{path} is not {what} (not UTF-8 text, at byte {exc.start})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        if not text.strip():
            raise ParseError(f"{path} is not {what} (not JSON): it is empty") from None
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise ParseError(
                f"{path} is not {what} (not JSON): it ends early (truncated?)"
            ) from None
        raise ParseError(
            f"{path} is not {what} (not JSON): {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except RecursionError:  # deeper than the parser goes: far deeper than MAX_DEPTH
        deep = True
    except ValueError:  # a number with more digits than Python converts
        raise ParseError(
            f"{path} is not {what} (not JSON cardkit reads): a number too long"
        ) from None
    else:
        deep = _deeper_than(data, MAX_DEPTH)
    if deep:
        raise ParseError(f"{path} is not {what}: lists or objects nested deeper than {MAX_DEPTH}")
    return data


def _deeper_than(data: Any, limit: int) -> bool:
    """Whether ``data`` nests lists and objects more than ``limit`` deep (no recursion)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def write_json(path: Path, data: Any, indent: int = 2, replace: bool = True) -> None:
    """Write ``data`` as JSON atomically with :func:`cardkit.files.write_file`: a failed
    write leaves the previous file whole, a symbolic link at ``path`` is refused, a
    replaced file keeps its permissions, and with ``replace=False`` a file already at
    ``path`` (``FileExistsError``) is never replaced."""
    payload = (json.dumps(data, indent=indent) + "\n").encode("utf-8")
    write_file(path, payload, replace=replace)


def write_new(path: Path, data: Any, indent: int = 2) -> Path:
    """Write ``data`` as JSON to ``path``, never replacing anything: if the name is taken
    (even by a file made a moment ago), to the first free one of ``STEM-2.SUFFIX``,
    ``STEM-3.SUFFIX``... beside it. Returns the path written; ``OSError`` as
    :func:`~cardkit.record.write_json` raises it."""
    names = itertools.chain(
        [path],
        (path.with_name(f"{path.stem}-{n}{path.suffix}") for n in range(2, FREE_NAMES + 2)),
    )
    last = path
    for name in names:
        try:
            write_json(name, data, indent=indent, replace=False)
        except FileExistsError:
            last = name
            continue
        return name
    raise FileExistsError(errno.EEXIST, f"{path} and the next {FREE_NAMES} names are taken", last)


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"damaged cardkit record: {what} must be a whole number, not {value!r}")
    return value


def _is_step(step: Any) -> bool:
    return (
        isinstance(step, list | tuple)
        and len(step) == 2
        and isinstance(step[0], int)
        and not isinstance(step[0], bool)
        and isinstance(step[1], str)
    )


def start(record: Record, game: Game, events: bool = False) -> State:
    """The state before the first step of ``record`` (its position, if it has one);
    ``RecordError`` (``step`` None) if the record is for another game, its players or
    options are not valid, or its position cannot be set up or disagrees with its
    settings. With ``events``, the state records events."""
    if record.game != game.id:
        raise RecordError(f"record is for game {record.game!r}, not {game.id!r}")
    if record.position is not None:
        return _from_position(record, game, events)
    try:
        return game.create(
            record.players, record.seed, record.options, auto_chance=False, events=events
        )
    except CardkitError as exc:
        raise RecordError(f"record settings are not valid: {exc}") from None


def _from_position(record: Record, game: Game, events: bool) -> State:
    """The state of ``record``'s position, checked against the record's settings."""
    try:
        state = game.from_position(record.position, auto_chance=False, events=events)
    except CardkitError as exc:
        raise RecordError(f"the record's position cannot be set up: {exc}") from None
    settings = (state.players, state.seed, options_json(as_dict(state.options)))
    said = (record.players, record.seed, options_json(record.options))
    for name, have, given in zip(("players", "seed", "options"), settings, said, strict=True):
        if have != given:
            raise RecordError(f"the record gives {name} {given} but its position gives {have}")
    return state


def replay(
    record: Record,
    game: Game,
    on_step: Callable[[State, int, int, Any], None] | None = None,
    auto_chance_after: bool = True,
    after_step: Callable[[State, int, int, Any, tuple[Event, ...]], None] | None = None,
) -> State:
    """Rebuild the match of ``record``, checking every step.

    ``on_step(state_before, step, seat, action)`` is called before each step is
    applied, once the step is known to be legal; ``after_step(state, step, seat,
    action, events)`` after it, with the step's events (the state records them
    when ``after_step`` is given). Raises ``RecordError`` naming the step number
    (1-based), the action and the reason for the first step that is illegal or
    unreadable. With ``auto_chance_after``, the rebuilt state then deals on by
    itself.
    """
    state = start(record, game, events=after_step is not None)
    for step, (seat, text) in enumerate(record.actions, start=1):
        try:
            action = game.parse_record_action(seat, text, state)
            if on_step is not None:
                state.check(seat, action)  # on_step sees legal steps only
                on_step(state, step, seat, action)
            events = state.apply(seat, action)
        except CardkitError as exc:
            reason = getattr(exc, "reason", None) or str(exc)
            shown = text if len(text) <= 60 else text[:57] + "..."
            raise RecordError(f"step {step} ({shown!r} by seat {seat}): {reason}", step) from None
        if after_step is not None:
            after_step(state, step, seat, action, events)
    if auto_chance_after:
        state.auto_chance = True
        state.resolve_chance()
    return state


def hands_scored(record: Record, game: Game) -> list[HandScored]:
    """Every hand scored in the match of ``record``, in order, from the events of its
    replay (:func:`replay`)."""
    scored: list[HandScored] = []

    def collect(state: State, step: int, seat: int, action: Any, events: tuple[Event, ...]) -> None:
        scored.extend(e for e in events if isinstance(e, HandScored))

    replay(record, game, after_step=collect)
    return scored
