"""The SDK internals ``data_hosted._exchange`` calls, pinned the way it relies on them.

``serve_one``, ``Connection.from_envelope`` and ``handler_exception_to_error_data`` are not in the SDK's
public API (``mcp.server`` exports ``Server``, ``ServerRequestContext``, ``NotificationOptions`` and a few
more), so a release may change them without a deprecation. Each test calls one as ``_exchange`` does, on a
real ``Server`` of the SDK and ``_exchange``'s own dispatch context: a release that breaks one fails here,
naming it, instead of in a user's session. ``test_hosted_exchange.py`` checks the whole direct path against
the SDK's transport; this file checks the SDK pieces one by one.
"""

from __future__ import annotations

import inspect
from typing import Any

import mcp_types as types
import pytest
from mcp.server import Server, ServerRequestContext
from mcp.server.connection import Connection
from mcp.server.runner import serve_one
from mcp.shared.exceptions import MCPError, NoBackChannelError
from mcp.shared.jsonrpc_dispatcher import handler_exception_to_error_data
from mcp.shared.message import ServerMessageMetadata
from mcp.shared.transport_context import TransportContext
from pydantic import BaseModel, ValidationError

from data_hosted._exchange import _Exchange

pytestmark = pytest.mark.anyio

VERSION = "2025-11-25"
REQUEST = object()
"""Stands for the HTTP request ``_exchange`` puts in the metadata: handlers read the caller from it."""


def _server(seen: dict[str, Any]) -> Server[Any]:
    async def call_tool(ctx: ServerRequestContext[Any], params: types.CallToolRequestParams) -> types.CallToolResult:
        seen.update(request=ctx.request, request_id=ctx.request_id, version=ctx.protocol_version, name=params.name)
        if params.name == "ask":  # a server-initiated request: the direct path has no channel for it
            await ctx.session.send_ping()
        if params.name == "fail":
            raise ValueError("text that must not reach the client")
        return types.CallToolResult(content=[types.TextContent(text="answered")])

    async def list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[types.Tool(name="echo", input_schema={"type": "object"})])

    return Server("contract", on_call_tool=call_tool, on_list_tools=list_tools)


def _exchange(request_id: types.RequestId = 7) -> _Exchange:
    return _Exchange(
        TransportContext(kind="streamable-http", can_send_request=False, headers={}),
        request_id,
        ServerMessageMetadata(request_context=REQUEST),
    )


async def _serve(server: Server[Any], method: str, params: dict[str, Any] | None, request_id: int = 7) -> Any:
    connection = Connection.from_envelope(VERSION, None, None)
    return await serve_one(server, _exchange(request_id), method, params, connection=connection, lifespan_state=None)


def test_the_signatures_are_the_ones_called() -> None:
    serve = inspect.signature(serve_one).parameters
    assert list(serve)[:4] == ["server", "dctx", "method", "params"]
    assert serve["connection"].kind is serve["lifespan_state"].kind is inspect.Parameter.KEYWORD_ONLY
    envelope = inspect.signature(Connection.from_envelope).parameters
    assert list(envelope)[:3] == ["protocol_version", "client_info", "client_capabilities"]
    assert all(
        p.default is not inspect.Parameter.empty for name, p in envelope.items() if name not in list(envelope)[:3]
    )
    assert list(inspect.signature(handler_exception_to_error_data).parameters) == ["exc"]


def test_an_envelope_connection_is_born_ready_at_the_version_given() -> None:
    connection = Connection.from_envelope(VERSION, None, None)
    assert connection.protocol_version == VERSION
    assert connection.initialized.is_set()  # no initialize handshake on this path


async def test_serve_one_answers_a_call_through_the_servers_handler_with_the_exchanges_context() -> None:
    seen: dict[str, Any] = {}
    result = await _serve(_server(seen), "tools/call", {"name": "echo", "arguments": {}}, request_id=41)
    assert types.CallToolResult.model_validate(result).content == [types.TextContent(text="answered")]
    # What data-hosted's handlers read: the HTTP request (the caller), the id, the version of the connection.
    assert seen == {"request": REQUEST, "request_id": 41, "version": VERSION, "name": "echo"}


async def test_serve_one_answers_ping_and_tools_list_without_a_handshake() -> None:
    server = _server({})
    assert await _serve(server, "ping", None) == {}
    listed = types.ListToolsResult.model_validate(await _serve(server, "tools/list", {}))
    assert [tool.name for tool in listed.tools] == ["echo"]


async def test_serve_one_raises_what_the_handlers_raise_and_the_mapping_turns_it_into_error_data() -> None:
    server = _server({})
    with pytest.raises(MCPError) as unknown:
        await _serve(server, "no/such/method", {})
    assert handler_exception_to_error_data(unknown.value) == unknown.value.error
    assert unknown.value.error.code == types.METHOD_NOT_FOUND
    with pytest.raises(ValueError, match="must not reach") as failed:
        await _serve(server, "tools/call", {"name": "fail", "arguments": {}})
    # None: not the SDK's to word, so _exchange answers -32603 without the exception's text.
    assert handler_exception_to_error_data(failed.value) is None


async def test_a_request_to_the_client_meets_the_exchanges_missing_back_channel() -> None:
    with pytest.raises(NoBackChannelError) as refused:
        await _serve(_server({}), "tools/call", {"name": "ask", "arguments": {}})
    error = handler_exception_to_error_data(refused.value)
    assert error is not None and error.code == types.INVALID_REQUEST


def test_bad_params_map_to_invalid_params_without_pydantics_text() -> None:
    class Params(BaseModel):
        n: int

    with pytest.raises(ValidationError) as invalid:
        Params.model_validate({"n": "not a number"})
    error = handler_exception_to_error_data(invalid.value)
    assert error is not None and error.code == types.INVALID_PARAMS
    assert "not a number" not in error.message and not error.data
