"""The answer to a request that passed every step (``_steps``): DELETE ends its session; a POST goes to the SDK.

A POST is one of four: ``initialize`` (the SDK's transport answers, and the answer carries the new session's
``mcp-session-id``; a session whose opening failed is closed again), a batch (split into single messages,
which the SDK has no batches for), a request :func:`~data_hosted._exchange.takes` answers in this task (the
SDK's request kernel, a fraction of the transport's CPU), or anything else (notifications, responses: the
SDK's transport).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from mcp.server import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp_types import INTERNAL_ERROR
from starlette.requests import Request
from starlette.types import Message, Receive, Scope, Send

from data_hosted._calls import Caller
from data_hosted._exchange import answer, takes
from data_hosted._http import RefusedError, error_payload, json_response, send_response
from data_hosted._mcp_server import CALLER_STATE
from data_hosted._steps import SESSION_HEADER, VERSION_HEADER, Pending, Services, store

__all__ = ["Sdk", "captured", "deliver", "sdk_scope"]

_NOT_RUNNING = "The server is starting or stopping; retry shortly."


class Sdk(Services, Protocol):
    """The services of the steps, and the SDK's server, with its transport's manager while the app runs."""

    server: Server[Any]

    @property
    def manager(self) -> StreamableHTTPSessionManager | None:
        """The SDK's session manager while the app runs, else None."""
        ...

    @property
    def lifespan_state(self) -> Any:
        """The server's lifespan state, as the SDK's transport hands it to handlers."""
        ...


async def deliver(app: Sdk, request: Pending, send: Send) -> None:
    """Answer ``request``, which every step has passed."""
    if request.method == "DELETE":
        if not await store(app, "close", request.session_id, request.who.tag):
            raise RefusedError(404, "Session not found: it has already ended or expired.")
        await send_response(send, 200, [(b"content-length", b"0")], b"")
    elif request.opening:
        await _open(app, request, send)
    elif isinstance(request.message, list):
        await _batch(app, request, send)
    elif takes(request.message, request.headers.get("accept", "")):
        await _exchange(app, request, send)
    else:
        inner = sdk_scope(request.scope, request.who)
        await _call_sdk(app, inner, request.body, request.receive, _with_session(send, request.token))


def sdk_scope(scope: Scope, caller: Caller) -> Scope:
    """The request's scope as the SDK sees it: the caller in its state, no session header."""
    state = dict(scope.get("state") or {})
    state[CALLER_STATE] = caller
    # The SDK must not see the session header: its stateless transport has no sessions of its own.
    headers = [(k, v) for k, v in scope.get("headers", ()) if k.lower() != SESSION_HEADER.encode()]
    return {**scope, "state": state, "headers": headers}


async def _call_sdk(app: Sdk, scope: Scope, body: bytes, receive: Receive, send: Send) -> None:
    manager = app.manager
    if manager is None:
        raise RefusedError(503, _NOT_RUNNING, code=INTERNAL_ERROR)
    delivered = False

    async def replay() -> Message:
        nonlocal delivered
        if not delivered:
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    await manager.handle_request(scope, replay, send)


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


async def _open(app: Sdk, request: Pending, send: Send) -> None:
    established = False

    async def on_start(status: int) -> None:
        nonlocal established
        established = status == 200

    try:
        inner = sdk_scope(request.scope, request.who)
        await _call_sdk(app, inner, request.body, request.receive, _with_session(send, request.token, on_start))
    finally:
        if not established:
            with contextlib.suppress(RefusedError):
                await store(app, "close", request.session_id, request.who.tag)


async def _exchange(app: Sdk, request: Pending, send: Send) -> None:
    if app.manager is None:
        raise RefusedError(503, _NOT_RUNNING, code=INTERNAL_ERROR)
    headers = request.headers
    inner = Request(sdk_scope(request.scope, request.who))
    body = await answer(app.server, request.message, inner, headers.get(VERSION_HEADER), app.lifespan_state)
    raw = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (SESSION_HEADER.encode(), request.token.encode()),
    ]
    await send_response(send, 200, raw, body)


async def _batch(app: Sdk, request: Pending, send: Send) -> None:
    inner = sdk_scope(request.scope, request.who)
    answers: list[Any] = []
    for item in request.message:
        status, body = await captured(app, inner, json.dumps(item).encode(), request.receive)
        if status == 202 or not body:
            continue
        try:
            answers.append(json.loads(body))
        except ValueError:
            answers.append(error_payload("The message could not be handled.", INTERNAL_ERROR, item.get("id")))
    token = request.token
    if not answers:
        await send_response(send, 202, [(b"content-length", b"0"), (SESSION_HEADER.encode(), token.encode())], b"")
        return
    status, raw, payload = json_response(200, answers, [(SESSION_HEADER, token)])
    await send_response(send, status, raw, payload)


async def captured(app: Sdk, scope: Scope, body: bytes, receive: Receive) -> tuple[int, bytes]:
    """The status and body the SDK's transport answers ``body`` with."""
    status = 0
    chunks = bytearray()

    async def capture(message: Message) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]
        elif message["type"] == "http.response.body":
            chunks.extend(message.get("body", b""))

    await _call_sdk(app, scope, body, receive, capture)
    return status, bytes(chunks)
