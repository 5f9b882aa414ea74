"""Batches are bounded, and each message of one counts against the key's in-flight bound (issue 21 item 12).

Before the fix a 1 MB batch made 7,544 upstream calls, one after another, while it counted as one request in flight.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import httpx2
import pytest

from tests.hosted._support import TIMEOUT, Upstream, headers, open_session, rpc, with_key

MakeServer = Callable[..., tuple[str, Upstream]]


@pytest.fixture
def http() -> Iterator[httpx2.Client]:
    with httpx2.Client(timeout=TIMEOUT) as client:
        yield client


def _calls(count: int, first_id: int = 10) -> list[dict[str, Any]]:
    arguments = {"endpoint": "quote", "symbol": "AAPL"}
    return [rpc("tools/call", {"name": "quote", "arguments": arguments}, request_id=first_id + n) for n in range(count)]


def test_a_batch_larger_than_the_bound_is_refused_before_any_call(http: httpx2.Client, make_server: MakeServer) -> None:
    url, upstream = make_server()
    session = open_session(http, url)
    checks = len(upstream.requests)
    huge = _calls(7_000)  # about 1 MB, as in the report
    for batch in (huge, _calls(17)):
        refused = http.post(with_key(url), headers=headers(session), json=batch)
        assert refused.status_code == 400, refused.text
        assert f"at most 16 messages; this one holds {len(batch)}" in refused.json()["error"]["message"]
    assert len(upstream.requests) == checks  # nothing went upstream
    answered = http.post(with_key(url), headers=headers(session), json=_calls(16))
    assert answered.status_code == 200 and len(answered.json()) == 16


def test_the_batch_bound_is_configurable(http: httpx2.Client, make_server: MakeServer) -> None:
    url, _ = make_server(env={"DATA_HOSTED_MAX_BATCH": "3"})
    session = open_session(http, url)
    assert http.post(with_key(url), headers=headers(session), json=_calls(3)).status_code == 200
    refused = http.post(with_key(url), headers=headers(session), json=_calls(4))
    assert refused.status_code == 400 and "at most 3 messages" in refused.text


def test_each_message_of_a_batch_takes_an_in_flight_slot(http: httpx2.Client, make_server: MakeServer) -> None:
    url, upstream = make_server(env={"DATA_HOSTED_MAX_CONCURRENCY": "4"})
    session = open_session(http, url)
    upstream.arrived.clear()
    upstream.gated = True
    held: list[httpx2.Response] = []
    call = threading.Thread(
        target=lambda: held.append(http.post(with_key(url), headers=headers(session), json=_calls(1)[0]))
    )
    call.start()
    try:
        assert upstream.arrived.wait(TIMEOUT)
        # One call in flight leaves three slots: a batch of four does not fit, one of three pings does.
        refused = http.post(with_key(url), headers=headers(session), json=_calls(4))
        assert refused.status_code == 429 and refused.headers["retry-after"] == "1"
        pings = [rpc("ping", request_id=n) for n in range(3)]
        assert http.post(with_key(url), headers=headers(session), json=pings).status_code == 200
    finally:
        upstream.release.set()
        call.join(TIMEOUT)
    assert held[0].status_code == 200
