"""The stdio server's own copies of fds 0 and 1, with the originals pointed away from the wire.

While serving, fd 0 reads the null device and fd 1 writes to stderr, so a stray ``print``, a
library writing to stdout or a child process can neither take a request nor corrupt a message.
Both are restored on exit, blocking mode included.
"""

from __future__ import annotations

import logging
import os
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, suppress

logger = logging.getLogger("data_pkg.mcp")


def _null_input() -> int:
    return os.open(os.devnull, os.O_RDONLY)


def _stderr_copy() -> int:
    try:
        return os.dup(2)
    except OSError:
        return os.open(os.devnull, os.O_WRONLY)


def claimed_stdin() -> AbstractContextManager[int]:
    """fd 0's wire, while fd 0 itself reads the null device."""
    return _claimed(0, _null_input)


def claimed_stdout() -> AbstractContextManager[int]:
    """fd 1's wire, while fd 1 itself writes to stderr."""
    return _claimed(1, _stderr_copy)


@contextmanager
def _claimed(fd: int, diversion: Callable[[], int]) -> Iterator[int]:
    """A private duplicate of ``fd`` for the wire, with ``fd`` itself diverted until exit.

    The duplicate is never closed: a reader thread may still block on it when serving ends,
    and a closed descriptor could be reused under it. One serve per process makes that one fd.
    """
    try:
        private = _duplicate(fd)
    except OSError:  # not open at all: reading it ends at once, writing it fails the session
        yield fd
        return
    blocking = os.get_blocking(private) if sys.platform != "win32" else True
    diverted = False
    try:
        spare = diversion()
        try:
            os.dup2(spare, fd)
            diverted = True
        finally:
            os.close(spare)
    except OSError:
        logger.debug("could not divert fd %d; serving it in place", fd, exc_info=True)
    if diverted:
        _rebind(fd)
    try:
        yield private
    finally:
        if sys.platform != "win32":
            with suppress(OSError):
                os.set_blocking(private, blocking)  # the pipe transport made it non-blocking
        if diverted:
            with suppress(OSError):
                os.dup2(private, fd)
                _rebind(fd)


def _duplicate(fd: int) -> int:
    if sys.platform == "win32":
        return os.dup(fd)
    import fcntl

    return fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 3)  # above 0-2, so it is never diverted with them


def _rebind(fd: int) -> None:
    """On Windows, point the process's standard handle at ``fd`` too (children inherit that)."""
    if sys.platform == "win32":
        from mcp.os.win32.utilities import rebind_std_handle_to_fd

        with suppress(OSError):
            rebind_std_handle_to_fd(fd)


def is_pollable_pipe(fd: int) -> bool:
    """A pipe or socket the event loop can poll, shared with nothing that expects blocking I/O.

    A terminal is excluded: its one open file shares its blocking mode with stderr.
    """
    if sys.platform == "win32":
        return False
    try:
        mode = os.fstat(fd).st_mode
        shares_stderr = os.path.samestat(os.fstat(fd), os.fstat(2))
    except OSError:
        return False
    return (stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)) and not shares_stderr
