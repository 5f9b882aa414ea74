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
import socket
from collections.abc import Iterator
from typing import Any

import uvicorn

from data_hosted._app import HostedApp
from data_pkg.net import base_url, bind
from data_pkg.serving import serving_in_thread

__all__ = ["base_url", "bind", "run", "running", "server_stack"]


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
    return uvicorn.Config(
        app,
        loop=loop,
        http=http,
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


def run(app: HostedApp, sock: socket.socket) -> bool:
    """Serve in the foreground until SIGINT/SIGTERM; False when startup failed."""
    server = uvicorn.Server(_config(app))
    server.run(sockets=[sock])
    return bool(server.started)
