"""An exclusive lock on a file across processes, held around a read-modify-write.

Two ``data-mcp config install`` runs into one config (a setup script installing several servers
at once) would otherwise both read the old file and the second write would drop the first one's
entry. :func:`file_lock` holds an OS lock on ``.<name>.lock`` in the file's folder:

- POSIX: ``fcntl.flock``. The lock file is removed on release while the lock is still held; a
  process that was waiting then holds a lock on a file that no longer has that name, sees it
  (the path names another file, or none) and starts over, so two processes never both hold it.
- Windows: ``msvcrt.locking`` on the lock file's first byte. The file is removed after release
  only when no other process has it open: Windows refuses to delete an open file, and a waiter
  always has it open.
- A file system that has no locks (some network shares answer ``ENOLCK``): the work goes on
  unlocked, as it did before locks existed; nothing else can be done there.

Waiting is bounded: :class:`LockTimeoutError` after ``timeout`` seconds.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

__all__ = ["LockTimeoutError", "file_lock", "lock_path"]

_UNSUPPORTED = {getattr(errno, name) for name in ("ENOLCK", "EOPNOTSUPP", "ENOTSUP", "ENOSYS") if hasattr(errno, name)}
_FIRST_PAUSE = 0.005
_LONGEST_PAUSE = 0.1


class LockTimeoutError(TimeoutError):
    """Another process held the lock for longer than the caller would wait."""


def lock_path(path: Path) -> Path:
    """Where the lock for ``path`` lives: ``.<name>.lock`` beside it."""
    return path.with_name(f".{path.name}.lock")


def _try_lock(fd: int) -> bool:
    """Take the lock without waiting: True when held, False when another process holds it."""
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError as error:
            if error.errno in (errno.EACCES, errno.EDEADLK):
                return False
            raise
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _same_file(fd: int, path: Path) -> bool:
    """Whether ``path`` still names the file open as ``fd`` (not removed, not replaced)."""
    try:
        named = os.stat(path)
    except FileNotFoundError:
        return False
    held = os.fstat(fd)
    return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)


def _release(fd: int, path: Path) -> None:
    if sys.platform == "win32":
        import msvcrt

        with contextlib.suppress(OSError):
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        os.close(fd)
        with contextlib.suppress(OSError):  # another process has it open: it stays, and that is fine
            os.unlink(path)
        return
    with contextlib.suppress(OSError):  # removed while still held: see the module's docstring
        os.unlink(path)
    os.close(fd)  # closing releases the flock


@contextlib.contextmanager
def file_lock(path: Path, *, timeout: float = 30.0) -> Iterator[None]:
    """Hold the lock for ``path`` (whose folder must exist) for the ``with`` block."""
    where = lock_path(path)
    deadline = time.monotonic() + timeout
    pause = _FIRST_PAUSE
    while True:
        fd = os.open(where, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            held = _try_lock(fd)
        except OSError as error:
            os.close(fd)
            if error.errno not in _UNSUPPORTED:
                raise
            with contextlib.suppress(OSError):
                os.unlink(where)
            fd = -1  # no locks on this file system
            break
        try:
            if held and (sys.platform == "win32" or _same_file(fd, where)):
                break
        except OSError:
            os.close(fd)
            raise
        os.close(fd)  # busy, or a lock on a file the previous holder has removed: start over
        if not held:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise LockTimeoutError(f"{path} is locked by another process (waited {timeout:g} s)")
            time.sleep(min(pause, remaining))
            pause = min(pause * 2, _LONGEST_PAUSE)
    if fd < 0:
        yield
        return
    try:
        yield
    finally:
        _release(fd, where)
