"""The HTTP side: one MCP endpoint with the hosted server's session and key rules.

The SDK's Streamable HTTP transport runs in stateless mode behind this layer:
it speaks JSON-RPC (initialize and version negotiation, tools/list,
tools/call, ping, notifications); this layer owns everything about who may
talk and in which session, because the SDK's session manager keeps sessions
in one process's memory and a session here must be served by any worker.
A single request of an open session skips the transport and goes straight
to the SDK's request kernel (``_exchange``): same answer, a fraction of the CPU.

Before any of this, the connection guard (``_guard``) has bounded the
request's headers, the time it took to arrive and the connections held. Then
each request goes through the steps of ``_steps.STEPS``, in order, listed
there with the answer each refuses with (the first failure answers): the
server is not stopping, headers within their bound, path, origin and host,
method, key, POST body and JSON-RPC message, session, protocol version,
in-flight bound, and for ``initialize`` the key check and the session table.

What passes them all is answered by ``_deliver``: DELETE ends the session;
batches are accepted from 2025-03-26 (and older) sessions and split into
single messages for the SDK, which has none. :class:`HostedApp` holds the services
the steps use, runs them (:meth:`HostedApp.__call__`) and owns the lifespan.
On shutdown :meth:`HostedApp.drain` gives the requests in flight a grace
period, then ends them with a JSON-RPC 503.
"""

from __future__ import annotations

import contextlib
import logging
import math
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import anyio
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp_types import INTERNAL_ERROR
from redis.exceptions import RedisError
from starlette.types import Message, Receive, Scope, Send

from data_hosted._calls import ToolCalls
from data_hosted._config import HostedConfig
from data_hosted._deliver import deliver
from data_hosted._http import RefusedError, error_payload, json_response, masked_query, request_headers, send_response
from data_hosted._keys import KeyVerdicts
from data_hosted._limits import ConcurrencyLimit, MemoryRateLimit, RateLimit, RedisRateLimit
from data_hosted._mcp_server import SERVER_NAME, build_server
from data_hosted._session_table import MemorySessions, RedisSessions, SessionStore
from data_hosted._sessions import SessionTokens
from data_hosted._steps import STEPS, STOPPING_HEADERS, Pending
from data_hosted._tools import build_toolset
from data_hosted._upstream import Upstream

__all__ = ["SERVER_NAME", "HostedApp", "create_app"]

logger = logging.getLogger("data_hosted")
access_logger = logging.getLogger("data_hosted.access")

_STOPPED = "The server stopped before this request finished; retry it."


class HostedApp:
    """The ASGI application (lifespan included): create it with :func:`create_app`."""

    def __init__(
        self,
        config: HostedConfig,
        *,
        upstream: Upstream | None = None,
        clock: Callable[[], float] = time.time,
        idle_clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.config = config
        self.toolset = build_toolset(config.settings.segments)
        self.upstream = upstream or Upstream(config.settings)
        self.tokens = SessionTokens(config.secret, max_age=config.session_max_age, clock=clock)
        self.sessions: SessionStore = MemorySessions(
            idle=config.session_idle,
            max_sessions=config.max_sessions,
            max_per_key=config.max_sessions_per_key,
            clock=idle_clock,
        )
        self.keys = KeyVerdicts(
            self.upstream.check_key,
            clock=idle_clock,
            per_client=MemoryRateLimit(config.key_checks_per_client),
            per_worker=MemoryRateLimit(config.key_checks),
        )
        rate: RateLimit | None = MemoryRateLimit(config.rate_limit) if config.rate_limit else None
        self.calls = ToolCalls(self.toolset, self.upstream, rate, max_answer_tokens=config.max_answer_tokens)
        self.in_flight = ConcurrencyLimit(config.max_concurrency)
        self.server = build_server(self.toolset, self.calls)
        self._requests: set[anyio.CancelScope] = set()
        self._drain_deadline = math.inf
        self._manager: StreamableHTTPSessionManager | None = None
        self._lifespan_state: Any = None
        self._redis: Any = None

    # -- lifespan ------------------------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """Open the shared stores and the SDK's task group for the app's lifetime."""
        async with contextlib.AsyncExitStack() as stack:
            if self.config.redis_url:
                self._redis = await self._connect_redis(self.config.redis_url)
                stack.push_async_callback(self._redis.aclose)
                self.sessions = RedisSessions(
                    self._redis,
                    idle=self.config.session_idle,
                    max_sessions=self.config.max_sessions,
                    max_per_key=self.config.max_sessions_per_key,
                )
                if self.config.rate_limit:
                    self.calls.rate_limit = RedisRateLimit(self._redis, self.config.rate_limit)
            stack.push_async_callback(self.sessions.aclose)
            stack.push_async_callback(self.upstream.aclose)
            # A fresh manager per run: the SDK's can run only once.
            manager = StreamableHTTPSessionManager(
                self.server, json_response=True, stateless=True, max_request_body_size=self.config.max_body
            )
            await stack.enter_async_context(manager.run())
            # Requests answered directly (``_exchange``) see the server's lifespan state, as the SDK's do.
            self._lifespan_state = await stack.enter_async_context(self.server.lifespan(self.server))
            self._manager = manager
            try:
                yield
            finally:
                self._manager = None

    async def _connect_redis(self, url: str) -> Any:
        import redis.asyncio

        # A blocking pool: past its size a request waits for a connection (``redis_wait``, as long as for an
        # answer) instead of failing at once, as the default pool does with MaxConnectionsError (a 503 in a burst).
        pool = redis.asyncio.BlockingConnectionPool.from_url(
            url,
            max_connections=self.config.redis_connections,
            timeout=self.config.redis_wait,
            socket_timeout=self.config.redis_wait,
            socket_connect_timeout=2.0,
        )
        client = redis.asyncio.Redis.from_pool(pool)
        try:
            await client.ping()
        except (RedisError, OSError) as exc:
            await client.aclose()
            raise RuntimeError(f"DATA_HOSTED_REDIS: cannot reach Redis ({type(exc).__name__})") from None
        return client

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        await receive()  # lifespan.startup
        started = False
        try:
            async with self.running():
                started = True
                await send({"type": "lifespan.startup.complete"})
                await receive()  # lifespan.shutdown
        except Exception as exc:
            if started:
                logger.exception("shutdown failed")
                await send({"type": "lifespan.shutdown.failed", "message": str(exc)})
            else:
                logger.error("startup failed: %s", exc)
                await send({"type": "lifespan.startup.failed", "message": str(exc)})
            return
        await send({"type": "lifespan.shutdown.complete"})

    # -- requests ------------------------------------------------------------------------------------------

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] != "http":
            return
        started = time.perf_counter()
        status = 0

        async def watched(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            with anyio.CancelScope(deadline=self._drain_deadline) as cancel:
                self._requests.add(cancel)
                try:
                    await self._serve(Pending(scope, receive, request_headers(scope), scope.get("method", "")), watched)
                except RefusedError as refused:
                    await self._refuse(watched, refused)
                finally:
                    self._requests.discard(cancel)
            if cancel.cancelled_caught and status == 0:
                # The grace period of a shutdown ran out: a JSON-RPC answer, not the server's 500 text.
                await self._refuse(watched, RefusedError(503, _STOPPED, code=INTERNAL_ERROR, headers=STOPPING_HEADERS))
        finally:
            self._log_access(scope, status, started)

    async def _serve(self, request: Pending, send: Send) -> None:
        """Each step of ``STEPS`` in turn, then the answer; the in-flight slots step 8 took are freed at the end."""
        try:
            for step in STEPS:
                request = await step(self, request)
            await deliver(self, request, send)
        finally:
            if request.held:
                self.in_flight.release(request.who.tag, request.held)

    @property
    def stopping(self) -> bool:
        """Whether :meth:`drain` has begun a shutdown."""
        return self._drain_deadline != math.inf

    @property
    def manager(self) -> StreamableHTTPSessionManager | None:
        """The SDK's session manager while the app runs (inside :meth:`running`), else None."""
        return self._manager

    @property
    def lifespan_state(self) -> Any:
        """The SDK server's lifespan state while the app runs."""
        return self._lifespan_state

    def drain(self, grace: float) -> None:
        """Begin a shutdown (call it on the event loop): new requests answer 503, requests in flight have
        ``grace`` seconds to finish, and then answer 503 too."""
        self._drain_deadline = anyio.current_time() + grace
        for request in self._requests:
            request.deadline = min(request.deadline, self._drain_deadline)
        logger.info("stopping: %d request(s) in flight get up to %g s to finish", len(self._requests), grace)

    @staticmethod
    async def _refuse(send: Send, refused: RefusedError) -> None:
        status, raw, body = json_response(
            refused.status, error_payload(refused.message, refused.code, refused.request_id), refused.headers
        )
        await send_response(send, status, raw, body)

    def _log_access(self, scope: Scope, status: int, started: float) -> None:
        client = scope.get("client")
        who = f"{client[0]}:{client[1]}" if client else "-"
        query = masked_query(scope.get("query_string", b"").decode("latin-1"))
        target = scope.get("path", "") + (f"?{query}" if query else "")
        access_logger.info(
            '%s "%s %s HTTP/%s" %d %.1fms',
            who,
            scope.get("method", "-"),
            target,
            scope.get("http_version", "1.1"),
            status,
            (time.perf_counter() - started) * 1000,
        )


def create_app(config: HostedConfig | None = None, **options: Any) -> HostedApp:
    """The hosted-compatible server as an ASGI application (``config`` defaults to the environment)."""
    return HostedApp(config or HostedConfig.from_env(), **options)
