"""The steps a request goes through before it is answered, in order: :data:`STEPS`.

Each step is a small function of the app's services and the request as read so far (:class:`Pending`).
It returns the request, read further, or raises :class:`RefusedError`: the answer that ends the request
there, so the first failure answers. By number (a number may take two steps):

0. :func:`not_stopping`: the server is not stopping (else 503); :func:`headers_bounded`: the request line
   and headers are within their bound (431);
1. :func:`on_mcp_path`: the path is the MCP path, else 404;
2. :func:`origin_allowed`, :func:`host_allowed`: ``Origin`` (when sent) and ``Host`` are allowed, else
   403 / 421;
3. :func:`method_allowed`: POST, GET or DELETE, else 405;
4. :func:`key_in_query`: the key is in the query string (``?apikey=``), else 401; a key sent only in a
   header is refused with a body that says where it goes;
5. POST only: :func:`body_within_bound` (413), :func:`json_content` (415), :func:`message_parsed`: parseable
   JSON nested within a bound (400, -32700), a JSON-RPC message whose text is valid Unicode (400, -32600);
   :func:`batch_allowed`: a batch the session's version allows and within its bound (400);
6. :func:`session_named`: ``initialize`` opens a session (its answer carries ``mcp-session-id``); anything
   else needs that header (400 without, 404 when the session is unknown, ended, idle too long, evicted or
   was opened with another key); :func:`no_event_stream`: GET, with a valid session, is 405, as this
   server never pushes messages unasked;
7. :func:`version_known`: a protocol version header the SDK's handshake era does not know is 400;
8. :func:`in_flight_slot`: the key's in-flight bound on this worker (each message of a batch counts): 429
   with ``Retry-After``; the runner frees the slots when the request ends;
9. ``initialize`` only: :func:`key_accepted`: the upstream must accept the key (401 when it rejects it, 503
   when its reply proves nothing or it cannot be asked; a check beyond the bounds on key checks: 429 per
   client address, 503 per worker); :func:`session_opened`: the session table then makes room by ending
   the least recently used sessions (the key's own first).

What passed them all is answered by ``_deliver``. A step changes the request it is given and returns it: a
new object per step would cost every call an allocation per step, and nothing else holds the request.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol
from urllib.parse import parse_qsl

from mcp_types import INTERNAL_ERROR
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS
from redis.exceptions import RedisError
from starlette.types import Receive, Scope

from data_hosted._calls import Caller
from data_hosted._config import HostedConfig
from data_hosted._http import RefusedError
from data_hosted._keys import KeyCheckRefusedError, KeyVerdicts
from data_hosted._limits import ConcurrencyLimit, TooManyInFlightError
from data_hosted._messages import check_message, parse_body
from data_hosted._session_table import SessionStore
from data_hosted._sessions import SessionTokens, key_tag
from data_pkg import net
from data_pkg.client import Secret

__all__ = ["SESSION_HEADER", "STEPS", "STOPPING_HEADERS", "VERSION_HEADER", "Pending", "Services", "Step", "store"]

logger = logging.getLogger("data_hosted")

SESSION_HEADER = "mcp-session-id"
VERSION_HEADER = "mcp-protocol-version"
STOPPING_HEADERS = (("retry-after", "1"), ("connection", "close"))
_STOPPING = "The server is stopping; retry (another worker, or this one once restarted, will answer)."
_BATCH_VERSIONS = frozenset({"2024-11-05", "2025-03-26"})
_SPOKEN = ", ".join(HANDSHAKE_PROTOCOL_VERSIONS)
_KEY_HEADERS = ("authorization", "x-api-key", "apikey", "api-key")


class Services(Protocol):
    """What the steps read and use: the app's configuration, session tokens and stores, and bounds."""

    config: HostedConfig
    tokens: SessionTokens
    sessions: SessionStore
    keys: KeyVerdicts
    in_flight: ConcurrencyLimit

    @property
    def stopping(self) -> bool:
        """Whether a shutdown has begun."""
        ...


@dataclass(slots=True)
class Pending:
    """One HTTP request as the steps have read it so far (each field says which step fills it)."""

    scope: Scope
    receive: Receive
    headers: dict[str, str]
    """By lower-case name (``_http.request_headers``)."""
    method: str
    caller: Caller | None = None
    """Step 4: who calls, from the key in the query string."""
    body: bytes = b""
    """Step 5, POST only."""
    message: Any = None
    """Step 5, POST only: one JSON-RPC message (a dict) or a batch (a list)."""
    opening: bool = False
    """Step 6: an ``initialize`` request, which opens a session."""
    session_id: str = ""
    """Step 6: the session, opened or named."""
    token: str = ""
    """Step 6: the session's token, as the ``mcp-session-id`` header carries it (POST only)."""
    held: int = 0
    """Step 8: in-flight slots held for the caller, freed when the request ends."""

    @property
    def who(self) -> Caller:
        """The caller (once step 4 has run)."""
        if self.caller is None:
            raise RuntimeError("the caller is known from step 4 (key_in_query) on")
        return self.caller


Step = Callable[[Services, Pending], Awaitable[Pending]]
"""One step: the request read further, or RefusedError."""


async def store(app: Services, operation: str, session_id: str, tag: str) -> Any:
    """The session store's ``operation`` (``open``, ``touch``, ``close``); 503 when the store cannot be reached."""
    try:
        return await getattr(app.sessions, operation)(session_id, tag)
    except (RedisError, OSError) as exc:
        logger.warning("session store unavailable during %s (%s)", operation, type(exc).__name__)
        raise RefusedError(
            503, "The session store is unavailable; retry shortly.", code=INTERNAL_ERROR, headers=[("retry-after", "1")]
        ) from None


# -- 0 to 4: every request ---------------------------------------------------------------------------


async def not_stopping(app: Services, request: Pending) -> Pending:
    """0: a server that is stopping answers 503 (another worker, or this one restarted, will answer)."""
    if app.stopping:
        raise RefusedError(503, _STOPPING, code=INTERNAL_ERROR, headers=STOPPING_HEADERS)
    return request


async def headers_bounded(app: Services, request: Pending) -> Pending:
    """0: the request line and headers within ``max_header`` bytes (431)."""
    scope = request.scope
    size = len(scope.get("raw_path") or b"") + len(scope.get("query_string", b""))
    size += sum(len(name) + len(value) + 4 for name, value in scope.get("headers", ()))
    if size > app.config.max_header:
        # Headers still arriving are bounded by the connection guard (``_guard``); these came whole.
        raise RefusedError(
            431,
            f"The request line and headers are larger than {app.config.max_header} bytes.",
            headers=[("connection", "close")],
        )
    return request


async def on_mcp_path(app: Services, request: Pending) -> Pending:
    """1: the MCP path, with or without a trailing slash (404)."""
    if request.scope.get("path", "").rstrip("/") != app.config.path:
        raise RefusedError(404, f"Not found: the MCP endpoint is {app.config.path}")
    return request


async def origin_allowed(app: Services, request: Pending) -> Pending:
    """2: an ``Origin`` header, when sent, is allowed or on this machine (403)."""
    origin = request.headers.get("origin")
    if origin is not None and not net.origin_allowed(origin, app.config.allowed_origins):
        raise RefusedError(403, f"Origin {origin[:100]!r} is not allowed to call this server.")
    return request


async def host_allowed(app: Services, request: Pending) -> Pending:
    """2: a ``Host`` header this server answers for, or one on this machine (421)."""
    host = request.headers.get("host")
    if host is None or not net.host_allowed(host, app.config.allowed_hosts):
        raise RefusedError(421, "Host header is missing or not one this server answers for.")
    return request


async def method_allowed(app: Services, request: Pending) -> Pending:
    """3: POST, GET or DELETE (405)."""
    if request.method not in ("POST", "GET", "DELETE"):
        raise RefusedError(
            405,
            "Method not allowed: use POST (GET and DELETE with a session).",
            headers=[("allow", "GET, POST, DELETE")],
        )
    return request


async def key_in_query(app: Services, request: Pending) -> Pending:
    """4: one printable key in ``?apikey=`` (401; a key sent only in a header is told where it goes)."""
    query = request.scope.get("query_string", b"").decode("latin-1")
    keys = [value for name, value in parse_qsl(query, keep_blank_values=True) if name == "apikey"]
    path = app.config.path
    if not keys:
        if any(request.headers.get(h) for h in _KEY_HEADERS):
            raise RefusedError(
                401,
                "Header authentication is not supported: put the API key in the URL's query string, "
                f"POST {path}?apikey=YOUR_KEY, on every request.",
            )
        raise RefusedError(401, f"Missing API key: call {path}?apikey=YOUR_KEY on every request.")
    key = keys[0].strip()
    if len(keys) > 1 or not key or len(key) > 256 or not key.isprintable() or " " in key:
        raise RefusedError(401, "The apikey query parameter must appear once and hold one key.")
    request.caller = Caller(Secret(key), key_tag(app.config.secret, key))
    return request


# -- 5: the body of a POST ---------------------------------------------------------------------------


async def body_within_bound(app: Services, request: Pending) -> Pending:
    """5: the whole body, within ``max_body`` bytes as declared and as sent (413)."""
    if request.method != "POST":
        return request
    limit = app.config.max_body
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise RefusedError(413, f"Request body too large: at most {limit} bytes.")
    chunks = bytearray()
    while True:
        message = await request.receive()
        if message["type"] != "http.request":
            raise RefusedError(400, "The client went away before the body arrived.")
        chunks += message.get("body", b"")
        if len(chunks) > limit:
            raise RefusedError(413, f"Request body too large: at most {limit} bytes.")
        if not message.get("more_body", False):
            request.body = bytes(chunks)
            return request


async def json_content(app: Services, request: Pending) -> Pending:
    """5: the body is sent as ``application/json`` (415)."""
    if request.method != "POST":
        return request
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        raise RefusedError(415, "Unsupported media type: send the JSON-RPC message as application/json.")
    return request


async def message_parsed(app: Services, request: Pending) -> Pending:
    """5: JSON within the nesting bound (400, -32700); one message a JSON-RPC envelope (400, -32600)."""
    if request.method != "POST":
        return request
    request.message = parse_body(request.body)
    if not isinstance(request.message, list):
        check_message(request.message)
    return request


async def batch_allowed(app: Services, request: Pending) -> Pending:
    """5: a batch the session's protocol version allows, not empty, within its bound, each item a JSON-RPC
    envelope and none an ``initialize`` (400)."""
    items = request.message
    if not isinstance(items, list):
        return request
    version = request.headers.get(VERSION_HEADER, "2025-03-26")
    if version not in _BATCH_VERSIONS:
        raise RefusedError(
            400,
            f"Batches were removed after 2025-03-26; this session speaks {version[:40]!r}: send one message at a time.",
        )
    if not items:
        raise RefusedError(400, "A batch must be a non-empty array of JSON-RPC messages.")
    # A batch larger than the in-flight bound could never be admitted: the smaller bound is the one said.
    most = min(app.config.max_batch, app.config.max_concurrency)
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
    return request


# -- 6 to 9: the session -----------------------------------------------------------------------------


async def session_named(app: Services, request: Pending) -> Pending:
    """6: ``initialize`` gets a new session; anything else names an open one of this key (400 without
    ``mcp-session-id``, 404 when it ended, expired, was evicted or belongs to another key)."""
    message = request.message
    tag = request.who.tag
    if isinstance(message, dict) and message.get("method") == "initialize" and "id" in message:
        request.opening = True
        request.token, issued = app.tokens.issue(tag)
        request.session_id = issued.session_id
        return request
    token = request.headers.get(SESSION_HEADER)
    if not token:
        raise RefusedError(
            400, f"Bad request: missing {SESSION_HEADER} header; send initialize first to open a session."
        )
    checked = app.tokens.check(token, tag)
    if checked is None or not await store(app, "touch", checked.session_id, tag):
        raise RefusedError(404, "Session not found: it ended, expired or belongs to another key. Initialize a new one.")
    request.token, request.session_id = token, checked.session_id
    return request


async def no_event_stream(app: Services, request: Pending) -> Pending:
    """6: GET with a session: 405, as this server never pushes messages unasked."""
    if request.method == "GET":
        raise RefusedError(
            405,
            "This server sends no messages unasked: there is no event stream to open. Use POST.",
            headers=[("allow", "POST, DELETE")],
        )
    return request


async def version_known(app: Services, request: Pending) -> Pending:
    """7: a protocol version header, on a POST in a session, that the SDK's handshake era knows (400)."""
    if request.method != "POST" or request.opening:
        return request
    version = request.headers.get(VERSION_HEADER)
    if version is not None and version not in HANDSHAKE_PROTOCOL_VERSIONS:
        raise RefusedError(400, f"Unsupported protocol version {version[:40]!r}: this server speaks {_SPOKEN}.")
    return request


async def in_flight_slot(app: Services, request: Pending) -> Pending:
    """8: a POST holds one of its key's in-flight slots on this worker per message (429 when too few are free)."""
    if request.method != "POST":
        return request
    count = len(request.message) if isinstance(request.message, list) else 1
    try:
        app.in_flight.take(request.who.tag, count)
    except TooManyInFlightError:
        raise RefusedError(
            429,
            f"Too many requests in flight for this API key (at most {app.in_flight.limit}); retry shortly.",
            headers=[("retry-after", "1")],
        ) from None
    request.held = count
    return request


async def key_accepted(app: Services, request: Pending) -> Pending:
    """9, ``initialize`` only: the upstream accepts the key (401 when it rejects it, 503 when it could not be
    asked); a key check beyond the bounds is 429 for this client address, 503 for the worker."""
    if not request.opening:
        return request
    caller = request.who
    client = request.scope.get("client")
    try:
        verdict = await app.keys.verdict(caller.api_key, caller.tag, client[0] if client else "-")
    except KeyCheckRefusedError as refused:
        wait = str(max(1, math.ceil(refused.retry_after)))
        if refused.per_client:
            raise RefusedError(
                429,
                f"Too many new API keys from this address: at most {app.config.key_checks_per_client} key "
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
    return request


async def session_opened(app: Services, request: Pending) -> Pending:
    """9, ``initialize`` only: the session table records the session, ending the least recently used ones
    (the key's own first) to make room (503 when the store cannot be reached)."""
    if request.opening:
        await store(app, "open", request.session_id, request.who.tag)
    return request


STEPS: tuple[Step, ...] = (
    not_stopping,
    headers_bounded,
    on_mcp_path,
    origin_allowed,
    host_allowed,
    method_allowed,
    key_in_query,
    body_within_bound,
    json_content,
    message_parsed,
    batch_allowed,
    session_named,
    no_event_stream,
    version_known,
    in_flight_slot,
    key_accepted,
    session_opened,
)
"""Every request goes through these, in this order; the first refusal answers."""
