"""Start ``python -m data_pkg.mcp`` and ``python -m data_pkg.cli`` for tests without paying their imports each time.

Importing the server costs about 2 s of CPU (the MCP SDK builds its pydantic models; our own package is 0.3 s of
it), and the suite starts the server and the command line several hundred times: that import was half the
suite's CPU. A preforked interpreter (the idea of ``multiprocessing``'s forkserver) imports them once per test
worker and forks a child for each start. The child is a real process with the test's pipes as its stdin, stdout
and stderr, the test's environment, working directory and umask, and ``sys.argv``; it runs the module as
``python -m`` does and exits as an interpreter does (atexit handlers, threads joined, streams flushed, death by
signal). What the SDK client starts is a small launcher (``tests/preforked_launch.py``) that hands its standard
streams to the preforked interpreter, forwards the signals it gets to the child and exits as the child exited.

Only the import is shared, so a start is preforked only where an interpreter would start the same way: it runs
``-m`` with a preloaded module or the ``data-mcp`` entry point beside this interpreter, and its ``PYTHON*``
variables are among those a preforked interpreter is started with (one interpreter for each set of their values and
the locale's). Anything else (a ``PYTHONPATH`` that shadows a module, ``python -c``) starts a fresh interpreter, as
does every start when ``DEV_PREFORK=0``. ``tests/test_preforked.py`` holds a preforked start to the same answers,
output, umask, Ctrl-C, signals and kill as a fresh one.

Run as a script, this file is the preforked interpreter: ``python tests/preforked.py FD``, FD the listening socket.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import json
import os
import runpy
import selectors
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

PRELOADED = ("data_pkg.mcp", "data_pkg.cli")
"""The modules a preforked start may run with ``-m``: their imports are done once, before any fork."""

ENTRY_POINTS = ("data-mcp",)
"""The installed scripts (beside this interpreter) a preforked start may run: each calls ``data_pkg.cli.main``."""

FOLLOWED = frozenset(
    {"PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE", "PYTHONIOENCODING", "PYTHONUTF8", "PYTHONHASHSEED"}
)
"""The interpreter's start-up variables a preforked interpreter is started with, one interpreter for each set of
values. Any other ``PYTHON*`` variable (a ``PYTHONPATH`` that shadows a module, ``PYTHONSTARTUP``) means a fresh one."""

LAUNCHER = Path(__file__).with_name("preforked_launch.py")
HEADER = struct.Struct("!I")
"""A request's length, sent with the launcher's three standard streams; the request (JSON) follows."""


def _startup_settings(env: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """What an interpreter reads at start or import: its ``PYTHON*`` variables and the locale."""
    return tuple(sorted((k, v) for k, v in env.items() if k.startswith(("PYTHON", "LC_")) or k in ("LANG", "LANGUAGE")))


def enabled() -> bool:
    """Whether starts may be preforked (``DEV_PREFORK=0`` makes every start a fresh interpreter)."""
    return os.environ.get("DEV_PREFORK", "1") != "0" and hasattr(socket, "send_fds") and os.name == "posix"


def _runs(argv: Sequence[str]) -> list[str] | None:
    """What a preforked child runs for ``argv`` (``-m MODULE ...`` or ``SCRIPT ...``), or None if it cannot."""
    here = Path(sys.executable).parent
    if len(argv) >= 3 and argv[0] == sys.executable and argv[1] == "-m" and argv[2] in PRELOADED:
        return list(argv[1:])
    if argv and any(argv[0] == str(here / name) for name in ENTRY_POINTS):
        return list(argv)
    return None


def argv(command: Sequence[str], env: Mapping[str, str]) -> list[str]:
    """The command line that runs ``command`` with ``env``: through a preforked interpreter where it can.

    ``command`` is ``[sys.executable, "-m", MODULE, ...]`` or ``[ENTRY_POINT, ...]``; anything else, or a start
    whose environment an interpreter would start differently, is returned as it is.
    """
    runs = _runs(command)
    settings = _startup_settings(env)
    if not enabled() or runs is None or not {k for k, _ in settings if k.startswith("PYTHON")} <= FOLLOWED:
        return list(command)
    return [sys.executable, "-I", "-S", str(LAUNCHER), _Forker.shared(settings).address, *runs]


class _Forker:
    """A preforked interpreter of the test process, one for each set of start-up settings, started on first use
    and ended with the test process."""

    _shared: ClassVar[dict[tuple[tuple[str, str], ...], _Forker]] = {}
    _lock = threading.Lock()

    def __init__(self, settings: tuple[tuple[str, str], ...]) -> None:
        self._folder = tempfile.TemporaryDirectory(prefix="preforked-")
        self.address = str(Path(self._folder.name) / "socket")
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.bind(self.address)
        listener.listen(64)
        env = {k: v for k, v in os.environ.items() if not k.startswith("DATA_") and not _startup_settings({k: v})}
        # The listener is bound before the interpreter starts, so a start never waits for it to be ready: the
        # kernel queues connections until it accepts. Its stdin is a pipe from us: at its end, it ends.
        with (Path(self._folder.name) / "forker.log").open("wb") as log:
            self._process = subprocess.Popen(
                [sys.executable, __file__, str(listener.fileno())],
                env=env | dict(settings),
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=log,
                pass_fds=(listener.fileno(),),
            )
        listener.close()

    @classmethod
    def shared(cls, settings: tuple[tuple[str, str], ...]) -> _Forker:
        with cls._lock:
            forker = cls._shared.get(settings)
            if forker is None or forker._process.poll() is not None:
                forker = cls._shared[settings] = cls(settings)
                atexit.register(forker.close)
            return forker

    def close(self) -> None:
        if self._process.stdin is not None:
            self._process.stdin.close()
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        self._folder.cleanup()


# The preforked interpreter: the rest of this file runs only there.


@dataclass
class _Start:
    """One start asked for by a launcher: what the child becomes."""

    args: list[str]
    env: dict[str, str]
    cwd: str
    umask: int
    sigint_ignored: bool
    streams: list[int]


def _receive(connection: socket.socket) -> _Start:
    header, streams, _, _ = socket.recv_fds(connection, HEADER.size, 3)
    (size,) = HEADER.unpack(header)
    body = b""
    while len(body) < size:
        chunk = connection.recv(size - len(body))
        if not chunk:
            raise ConnectionError("the launcher went away mid-request")
        body += chunk
    request = json.loads(body)
    return _Start(request["args"], request["env"], request["cwd"], request["umask"], request["sigint_ignored"], streams)


def _serve(listener: socket.socket) -> _Start:
    """Fork a child for each launcher that connects; report each child's pid and exit status to its launcher.

    Returns only in a child, with what it is to run. Single-threaded, so forking is safe.
    """
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # a handler, so SIGCHLD writes to the wakeup fd
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ, "start")
    selector.register(wake_read, selectors.EVENT_READ, "child ended")
    selector.register(sys.stdin.fileno(), selectors.EVENT_READ, "test process ended")
    launchers: dict[int, socket.socket] = {}
    while True:
        for key, _ in selector.select():
            if key.data == "test process ended":
                raise SystemExit(0)
            if key.data == "child ended":
                os.read(wake_read, 512)
                _report_ended(launchers, selector)
            elif key.data == "start":
                connection, _ = listener.accept()
                start = _receive(connection)
                pid = os.fork()
                if pid == 0:  # the child: drop everything of the forker's, then become the start
                    selector.close()
                    signal.set_wakeup_fd(-1)
                    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                    os.close(wake_read)
                    os.close(wake_write)
                    # Closed through their objects, so that freeing them later closes no fd the child has reused.
                    for socket_of_the_forker in (listener, connection, *launchers.values()):
                        socket_of_the_forker.close()
                    return start
                for fd in start.streams:
                    os.close(fd)
                connection.sendall(f"{pid}\n".encode())
                launchers[pid] = connection
                selector.register(connection, selectors.EVENT_READ, pid)
            elif not key.fileobj.recv(16):  # type: ignore[union-attr]
                # The launcher is gone (killed): its child must not outlive it.
                selector.unregister(key.fileobj)
                os.kill(key.data, signal.SIGKILL)


def _report_ended(launchers: dict[int, socket.socket], selector: selectors.BaseSelector) -> None:
    while launchers:
        pid, status = os.waitpid(-1, os.WNOHANG)
        if pid == 0:
            return
        connection = launchers.pop(pid, None)
        if connection is None:
            continue
        if connection.fileno() in selector.get_map():
            selector.unregister(connection)
        with contextlib.suppress(OSError):  # the launcher was killed: nobody is waiting for the status
            connection.sendall(f"{status}\n".encode())
        connection.close()


def _become(start: _Start) -> None:
    """In the child: take the launcher's streams, environment and place, then run as ``python ARGS`` would."""
    for number, fd in enumerate(start.streams):
        os.dup2(fd, number)
        os.close(fd)
    os.chdir(start.cwd)
    os.umask(start.umask)
    # As an interpreter starts: Ctrl-C raises KeyboardInterrupt, unless it was ignored when the launcher started.
    signal.signal(signal.SIGINT, signal.SIG_IGN if start.sigint_ignored else signal.default_int_handler)
    os.environ.clear()
    os.environ.update(start.env)
    if start.args[0] == "-m":  # python -m MODULE: the working directory first on the path
        sys.argv = [sys.argv[0], *start.args[2:]]
        sys.path[0] = start.cwd
        runpy.run_module(start.args[1], run_name="__main__", alter_sys=True)
    else:  # python SCRIPT: the script's folder first on the path
        sys.argv = list(start.args)
        sys.path[0] = str(Path(start.args[0]).parent)
        runpy.run_path(start.args[0], run_name="__main__")


def _preload() -> None:
    import data_pkg.cli
    import data_pkg.mcp.server  # noqa: F401

    # Forking is only safe single-threaded: an import that started a thread must not be preloaded.
    assert threading.active_count() == 1, threading.enumerate()
    # What the imports made is kept out of the collector's reach: a child's collections (and its exit) would
    # otherwise touch every preloaded object and copy each page the fork shared (0.7 s a child; 0.1 s frozen).
    gc.freeze()


if __name__ == "__main__":
    _preload()
    _become(_serve(socket.socket(fileno=int(sys.argv[1]))))
