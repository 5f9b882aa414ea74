"""Running the app: on a background thread for tests and demos, or in the foreground for the CLI.

The listening socket is bound before uvicorn starts, so the port (even a
free one picked with ``port=0``) is known at once and connections queue in
the kernel until the server accepts them.
"""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Callable, Iterator
from typing import Any

import uvicorn

from data_pkg.net import base_url, bind, is_loopback
from data_pkg.sandbox._app import create_app
from data_pkg.sandbox._config import SandboxConfig
from data_pkg.serving import Server, serving_in_thread

__all__ = ["running_sandbox", "serve_forever"]


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
    sock = bind(host, port, backlog=128)
    url = base_url(sock)
    # uvicorn's own logging setup (log_config) would reconfigure the host process's loggers: keep it off.
    with serving_in_thread(_uvicorn_config(config), sock, name=f"the sandbox on {url}"):
        yield url


def serve_forever(config: SandboxConfig, sock: socket.socket, on_ready: Callable[[], None]) -> None:
    """Serve on ``sock`` in the foreground until interrupted (Ctrl-C, SIGTERM)."""
    from uvicorn.config import LOGGING_CONFIG

    server = Server(_uvicorn_config(config, log_config=LOGGING_CONFIG), on_ready=on_ready)
    server.run(sockets=[sock])
