"""Requests of an open session are answered in the request's own task, exactly as the SDK's transport would.

The direct path (``data_hosted._exchange``) exists for its cost (benchmarks/call_cpu.py); what it
answers must not differ from what the SDK's stateless transport answers for the same message. Each
message below is answered both ways by one app in this process, against a recording upstream, and
the JSON-RPC answers are compared whole.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import httpx2
import pytest
from starlette.requests import Request

from data_hosted import create_app
from data_hosted._app import HostedApp
from data_hosted._calls import Caller
from data_hosted._deliver import captured, sdk_scope
from data_hosted._exchange import answer, takes
from data_hosted._sessions import key_tag
from data_hosted._upstream import Upstream as Transports
from data_pkg.client import Secret
from tests.hosted._support import ACCEPT, KEY, SECRET, Upstream
from tests.hosted.conftest import hosted_config

pytestmark = pytest.mark.anyio

OLD, NEW = "2025-03-26", "2025-11-25"
MESSAGES: list[tuple[str, dict[str, Any]]] = [
    ("ping", {"jsonrpc": "2.0", "id": 7, "method": "ping"}),
    ("tools/list", {"jsonrpc": "2.0", "id": "list", "method": "tools/list", "params": {}}),
    (
        "a good call",
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "tools/call",
            "params": {"name": "quote", "arguments": {"endpoint": "quote", "symbol": "AAPL"}},
        },
    ),
    (
        "a field the endpoint does not take",
        {
            "jsonrpc": "2.0",
            "id": 4,
            "method": "tools/call",
            "params": {"name": "quote", "arguments": {"endpoint": "quote", "symbol": "AAPL", "limit": 3}},
        },
    ),
    (
        "an unknown tool",
        {"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "qoute", "arguments": {}}},
    ),
    ("params the SDK cannot read", {"jsonrpc": "2.0", "id": 6, "method": "tools/call", "params": {"name": 12}}),
    ("an unknown method", {"jsonrpc": "2.0", "id": 8, "method": "resources/list"}),
    ("a method that does not exist", {"jsonrpc": "2.0", "id": 9, "method": "no/such/method"}),
]


@pytest.fixture
async def app() -> AsyncIterator[HostedApp]:
    upstream = Upstream(lambda request: httpx2.Response(200, json=[{"symbol": "AAPL", "price": 1.5}]))
    config = hosted_config("http://api.test")
    made = create_app(config, upstream=Transports(config.settings, http_transport=upstream))
    async with made.running():
        yield made


def scope_of(app: HostedApp, version: str) -> dict[str, Any]:
    headers = [
        (b"host", b"127.0.0.1"),
        (b"accept", ACCEPT.encode()),
        (b"content-type", b"application/json"),
        (b"mcp-protocol-version", version.encode()),
    ]
    scope = {
        "type": "http",
        "method": "POST",
        "path": "/mcp",
        "headers": headers,
        "query_string": f"apikey={KEY}".encode(),
        "http_version": "1.1",
        "scheme": "http",
        "server": ("127.0.0.1", 80),
        "client": ("127.0.0.1", 50000),
    }
    return sdk_scope(scope, Caller(Secret(KEY), key_tag(SECRET.encode(), KEY)))


async def through_sdk(app: HostedApp, scope: dict[str, Any], message: dict[str, Any]) -> Any:
    async def receive() -> dict[str, Any]:
        return {"type": "http.disconnect"}

    status, body = await captured(app, scope, json.dumps(message).encode(), receive)
    assert status == 200, body
    return json.loads(body)


@pytest.mark.parametrize("version", [OLD, NEW])
@pytest.mark.parametrize(("case", "message"), MESSAGES, ids=[case for case, _ in MESSAGES])
async def test_a_request_is_answered_as_the_sdk_transport_answers_it(
    app: HostedApp, version: str, case: str, message: dict[str, Any]
) -> None:
    scope = scope_of(app, version)
    assert takes(message, ACCEPT)
    direct = await answer(app.server, message, Request(scope), version, app.lifespan_state)
    assert json.loads(direct) == await through_sdk(app, scope, message)


def test_only_single_requests_of_a_client_that_reads_json_take_the_direct_path() -> None:
    request = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    assert takes(request, "application/json, text/event-stream")
    assert takes(request, "*/*")
    assert not takes(request, "text/event-stream")  # the SDK answers 406
    assert not takes({"jsonrpc": "2.0", "method": "notifications/initialized"}, ACCEPT)
    assert not takes({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}, ACCEPT)
    assert not takes([request], ACCEPT)


async def test_a_handler_that_raises_answers_internal_error_without_its_text(caplog: pytest.LogCaptureFixture) -> None:
    import mcp_types as types
    from mcp.server import Server

    async def list_tools(ctx: Any, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        raise RuntimeError("the text of an unexpected failure, sk-HOSTED-should-not-leak")

    server: Server[Any] = Server("raising", on_list_tools=list_tools)
    message = {"jsonrpc": "2.0", "id": 3, "method": "tools/list"}
    async with server.lifespan(server) as state:
        raw = await answer(server, message, Request({"type": "http", "headers": []}), OLD, state)
    reply = json.loads(raw)
    assert reply == {"jsonrpc": "2.0", "id": 3, "error": {"code": -32603, "message": "Internal error"}}
    assert "RuntimeError" in caplog.text  # the server's log has what happened
