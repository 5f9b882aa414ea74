"""The HTTP side: one MCP endpoint with the hosted server's session and key rules.

The SDK's Streamable HTTP transport runs in stateless mode behind this layer:
it speaks JSON-RPC (initialize and version negotiation, tools/list,
tools/call, ping, notifications); this layer owns everything about who may
talk and in which session, because the SDK's session manager keeps sessions
in one process's memory and a session here must be served by any worker.
A single request of an open session skips the transport and goes straight
to the SDK's request kernel (``_exchange``): same answer, a fraction of the CPU.

Before any of this, the connection guard (``_guard``) has bounded the
request's headers, the time it took to arrive and the connections held. For
each request, in order (the first failure answers):

0. the server is not stopping (else 503), and the request line and headers
   are within their bound (431);
1. path is the MCP path, else 404;
2. ``Origin`` (when sent) and ``Host`` are allowed, else 403 / 421;
3. method is POST, GET or DELETE, else 405;
4. the key is in the query string (``?apikey=``), else 401; a key sent only
   in a header is refused with a body that says where it goes;
5. POST only: body within the size bound (413), JSON content type (415),
   parseable JSON nested within a bound (400, -32700), a JSON-RPC message
   whose text is valid Unicode (400, -32600), a batch the session's version
   allows and within its bound (400);
6. ``initialize`` opens a session (its answer carries ``mcp-session-id``);
   anything else needs that header (400 without, 404 when the session is
   unknown, ended, idle too long, evicted or was opened with another key);
7. a protocol version header the SDK's handshake era does not know: 400;
8. the key's in-flight bound on this worker (each message of a batch counts):
   429 with ``Retry-After``;
9. ``initialize`` only: the upstream must accept the key (401 when it
   rejects it, 503 when its reply proves nothing or it cannot be asked; a
   check beyond the bounds on key checks: 429 per client address, 503 per
   worker); the session table then makes room by ending the least recently
   used sessions (the key's own first).

GET with a valid session answers 405 (this server never pushes messages
unasked); DELETE ends the session. Batches are accepted from 2025-03-26 (and
older) sessions and split into single messages for the SDK, which has none.
On shutdown :meth:`HostedApp.drain` gives the requests in flight a grace
period, then ends them with a JSON-RPC 503.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any
from urllib.parse import parse_qsl

import anyio
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp_types import INTERNAL_ERROR
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS
from redis.exceptions import RedisError
from starlette.requests import Request
from starlette.types import Message, Receive, Scope, Send

from data_hosted._calls import Caller, ToolCalls
from data_hosted._config import HostedConfig
from data_hosted._exchange import answer, takes
from data_hosted._http import (
    RefusedError,
    error_payload,
    json_response,
    masked_query,
    request_headers,
    send_response,
)
from data_hosted._keys import KeyCheckRefusedError, KeyVerdicts
from data_hosted._limits import ConcurrencyLimit, MemoryRateLimit, RateLimit, RedisRateLimit, TooManyInFlightError
from data_hosted._mcp_server import CALLER_STATE, SERVER_NAME, build_server
from data_hosted._messages import check_message, parse_body
from data_hosted._session_table import MemorySessions, RedisSessions, SessionStore
from data_hosted._sessions import SessionTokens, key_tag
from data_hosted._tools import build_toolset
from data_hosted._upstream import Upstream
from data_pkg.client import Secret
from data_pkg.net import host_allowed, origin_allowed

__all__ = ["SERVER_NAME", "HostedApp", "create_app"]

logger = logging.getLogger("data_hosted")
access_logger = logging.getLogger("data_hosted.access")

SESSION_HEADER = "mcp-session-id"
VERSION_HEADER = "mcp-protocol-version"
_BATCH_VERSIONS = frozenset({"2024-11-05", "2025-03-26"})
_SPOKEN = ", ".join(HANDSHAKE_PROTOCOL_VERSIONS)
_KEY_HEADERS = ("authorization", "x-api-key", "apikey", "api-key")
_STOPPING_HEADERS = (("retry-after", "1"), ("connection", "close"))
_STOPPING = "The server is stopping; retry (another worker, or this one once restarted, will answer)."
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
            with anyio.CancelScope(deadline=self._drain_deadline) as request:
                self._requests.add(request)
                try:
                    if self._drain_deadline != math.inf:
                        raise RefusedError(503, _STOPPING, code=INTERNAL_ERROR, headers=_STOPPING_HEADERS)
                    await self._http(scope, receive, watched)
                except RefusedError as refused:
                    await self._refuse(watched, refused)
                finally:
                    self._requests.discard(request)
            if request.cancelled_caught and status == 0:
                # The grace period of a shutdown ran out: a JSON-RPC answer, not the server's 500 text.
                await self._refuse(watched, RefusedError(503, _STOPPED, code=INTERNAL_ERROR, headers=_STOPPING_HEADERS))
        finally:
            self._log_access(scope, status, started)

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

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        size = len(scope.get("raw_path") or b"") + len(scope.get("query_string", b""))
        size += sum(len(name) + len(value) + 4 for name, value in scope.get("headers", ()))
        if size > self.config.max_header:
            # Headers still arriving are bounded by the connection guard (``_guard``); these came whole.
            raise RefusedError(
                431,
                f"The request line and headers are larger than {self.config.max_header} bytes.",
                headers=[("connection", "close")],
            )
        headers = request_headers(scope)
        caller = self._admit(scope, headers)
        method = scope["method"]
        if method == "POST":
            await self._post(scope, receive, send, headers, caller)
        elif method == "GET":
            await self._session_of(headers, caller)
            raise RefusedError(
                405,
                "This server sends no messages unasked: there is no event stream to open. Use POST.",
                headers=[("allow", "POST, DELETE")],
            )
        else:
            token = await self._session_of(headers, caller)
            if not await self._store("close", token, caller.tag):
                raise RefusedError(404, "Session not found: it has already ended or expired.")
            await send_response(send, 200, [(b"content-length", b"0")], b"")

    def _admit(self, scope: Scope, headers: dict[str, str]) -> Caller:
        """Path, origin, host, method and key checks; the caller when all pass."""
        path = scope.get("path", "")
        if path.rstrip("/") != self.config.path:
            raise RefusedError(404, f"Not found: the MCP endpoint is {self.config.path}")
        origin = headers.get("origin")
        if origin is not None and not origin_allowed(origin, self.config.allowed_origins):
            raise RefusedError(403, f"Origin {origin[:100]!r} is not allowed to call this server.")
        host = headers.get("host")
        if host is None or not host_allowed(host, self.config.allowed_hosts):
            raise RefusedError(421, "Host header is missing or not one this server answers for.")
        if scope.get("method") not in ("POST", "GET", "DELETE"):
            raise RefusedError(
                405,
                "Method not allowed: use POST (GET and DELETE with a session).",
                headers=[("allow", "GET, POST, DELETE")],
            )
        keys = [
            v
            for k, v in parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
            if k == "apikey"
        ]
        if not keys:
            if any(headers.get(h) for h in _KEY_HEADERS):
                raise RefusedError(
                    401,
                    "Header authentication is not supported: put the API key in the URL's query string, "
                    f"POST {self.config.path}?apikey=YOUR_KEY, on every request.",
                )
            raise RefusedError(401, f"Missing API key: call {self.config.path}?apikey=YOUR_KEY on every request.")
        key = keys[0].strip()
        if len(keys) > 1 or not key or len(key) > 256 or not key.isprintable() or " " in key:
            raise RefusedError(401, "The apikey query parameter must appear once and hold one key.")
        return Caller(Secret(key), key_tag(self.config.secret, key))

    async def _store(self, operation: str, session_id: str, tag: str) -> Any:
        try:
            return await getattr(self.sessions, operation)(session_id, tag)
        except (RedisError, OSError) as exc:
            logger.warning("session store unavailable during %s (%s)", operation, type(exc).__name__)
            raise RefusedError(
                503,
                "The session store is unavailable; retry shortly.",
                code=INTERNAL_ERROR,
                headers=[("retry-after", "1")],
            ) from None

    async def _session_of(self, headers: dict[str, str], caller: Caller) -> str:
        """The open session the request names (its id), or a 400/404 refused."""
        token = headers.get(SESSION_HEADER)
        if not token:
            raise RefusedError(
                400, f"Bad request: missing {SESSION_HEADER} header; send initialize first to open a session."
            )
        checked = self.tokens.check(token, caller.tag)
        if checked is None or not await self._store("touch", checked.session_id, caller.tag):
            raise RefusedError(
                404, "Session not found: it ended, expired or belongs to another key. Initialize a new one."
            )
        return checked.session_id

    async def _post(self, scope: Scope, receive: Receive, send: Send, headers: dict[str, str], caller: Caller) -> None:
        body = await self._read_body(receive, headers)
        if headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
            raise RefusedError(415, "Unsupported media type: send the JSON-RPC message as application/json.")
        message = parse_body(body)
        if isinstance(message, list):
            self._check_batch(message, headers)
        else:
            check_message(message)
        opening = isinstance(message, dict) and message.get("method") == "initialize" and "id" in message
        token: str | None = None
        session_id: str | None = None
        if opening:
            token, issued = self.tokens.issue(caller.tag)
            session_id = issued.session_id
        else:
            session_id = await self._session_of(headers, caller)
            token = headers[SESSION_HEADER]
            version = headers.get(VERSION_HEADER)
            if version is not None and version not in HANDSHAKE_PROTOCOL_VERSIONS:
                raise RefusedError(400, f"Unsupported protocol version {version[:40]!r}: this server speaks {_SPOKEN}.")
        try:
            # Each message of a batch is a request in flight of its own.
            with self.in_flight.slot(caller.tag, len(message) if isinstance(message, list) else 1):
                if opening:
                    await self._open(scope, body, receive, send, caller, token, session_id)
                elif isinstance(message, list):
                    await self._batch(scope, message, receive, send, headers, caller, token)
                elif takes(message, headers.get("accept", "")):
                    await self._exchange(scope, message, send, headers, caller, token)
                else:
                    await self._forward(scope, body, receive, send, caller, token)
        except TooManyInFlightError:
            raise RefusedError(
                429,
                f"Too many requests in flight for this API key (at most {self.in_flight.limit}); retry shortly.",
                headers=[("retry-after", "1")],
            ) from None

    async def _read_body(self, receive: Receive, headers: dict[str, str]) -> bytes:
        limit = self.config.max_body
        declared = headers.get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            raise RefusedError(413, f"Request body too large: at most {limit} bytes.")
        chunks = bytearray()
        while True:
            message = await receive()
            if message["type"] != "http.request":
                raise RefusedError(400, "The client went away before the body arrived.")
            chunks += message.get("body", b"")
            if len(chunks) > limit:
                raise RefusedError(413, f"Request body too large: at most {limit} bytes.")
            if not message.get("more_body", False):
                return bytes(chunks)

    def _sdk_scope(self, scope: Scope, caller: Caller) -> Scope:
        state = dict(scope.get("state") or {})
        state[CALLER_STATE] = caller
        # The SDK must not see the session header: its stateless transport has no sessions of its own.
        headers = [(k, v) for k, v in scope.get("headers", ()) if k.lower() != SESSION_HEADER.encode()]
        return {**scope, "state": state, "headers": headers}

    async def _call_sdk(self, scope: Scope, body: bytes, receive: Receive, send: Send) -> None:
        manager = self._manager
        if manager is None:
            raise RefusedError(503, "The server is starting or stopping; retry shortly.", code=INTERNAL_ERROR)
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await manager.handle_request(scope, replay, send)

    @staticmethod
    def _with_session(send: Send, token: str, on_start: Callable[[int], Awaitable[None]] | None = None) -> Send:
        async def wrapped(message: Message) -> None:
            if message["type"] == "http.response.start":
                if on_start is not None:
                    await on_start(message["status"])
                if message["status"] < 400:
                    message = {
                        **message,
                        "headers": [*message.get("headers", []), (SESSION_HEADER.encode(), token.encode())],
                    }
            await send(message)

        return wrapped

    async def _admit_key(self, caller: Caller, scope: Scope) -> None:
        """Refuse a key the upstream rejects (401), could not be asked about (503), or one more key check
        than the bounds allow (429 for this client address, 503 for the worker)."""
        client = scope.get("client")
        try:
            verdict = await self.keys.verdict(caller.api_key, caller.tag, client[0] if client else "-")
        except KeyCheckRefusedError as refused:
            wait = str(max(1, math.ceil(refused.retry_after)))
            if refused.per_client:
                raise RefusedError(
                    429,
                    f"Too many new API keys from this address: at most {self.config.key_checks_per_client} key "
                    f"checks a minute; retry after {wait} s.",
                    headers=[("retry-after", wait)],
                ) from None
            raise RefusedError(
                503,
                "This server checks no more new API keys for now; retry shortly.",
                code=INTERNAL_ERROR,
                headers=[("retry-after", wait)],
            ) from None
        if verdict == "rejected":
            raise RefusedError(
                401,
                "The data service rejected this API key: check the apikey in the URL "
                "(copy it again from your account page).",
            )
        if verdict == "unknown":
            raise RefusedError(
                503,
                "The data service could not be asked whether this API key is valid; retry shortly.",
                code=INTERNAL_ERROR,
                headers=[("retry-after", "5")],
            )

    async def _open(
        self, scope: Scope, body: bytes, receive: Receive, send: Send, caller: Caller, token: str, session_id: str
    ) -> None:
        await self._admit_key(caller, scope)
        await self._store("open", session_id, caller.tag)
        established = False

        async def on_start(status: int) -> None:
            nonlocal established
            established = status == 200

        try:
            await self._call_sdk(
                self._sdk_scope(scope, caller), body, receive, self._with_session(send, token, on_start)
            )
        finally:
            if not established:
                with contextlib.suppress(RefusedError):
                    await self._store("close", session_id, caller.tag)

    async def _forward(
        self, scope: Scope, body: bytes, receive: Receive, send: Send, caller: Caller, token: str
    ) -> None:
        await self._call_sdk(self._sdk_scope(scope, caller), body, receive, self._with_session(send, token))

    async def _exchange(
        self, scope: Scope, message: dict[str, Any], send: Send, headers: dict[str, str], caller: Caller, token: str
    ) -> None:
        if self._manager is None:
            raise RefusedError(503, "The server is starting or stopping; retry shortly.", code=INTERNAL_ERROR)
        request = Request(self._sdk_scope(scope, caller))
        body = await answer(self.server, message, request, headers.get(VERSION_HEADER), self._lifespan_state)
        raw = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (SESSION_HEADER.encode(), token.encode()),
        ]
        await send_response(send, 200, raw, body)

    def _check_batch(self, items: list[Any], headers: dict[str, str]) -> None:
        """Refuse (400) a batch the session's protocol version does not allow, or one too large."""
        version = headers.get(VERSION_HEADER, "2025-03-26")
        if version not in _BATCH_VERSIONS:
            raise RefusedError(
                400,
                f"Batches were removed after 2025-03-26; this session speaks {version[:40]!r}: "
                "send one message at a time.",
            )
        if not items:
            raise RefusedError(400, "A batch must be a non-empty array of JSON-RPC messages.")
        # A batch larger than the in-flight bound could never be admitted: the smaller bound is the one said.
        most = min(self.config.max_batch, self.config.max_concurrency)
        if len(items) > most:
            raise RefusedError(
                400,
                f"A batch may hold at most {most} messages; this one holds {len(items)}: split it, or send one "
                "message at a time.",
            )
        for number, item in enumerate(items, 1):
            check_message(item, f"item {number} of the batch: ")
        if any(item.get("method") == "initialize" for item in items):
            raise RefusedError(400, "initialize cannot be part of a batch.")

    async def _batch(
        self,
        scope: Scope,
        items: list[Any],
        receive: Receive,
        send: Send,
        headers: dict[str, str],
        caller: Caller,
        token: str,
    ) -> None:
        inner = self._sdk_scope(scope, caller)
        answers: list[Any] = []
        for item in items:
            status, body = await self._captured(inner, json.dumps(item).encode(), receive)
            if status == 202 or not body:
                continue
            try:
                answers.append(json.loads(body))
            except ValueError:
                answers.append(error_payload("The message could not be handled.", INTERNAL_ERROR, item.get("id")))
        if not answers:
            await send_response(send, 202, [(b"content-length", b"0"), (SESSION_HEADER.encode(), token.encode())], b"")
            return
        status, raw, payload = json_response(200, answers, [(SESSION_HEADER, token)])
        await send_response(send, status, raw, payload)

    async def _captured(self, scope: Scope, body: bytes, receive: Receive) -> tuple[int, bytes]:
        status = 0
        chunks = bytearray()

        async def capture(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body":
                chunks.extend(message.get("body", b""))

        await self._call_sdk(scope, body, receive, capture)
        return status, bytes(chunks)


def create_app(config: HostedConfig | None = None, **options: Any) -> HostedApp:
    """The hosted-compatible server as an ASGI application (``config`` defaults to the environment)."""
    return HostedApp(config or HostedConfig.from_env(), **options)
