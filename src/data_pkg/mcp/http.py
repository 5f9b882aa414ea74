"""``data-mcp serve --http``: the same local server over MCP Streamable HTTP, at ``http://HOST:PORT/mcp``.

The application is the stdio server's (``server.create_app``: same manifest, budgets, tools, hot reload and
logs on stderr); only the transport differs. Sessions, SSE streams and both protocol eras are the SDK's own
session manager; this module adds what a local HTTP server needs in front of it:

- it listens on loopback unless told otherwise; another address needs ``--allow-remote`` and a bearer token
  (``DATA_MCP_HTTP_TOKEN``), since whoever reaches the port calls tools with the server's API key;
- a browser ``Origin`` that is not a loopback page (nor one of ``--allow-origin``) is refused 403, and a
  ``Host`` that is not a loopback name (nor the address bound, nor one of ``--allow-host``) 421: a web page
  cannot reach the server by making its own name resolve to 127.0.0.1 (DNS rebinding);
- with a token set, a request without ``Authorization: Bearer <token>`` is refused 401 (compared in constant
  time; the token is masked in every log line).

A tool-list change is announced as on stdio: ``notifications/tools/list_changed`` on a handshake-era session's
GET stream, and on ``subscriptions/listen`` streams for 2026-07-28 clients.
"""

from __future__ import annotations

import contextlib
import hmac
import ipaddress
import logging
import os
import signal
import sys
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass

import anyio
import uvicorn
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings
from mcp_types import INVALID_REQUEST
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from data_pkg.errors import ConfigurationError
from data_pkg.mcp._reload import Reloader
from data_pkg.mcp.server import LocalServer, prepare, reload_enabled
from data_pkg.net import base_url, bind, cannot_listen, host_allowed, is_loopback, origin_allowed
from data_pkg.serving import Server
from data_pkg.settings import HTTP_TOKEN_VARIABLE, RANDOM_VALUE_COMMAND, Secret, http_token

__all__ = ["DEFAULT_PORT", "PATH", "Guard", "HttpOptions", "build", "main", "refusal"]

logger = logging.getLogger("data_pkg.mcp")

PATH = "/mcp"
"""Where MCP is served, as the SDK and data-hosted serve it."""
DEFAULT_PORT = 8767
"""Beside the sandbox's 8765 and data-hosted's 8766."""

MAX_SESSIONS = 10_000
"""Open sessions at once; a new one past it is refused 503. A session costs about 40 KB (1,000 added 39 MB), so a
client that opens sessions and never ends them holds the server to about 400 MB; one idle for 30 minutes ends."""

INTERRUPTED = 128 + signal.SIGINT
"""The exit status after SIGINT (Ctrl-C), 130, as a shell reports an interrupted command."""

SHUTDOWN_SECONDS = 3
"""How long open streams (a GET stream, a ``subscriptions/listen``) may hold a shutdown up: they never end on
their own."""


@dataclass(frozen=True)
class HttpOptions:
    """Where to listen and whom to answer (the ``serve --http`` options)."""

    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    allow_remote: bool = False
    """Listening on an address other machines reach is meant (it also needs a token)."""
    allowed_origins: tuple[str, ...] = ()
    """Browser origins allowed besides loopback pages (``*``: any)."""
    allowed_hosts: tuple[str, ...] = ()
    """``Host`` names allowed besides loopback names and the address bound (``*``: any)."""


def refusal(options: HttpOptions, token: Secret | None) -> str | None:
    """Why the server must not start with ``options``, and what to do instead; None when it may."""
    if not 0 <= options.port <= 65535:
        return f"--port must be between 0 and 65535, got {options.port}"
    if is_loopback(options.host):
        return None
    if not options.allow_remote:
        return (
            f"--host {options.host} is not a loopback address: other machines could call tools with this server's"
            f" API key. To mean it, pass --allow-remote and set {HTTP_TOKEN_VARIABLE} to a bearer token every client"
            " must send (and put TLS in front: the token travels in every request); else leave --host out"
            " (127.0.0.1)"
        )
    if token is None:
        return (
            f"--allow-remote needs {HTTP_TOKEN_VARIABLE}: a bearer token every client must send"
            f" (Authorization: Bearer <token>); make one with: {RANDOM_VALUE_COMMAND}"
        )
    return None


def _answered_hosts(options: HttpOptions) -> tuple[str, ...]:
    """The ``Host`` names accepted besides loopback ones: the options' and the address bound, unless a wildcard."""
    bound = options.host.strip("[]")
    try:
        wildcard = ipaddress.ip_address(bound).is_unspecified
    except ValueError:
        wildcard = False  # a name: clients may send it
    if wildcard:
        return options.allowed_hosts
    # A Host header writes an IPv6 address in brackets; --host may give it either way.
    return (*options.allowed_hosts, f"[{bound.lower()}]" if ":" in bound else bound.lower())


def _refused(status: int, message: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    body = {"jsonrpc": "2.0", "id": None, "error": {"code": INVALID_REQUEST, "message": message}}
    return JSONResponse(body, status_code=status, headers=headers)


class Guard:
    """The ASGI endpoint at ``/mcp``: origin, host and token checks, then the SDK's session manager."""

    def __init__(self, manager: StreamableHTTPSessionManager, options: HttpOptions, token: Secret | None) -> None:
        self.manager = manager
        self.origins = options.allowed_origins
        self.hosts = _answered_hosts(options)
        self._token = token.reveal().encode() if token is not None else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        refused = self.check(Headers(scope=scope))
        if refused is not None:
            await refused(scope, receive, send)
            return
        await self.manager.handle_request(scope, receive, send)

    def check(self, headers: Headers) -> JSONResponse | None:
        """The refusal a request with ``headers`` gets, if any."""
        origin = headers.get("origin")
        if origin is not None and not origin_allowed(origin, self.origins):
            logger.warning("refused a request from the web page at %r (Origin not allowed)", origin[:100])
            return _refused(
                403,
                f"Origin {origin[:100]!r} is not allowed to call this server: only pages on this machine are"
                " (a defence against DNS rebinding). To allow that page, start the server with --allow-origin"
                " set to it.",
            )
        host = headers.get("host")
        if host is None or not host_allowed(host, self.hosts):
            logger.warning("refused a request for the Host %r (not a name this server answers for)", (host or "")[:100])
            return _refused(
                421,
                f"Host {(host or '')[:100]!r} is not a name this server answers for (a defence against DNS"
                " rebinding): call it by a loopback address, or start it with --allow-host set to that name.",
            )
        problem = self._unauthorized(headers)
        if problem is not None:
            logger.warning("refused a request: %s", problem)
            return _refused(401, f"Unauthorized: {problem}.", {"WWW-Authenticate": 'Bearer realm="data-mcp"'})
        return None

    def _unauthorized(self, headers: Headers) -> str | None:
        """Why a request is not authorized (never quoting what it sent); None when it is, or no token is set."""
        if self._token is None:
            return None
        # Latin-1 gives back the header's bytes as sent; the comparison takes the same time wherever they differ.
        scheme, _, credentials = headers.get("authorization", "").encode("latin-1").partition(b" ")
        if scheme.lower() != b"bearer" or not credentials.strip():
            return f"send the header Authorization: Bearer <token>, with the token set in {HTTP_TOKEN_VARIABLE}"
        if not hmac.compare_digest(credentials.strip(), self._token):
            return f"the bearer token does not match the one set in {HTTP_TOKEN_VARIABLE}"
        return None


def build(server: LocalServer, options: HttpOptions, token: Secret | None) -> Starlette:
    """The ASGI application serving ``server`` at :data:`PATH`, with hot reload while it runs (unless turned off)."""
    # The Origin and Host checks are the Guard's (loopback by any spelling, the allow-lists); the SDK's own would
    # answer differently for the same request, so they are off. It still checks a POST's Content-Type.
    manager = StreamableHTTPSessionManager(
        app=server,
        security_settings=TransportSecuritySettings(enable_dns_rebinding_protection=False),
        max_sessions=MAX_SESSIONS,
    )
    runtime = server.runtime

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        reloader = Reloader(runtime.state, runtime.notifier)  # its stop event belongs to the serving loop
        async with manager.run(), anyio.create_task_group() as tasks:
            if reload_enabled(runtime.state.env) and runtime.state.files:
                tasks.start_soon(reloader.run)
            try:
                yield
            finally:
                reloader.stop()
                tasks.cancel_scope.cancel()

    return Starlette(routes=[Route(PATH, endpoint=Guard(manager, options, token))], lifespan=lifespan)


class _StreamsEndedByShutdown(logging.Filter):
    """uvicorn logs a stream the shutdown cut (a GET or ``subscriptions/listen`` stream never ends on its own) as
    an ERROR, "ASGI callable returned without completing response"; while stopping, that is what stopping means."""

    INCOMPLETE = "ASGI callable returned without completing response."

    def __init__(self, server: Server) -> None:
        super().__init__()
        self.server = server

    def filter(self, record: logging.LogRecord) -> bool:
        if self.server.should_exit and record.getMessage() == self.INCOMPLETE:
            record.msg, record.args = "an open stream was closed by the shutdown", ()
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


def _fail(message: str) -> int:
    print(f"data-mcp: {message}", file=sys.stderr)
    return 2


def main(options: HttpOptions) -> int:
    """Entry point of ``data-mcp serve --http``: 130 after SIGINT (Ctrl-C), 0 after another shutdown, 2 for an option or
    setting to fix."""
    env = dict(os.environ)
    try:
        token = http_token(env)
    except ConfigurationError as error:
        return _fail(str(error))
    problem = refusal(options, token)
    if problem is not None:
        return _fail(problem)
    try:
        sock = bind(options.host, options.port)
    except OSError as error:  # taken, not an address of this machine, a name that does not resolve
        return _fail(cannot_listen(options.host, options.port, error, "server"))
    url = base_url(sock) + PATH
    try:
        server = prepare(env)
        config = uvicorn.Config(
            build(server, options, token),
            loop="asyncio",
            log_config=None,  # the process's logging: stderr, with redaction
            access_log=False,
            lifespan="on",
            server_header=False,
            timeout_graceful_shutdown=SHUTDOWN_SECONDS,
        )
        announced = "with a bearer token" if token is not None else "no token"
        running = Server(
            config,
            on_ready=lambda: print(f"data-mcp: serving MCP at {url} ({announced})", file=sys.stderr, flush=True),
            on_stop=server.runtime.notifier.end_streams,
        )
        logging.getLogger("uvicorn.error").addFilter(_StreamsEndedByShutdown(running))
        running.run(sockets=[sock])
    except KeyboardInterrupt:
        return INTERRUPTED
    finally:
        sock.close()
    if running.stopped_by == signal.SIGINT:  # SIGINT inherited ignored: uvicorn still stops, but returns quietly
        return INTERRUPTED
    return 0 if running.started else 1
