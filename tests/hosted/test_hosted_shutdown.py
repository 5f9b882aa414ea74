"""SIGTERM drains a real server process: no new connections, calls in flight finish or get a JSON-RPC answer.

Issue 21 item 12: before the fix a call still in flight five seconds after SIGTERM was cancelled by uvicorn,
answered with a bare ``Internal Server Error`` and logged a traceback.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator

import httpx2
import pytest

from tests.hosted._support import (
    TIMEOUT,
    HeldUpstream,
    ServerProcess,
    headers,
    open_session,
    rpc,
    server_env,
    with_key,
)

CALL = rpc("tools/call", {"name": "quote", "arguments": {"endpoint": "quote", "symbol": "AAPL"}}, request_id=5)


@pytest.fixture
def upstream() -> Iterator[HeldUpstream]:
    with HeldUpstream() as held:
        yield held


def _call_in_flight(
    http: httpx2.Client, process: ServerProcess, upstream: HeldUpstream
) -> tuple[threading.Thread, list[httpx2.Response]]:
    session = open_session(http, process.url)
    answers: list[httpx2.Response] = []
    thread = threading.Thread(
        target=lambda: answers.append(http.post(with_key(process.url), headers=headers(session), json=CALL))
    )
    thread.start()
    assert upstream.arrived.wait(TIMEOUT)
    process.proc.send_signal(signal.SIGTERM)
    process.wait_for("Shutting down")
    return thread, answers


def test_a_call_in_flight_finishes_after_sigterm_and_new_connections_are_refused(upstream: HeldUpstream) -> None:
    process = ServerProcess(server_env(upstream.url))
    try:
        with httpx2.Client(timeout=TIMEOUT) as http:
            thread, answers = _call_in_flight(http, process, upstream)
            with pytest.raises(httpx2.ConnectError), httpx2.Client(timeout=TIMEOUT) as fresh:
                fresh.post(with_key(process.url), headers=headers(), json=rpc("ping"))
            upstream.release.set()
            thread.join(TIMEOUT)
        assert answers[0].status_code == 200, answers[0].text
        assert answers[0].json()["id"] == 5 and "AAPL" in answers[0].text
        assert process.proc.wait(TIMEOUT) is not None
    finally:
        output = process.stop()
    assert "Traceback" not in output and "Finished server process" in output


def test_a_call_past_the_grace_period_gets_a_json_rpc_answer_not_a_500(upstream: HeldUpstream) -> None:
    process = ServerProcess(server_env(upstream.url, DATA_HOSTED_SHUTDOWN_GRACE="0.5"))
    try:
        with httpx2.Client(timeout=TIMEOUT) as http:
            thread, answers = _call_in_flight(http, process, upstream)
            thread.join(TIMEOUT)
        assert process.proc.wait(TIMEOUT) is not None
    finally:
        upstream.release.set()
        output = process.stop()
    answer = answers[0]
    assert answer.status_code == 503 and answer.headers["retry-after"] == "1", answer.text
    assert answer.headers["content-type"] == "application/json"
    assert answer.json()["error"]["message"] == "The server stopped before this request finished; retry it."
    assert "Traceback" not in output and "CancelledError" not in output
