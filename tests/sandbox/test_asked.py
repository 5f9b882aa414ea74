"""The sandbox does what an agent asks: search matches the query, the screener applies every filter it is given,
news and calendars come newest first, a fund holds other symbols, and a yield index quotes a yield."""

from __future__ import annotations

import statistics
from typing import Any

import httpx2
import pytest

from data_pkg.catalog import ENDPOINTS

SCREENER = "/stable/company-screener"
SCREENER_PARAMS = sorted(
    {p.wire: p for e in ENDPOINTS if e.path == SCREENER for p in e.params}.values(), key=lambda p: p.wire
)
FIELD = {"dividend": "lastAnnualDividend", "avgVolume": "volume", "exchange": "exchangeShortName"}
"""The row field a screener filter is about, where the names differ (the row's volume stands for the average)."""
NOT_FILTERS = {"limit", "page", "includeAllShareClasses"}


def get(client: httpx2.Client, path: str, **params: Any) -> Any:
    reply = client.get(path, params={**params, "apikey": "demo"})
    assert reply.status_code == 200, reply.text
    return reply.json()


@pytest.mark.parametrize("query", ["ORCL", "ab", "x1"])
def test_search_by_symbol_answers_symbols_that_start_with_the_query(client: httpx2.Client, query: str) -> None:
    rows = get(client, "/stable/search-symbol", query=query, limit=12)
    assert rows and rows[0]["symbol"] == query.upper()
    assert all(row["symbol"].startswith(query.upper()) for row in rows)
    assert len({row["symbol"] for row in rows}) == len(rows)


def test_search_by_name_answers_names_that_hold_the_query(client: httpx2.Client) -> None:
    rows = get(client, "/stable/search-name", query="oracle", limit=5, exchange="NYSE")
    assert len(rows) == 5
    assert all("oracle" in row["name"].lower() for row in rows)
    assert {(row["exchange"], row["exchangeFullName"]) for row in rows} == {("NYSE", "New York Stock Exchange")}


def _field(param: str) -> tuple[str, str | None]:
    for side in ("MoreThan", "LowerThan"):
        if param.endswith(side):
            stem = param.removesuffix(side)
            return FIELD.get(stem, stem), side
    return FIELD.get(param, param), None


@pytest.mark.parametrize("param", [p for p in SCREENER_PARAMS if p.wire not in NOT_FILTERS], ids=lambda p: p.wire)
def test_the_screener_applies_each_of_its_filters(client: httpx2.Client, param: Any) -> None:
    everyone = get(client, SCREENER, limit=40)
    field, side = _field(param.wire)
    values = [row[field] for row in everyone]
    # A bound at the median of an unfiltered page keeps about half; an equality the first row's value.
    wanted = statistics.median_low(values) if side else values[0]
    rows = get(client, SCREENER, **{param.wire: str(wanted).lower() if isinstance(wanted, bool) else wanted})
    assert rows, param.wire
    for row in rows:
        if side == "MoreThan":
            assert row[field] > wanted, (param.wire, row)
        elif side == "LowerThan":
            assert row[field] < wanted, (param.wire, row)
        else:
            assert row[field] == wanted, (param.wire, row)


def test_the_screener_applies_all_its_filters_at_once(client: httpx2.Client) -> None:
    asked = {"marketCapMoreThan": 1e11, "priceLowerThan": 200, "sector": "Technology", "exchange": "NASDAQ"}
    rows = get(client, SCREENER, **asked, limit=5)
    assert len(rows) == 5
    for row in rows:
        assert row["marketCap"] > 1e11 and row["price"] < 200, row
        assert (row["sector"], row["exchangeShortName"], row["exchange"]) == (
            "Technology",
            "NASDAQ",
            "NASDAQ Global Select",
        )
    # A filter nothing passes answers an empty list, in bounded time.
    assert get(client, SCREENER, country="GB") == []


@pytest.mark.parametrize(
    ("path", "params", "field"),
    [
        ("/stable/news/stock", {"symbols": "AAPL", "limit": 20}, "publishedDate"),
        ("/stable/news/general-latest", {"limit": 20}, "publishedDate"),
        ("/stable/news/press-releases-latest", {"limit": 20}, "publishedDate"),
        ("/stable/grades-latest-news", {"limit": 20}, "publishedDate"),
        ("/stable/price-target-news", {"symbol": "AAPL", "limit": 20}, "publishedDate"),
        ("/stable/earnings-calendar", {}, "date"),
        ("/stable/dividends-calendar", {}, "date"),
        ("/stable/splits-calendar", {}, "date"),
        ("/stable/ipos-calendar", {}, "date"),
        ("/stable/economic-calendar", {}, "date"),
        ("/stable/earnings", {"symbol": "AAPL"}, "date"),
    ],
)
def test_news_and_calendars_come_newest_first(
    client: httpx2.Client, path: str, params: dict[str, Any], field: str
) -> None:
    stamps = [row[field] for row in get(client, path, **params)]
    assert len(stamps) > 1
    assert stamps == sorted(stamps, reverse=True), path


def test_a_companys_earnings_are_its_quarters_the_coming_ones_not_yet_reported(client: httpx2.Client) -> None:
    rows = get(client, "/stable/earnings", symbol="AAPL")
    days = [row["date"] for row in rows]
    assert len(set(days)) == len(days)
    coming = [row for row in rows if row["date"] > "2026-11-20"]
    reported = [row for row in rows if row["date"] <= "2026-11-20"]
    assert coming and reported
    assert all(row["epsActual"] is None and row["revenueActual"] is None for row in coming)
    assert all(isinstance(row["epsActual"], float) and isinstance(row["epsEstimated"], float) for row in reported)


@pytest.mark.parametrize("fund", ["SPY", "AAPL", "QQQ"])
def test_a_funds_holdings_are_other_symbols_whose_weights_make_the_whole(client: httpx2.Client, fund: str) -> None:
    rows = get(client, "/stable/etf/holdings", symbol=fund)
    assets = [row["asset"] for row in rows]
    assert len(rows) > 1 and fund not in assets and len(set(assets)) == len(assets)
    assert all(row["symbol"] == fund and row["weightPercentage"] > 0 and row["marketValue"] > 0 for row in rows)
    assert sum(row["weightPercentage"] for row in rows) == pytest.approx(100, abs=0.5)
    weights = [row["weightPercentage"] for row in rows]
    assert weights == sorted(weights, reverse=True)


@pytest.mark.parametrize("symbol", ["^TNX", "^TYX", "^FVX", "^IRX"])
def test_a_treasury_yield_index_quotes_a_yield(client: httpx2.Client, symbol: str) -> None:
    (quote,) = get(client, "/stable/quote", symbol=symbol)
    assert 1 < quote["price"] < 10 and quote["marketCap"] is None
    closes = [row["close"] for row in get(client, "/stable/historical-price-eod/full", symbol=symbol)]
    assert len(closes) > 1000
    assert all(1 < close < 10 for close in closes)
