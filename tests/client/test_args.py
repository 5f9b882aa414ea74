"""Arguments are checked against the catalog before any request leaves."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import httpx2
import pytest

from data_pkg import DataClient, EndpointUnavailableError, InvalidRequestError
from tests.support import Recorder, quote_row

MakeClient = Callable[..., tuple[DataClient, Recorder]]


def _ok(request: httpx2.Request) -> httpx2.Response:
    return httpx2.Response(200, json=[quote_row()])


@pytest.mark.parametrize(
    ("endpoint", "args", "fragment"),
    [
        ("company.quote", {}, "needs symbol"),
        ("company.quote", {"symbol": "AAPL", "limit": 3}, "does not take limit"),
        ("company.quote", {"symbol": 5}, "symbol must be a string"),
        ("company.quote", {"symbol": " "}, "non-empty"),
        ("company.quote", {"symbol": "AA\nPL"}, "control characters"),
        ("fundamental.income_statement", {"symbol": "AAPL", "period": "weekly"}, "use one of: annual, quarter"),
        ("fundamental.income_statement", {"symbol": "AAPL", "limit": "5"}, "limit must be a whole number"),
        ("fundamental.income_statement", {"symbol": "AAPL", "limit": True}, "limit must be a whole number"),
        ("company.historical_prices", {"symbol": "AAPL", "from_date": "2024-13-01"}, "a date YYYY-MM-DD"),
        ("company.historical_prices", {"symbol": "AAPL", "from_date": "yesterday"}, "a date YYYY-MM-DD"),
        ("company.intraday_prices", {"symbol": "AAPL", "interval": "../../stable/profile"}, "is not allowed"),
        ("company.profile_cik", {"cik": "12345678901"}, "CIK of up to 10 digits"),
        ("batch.batch_quote", {"symbols": ["AAPL", "MS,FT"]}, "list of strings"),
        ("batch.batch_quote", {"symbols": []}, "list of strings"),
    ],
)
def test_a_bad_argument_is_refused_before_any_request(
    make_client: MakeClient, endpoint: str, args: dict[str, Any], fragment: str
) -> None:
    client, upstream = make_client(_ok)
    with pytest.raises(InvalidRequestError) as caught:
        client.call(endpoint, **args)
    assert fragment in str(caught.value)
    assert upstream.requests == []


def test_a_path_value_that_is_not_in_the_enum_never_reaches_the_url(make_client: MakeClient) -> None:
    client, upstream = make_client(_ok)
    with pytest.raises(InvalidRequestError) as caught:
        client.company.get_intraday_prices("AAPL", "../../x")  # type: ignore[call-overload]
    assert caught.value.param == "interval"
    assert upstream.requests == []


def test_arguments_are_sent_under_their_wire_names(make_client: MakeClient) -> None:
    client, upstream = make_client(lambda r: httpx2.Response(200, json=[]))
    client.company.get_historical_prices("AAPL", from_date=dt.date(2024, 1, 2), to_date="2024-02-01")
    (request,) = upstream.requests
    assert request.url.path == "/stable/historical-price-eod/full"
    assert dict(request.url.params) == {
        "symbol": "AAPL",
        "from": "2024-01-02",
        "to": "2024-02-01",
        "apikey": request.url.params["apikey"],
    }


def test_lists_booleans_and_ciks_are_encoded_the_way_the_api_reads_them(make_client: MakeClient) -> None:
    client, upstream = make_client(lambda r: httpx2.Response(200, json=[]))
    client.batch.get_quotes(["AAPL", "MSFT"])
    client.batch.get_crypto_quotes(short=True)
    client.call("market.search_by_cik", cik=320193)
    params = [dict(r.url.params) for r in upstream.requests]
    assert params[0]["symbols"] == "AAPL,MSFT"
    assert params[1]["short"] == "true"
    assert params[2]["cik"] == "0000320193"


def test_the_interval_fills_the_path(make_client: MakeClient) -> None:
    client, upstream = make_client(lambda r: httpx2.Response(200, json=[]))
    client.company.get_intraday_prices("AAPL", "5min")
    assert upstream.requests[0].url.path == "/stable/historical-chart/5min"


def test_a_withdrawn_endpoint_names_its_successor_without_calling(make_client: MakeClient) -> None:
    client, upstream = make_client(_ok)
    with pytest.raises(EndpointUnavailableError, match=r"batch\.crypto_quotes"):
        client.alternative.get_legacy_crypto_quotes()
    assert upstream.requests == []


def test_a_provider_endpoint_needs_its_configured_segment(make_client: MakeClient) -> None:
    client, upstream = make_client(lambda r: httpx2.Response(200, json=[]))
    with pytest.raises(EndpointUnavailableError, match="DATA_PROVIDER_SEGMENT"):
        client.intelligence.get_provider_articles()
    assert upstream.requests == []
    configured, upstream = make_client(lambda r: httpx2.Response(200, json=[]), segments={"provider": "acme"})
    configured.intelligence.get_provider_articles(limit=2)
    assert upstream.requests[0].url.path == "/stable/acme-articles"


def test_an_unknown_endpoint_name_is_an_invalid_request(make_client: MakeClient) -> None:
    client, _ = make_client(_ok)
    with pytest.raises(InvalidRequestError, match="unknown endpoint"):
        client.call("company.not_there")


def test_calling_a_file_or_add_on_endpoint_for_rows_is_refused_before_sending(make_client: MakeClient) -> None:
    client, upstream = make_client(_ok, segments={"ratings_addon": "acme-ratings"})
    for name in ("batch.peers_bulk", "company.financial_reports_xlsx", "ratings_addon.ratings_addon_search"):
        with pytest.raises(InvalidRequestError, match="download"):
            client.call(name, **({"symbol": "AAPL", "year": 2024} if "xlsx" in name else {}))
    assert upstream.requests == []


ASTRAL = "\U0001d538"  # one character, twelve once URL-encoded


@pytest.mark.parametrize(
    ("endpoint", "args", "fragment"),
    [
        ("company.quote", {"symbol": "A" * 70_000}, "symbol is too long: 70,000 characters (at most 1,000)"),
        ("batch.batch_quote", {"symbols": ["AAAAAAAAAA"] * 7_000}, "symbols is too long: 76,999 characters"),
        ("fundamental.income_statement", {"symbol": "AAPL", "limit": 10**30}, "limit is out of range"),
        ("fundamental.income_statement", {"symbol": "AAPL", "limit": 10**5000}, "at most 18 digits"),
        ("company.profile_cik", {"cik": 10**5000}, "CIK of up to 10 digits"),
        ("company.stock_screener", {"market_cap_more_than": float("inf")}, "must be a finite number"),
        ("company.stock_screener", {"beta_less_than": float("nan")}, "must be a finite number"),
        (
            "company.stock_screener",
            dict.fromkeys(("sector", "industry", "country", "exchange"), ASTRAL * 1000),
            "too long to send: 48,",
        ),
    ],
)
def test_a_value_too_long_or_large_to_send_is_refused_before_any_request(
    make_client: MakeClient, endpoint: str, args: dict[str, Any], fragment: str
) -> None:
    client, upstream = make_client(_ok)
    with pytest.raises(InvalidRequestError) as caught:
        client.call(endpoint, **args)
    assert fragment in str(caught.value)
    assert len(str(caught.value)) < 300  # the value is not echoed back whole
    assert upstream.requests == []


def test_values_up_to_the_limits_are_sent(make_client: MakeClient) -> None:
    client, upstream = make_client(lambda r: httpx2.Response(200, json=[]))
    client.call("company.stock_screener", sector="S" * 1_000, limit=10**18 - 1)
    client.call("batch.batch_quote", symbols=["SYMBOL"] * 1_428)  # 9,995 characters with the commas
    (screener, batch) = upstream.requests
    assert screener.url.params["sector"] == "S" * 1_000 and screener.url.params["limit"] == "9" * 18
    assert len(batch.url.params["symbols"]) == 9_995
