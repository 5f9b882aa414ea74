"""The HTTP mode's request checks, one request's headers at a time: whom a server bound one way answers.

Binding an address other machines reach is not done in tests (loopback only); which ``Host`` such a server
answers for is decided from its options alone, so it is checked here without listening.
"""

from __future__ import annotations

import pytest
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from starlette.datastructures import Headers
from starlette.testclient import TestClient

from data_pkg.mcp import http
from data_pkg.mcp.http import Guard, HttpOptions
from data_pkg.mcp.server import create_app
from data_pkg.settings import Secret

TOKEN = "tok-0c5d7e19b2a84f63"


@pytest.fixture(scope="module")
def manager() -> StreamableHTTPSessionManager:
    return StreamableHTTPSessionManager(app=create_app({"DATA_MCP_RELOAD": "0"}))


def status(guard: Guard, **headers: str) -> int:
    """The status a request with ``headers`` is refused with; 0 when it is let through."""
    refused = guard.check(Headers(headers))
    return 0 if refused is None else refused.status_code


@pytest.mark.parametrize(
    ("bound", "host", "expected"),
    [
        ("127.0.0.1", "127.0.0.1:8767", 0),
        ("127.0.0.1", "localhost:8767", 0),
        ("127.0.0.1", "[::1]:8767", 0),
        ("127.0.0.1", "rebound.example:8767", 421),
        ("127.0.0.1", "localhost.:8767", 421),  # a name that resolves elsewhere may end in a dot too
        ("192.0.2.10", "192.0.2.10:8767", 0),
        ("192.0.2.10", "192.0.2.11:8767", 421),
        ("2001:db8::10", "[2001:db8::10]:8767", 0),
        ("[2001:db8::10]", "[2001:db8::10]:8767", 0),
        ("2001:db8::10", "[2001:db8::11]:8767", 421),
        ("0.0.0.0", "192.0.2.10:8767", 421),  # a wildcard names no host: --allow-host does
        ("0.0.0.0", "127.0.0.1:8767", 0),
    ],
)
def test_the_host_a_server_answers_for(
    manager: StreamableHTTPSessionManager, bound: str, host: str, expected: int
) -> None:
    guard = Guard(manager, HttpOptions(host=bound, allow_remote=True), Secret(TOKEN))
    assert status(guard, host=host, authorization=f"Bearer {TOKEN}") == expected


def test_allowed_names_and_origins_are_added_to_loopback(manager: StreamableHTTPSessionManager) -> None:
    options = HttpOptions(host="0.0.0.0", allowed_hosts=("desk.example",), allowed_origins=("https://desk.example",))
    guard = Guard(manager, options, None)
    assert status(guard, host="desk.example:8767", origin="https://desk.example") == 0
    assert status(guard, host="desk.example:8767", origin="https://desk.example.evil") == 403
    assert status(guard, host="other.example:8767") == 421


@pytest.mark.parametrize(
    ("authorization", "expected"),
    [
        (f"Bearer {TOKEN}", 0),
        (f"bearer {TOKEN}", 0),  # the scheme's case does not matter
        (f"Bearer {TOKEN} ", 0),
        (f"Bearer {TOKEN[:-1]}", 401),
        (f"Bearer {TOKEN}0", 401),
        (f"Basic {TOKEN}", 401),
        ("Bearer ", 401),
        ("Bearer", 401),
        ("Bearer caf\u00e9", 401),  # a header byte outside ASCII is compared, not a crash
    ],
)
def test_the_token_is_compared_whole(manager: StreamableHTTPSessionManager, authorization: str, expected: int) -> None:
    guard = Guard(manager, HttpOptions(), Secret(TOKEN))
    assert status(guard, host="127.0.0.1:8767", authorization=authorization) == expected


INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}},
}
STREAMABLE = {"accept": "application/json, text/event-stream", "content-type": "application/json"}


def test_sessions_past_the_bound_are_refused_until_one_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """A client that opens sessions and never ends them cannot grow the server without bound."""
    monkeypatch.setattr(http, "MAX_SESSIONS", 2)
    app = http.build(create_app({"DATA_MCP_RELOAD": "0"}), HttpOptions(), None)
    with TestClient(app, base_url="http://127.0.0.1:8767") as client:
        opened = [client.post(http.PATH, json=INITIALIZE, headers=STREAMABLE) for _ in range(3)]
        assert [answer.status_code for answer in opened] == [200, 200, 503]
        assert "Too many open sessions" in opened[2].text
        first = {
            **STREAMABLE,
            "mcp-session-id": opened[0].headers["mcp-session-id"],
            "mcp-protocol-version": "2025-06-18",
        }
        assert client.delete(http.PATH, headers=first).status_code == 200
        assert client.post(http.PATH, json=INITIALIZE, headers=STREAMABLE).status_code == 200
