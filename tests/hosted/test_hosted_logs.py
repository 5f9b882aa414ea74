"""No API key in any log line: every byte a server process prints is grepped for the keys it was sent."""

from __future__ import annotations

import socket

import httpx2
import pytest

from tests.hosted._support import (
    INITIALIZE,
    KEY,
    TIMEOUT,
    call_tool,
    headers,
    open_session,
    rpc,
    server_env,
    server_process,
    with_key,
)

pytestmark = pytest.mark.slow

BAD_KEY = "sk-HOSTED-rejected-77aa41c3-SECRET"


def _exercise_every_path(http: httpx2.Client, url: str) -> None:
    """Success and every refusal the server has, with the recognisable keys in every URL."""
    session = open_session(http, url)
    assert http.post(with_key(url), headers=headers(session), json=rpc("tools/list")).status_code == 200
    assert not call_tool(http, url, session, "quote", {"endpoint": "quote", "symbol": "AAPL"})["result"]["isError"]
    assert "error" in call_tool(http, url, session, "quote", {"symbol": "AAPL"})  # invalid params
    assert "error" in call_tool(http, url, session, "nope", {"endpoint": "x"})  # unknown tool
    assert call_tool(http, url, session, "ratingsAddon", {"endpoint": "ratingsco-search"})["result"]["isError"]
    for _ in range(3):  # past the per-key limit of 3 calls a minute
        call_tool(http, url, session, "quote", {"endpoint": "quote-short", "symbol": "MSFT"})
    assert http.post(with_key(url), headers=headers(), json=rpc("tools/list")).status_code == 400
    assert http.post(with_key(url), headers=headers("s1.x.1.y"), json=rpc("tools/list")).status_code == 404
    assert http.post(url, headers={**headers(), "authorization": f"Bearer {KEY}"}, json=INITIALIZE).status_code == 401
    assert http.post(f"{url}?apikey={KEY}&apikey={KEY}", headers=headers(), json=INITIALIZE).status_code == 401
    assert http.post(f"{url}?api%6Bey={KEY}", headers=headers(), json=INITIALIZE).status_code == 200  # encoded name
    assert http.post(f"{url}?APIKEY={KEY}", headers=headers(), json=INITIALIZE).status_code == 401
    assert http.get(with_key(url), headers={"mcp-session-id": session}).status_code == 405
    big = rpc("tools/call", {"name": "quote", "arguments": {"symbol": "x" * 4096}})
    assert http.post(with_key(url), headers=headers(session), json=big).status_code == 413
    assert (
        http.post(with_key(url), headers={**headers(), "origin": "https://evil.example"}, json=INITIALIZE).status_code
        == 403
    )
    assert (
        http.post(with_key(url), headers={**headers(session), "content-type": "text/plain"}, content=b"x").status_code
        == 415
    )
    assert http.post(with_key(url), headers=headers(session), content=b"{broken").status_code == 400
    assert http.delete(with_key(url), headers={"mcp-session-id": session}).status_code == 200
    rejected = http.post(with_key(url, BAD_KEY), headers=headers(), json=INITIALIZE)
    assert rejected.status_code == 401 and "rejected this API key" in rejected.text


def _dead_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def test_no_key_reaches_any_log_line_on_success_or_on_any_error_path(sandbox: str) -> None:
    env = server_env(sandbox, DATA_LOG_LEVEL="DEBUG", DATA_RATE_LIMIT="3", DATA_HOSTED_MAX_BODY="2048")
    with server_process(env) as server, httpx2.Client(timeout=TIMEOUT) as http:
        _exercise_every_path(http, server.url)
        output = server.stop()
    assert KEY not in output and BAD_KEY not in output
    assert output.count("apikey=***") >= 15  # the access log shows every request, redacted
    assert '"GET /mcp?apikey=*** HTTP/1.1" 405' in output
    assert "DEBUG" in output  # the HTTP library's debug lines (with upstream URLs) went through the filter too


def test_no_key_reaches_the_log_when_the_upstream_cannot_be_reached(tmp_path: object) -> None:
    env = server_env(f"http://127.0.0.1:{_dead_port()}", DATA_LOG_LEVEL="DEBUG", DATA_MAX_RETRIES="1")
    with server_process(env) as server, httpx2.Client(timeout=TIMEOUT) as http:
        # The key check meets the dead upstream: no session, and a retry later may succeed.
        refused = http.post(with_key(server.url), headers=headers(), json=INITIALIZE)
        assert refused.status_code == 503 and refused.headers["retry-after"]
        assert "could not be asked whether this API key is valid" in refused.text
        output = server.stop()
    assert KEY not in output
    assert "could not connect" in output or "failed" in output
