"""Injected faults are observable the way real upstream failures are, and reproducible."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import httpx2
import pytest

from data_pkg.sandbox import SandboxConfig, running_sandbox
from data_pkg.sandbox._faults import FaultInjector, FaultSettings
from data_pkg.sandbox._files import csv_chunks
from data_pkg.sandbox._stream import ROWS_PER_CHUNK, json_chunks

from ._support import TIMEOUT

QUOTE = {"symbol": "AAPL", "apikey": "demo"}
Faulty = Callable[..., httpx2.Client]


@contextmanager
def sandbox_client(config: SandboxConfig) -> Iterator[httpx2.Client]:
    with running_sandbox(config) as url, httpx2.Client(base_url=url, timeout=TIMEOUT) as http:
        yield http


@pytest.fixture(scope="module")
def faulty_server() -> Iterator[str]:
    """One sandbox for this module; each test sets its faults at runtime and resets them after."""
    with running_sandbox(SandboxConfig(bulk_rows=1000)) as url:
        yield url


@pytest.fixture
def faulty(faulty_server: str) -> Iterator[Callable[..., httpx2.Client]]:
    """A function that applies fault settings and returns a fresh client; everything is reset afterwards."""
    clients: list[httpx2.Client] = []

    def configure(**faults: float) -> httpx2.Client:
        http = httpx2.Client(base_url=faulty_server, timeout=TIMEOUT)
        clients.append(http)
        assert http.post("/_sandbox/faults", json=faults).status_code == 200
        return http

    yield configure
    for http in clients:
        http.close()
    httpx2.post(f"{faulty_server}/_sandbox/reset", timeout=TIMEOUT).raise_for_status()


def test_error_rate_answers_503_with_a_json_body_and_the_quota_headers() -> None:
    with sandbox_client(SandboxConfig(error_rate=1.0)) as http:
        response = http.get("/stable/quote", params=QUOTE)
    assert response.status_code == 503
    assert "Error Message" in response.json()
    assert "X-Rate-Limit-Remaining" in response.headers


def test_malformed_rate_answers_200_with_json_that_does_not_parse(faulty: Faulty) -> None:
    response = faulty(malformed_rate=1.0).get("/stable/quote", params=QUOTE)
    assert response.status_code == 200
    assert response.content.startswith(b"[{")
    with pytest.raises(json.JSONDecodeError):
        json.loads(response.content)


def test_malformed_rate_cuts_a_bulk_csv_mid_row(faulty: Faulty) -> None:
    response = faulty(malformed_rate=1.0).get("/stable/profile-bulk", params={"part": 0, "apikey": "demo"})
    assert response.status_code == 200
    lines = response.text.split("\n")
    assert 1 < len(lines) < 1000
    assert lines[-1] != ""  # the last row stops part-way


@pytest.mark.anyio
async def test_a_cut_stream_ends_part_way_even_when_its_rows_fill_whole_chunks() -> None:
    rows = [{"symbol": f"S{i}"} for i in range(ROWS_PER_CHUNK)]
    body = b"".join([chunk async for chunk in csv_chunks(["symbol"], rows, cut_after=1)])
    assert 0 < len(body) < len(b"symbol\n" + b"".join(f"S{i}\n".encode() for i in range(ROWS_PER_CHUNK)))
    assert not body.endswith(b"\n")
    text = b"".join([chunk async for chunk in json_chunks(rows, cut_after=1)])
    with pytest.raises(json.JSONDecodeError):
        json.loads(text)


def test_malformed_rate_cuts_a_streamed_json_answer_part_way(faulty: Faulty) -> None:
    # Five years of daily bars are long enough to be streamed; the cut comes after the first chunk.
    response = faulty(malformed_rate=1.0).get("/stable/historical-price-eod/full", params=QUOTE)
    assert response.status_code == 200
    assert "content-length" not in response.headers
    assert response.content.startswith(b'[{"symbol":')
    with pytest.raises(json.JSONDecodeError):
        json.loads(response.content)


def test_error200_rate_answers_status_200_with_the_limit_error_message(faulty: Faulty) -> None:
    response = faulty(error200_rate=1.0).get("/stable/quote", params=QUOTE)
    assert response.status_code == 200
    assert response.json()["Error Message"].startswith("Limit Reach . Please upgrade your plan")


def test_drop_rate_closes_the_connection_mid_body(faulty: Faulty, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR, logger="uvicorn.error"):
        http = faulty(drop_rate=1.0)
        with pytest.raises(httpx2.TransportError):
            http.get("/stable/income-statement", params=QUOTE)
        # The connection is gone, but the server keeps serving new ones.
        with pytest.raises(httpx2.TransportError):
            http.get("/stable/quote", params=QUOTE)
        assert http.get("/healthz").text == "ok"
    # An intended drop is not reported as an application error.
    assert not [r for r in caplog.records if "without completing response" in r.getMessage()]


def test_drop_rate_breaks_a_bulk_stream_part_way(faulty: Faulty) -> None:
    with pytest.raises(httpx2.TransportError):
        faulty(drop_rate=1.0).get("/stable/profile-bulk", params={"part": 0, "apikey": "demo"})


def test_drop_rate_breaks_a_streamed_json_answer_part_way(faulty: Faulty) -> None:
    with pytest.raises(httpx2.TransportError):
        faulty(drop_rate=1.0).get("/stable/historical-price-eod/full", params=QUOTE)


def test_fail_first_fails_each_path_n_times_then_succeeds(faulty: Faulty) -> None:
    http = faulty(fail_first=2)
    quote = [http.get("/stable/quote", params=QUOTE).status_code for _ in range(3)]
    profile = [http.get("/stable/profile", params=QUOTE).status_code for _ in range(3)]
    assert quote == [503, 503, 200]
    assert profile == [503, 503, 200]


def test_latency_delays_every_reply_and_says_by_how_much(faulty: Faulty) -> None:
    # The reply states the wait it applied (docs/sandbox.md), so this needs no clock.
    assert "X-Sandbox-Latency-Ms" not in faulty().get("/stable/quote", params=QUOTE).headers
    http = faulty(latency_ms=120)
    replies = [
        http.get("/stable/quote", params=QUOTE),
        http.get("/stable/quote", params={"symbol": "AAPL", "apikey": "wrong"}),
        http.get("/stable/no-such-endpoint", params=QUOTE),
        http.get("/stable/historical-price-eod/full", params=QUOTE),
    ]
    assert [reply.status_code for reply in replies] == [200, 401, 404, 200]
    assert [reply.headers.get("X-Sandbox-Latency-Ms") for reply in replies] == ["120"] * 4
    assert faulty(latency_ms=2.5).get("/stable/quote", params=QUOTE).headers["X-Sandbox-Latency-Ms"] == "2.5"


def test_reset_replays_the_same_fault_sequence_from_the_seed(faulty: Faulty, faulty_server: str) -> None:
    def statuses() -> list[int]:
        http = faulty(error_rate=0.5)
        return [http.get("/stable/quote", params=QUOTE).status_code for _ in range(24)]

    first = statuses()
    httpx2.post(f"{faulty_server}/_sandbox/reset", timeout=TIMEOUT).raise_for_status()
    assert statuses() == first
    assert set(first) == {200, 503}


def test_faults_can_be_changed_read_and_reset_at_runtime(faulty: Faulty) -> None:
    http = faulty()
    assert http.get("/stable/quote", params=QUOTE).status_code == 200
    changed = http.post("/_sandbox/faults", json={"error_rate": 1.0})
    assert changed.status_code == 200
    assert changed.json()["error_rate"] == 1.0
    assert http.get("/_sandbox/faults").json()["error_rate"] == 1.0
    assert http.get("/stable/quote", params=QUOTE).status_code == 503
    reset = http.post("/_sandbox/reset")
    assert reset.json()["error_rate"] == 0.0
    assert http.get("/stable/quote", params=QUOTE).status_code == 200


@pytest.mark.parametrize(
    "body",
    [{"error_rate": 2}, {"nonsense": 1}, {"fail_first": 1.5}, {"latency_ms": "slow"}, [1, 2]],
    ids=["rate-above-one", "unknown-field", "fractional-count", "text-value", "not-an-object"],
)
def test_a_bad_runtime_fault_setting_answers_400_and_changes_nothing(faulty: Faulty, body: object) -> None:
    http = faulty()
    response = http.post("/_sandbox/faults", json=body)
    assert response.status_code == 400
    assert "Error Message" in response.json()
    assert http.get("/_sandbox/faults").json() == FaultSettings().as_dict()


def test_invalid_json_to_the_fault_endpoint_answers_400(faulty: Faulty) -> None:
    response = faulty().post("/_sandbox/faults", content=b"{not json")
    assert response.status_code == 400


@pytest.mark.parametrize(
    "kwargs",
    [
        {"error_rate": -0.1},
        {"drop_rate": 1.5},
        {"error_rate": 0.6, "drop_rate": 0.6},
        {"fail_first": -1},
        {"latency_ms": -5},
    ],
)
def test_a_bad_fault_setting_in_the_config_is_refused(kwargs: dict[str, float]) -> None:
    with pytest.raises(ValueError, match=r"must|sum"):
        SandboxConfig(**kwargs)  # type: ignore[arg-type]


def test_fail_first_counts_per_path_and_reset_starts_over() -> None:
    injector = FaultInjector(FaultSettings(fail_first=1))
    assert [injector.decide("/a"), injector.decide("/a"), injector.decide("/b")] == ["error", "none", "error"]
    injector.reset()
    assert injector.decide("/a") == "error"
