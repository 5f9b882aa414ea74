"""Opening manifest files safely, and naming them in a way that survives broken symlinks.

A manifest path can name anything a shared folder can hold. A FIFO blocks ``open()`` until a
writer appears (a reload thread stuck for good, a server that never answers ``initialize``), a
device can stream forever, and a symlink loop makes ``Path.resolve()`` raise. So a manifest is
opened without blocking, checked to be a regular file through the open descriptor (nothing can
be swapped in between the check and the read), and only then read.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

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


def open_regular(path: Path) -> BinaryIO:
    """``path`` opened for binary reading, when it is a regular file (symlinks to one are followed).

    Never blocks. Raises :class:`FileNotFoundError`, or :class:`OSError` whose ``strerror`` says
    what is wrong: ``a named pipe (FIFO), not a regular file``, ``a symlink loop``, or the
    system's reason (``Permission denied``, say).
    """
    try:
        descriptor = os.open(path, _FLAGS)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise OSError(errno.ELOOP, "a symlink loop", str(path)) from None
        raise
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise OSError(errno.EINVAL, f"{_kind(mode)}, not a regular file", str(path))
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


def real_path(path: Path) -> Path:
    """``path`` with symlinks followed, or made absolute when they cannot be (a loop, say).

    The identity of a manifest file: two names for one file compare equal, and a broken link
    still has a name, so a problem with it is reported rather than raised.
    """
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # RuntimeError: a symlink loop, before Python 3.13
        return Path(os.path.abspath(path))
