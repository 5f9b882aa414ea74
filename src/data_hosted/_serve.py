"""Running the app with uvicorn: in the foreground for ``data-hosted serve``, on a thread for tests.

The listening socket is bound before uvicorn starts, so a free port picked
with ``port=0`` is known at once (the CLI prints the URL as its first line).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from collections.abc import Iterator
from typing import Any

import uvicorn

from data_hosted._app import HostedApp

__all__ = ["base_url", "bind", "run", "running"]

STARTUP_TIMEOUT = 15.0
SHUTDOWN_TIMEOUT = 10.0


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host:port`` (``port=0`` picks a free one)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # With the protocol named, asyncio turns Nagle off on accepted sockets; without it every
    # reply sent as headers-then-body would wait for a delayed ACK (~40 ms).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(1024)
    except BaseException:
        sock.close()
        raise
    return sock


def base_url(sock: socket.socket) -> str:
    """``http://host:port`` of a bound socket."""
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def _config(app: HostedApp, **options: Any) -> uvicorn.Config:
    return uvicorn.Config(
        app,
        log_config=None,  # the process's logging (with redaction) is configured by the caller
        access_log=False,  # the app writes its own, redacted, access log
        lifespan="on",
        server_header=False,
        timeout_graceful_shutdown=5,
        **options,
    )


class _Server(uvicorn.Server):
    """uvicorn's server, saying when it has started and waking at once when asked to stop."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None

    async def main_loop(self) -> None:
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
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(wake.set)

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        try:
            await super().startup(sockets=sockets)
        finally:
            self.ready.set()


@contextlib.contextmanager
def running(app: HostedApp, *, host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
    """Serve ``app`` on a background thread; yield the MCP URL (``http://127.0.0.1:PORT/mcp``), no key in it."""
    sock = bind(host, port)
    url = base_url(sock) + app.config.path
    server = _Server(_config(app))
    failure: list[BaseException] = []

    def serve() -> None:
        try:
            server.run(sockets=[sock])
        except BaseException as exc:  # SystemExit from a failed startup too
            failure.append(exc)
        finally:
            server.ready.set()

    thread = threading.Thread(target=serve, name=f"data-hosted {url}", daemon=True)
    thread.start()
    try:
        if not server.ready.wait(STARTUP_TIMEOUT) or not server.started:
            cause = failure[0] if failure else None
            raise RuntimeError(f"data-hosted did not start on {url} within {STARTUP_TIMEOUT:g} s") from cause
        yield url
    finally:
        server.stop()
        thread.join(SHUTDOWN_TIMEOUT)
        if thread.is_alive():
            server.force_exit = True
            thread.join(SHUTDOWN_TIMEOUT)
        sock.close()


def run(app: HostedApp, sock: socket.socket) -> bool:
    """Serve in the foreground until SIGINT/SIGTERM; False when startup failed."""
    server = uvicorn.Server(_config(app))
    server.run(sockets=[sock])
    return bool(server.started)
