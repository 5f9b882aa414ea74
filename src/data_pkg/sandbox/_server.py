"""Running the app: on a background thread for tests and demos, or in the foreground for the CLI.

The listening socket is bound before uvicorn starts, so the port (even a
free one picked with ``port=0``) is known at once and connections queue in
the kernel until the server accepts them.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from collections.abc import Callable, Iterator
from typing import Any

import uvicorn

from data_pkg.sandbox._app import create_app
from data_pkg.sandbox._config import SandboxConfig
from data_pkg.sandbox._net import base_url, bind, is_loopback

__all__ = ["running_sandbox", "serve_forever"]

STARTUP_TIMEOUT = 15.0
SHUTDOWN_TIMEOUT = 10.0


class _Server(uvicorn.Server):
    """uvicorn's server, telling us when it has started (or failed to)."""

    def __init__(self, config: uvicorn.Config, on_ready: Callable[[], None] | None = None) -> None:
        super().__init__(config)
        self.ready = threading.Event()
        self._on_ready = on_ready
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None

    async def main_loop(self) -> None:
        # uvicorn polls should_exit every 0.1 s; waking the loop on stop() makes
        # a test's sandbox shut down without waiting for the next poll.
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

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        try:
            await super().startup(sockets=sockets)
        finally:
            self.ready.set()
        if self.started and self._on_ready is not None:
            self._on_ready()


def _uvicorn_config(config: SandboxConfig | None, *, log_config: dict[str, Any] | None = None) -> uvicorn.Config:
    return uvicorn.Config(
        create_app(config),
        log_config=log_config,
        log_level="warning",
        access_log=False,
        lifespan="off",
        timeout_graceful_shutdown=5,
    )


@contextlib.contextmanager
def running_sandbox(config: SandboxConfig | None = None, *, host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
    """Run a sandbox on a background thread; yield its base URL (``http://127.0.0.1:54321``).

    The server accepts connections by the time the URL is yielded and is
    shut down when the block exits. Only loopback hosts are allowed (use the
    CLI with ``--allow-remote`` to listen elsewhere). Raises RuntimeError when
    the server does not start within a bounded time.
    """
    if not is_loopback(host):
        raise ValueError(f"refusing to listen on non-loopback host {host!r}; the sandbox is for local use")
    sock = bind(host, port)
    url = base_url(sock)
    # uvicorn's own logging setup (log_config) would reconfigure the host process's loggers: keep it off.
    server = _Server(_uvicorn_config(config))
    failure: list[BaseException] = []

    def run() -> None:
        try:
            server.run(sockets=[sock])
        except BaseException as exc:  # SystemExit from a failed startup too
            failure.append(exc)
        finally:
            server.ready.set()

    thread = threading.Thread(target=run, name=f"data-sandbox {url}", daemon=True)
    thread.start()
    try:
        if not server.ready.wait(STARTUP_TIMEOUT) or not server.started:
            cause = failure[0] if failure else None
            raise RuntimeError(f"the sandbox did not start on {url} within {STARTUP_TIMEOUT:g} s") from cause
        yield url
    finally:
        server.stop()
        thread.join(SHUTDOWN_TIMEOUT)
        if thread.is_alive():
            server.force_exit = True
            thread.join(SHUTDOWN_TIMEOUT)
        sock.close()


def serve_forever(config: SandboxConfig, sock: socket.socket, on_ready: Callable[[], None]) -> None:
    """Serve on ``sock`` in the foreground until interrupted (Ctrl-C, SIGTERM)."""
    from uvicorn.config import LOGGING_CONFIG

    server = _Server(_uvicorn_config(config, log_config=LOGGING_CONFIG), on_ready=on_ready)
    server.run(sockets=[sock])
