"""A play save's file: its first name, its exclusive creation, its lock, a failed write.

A ``cardkit play`` match is saved (atomically) after every step to one file;
a new save is created exclusively, so two matches never share a file, and a
session holds a :class:`SaveLock` on its file, so one save is played by one
process at a time.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
from datetime import datetime
from pathlib import Path
from types import TracebackType

from cardkit.files import create_new, open_existing
from cardkit.game import Game
from cli.common import cardkit_home

SAVE_MODE = 0o644  # a new save's mode (before the umask); a save written again keeps its own


def default_save_path(game: Game, seed: int) -> Path:
    """``CARDKIT_HOME/saves/<game>-<YYYYmmdd-HHMMSS>-seed<seed>.json`` for a new match.

    ``CARDKIT_HOME`` is ``~/.cardkit`` by default. This is the first choice of
    name only: :func:`create_unique_save` takes ``...-2.json``, ``...-3.json``
    and so on when it is taken, so two matches never share a file.
    """
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return cardkit_home() / "saves" / f"{game.id}-{stamp}-seed{seed}.json"


def create_save(path: Path, make_folders: bool = False) -> None:
    """Create ``path`` as a new empty file; ``FileExistsError`` if anything is there.

    The creation is exclusive (``O_EXCL``): a file, folder, device or link already
    at ``path`` is never replaced, and no other process can claim the same name.
    The session's saves then replace this empty file atomically. A missing folder
    is ``FileNotFoundError`` unless ``make_folders`` (for cardkit's own saves folder).
    """
    if make_folders:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except FileExistsError:  # a file where the folder should be: not a clash of names
            raise NotADirectoryError(
                errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(path.parent)
            ) from None
    os.close(create_new(path, SAVE_MODE))


def create_unique_save(path: Path) -> Path:
    """Create ``path`` as :func:`create_save` does (its folders made), or the first
    free ``<stem>-N<suffix>``.

    Tries ``path``, then ``<stem>-2<suffix>``, ``<stem>-3<suffix>``, ...; returns the
    one created, which no other process can have created too.
    """
    n = 1
    while True:
        candidate = path if n == 1 else path.with_name(f"{path.stem}-{n}{path.suffix}")
        try:
            create_save(candidate, make_folders=True)
        except FileExistsError:
            n += 1
            continue
        return candidate


class SaveInUse(Exception):
    """Another process holds the save's lock; ``holder`` is its process id, if known."""

    def __init__(self, path: Path, holder: int | None) -> None:
        self.path = path
        self.holder = holder
        by = f" (process {holder})" if holder is not None else ""
        super().__init__(
            f"{path} is in use: another `cardkit play`{by} is playing it; "
            "quit that one first, or continue a copy with --resume FILE --save OTHER"
        )


class SaveLock:
    """An exclusive lock on one save file, held while a session plays it.

    The lock is ``flock`` on ``.<name>.lock`` beside the save's resolved file (the
    save itself is replaced at every step, so it cannot carry the lock): a save
    reached through a symbolic link and through its real path has one lock. The
    lock file is never followed as a link nor written if it has other names (a
    hard link): either is refused with ``OSError``. The kernel releases the lock
    when the process ends in any way, ``kill -9`` included; a lock file left by
    such an end is simply locked again. :meth:`release` removes the lock file.
    """

    def __init__(self, save: Path) -> None:
        self.save = save
        resolved = Path(os.path.realpath(save))
        self.path = resolved.with_name(f".{resolved.name}.lock")
        self._fd: int | None = None

    def _open(self) -> int:
        """The lock file, created or opened without following a link at it."""
        while True:
            try:
                return create_new(self.path, SAVE_MODE)
            except FileExistsError:
                pass
            try:
                fd = open_existing(self.path)
            except FileNotFoundError:  # removed by its holder just now: create it
                continue
            except OSError as exc:
                if exc.errno != errno.ELOOP:
                    raise
                raise OSError(
                    errno.ELOOP,
                    f"its lock file {self.path} is a symbolic link; cardkit never writes "
                    "through one: remove the link",
                ) from None
            if os.fstat(fd).st_nlink != 1:
                os.close(fd)
                raise OSError(
                    errno.EMLINK,
                    f"its lock file {self.path} has other names (a hard link); "
                    "cardkit never writes to it: remove it",
                )
            return fd

    def acquire(self) -> None:
        """Take the lock; ``SaveInUse`` if another process holds it, ``OSError`` if the
        lock file cannot be made or is a link."""
        while True:
            fd = self._open()
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = _read_pid(fd)
                os.close(fd)
                raise SaveInUse(self.save, holder) from None
            except BaseException:
                os.close(fd)
                raise
            # a holder that let go just now removed the file first: lock the one on disk
            try:
                current = os.path.samestat(os.fstat(fd), os.lstat(self.path))
            except FileNotFoundError:
                current = False
            if current:
                break
            os.close(fd)
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd

    def release(self) -> None:
        """Remove the lock file and let go (removed first, while still held)."""
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            self.path.unlink()
        os.close(self._fd)
        self._fd = None

    def __enter__(self) -> SaveLock:
        self.acquire()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.release()


def _read_pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdecimal() else None


class SaveFailed(Exception):
    """A save could not be written: the line to show names the file, the cause and what
    the file still holds."""

    def __init__(self, path: Path, exc: OSError, saved: int | None) -> None:
        self.path = path
        self.cause = exc
        cause = exc.strerror or str(exc)
        if not path.parent.is_dir():
            cause += f" (its folder {path.parent} is gone)"
            kept = "nothing of this match is saved"
        elif saved is None:
            kept = "nothing of this match is saved"
        else:
            kept = (
                f"the file still holds the match up to step {saved} "
                f"(continue it with cardkit play --resume {path})"
            )
        super().__init__(f"cannot save {path}: {cause}; {kept}")
