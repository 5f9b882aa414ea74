"""Only a reply that proves a key valid opens a session, and key checks are bounded (issue 21 item 6).

Before the fix a 302, an HTML page (200 or 403) or a 429 in front of the data service counted as "the service
knows this key": made-up keys got sessions, and 100 of them evicted a real user's. Every made-up key also cost
one upstream request per ``initialize``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from urllib.parse import parse_qsl

import httpx2
import pytest

from tests.hosted._support import INITIALIZE, KEY, TIMEOUT, Upstream, headers, open_session, rpc, with_key

MakeServer = Callable[..., tuple[str, Upstream]]
Handler = Callable[[httpx2.Request], httpx2.Response]

HTML = "<html><body><h1>Just a moment...</h1></body></html>"


@pytest.fixture
def http() -> Iterator[httpx2.Client]:
    with httpx2.Client(timeout=TIMEOUT) as client:
        yield client


def _for_others(reply: httpx2.Response) -> Handler:
    """The real answer for KEY, ``reply`` for any other key."""

    def handler(request: httpx2.Request) -> httpx2.Response:
        if dict(parse_qsl(request.url.query.decode()))["apikey"] == KEY:
            return httpx2.Response(200, json=[{"symbol": "AAPL", "companyName": "Apple"}])
        return reply

    return handler


PROVES_NOTHING = {
    "redirect-302": httpx2.Response(302, headers={"location": "https://example.invalid/login"}),
    "html-200": httpx2.Response(200, text=HTML, headers={"content-type": "text/html"}),
    "html-403": httpx2.Response(403, text=HTML, headers={"content-type": "text/html"}),
    "bare-429": httpx2.Response(429, text="Too Many Requests", headers={"retry-after": "30"}),
    "json-object-200": httpx2.Response(200, json={"status": "ok"}),
    "bare-402": httpx2.Response(402, text="Payment Required"),
    "html-404": httpx2.Response(404, text=HTML, headers={"content-type": "text/html"}),
}


@pytest.mark.parametrize("reply", list(PROVES_NOTHING.values()), ids=list(PROVES_NOTHING))
def test_a_reply_that_proves_nothing_is_could_not_check(
    http: httpx2.Client, make_server: MakeServer, reply: httpx2.Response
) -> None:
    url, upstream = make_server(handler=_for_others(reply), env={"DATA_MAX_RETRIES": "0"})
    for _ in range(2):
        refused = http.post(with_key(url, "made-up-key"), headers=headers(), json=INITIALIZE)
        assert refused.status_code == 503, refused.text
        assert refused.headers["retry-after"] and "mcp-session-id" not in refused.headers
        assert "could not be asked whether this API key is valid" in refused.json()["error"]["message"]
    assert len(upstream.requests) == 2  # "could not check" is not remembered


PROVES_VALID = {
    "profile": httpx2.Response(200, json=[{"symbol": "AAPL"}]),
    "nothing-found": httpx2.Response(200, json=[]),
    "plan-denial": httpx2.Response(402, text="Restricted Endpoint: This endpoint is not available under your plan."),
}


@pytest.mark.parametrize("reply", list(PROVES_VALID.values()), ids=list(PROVES_VALID))
def test_a_reply_only_the_service_gives_admits_the_key(
    http: httpx2.Client, make_server: MakeServer, reply: httpx2.Response
) -> None:
    url, _ = make_server(handler=lambda request: reply)
    assert http.post(with_key(url), headers=headers(), json=rpc("ping")).status_code == 400
    open_session(http, url, key="some-real-key")


def test_made_up_keys_behind_a_rate_limiting_proxy_never_evict_a_real_session(
    http: httpx2.Client, make_server: MakeServer
) -> None:
    url, _ = make_server(
        handler=_for_others(httpx2.Response(429, text="slow down")),
        max_sessions=20,
        env={"DATA_MAX_RETRIES": "0", "DATA_HOSTED_KEY_CHECKS_PER_CLIENT": "1000"},
    )
    real = open_session(http, url)
    for number in range(100):
        refused = http.post(with_key(url, f"made-up-{number:03d}"), headers=headers(), json=INITIALIZE)
        assert refused.status_code == 503 and "mcp-session-id" not in refused.headers
    assert http.post(with_key(url), headers=headers(real), json=rpc("ping")).status_code == 200


def _rejecting(request: httpx2.Request) -> httpx2.Response:
    return httpx2.Response(401, json={"Error Message": "Invalid API KEY."})


def test_key_checks_per_client_address_are_bounded_and_refusals_remembered(
    http: httpx2.Client, make_server: MakeServer
) -> None:
    url, upstream = make_server(handler=_rejecting, env={"DATA_HOSTED_KEY_CHECKS_PER_CLIENT": "5"})
    for number in range(5):
        assert http.post(with_key(url, f"junk-{number}"), headers=headers(), json=INITIALIZE).status_code == 401
    refused = http.post(with_key(url, "junk-5"), headers=headers(), json=INITIALIZE)
    assert refused.status_code == 429, refused.text
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    assert "at most 5 key checks a minute" in refused.json()["error"]["message"]
    # A refusal is remembered: the same made-up key again costs no upstream request, and is still 401.
    assert http.post(with_key(url, "junk-0"), headers=headers(), json=INITIALIZE).status_code == 401
    assert len(upstream.requests) == 5
    # Another client address has a budget of its own (127.0.0.2 is loopback too).
    transport = httpx2.HTTPTransport(local_address="127.0.0.2")
    with httpx2.Client(timeout=TIMEOUT, transport=transport) as elsewhere:
        assert elsewhere.post(with_key(url, "junk-6"), headers=headers(), json=INITIALIZE).status_code == 401
    assert len(upstream.requests) == 6


def test_key_checks_of_a_worker_are_bounded_for_every_client(http: httpx2.Client, make_server: MakeServer) -> None:
    url, upstream = make_server(handler=_rejecting, env={"DATA_HOSTED_KEY_CHECKS": "3"})
    for number in range(3):
        assert http.post(with_key(url, f"junk-{number}"), headers=headers(), json=INITIALIZE).status_code == 401
    refused = http.post(with_key(url, "junk-3"), headers=headers(), json=INITIALIZE)
    assert refused.status_code == 503 and refused.headers["retry-after"]
    assert "checks no more new API keys for now" in refused.json()["error"]["message"]
    assert len(upstream.requests) == 3
