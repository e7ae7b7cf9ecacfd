"""Game records: (game id, players, options, seed, actions) and their JSON form.

A record rebuilds its match exactly: :func:`replay` re-applies every recorded
step, chance included, checking each one's legality.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import attrs

from cardkit.errors import CardkitError, RecordError
from cardkit.game import Game, State
from cardkit.options import OptionValue, as_dict
from cardkit.options import to_json as options_json

FORMAT = "cardkit-record"
VERSION = 1


@attrs.frozen(slots=True)
class Record:
    """Everything needed to rebuild a match; ``meta`` is free-form (bots, seats, notes)."""

    game: str
    players: int
    seed: int
    options: Mapping[str, OptionValue]
    actions: tuple[tuple[int, str], ...]
    meta: Mapping[str, Any] = attrs.field(factory=dict)

    @classmethod
    def of(cls, state: State, meta: Mapping[str, Any] | None = None) -> Record:
        """The record of ``state`` so far."""
        return cls(
            game=state.game.id,
            players=state.players,
            seed=state.seed,
            options=as_dict(state.options),
            actions=tuple((seat, str(action)) for seat, action in state.history),
            meta=dict(meta or {}),
        )

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": options_json(self.options),
            "actions": [[seat, text] for seat, text in self.actions],
            "meta": dict(self.meta),
        }

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
        return cls(
            game=game,
            players=_whole(data["players"], "players"),
            seed=_whole(data["seed"], "seed"),
            options={k: tuple(v) if isinstance(v, list) else v for k, v in options.items()},
            actions=tuple((seat, text) for seat, text in actions),
            meta=dict(meta),
        )

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write atomically: a crash mid-write leaves the previous file whole."""
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        write_json(target, self.to_json(), indent=1)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Record:
        """Read a record file; ``RecordError`` with one line if it is not one."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{path} is not a cardkit record (not UTF-8 text)") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            raise RecordError(f"{path} is not a cardkit record (not JSON)") from None
        return cls.from_json(data)


def write_json(path: Path, data: Any, indent: int = 2) -> None:
    """Write ``data`` as JSON atomically: a temporary file beside ``path``, synced, then
    renamed over it, so a crash leaves the previous file whole. The file gets the
    permissions of a plainly created one (the umask applies, as for any new file)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=indent)
            fh.write("\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


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


def replay(
    record: Record,
    game: Game,
    on_step: Callable[[State, int, int, Any], None] | None = None,
    auto_chance_after: bool = True,
) -> State:
    """Rebuild the match of ``record``, checking every step.

    ``on_step(state_before, step, seat, action)`` is called before each step is
    applied, once the step is known to be legal. Raises ``RecordError`` naming
    the step number (1-based), the action and the reason for the first step
    that is illegal or unreadable. With ``auto_chance_after``, the rebuilt
    state then deals on by itself.
    """
    if record.game != game.id:
        raise RecordError(f"record is for game {record.game!r}, not {game.id!r}")
    try:
        state = game.create(record.players, record.seed, record.options, auto_chance=False)
    except CardkitError as exc:
        raise RecordError(f"record settings are not valid: {exc}") from None
    for step, (seat, text) in enumerate(record.actions, start=1):
        try:
            action = game.parse_record_action(seat, text, state)
            if on_step is not None:
                state.check(seat, action)  # on_step sees legal steps only
                on_step(state, step, seat, action)
            state.apply(seat, action)
        except CardkitError as exc:
            reason = getattr(exc, "reason", None) or str(exc)
            shown = text if len(text) <= 60 else text[:57] + "..."
            raise RecordError(f"step {step} ({shown!r} by seat {seat}): {reason}", step) from None
    if auto_chance_after:
        state.auto_chance = True
        state.resolve_chance()
    return state
