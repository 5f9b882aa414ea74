"""Serving an ASGI app on a socket we bind: in the foreground, or on a thread for tests and demos.

A public module shared by the sandbox and the hosted-compatible server; sockets come from
:mod:`data_pkg.net`. The socket is bound before uvicorn starts, so the port (even one picked
with ``port=0``) is known at once and connections queue in the kernel until the server accepts them.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from collections.abc import Callable, Iterator
from types import FrameType

import uvicorn

__all__ = ["Server", "serving_in_thread"]

STARTUP_TIMEOUT = 15.0
SHUTDOWN_TIMEOUT = 10.0


class Server(uvicorn.Server):
    """uvicorn's server, saying when it has started (or failed to) and stopping at once when asked."""

    def __init__(
        self,
        config: uvicorn.Config,
        on_ready: Callable[[], None] | None = None,
        on_stop: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(config)
        self.ready = threading.Event()
        self._on_ready = on_ready
        self._on_stop = on_stop
        """Called when a shutdown begins, before uvicorn waits for the open connections: to end what never
        ends by itself (streams), so that the wait is short and nothing is cut."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None
        self.stopped_by: int | None = None
        """The first signal that stopped the server (SIGINT, SIGTERM), None while none has."""

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        # Recorded because uvicorn's way of reporting a signal, raising it again once stopped, does nothing when
        # the process inherited it ignored (a job started in the background by a script does): it returns quietly.
        if self.stopped_by is None:
            self.stopped_by = sig
        super().handle_exit(sig, frame)

    async def main_loop(self) -> None:
        # uvicorn polls should_exit every 0.1 s; waking the loop on stop() ends a test's
        # server without waiting for the next poll.
        self._loop, self._wake = asyncio.get_running_loop(), asyncio.Event()
        counter = 0
        while not await self.on_tick(counter):
            counter = (counter + 1) % 864_000
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._wake.wait(), 0.1)

    def stop(self) -> None:
        """Ask the server to exit, from any thread."""
        self.should_exit = True
        loop, wake = self._loop, self._wake
        if loop is not None and wake is not None:
            with contextlib.suppress(RuntimeError):  # the loop has already closed
                loop.call_soon_threadsafe(wake.set)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        if self._on_stop is not None:
            self._on_stop()
        await super().shutdown(sockets)

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        try:
            await super().startup(sockets=sockets)
        finally:
            self.ready.set()
        if self.started and self._on_ready is not None:
            self._on_ready()


@contextlib.contextmanager
def serving_in_thread(config: uvicorn.Config, sock: socket.socket, *, name: str) -> Iterator[None]:
    """Serve ``config.app`` on ``sock`` from a background thread for the duration of the block.

    Raises RuntimeError when the server has not started within a bounded time. The socket is
    closed when the block exits.
    """
    server = Server(config)
    failure: list[BaseException] = []

    def run() -> None:
        try:
            server.run(sockets=[sock])
        except BaseException as exc:  # SystemExit from a failed startup too
            failure.append(exc)
        finally:
            server.ready.set()

    thread = threading.Thread(target=run, name=name, daemon=True)
    thread.start()
    try:
        if not server.ready.wait(STARTUP_TIMEOUT) or not server.started:
            cause = failure[0] if failure else None
            raise RuntimeError(f"{name} did not start within {STARTUP_TIMEOUT:g} s") from cause
        yield
    finally:
        server.stop()
        thread.join(SHUTDOWN_TIMEOUT)
        if thread.is_alive():
            server.force_exit = True
            thread.join(SHUTDOWN_TIMEOUT)
        sock.close()
