"""Writing files safely: atomically, never through a link, never over a file unasked.

Every file cardkit writes goes through :func:`write_file` (JSON through
:func:`cardkit.record.write_json`). The bytes go to a temporary file beside
the target, created exclusively (``O_EXCL | O_NOFOLLOW``), synced, then put in
place in one step:

- ``replace=False`` (a new file: arena results, match records) links the
  temporary file to the target name, which fails if *anything* is there by
  then, a file made by another run or by the user during this one included:
  ``FileExistsError``, and nothing is replaced;
- ``replace=True`` (a save written again at every step) renames it over the
  target, which must then be a regular file or absent: a symbolic link at the
  target is refused (``OSError`` ``ELOOP``), so the
  link's own target is never written through it. The file keeps the
  permissions it had.

A failed write (a full disk, a vanished folder, an interrupt) leaves the
previous file whole and no temporary file behind.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from pathlib import Path

NEW_FILE_MODE = 0o666
"""The mode a new file is created with, before the umask (as for any new file)."""


def _temporary(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")


def refuse_link(path: Path) -> None:
    """``OSError`` (``ELOOP``) if ``path`` is a symbolic link: cardkit never writes
    through one."""
    if os.path.islink(path):
        raise OSError(
            errno.ELOOP, "it is a symbolic link; cardkit does not write through links", str(path)
        )


def write_file(path: Path, payload: bytes, replace: bool = True) -> None:
    """Write ``payload`` to ``path`` atomically; see the module's text.

    ``replace=False``: ``FileExistsError`` if anything is at ``path`` when the file is
    put in place. ``replace=True``: ``OSError`` ``ELOOP`` if ``path`` is a symbolic link;
    an existing file keeps its permissions.
    """
    mode: int | None = None
    if replace:
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            pass
        else:
            if stat.S_ISLNK(st.st_mode):
                refuse_link(path)
            mode = stat.S_IMODE(st.st_mode)
    tmp = _temporary(path)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, NEW_FILE_MODE)
    try:
        try:
            if mode is not None:
                os.fchmod(fd, mode)
            view = memoryview(payload)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        if replace:
            os.replace(tmp, path)
        else:
            os.link(tmp, path, follow_symlinks=False)  # fails if anything is there now
            os.unlink(tmp)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def create_new(path: Path, mode: int = NEW_FILE_MODE) -> int:
    """Create ``path`` as a new empty file and return its open descriptor (read and
    write); ``FileExistsError`` if anything, a link included, is there."""
    return os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, mode)


def open_existing(path: Path) -> int:
    """Open the regular file ``path`` for reading and writing without following a link
    at it (``OSError`` ``ELOOP``) and without creating it."""
    fd = os.open(path, os.O_RDWR | os.O_NOFOLLOW | os.O_NONBLOCK)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd
