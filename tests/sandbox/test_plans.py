"""Keys, plans and quotas answer with the upstream's exact statuses, bodies and headers."""

from __future__ import annotations

from collections.abc import Iterator

import httpx2
import pytest

from data_pkg.sandbox import Quota, SandboxConfig, running_sandbox
from data_pkg.sandbox._plans import QuotaBook, parse_quota

from ._support import TIMEOUT

RESTRICTED = "Restricted Endpoint: This endpoint is not available under your current subscription"


def premium(param: str) -> str:
    return (
        f"Premium Query Parameter: 'Special Endpoint : This value set for '{param}' is not available "
        "under your current subscription ...'"
    )


@pytest.fixture
def small_quota() -> Iterator[httpx2.Client]:
    config = SandboxConfig(quotas={"sandbox-basic": Quota(3, 60)})
    with running_sandbox(config) as url, httpx2.Client(base_url=url, timeout=TIMEOUT) as http:
        yield http


@pytest.mark.parametrize("params", [{}, {"apikey": "not-a-key"}], ids=["missing", "unknown"])
def test_a_missing_or_unknown_key_answers_401_with_the_exact_body_and_no_quota_headers(
    client: httpx2.Client, sandbox_url: str, params: dict[str, str]
) -> None:
    response = client.get("/stable/profile", params={"symbol": "AAPL", **params})
    assert response.status_code == 401
    assert response.json() == {
        "Error Message": "Invalid API KEY. Feel free to create a Free API Key or visit "
        f"{sandbox_url}/docs for more information."
    }
    assert "X-Rate-Limit-Remaining" not in response.headers


def test_a_basic_key_on_a_starter_endpoint_answers_402_in_plain_text(client: httpx2.Client) -> None:
    params = {"symbol": "AAPL", "periodLength": 10, "timeframe": "1day", "apikey": "sandbox-basic"}
    response = client.get("/stable/technical-indicators/sma", params=params)
    assert response.status_code == 402
    assert response.text == RESTRICTED
    assert response.headers["content-type"].startswith("text/plain")


def test_a_starter_key_gets_the_starter_endpoint(client: httpx2.Client) -> None:
    params = {"symbol": "AAPL", "periodLength": 10, "timeframe": "1day", "apikey": "sandbox-starter"}
    assert client.get("/stable/technical-indicators/sma", params=params).status_code == 200


def test_a_premium_key_is_refused_an_ultimate_endpoint(client: httpx2.Client) -> None:
    params = {"symbol": "AAPL", "year": 2024, "quarter": 1, "apikey": "sandbox-premium"}
    response = client.get("/stable/earning-call-transcript", params=params)
    assert response.status_code == 402
    assert response.text == RESTRICTED


def test_a_basic_key_asking_more_than_five_statements_answers_the_premium_limit_body(client: httpx2.Client) -> None:
    params = {"symbol": "AAPL", "limit": 6, "apikey": "sandbox-basic"}
    response = client.get("/stable/income-statement", params=params)
    assert response.status_code == 402
    assert response.json() == {"Error Message": premium("limit")}
    assert client.get("/stable/income-statement", params={**params, "limit": 5}).status_code == 200
    assert client.get("/stable/income-statement", params={**params, "apikey": "sandbox-starter"}).status_code == 200


def test_a_basic_key_asking_a_non_us_listing_answers_the_premium_symbol_body(client: httpx2.Client) -> None:
    response = client.get("/stable/quote", params={"symbol": "VOD.L", "apikey": "sandbox-basic"})
    assert response.status_code == 402
    assert response.json() == {"Error Message": premium("symbol")}
    assert client.get("/stable/quote", params={"symbol": "VOD.L", "apikey": "sandbox-starter"}).status_code == 200


def test_past_the_quota_the_reply_is_429_with_retry_after_and_the_exact_body(small_quota: httpx2.Client) -> None:
    params = {"symbol": "AAPL", "apikey": "sandbox-basic"}
    remaining = [small_quota.get("/stable/quote", params=params).headers["X-Rate-Limit-Remaining"] for _ in range(3)]
    assert remaining == ["2", "1", "0"]
    refused = small_quota.get("/stable/quote", params=params)
    assert refused.status_code == 429
    assert refused.json() == {
        "Error Message": "Limit Reach . Please upgrade your plan or visit our documentation for more details at "
        f"{small_quota.base_url.copy_with(path='/docs')} "
    }
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert refused.headers["X-Rate-Limit-Limit"] == "3"
    assert refused.headers["X-Rate-Limit-Remaining"] == "0"
    # Other keys have their own windows.
    assert small_quota.get("/stable/quote", params={**params, "apikey": "demo"}).status_code == 200


def test_reset_clears_the_quota_windows(small_quota: httpx2.Client) -> None:
    params = {"symbol": "AAPL", "apikey": "sandbox-basic"}
    for _ in range(3):
        small_quota.get("/stable/quote", params=params)
    assert small_quota.get("/stable/quote", params=params).status_code == 429
    assert small_quota.post("/_sandbox/reset").status_code == 200
    assert small_quota.get("/stable/quote", params=params).status_code == 200


@pytest.mark.parametrize(
    ("path", "params", "status"),
    [
        ("/stable/quote", {"symbol": "AAPL"}, 200),
        ("/stable/quote", {}, 400),
        ("/stable/technical-indicators/sma", {"symbol": "AAPL", "periodLength": 10, "timeframe": "1day"}, 402),
        ("/stable/income-statement", {"symbol": "AAPL", "limit": 9}, 402),
        ("/stable/no-such-endpoint", {}, 404),
        ("/stable/historical-chart/2min", {"symbol": "AAPL"}, 400),
        ("/stable/profile-bulk", {"part": 0}, 200),
    ],
)
def test_every_reply_to_a_valid_key_carries_the_rate_limit_headers(
    client: httpx2.Client, path: str, params: dict[str, object], status: int
) -> None:
    response = client.get(path, params={**params, "apikey": "sandbox-basic"})
    assert response.status_code == status
    assert response.headers["X-Rate-Limit-Limit"] == "250"
    assert int(response.headers["X-Rate-Limit-Remaining"]) < 250


def test_the_default_plan_windows_match_the_upstream_plans() -> None:
    book = QuotaBook({"demo": "ultimate", "b": "basic", "s": "starter", "p": "premium", "u": "ultimate"})
    assert book.quota("b") == Quota(250, 86_400)
    assert book.quota("s") == Quota(300, 60)
    assert book.quota("p") == Quota(750, 60)
    assert book.quota("u") == Quota(3000, 60)
    assert book.quota("demo") == Quota(3000, 60)


def test_retry_after_counts_down_to_when_the_oldest_call_leaves_the_window() -> None:
    now = [100.0]
    book = QuotaBook({"k": "basic"}, {"k": Quota(2, 10)}, clock=lambda: now[0])
    assert book.take("k").allowed
    now[0] = 103.0
    assert book.take("k").allowed
    now[0] = 104.5
    refused = book.take("k")
    assert (refused.allowed, refused.retry_after) == (False, 6)
    now[0] = 110.0
    assert book.take("k").allowed


@pytest.mark.parametrize("text", ["demo", "demo=3", "demo=x/60", "=3/60", "demo=0/60", "demo=3/0"])
def test_a_malformed_quota_is_refused_with_a_clear_message(text: str) -> None:
    with pytest.raises(ValueError, match="quota"):
        parse_quota(text)


def test_a_quota_for_an_unknown_key_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown key"):
        SandboxConfig(quotas={"nobody": Quota(1, 1)})


def test_an_extra_key_gets_its_plan(sandbox_url: str) -> None:
    config = SandboxConfig(extra_keys={"secret-test-key-123": "starter"})
    with running_sandbox(config) as url, httpx2.Client(base_url=url, timeout=TIMEOUT) as http:
        params = {"symbol": "AAPL", "periodLength": 10, "timeframe": "1day", "apikey": "secret-test-key-123"}
        response = http.get("/stable/technical-indicators/sma", params=params)
        assert response.status_code == 200
        assert response.headers["X-Rate-Limit-Limit"] == "300"
