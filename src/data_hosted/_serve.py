"""Running the app with uvicorn: in the foreground for ``data-hosted serve``, on a thread for tests.

The listening socket is bound before uvicorn starts, so a free port picked
with ``port=0`` is known at once (the CLI prints the URL as its first line).

uvicorn serves on uvloop with the httptools parser where those are installed
(the ``hosted`` extra brings them wherever they build), and on asyncio with h11
otherwise; :func:`server_stack` makes that choice once, so what is logged is
what runs.
"""

from __future__ import annotations

import contextlib
import math
import socket
from collections.abc import Iterator
from typing import Any

import uvicorn

from data_hosted._app import HostedApp
from data_hosted._guard import GuardLimits, fit_open_files, guarded
from data_hosted._upstream import UPSTREAM_CONNECTIONS
from data_pkg.net import base_url, bind
from data_pkg.serving import serving_in_thread

__all__ = ["base_url", "bind", "run", "running", "server_stack"]

_MARGIN = 5
"""Seconds uvicorn waits beyond the app's grace period before it cancels what is left."""


def server_stack() -> tuple[str, str]:
    """The event loop and HTTP parser to serve with: ``("uvloop", "httptools")`` where installed, else
    ``("asyncio", "h11")`` (each chosen on its own)."""
    try:
        import uvloop  # noqa: F401
    except ImportError:
        loop = "asyncio"
    else:
        loop = "uvloop"
    try:
        import httptools  # noqa: F401
    except ImportError:
        http = "h11"
    else:
        http = "httptools"
    return loop, http


def _config(app: HostedApp, **options: Any) -> uvicorn.Config:
    loop, http = server_stack()
    settings = app.config
    others = UPSTREAM_CONNECTIONS + (settings.redis_connections if settings.redis_url else 0)
    connections = fit_open_files(settings.max_connections, others)
    limits = GuardLimits(settings.max_header, settings.read_timeout, connections)
    return uvicorn.Config(
        app,
        loop=loop,
        http=guarded(http, limits),
        h11_max_incomplete_event_size=settings.max_header,
        log_config=None,  # the process's logging (with redaction) is configured by the caller
        access_log=False,  # the app writes its own, redacted, access log
        lifespan="on",
        server_header=False,
        timeout_graceful_shutdown=5,
        **options,
    )


@contextlib.contextmanager
def running(app: HostedApp, *, host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
    """Serve ``app`` on a background thread; yield the MCP URL (``http://127.0.0.1:PORT/mcp``), no key in it."""
    sock = bind(host, port)
    url = base_url(sock) + app.config.path
    with serving_in_thread(_config(app), sock, name=f"data-hosted on {url}"):
        yield url


class _DrainingServer(uvicorn.Server):
    """uvicorn's server, telling the app when a shutdown begins, so that it can drain.

    uvicorn stops accepting, closes idle connections and waits for requests in flight; past its own
    timeout it cancels them, which answers a bare HTTP 500 and logs a traceback each. The app ends
    them first, at the end of its grace period, with a JSON-RPC answer (503): uvicorn's timeout is
    a margin beyond that, for those answers to be written.
    """

    def __init__(self, app: HostedApp) -> None:
        config = _config(app)
        config.timeout_graceful_shutdown = math.ceil(app.config.shutdown_grace) + _MARGIN
        super().__init__(config)
        self._app = app

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self._app.drain(self._app.config.shutdown_grace)
        await super().shutdown(sockets)


def run(app: HostedApp, sock: socket.socket) -> bool:
    """Serve in the foreground until SIGINT/SIGTERM, then drain; False when startup failed."""
    server = _DrainingServer(app)
    server.run(sockets=[sock])
    return bool(server.started)
