"""One JSON-RPC request of an open session, answered in the HTTP request's own task.

The SDK's stateless Streamable HTTP transport serves every POST by starting a
transport, a task in its task group, memory streams and a dispatcher, then
tearing them down: on this server that costs about as much CPU as the rest of
a tool call (benchmarks/call_cpu.py). A request in an open session needs none
of it, because this layer has already done what that machinery is for here
(sessions, key, body, JSON-RPC shape, protocol version). So such a request goes
straight to the SDK's request kernel (``serve_one``, what the SDK's own
single-exchange entry uses), with the same born-ready connection the stateless
transport would build, and its answer is written as that transport writes it.
One deliberate difference: an exception no handler turns into a JSON-RPC error
answers -32603 *Internal error* (logged here), where the SDK's transport sends
code 0 and the exception's text, which could carry anything.

``initialize``, notifications, responses, batches and anything this module
does not recognise still go through the SDK's transport.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import anyio
from mcp.server import Server
from mcp.server.connection import Connection
from mcp.server.runner import serve_one
from mcp.shared.exceptions import NoBackChannelError
from mcp.shared.jsonrpc_dispatcher import handler_exception_to_error_data
from mcp.shared.message import ServerMessageMetadata
from mcp.shared.transport_context import TransportContext
from mcp_types import DEFAULT_NEGOTIATED_VERSION, INTERNAL_ERROR, ErrorData, JSONRPCError, JSONRPCResponse, RequestId
from starlette.requests import Request

__all__ = ["answer", "takes"]

logger = logging.getLogger("data_hosted")


def takes(message: object, accept: str) -> bool:
    """Whether ``message`` is a request this module answers: one JSON-RPC request with an id, not
    ``initialize``, from a client that accepts JSON (else the SDK's transport answers 406 as usual)."""
    if not isinstance(message, dict) or message.get("method") == "initialize" or "id" not in message:
        return False
    if not isinstance(message.get("method"), str):
        return False
    types = {part.split(";")[0].strip().lower() for part in accept.split(",")}
    return not types.isdisjoint(("application/json", "application/*", "*/*"))


@dataclass
class _Exchange:
    """The dispatch context of one request: no back channel (a JSON answer has room for one message)."""

    transport: TransportContext
    request_id: RequestId
    message_metadata: ServerMessageMetadata
    cancel_requested: anyio.Event = field(default_factory=anyio.Event)
    can_send_request: bool = False

    async def send_raw_request(self, method: str, params: Mapping[str, Any] | None, opts: Any = None) -> dict[str, Any]:
        raise NoBackChannelError(method)

    async def notify(self, method: str, params: Mapping[str, Any] | None, opts: Any = None) -> None:
        """A JSON answer carries no notifications: the SDK's transport drops them in this mode too."""

    async def progress(self, progress: float, total: float | None = None, message: str | None = None) -> None:
        """No progress stream in a JSON answer."""


async def answer(
    server: Server[Any], message: Mapping[str, Any], request: Request, version: str | None, lifespan_state: Any
) -> bytes:
    """The JSON-RPC answer to ``message`` (a request :func:`takes`), serialised as the SDK's transport does."""
    request_id = message["id"]
    exchange = _Exchange(
        TransportContext(kind="streamable-http", can_send_request=False, headers=request.headers),
        request_id,
        ServerMessageMetadata(request_context=request),
    )
    connection = Connection.from_envelope(version or DEFAULT_NEGOTIATED_VERSION, None, None)
    params = message.get("params")
    reply: JSONRPCResponse | JSONRPCError
    try:
        result = await serve_one(
            server, exchange, message["method"], params, connection=connection, lifespan_state=lifespan_state
        )
    except Exception as exc:
        error = handler_exception_to_error_data(exc)
        if error is None:
            logger.exception("handler for %r raised", message["method"])
            error = ErrorData(code=INTERNAL_ERROR, message="Internal error")
        reply = JSONRPCError(jsonrpc="2.0", id=request_id, error=error)
    else:
        reply = JSONRPCResponse(jsonrpc="2.0", id=request_id, result=result)
    return reply.model_dump_json(by_alias=True, exclude_unset=True).encode()
