"""Upstream replies map to errors a caller can act on; only transport failures and 5xx are retried."""

from __future__ import annotations

from collections.abc import Callable

import httpx2
import pytest

from data_pkg import (
    AuthenticationError,
    DataClient,
    NotFoundError,
    PlanRestrictedError,
    RateLimitError,
    ResponseValidationError,
    TransportError,
    UpstreamServerError,
)
from data_pkg.errors import ConfigurationError
from tests.support import Recorder, quote_row

MakeClient = Callable[..., tuple[DataClient, Recorder]]

INVALID_KEY = {
    "Error Message": "Invalid API KEY. Feel free to create a Free API Key or visit http://docs.test for more information."
}
LIMIT_REACH = {
    "Error Message": "Limit Reach . Please upgrade your plan or visit our documentation for more details at http://docs.test "
}
RESTRICTED = "Restricted Endpoint: This endpoint is not available under your current subscription"


def test_invalid_key_is_an_authentication_error(make_client: MakeClient) -> None:
    client, _ = make_client(lambda r: httpx2.Response(401, json=INVALID_KEY))
    with pytest.raises(AuthenticationError, match="DATA_API_KEY") as caught:
        client.company.get_quote("AAPL")
    assert caught.value.status == 401


def test_an_error_message_with_status_200_is_the_error_it_names(make_client: MakeClient) -> None:
    client, _ = make_client(lambda r: httpx2.Response(200, json=INVALID_KEY))
    with pytest.raises(AuthenticationError):
        client.company.get_quote("AAPL")
    client, _ = make_client(lambda r: httpx2.Response(200, json=LIMIT_REACH))
    with pytest.raises(RateLimitError):
        client.company.get_quote("AAPL")


def test_restricted_endpoint_plain_text_says_which_plan_is_needed(make_client: MakeClient) -> None:
    client, _ = make_client(lambda r: httpx2.Response(402, text=RESTRICTED))
    with pytest.raises(PlanRestrictedError) as caught:
        client.technical.get_sma("AAPL", 10, "1day")
    error = caught.value
    assert (error.kind, error.required_tier, error.status) == ("restricted", "starter", 402)
    assert "starter plan" in str(error)


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        (
            "Exclusive Endpoint : This endpoint is not available under your current subscription agreement, please visit x",
            "exclusive",
        ),
        ("Legacy Endpoint : This endpoint is only available for legacy users.", "legacy"),
        (
            "Premium Query Parameter: 'Special Endpoint : This value set for 'symbol' is not available under your current subscription ...'",
            "premium_query",
        ),
    ],
)
def test_each_402_json_kind_is_recognised(make_client: MakeClient, body: str, kind: str) -> None:
    client, _ = make_client(lambda r: httpx2.Response(402, json={"Error Message": body}))
    with pytest.raises(PlanRestrictedError) as caught:
        client.company.get_quote("VOD.L")
    assert caught.value.kind == kind
    if kind == "premium_query":
        assert "'symbol'" in str(caught.value)


def test_limit_reach_carries_retry_after_and_is_not_retried(make_client: MakeClient) -> None:
    client, upstream = make_client(lambda r: httpx2.Response(429, json=LIMIT_REACH, headers={"Retry-After": "42"}))
    with pytest.raises(RateLimitError) as caught:
        client.company.get_quote("AAPL")
    assert caught.value.retry_after == 42
    assert caught.value.kind == "quota"
    assert "retry after 42 s" in str(caught.value)
    assert len(upstream.requests) == 1


def test_bandwidth_limit_is_told_apart(make_client: MakeClient) -> None:
    body = {"Error Message": "Bandwidth Limit Reach . Please upgrade your plan"}
    client, _ = make_client(lambda r: httpx2.Response(429, json=body))
    with pytest.raises(RateLimitError) as caught:
        client.company.get_quote("AAPL")
    assert caught.value.kind == "bandwidth"
    assert caught.value.retry_after is None


def test_server_errors_are_retried_then_succeed(make_client: MakeClient) -> None:
    replies = iter([httpx2.Response(503), httpx2.Response(502), httpx2.Response(200, json=[quote_row()])])
    client, upstream = make_client(lambda r: next(replies), max_retries=2)
    assert client.company.get_quote("AAPL").price == 190.5
    assert len(upstream.requests) == 3


def test_server_errors_past_the_retry_budget_raise(make_client: MakeClient) -> None:
    client, upstream = make_client(lambda r: httpx2.Response(500), max_retries=1)
    with pytest.raises(UpstreamServerError, match="HTTP 500"):
        client.company.get_quote("AAPL")
    assert len(upstream.requests) == 2


def test_client_errors_are_never_retried(make_client: MakeClient) -> None:
    client, upstream = make_client(lambda r: httpx2.Response(404), max_retries=3)
    with pytest.raises(NotFoundError):
        client.company.get_quote("AAPL")
    assert len(upstream.requests) == 1


def test_transport_failures_are_retried_and_then_reported(make_client: MakeClient) -> None:
    def refuse(request: httpx2.Request) -> httpx2.Response:
        raise httpx2.ConnectError("Connection refused", request=request)

    client, upstream = make_client(refuse, max_retries=2)
    with pytest.raises(TransportError, match="could not connect") as caught:
        client.company.get_quote("AAPL")
    assert len(upstream.requests) == 3
    assert caught.value.__cause__ is None


def test_a_timeout_says_how_to_allow_more_time(make_client: MakeClient) -> None:
    def slow(request: httpx2.Request) -> httpx2.Response:
        raise httpx2.ReadTimeout("timed out", request=request)

    client, _ = make_client(slow, max_retries=0)
    with pytest.raises(TransportError, match="DATA_TIMEOUT"):
        client.company.get_quote("AAPL")


def test_malformed_json_is_a_response_validation_error(make_client: MakeClient) -> None:
    client, _ = make_client(lambda r: httpx2.Response(200, content=b'[{"symbol": "AA'))
    with pytest.raises(ResponseValidationError, match="not valid JSON"):
        client.company.get_quote("AAPL")


def test_an_empty_answer_for_a_single_row_endpoint_is_not_found(make_client: MakeClient) -> None:
    client, _ = make_client(lambda r: httpx2.Response(200, json=[]))
    with pytest.raises(NotFoundError):
        client.company.get_quote("NOPE")


def test_missing_key_or_base_url_fail_before_the_network() -> None:
    with pytest.raises(ConfigurationError, match="DATA_BASE_URL"):
        DataClient("k").company.get_quote("AAPL")
    with pytest.raises(AuthenticationError, match="DATA_API_KEY is not set"):
        DataClient(base_url="http://api.test").company.get_quote("AAPL")


def test_rate_limit_headers_are_exposed_and_missing_means_unknown(make_client: MakeClient) -> None:
    headers = {"X-Rate-Limit-Limit": "300", "X-Rate-Limit-Remaining": "299"}
    client, _ = make_client(lambda r: httpx2.Response(200, json=[quote_row()], headers=headers))
    assert client.rate_limit.limit is None and client.rate_limit.remaining is None
    client.company.get_quote("AAPL")
    assert (client.rate_limit.limit, client.rate_limit.remaining) == (300, 299)
    bare, _ = make_client(lambda r: httpx2.Response(200, json=[quote_row()]))
    bare.company.get_quote("AAPL")
    assert bare.rate_limit.remaining is None


def test_the_local_limiter_fails_fast_instead_of_sleeping_long(make_client: MakeClient) -> None:
    client, upstream = make_client(
        lambda r: httpx2.Response(200, json=[quote_row()]), rate_limit=2, rate_limit_max_wait=0.0
    )
    client.company.get_quote("AAPL")
    client.company.get_quote("MSFT")
    with pytest.raises(RateLimitError) as caught:
        client.company.get_quote("GOOG")
    assert caught.value.kind == "local"
    assert caught.value.retry_after is not None and 0 < caught.value.retry_after <= 60
    assert len(upstream.requests) == 2
