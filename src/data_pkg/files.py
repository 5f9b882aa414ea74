"""Reading and writing the files users hand us: one reader and one writer for every layer.

Reading. A path can name anything a shared folder can hold. A FIFO blocks ``open()`` until a
writer appears (a reload thread, a lint run or a pre-commit hook stuck for good), a device such
as ``/dev/zero`` streams forever, and a symlink loop makes ``Path.resolve()`` raise. So a file is
opened without blocking, checked to be a regular file through the open descriptor (nothing can
be swapped in between the check and the read), and read up to a bound the caller gives: a
manifest, a lint configuration or a desktop config is small, and a bigger one is a mistake or
an attack, said so in one line rather than found out by running out of memory.

Writing. A file we write (a lock, a desktop config, a download) is written atomically: to a
temporary file in the same folder, flushed and synced, then renamed over the target. A reader
sees the old file or the new one, never half of one; a full disk, a quota or a crash part way
leaves the old file as it was and no temporary file behind. Files that hold a key get mode 0600.

Importing this module loads nothing beyond the standard library.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

__all__ = ["PRIVATE", "atomic_writer", "byte_position", "open_regular", "read_regular", "real_path", "write_atomic"]

PRIVATE = 0o600
"""The mode of a file that holds a key: its owner reads and writes it, nobody else."""

# O_NONBLOCK makes opening a FIFO return at once instead of waiting for a writer; it changes
# nothing for regular files. Windows has neither FIFOs nor the flag, but needs O_BINARY.
_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def open_regular(path: str | os.PathLike[str]) -> BinaryIO:
    """``path`` opened for binary reading, when it is a regular file (symlinks to one are followed).

    Never blocks. Raises :class:`FileNotFoundError`, or :class:`OSError` whose ``strerror`` says
    what is wrong: ``a named pipe (FIFO), not a regular file``, ``a symlink loop``, ``a NUL
    character in the name``, or the system's reason (``Permission denied``, say).
    """
    name = os.fspath(path)
    if "\0" in str(name):
        raise OSError(errno.EINVAL, "a NUL character in the name", repr(name))
    try:
        descriptor = os.open(name, _FLAGS)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise OSError(errno.ELOOP, "a symlink loop", str(name)) from None
        raise
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise OSError(errno.EINVAL, f"{_kind(mode)}, not a regular file", str(name))
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


def read_regular(path: str | os.PathLike[str], *, limit: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    Raises what :func:`open_regular` raises, and :class:`OSError` (``EFBIG``) whose ``strerror`` is
    ``larger than N bytes`` for a longer file. Never reads more than ``limit + 1`` bytes, so a file
    that grows while it is read is bounded too.
    """
    with open_regular(path) as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise OSError(errno.EFBIG, f"larger than {limit:,} bytes", os.fspath(path))
    return data


def byte_position(data: bytes, offset: int) -> tuple[int, int]:
    """The 1-based line and column of byte ``offset`` in ``data``: where a file stops being UTF-8, say."""
    line = data.count(b"\n", 0, offset) + 1
    return line, offset - (data.rfind(b"\n", 0, offset) + 1) + 1


def real_path(path: Path) -> Path:
    """``path`` with symlinks followed, or made absolute when they cannot be (a loop, say).

    The identity of a file: two names for one file compare equal, and a broken link still has
    a name, so a problem with it is reported rather than raised.
    """
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):  # RuntimeError: a loop before 3.13; ValueError: a NUL
        return Path(os.path.abspath(path))


@contextlib.contextmanager
def atomic_writer(path: str | os.PathLike[str], *, mode: int | None = PRIVATE) -> Iterator[BinaryIO]:
    """A file to write ``path``'s new content into; ``path`` is replaced only when the block ends without error.

    The content goes to a hidden temporary file beside ``path`` (same folder, so the rename stays on
    one file system), is flushed and synced to disk, and gets ``mode`` (None: what a new file gets
    under the umask). On any failure, the full disk's ``ENOSPC`` included, the temporary file is
    removed, ``path`` is untouched and the error propagates.
    """
    target = Path(path)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(descriptor, "wb") as sink:
            if mode is not None:
                os.chmod(temporary, mode)  # before any byte is written: a key is never readable by others
            yield sink
            sink.flush()
            os.fsync(sink.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(target.parent)


def write_atomic(path: str | os.PathLike[str], data: bytes, *, mode: int | None = PRIVATE) -> None:
    """Replace ``path`` with ``data`` all at once: a reader sees the old file or the new, never half of one.

    See :func:`atomic_writer`; ``mode`` defaults to 0600, for files that hold a key.
    """
    with atomic_writer(path, mode=mode) as sink:
        sink.write(data)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); Windows has no folder handles to sync."""
    if os.name == "nt":
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    except OSError:  # some file systems refuse to sync a folder; the data itself is synced
        pass
    finally:
        os.close(descriptor)
