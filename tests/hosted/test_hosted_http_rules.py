"""Every HTTP rule of the endpoint, over raw HTTP on loopback: statuses, headers and bodies."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator

import httpx2
import pytest

from tests.hosted._support import (
    INITIALIZE,
    KEY,
    OTHER_KEY,
    TIMEOUT,
    Upstream,
    headers,
    open_session,
    rpc,
    with_key,
)

MakeServer = Callable[..., tuple[str, Upstream]]


@pytest.fixture
def http() -> Iterator[httpx2.Client]:
    with httpx2.Client(timeout=TIMEOUT) as client:
        yield client


def _error(response: httpx2.Response) -> str:
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert body["jsonrpc"] == "2.0" and body["id"] is None
    return str(body["error"]["message"])


def test_initialize_answers_200_with_a_session_header_the_server_name_and_2025_03_26(
    http: httpx2.Client, hosted: str
) -> None:
    response = http.post(with_key(hosted), headers=headers(), json=INITIALIZE)
    assert response.status_code == 200
    assert re.fullmatch(r"[\x21-\x7e]+", response.headers["mcp-session-id"])
    result = response.json()["result"]
    assert result["protocolVersion"] == "2025-03-26"
    assert isinstance(result["serverInfo"]["name"], str) and result["serverInfo"]["name"]
    assert result["capabilities"]["tools"] is not None


def test_a_later_version_is_negotiated_when_the_client_asks_for_it(http: httpx2.Client, hosted: str) -> None:
    message = {**INITIALIZE, "params": {**INITIALIZE["params"], "protocolVersion": "2025-06-18"}}
    response = http.post(with_key(hosted), headers=headers(), json=message)
    assert response.json()["result"]["protocolVersion"] == "2025-06-18"
    session = response.headers["mcp-session-id"]
    listed = http.post(
        with_key(hosted), headers=headers(session, mcp_protocol_version="2025-06-18"), json=rpc("tools/list")
    )
    assert listed.status_code == 200 and len(listed.json()["result"]["tools"]) == 28


def test_requests_carry_the_session_and_the_key(http: httpx2.Client, hosted: str) -> None:
    session = open_session(http, hosted)
    listed = http.post(with_key(hosted), headers=headers(session), json=rpc("tools/list"))
    assert listed.status_code == 200
    assert listed.headers["mcp-session-id"] == session
    assert len(listed.json()["result"]["tools"]) == 28


def test_a_request_without_a_session_is_400(http: httpx2.Client, hosted: str) -> None:
    response = http.post(with_key(hosted), headers=headers(), json=rpc("tools/list"))
    assert response.status_code == 400
    assert "mcp-session-id" in _error(response)


@pytest.mark.parametrize(
    "session", ["s1.unknown.1.x", "garbage", "s1.AAAAAAAAAAAAAAAAAAAAAA.1795305498.AAAAAAAAAAAAAAAAAAAAAAAA"]
)
def test_an_unknown_session_is_404(http: httpx2.Client, hosted: str, session: str) -> None:
    response = http.post(with_key(hosted), headers=headers(session), json=rpc("tools/list"))
    assert response.status_code == 404
    assert "Session not found" in _error(response)


def test_a_session_presented_with_another_key_is_404(http: httpx2.Client, hosted: str) -> None:
    session = open_session(http, hosted, key=KEY)
    response = http.post(with_key(hosted, OTHER_KEY), headers=headers(session), json=rpc("tools/list"))
    assert response.status_code == 404


def test_a_missing_key_is_401_with_a_body_saying_where_it_goes(http: httpx2.Client, hosted: str) -> None:
    response = http.post(hosted, headers=headers(), json=INITIALIZE)
    assert response.status_code == 401
    assert "?apikey=" in _error(response)


@pytest.mark.parametrize(
    "auth",
    [{"authorization": f"Bearer {KEY}"}, {"x-api-key": KEY}, {"apikey": KEY}],
    ids=["bearer", "x-api-key", "apikey"],
)
def test_header_only_authentication_is_refused_with_401(http: httpx2.Client, hosted: str, auth: dict[str, str]) -> None:
    response = http.post(hosted, headers={**headers(), **auth}, json=INITIALIZE)
    assert response.status_code == 401
    message = _error(response)
    assert "Header authentication is not supported" in message and "query string" in message
    assert KEY not in response.text


def test_a_repeated_or_empty_key_is_401(http: httpx2.Client, hosted: str) -> None:
    assert http.post(f"{hosted}?apikey=", headers=headers(), json=INITIALIZE).status_code == 401
    assert http.post(f"{hosted}?apikey=a&apikey=b", headers=headers(), json=INITIALIZE).status_code == 401


def test_get_without_a_session_is_rejected_and_with_one_is_405(http: httpx2.Client, hosted: str) -> None:
    assert http.get(hosted, headers={"accept": "text/event-stream"}).status_code == 401
    assert http.get(with_key(hosted), headers={"accept": "text/event-stream"}).status_code == 400
    session = open_session(http, hosted)
    response = http.get(with_key(hosted), headers={"accept": "text/event-stream", "mcp-session-id": session})
    assert response.status_code == 405
    assert response.headers["allow"] == "POST, DELETE"


def test_delete_ends_the_session(http: httpx2.Client, hosted: str) -> None:
    session = open_session(http, hosted)
    assert http.delete(with_key(hosted), headers={"mcp-session-id": session}).status_code == 200
    assert http.post(with_key(hosted), headers=headers(session), json=rpc("tools/list")).status_code == 404
    assert http.delete(with_key(hosted), headers={"mcp-session-id": session}).status_code == 404
    assert http.delete(with_key(hosted)).status_code == 400


def test_other_methods_and_paths_are_refused(http: httpx2.Client, hosted: str) -> None:
    response = http.put(with_key(hosted), headers=headers(), json=INITIALIZE)
    assert response.status_code == 405 and "POST" in response.headers["allow"]
    assert http.post(with_key(hosted.replace("/mcp", "/other")), headers=headers(), json=INITIALIZE).status_code == 404


def test_a_foreign_origin_is_403_and_loopback_origins_pass(http: httpx2.Client, hosted: str) -> None:
    evil = http.post(with_key(hosted), headers={**headers(), "origin": "https://evil.example"}, json=INITIALIZE)
    assert evil.status_code == 403
    local = http.post(with_key(hosted), headers={**headers(), "origin": "http://localhost:3000"}, json=INITIALIZE)
    assert local.status_code == 200


def test_a_foreign_host_header_is_421(http: httpx2.Client, hosted: str) -> None:
    response = http.post(with_key(hosted), headers={**headers(), "host": "evil.example"}, json=INITIALIZE)
    assert response.status_code == 421


def test_request_bodies_are_bounded(http: httpx2.Client, hosted: str) -> None:
    session = open_session(http, hosted)
    padding = "x" * (65 * 1024)
    response = http.post(
        with_key(hosted),
        headers=headers(session),
        json=rpc("tools/call", {"name": "quote", "arguments": {"symbol": padding}}),
    )
    assert response.status_code == 413


def test_the_body_must_be_json(http: httpx2.Client, hosted: str) -> None:
    session = open_session(http, hosted)
    wrong_type = http.post(with_key(hosted), headers={**headers(session), "content-type": "text/plain"}, content=b"{}")
    assert wrong_type.status_code == 415
    broken = http.post(with_key(hosted), headers=headers(session), content=b"{not json")
    assert broken.status_code == 400 and broken.json()["error"]["code"] == -32700


def test_an_unknown_protocol_version_header_is_400(http: httpx2.Client, hosted: str) -> None:
    session = open_session(http, hosted)
    response = http.post(
        with_key(hosted), headers=headers(session, mcp_protocol_version="2031-01-01"), json=rpc("tools/list")
    )
    assert response.status_code == 400
    assert "Unsupported protocol version" in _error(response)


def test_a_2025_03_26_session_may_batch_and_a_later_one_may_not(http: httpx2.Client, hosted: str) -> None:
    session = open_session(http, hosted)
    batch = [
        rpc("tools/list", request_id=7),
        rpc("ping", request_id=8),
        {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 99}},
    ]
    response = http.post(with_key(hosted), headers=headers(session), json=batch)
    assert response.status_code == 200
    answers = {a["id"]: a for a in response.json()}
    assert set(answers) == {7, 8} and len(answers[7]["result"]["tools"]) == 28
    later = open_session(http, hosted, version="2025-06-18")
    refused = http.post(with_key(hosted), headers=headers(later, mcp_protocol_version="2025-06-18"), json=batch)
    assert refused.status_code == 400
    with_init = http.post(with_key(hosted), headers=headers(session), json=[INITIALIZE])
    assert with_init.status_code == 400


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_session_expires_after_the_configured_idle_time(http: httpx2.Client, make_server: MakeServer) -> None:
    clock = Clock()
    url, _ = make_server(session_idle=60.0, idle_clock=clock)
    session = open_session(http, url)
    clock.now += 59
    assert http.post(with_key(url), headers=headers(session), json=rpc("tools/list")).status_code == 200
    clock.now += 59  # each request restarts the idle time
    assert http.post(with_key(url), headers=headers(session), json=rpc("tools/list")).status_code == 200
    clock.now += 60
    assert http.post(with_key(url), headers=headers(session), json=rpc("tools/list")).status_code == 404


def test_a_key_may_have_only_so_many_requests_in_flight(http: httpx2.Client, make_server: MakeServer) -> None:
    url, upstream = make_server(max_concurrency=1)
    session = open_session(http, url)
    other = open_session(http, url, key=OTHER_KEY)
    upstream.arrived.clear()  # the key checks of the two sessions arrived already
    upstream.gated = True
    call = rpc("tools/call", {"name": "quote", "arguments": {"endpoint": "quote", "symbol": "AAPL"}})
    first: list[httpx2.Response] = []
    held = threading.Thread(target=lambda: first.append(http.post(with_key(url), headers=headers(session), json=call)))
    held.start()
    try:
        assert upstream.arrived.wait(TIMEOUT)
        refused = http.post(with_key(url), headers=headers(session), json=rpc("tools/list"))
        assert refused.status_code == 429 and refused.headers["retry-after"] == "1"
        # Another key is not held up by this one.
        assert http.post(with_key(url, OTHER_KEY), headers=headers(other), json=rpc("tools/list")).status_code == 200
    finally:
        upstream.release.set()
        held.join(TIMEOUT)
    assert first[0].status_code == 200
    assert http.post(with_key(url), headers=headers(session), json=rpc("tools/list")).status_code == 200


class _UnreachableStore:
    shared = True

    async def open(self, session_id: str, tag: str) -> int:
        raise ConnectionError("session store down")

    async def touch(self, session_id: str, tag: str) -> bool:
        raise ConnectionError("session store down")

    async def close(self, session_id: str, tag: str) -> bool:
        raise ConnectionError("session store down")

    async def aclose(self) -> None:
        return None


def test_an_unreachable_session_store_is_503_with_retry_after(http: httpx2.Client) -> None:
    from data_hosted import create_app
    from data_hosted._serve import running
    from data_hosted._upstream import Upstream as Transports
    from tests.hosted.conftest import hosted_config

    config = hosted_config("http://api.test")
    app = create_app(config, upstream=Transports(config.settings, http_transport=Upstream()))
    with running(app) as url:
        session = open_session(http, url)
        app.sessions = _UnreachableStore()
        for response in (
            http.post(with_key(url), headers=headers(session), json=rpc("tools/list")),
            http.post(with_key(url), headers=headers(), json=INITIALIZE),
        ):
            assert response.status_code == 503 and response.headers["retry-after"]
            assert "session store is unavailable" in _error(response)


@pytest.mark.parametrize("origin", ["http://[::1]:3000", "http://127.0.0.2:3000", "http://[::ffff:127.0.0.1]:3000"])
def test_every_loopback_origin_passes(http: httpx2.Client, hosted: str, origin: str) -> None:
    # data_pkg.net.is_loopback decides, as for the Host header and --host: one rule for all three.
    response = http.post(with_key(hosted), headers={**headers(), "origin": origin}, json=INITIALIZE)
    assert response.status_code == 200


@pytest.mark.parametrize("host", ["[::1]:8000", "127.0.0.2:8000", "LOCALHOST:8000", "[::ffff:127.0.0.1]:8000"])
def test_every_loopback_host_header_passes(http: httpx2.Client, hosted: str, host: str) -> None:
    response = http.post(with_key(hosted), headers={**headers(), "host": host}, json=INITIALIZE)
    assert response.status_code == 200
