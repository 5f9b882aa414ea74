"""Synthetic data: deterministic, plausible, and shaped by the request."""

from __future__ import annotations

import datetime as dt
import json
import re

import httpx2
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from data_pkg.catalog import lookup
from data_pkg.sandbox import SandboxConfig, running_sandbox
from data_pkg.sandbox._data import ANCHOR, load_model, route_data
from data_pkg.sandbox._query import parse_query
from data_pkg.sandbox._routes import Router, build_routes

from ._support import TIMEOUT

QUOTE = {"symbol": "AAPL", "apikey": "demo"}


def test_the_same_request_twice_answers_identical_bytes(client: httpx2.Client) -> None:
    first = client.get("/stable/income-statement", params={"symbol": "AAPL", "apikey": "demo"})
    second = client.get("/stable/income-statement", params={"symbol": "AAPL", "apikey": "demo"})
    assert first.content == second.content


def test_the_answer_does_not_depend_on_the_key_or_the_parameter_order(client: httpx2.Client) -> None:
    a = client.get("/stable/historical-price-eod/full?symbol=MSFT&from=2025-01-01&to=2025-02-01&apikey=demo")
    b = client.get(
        "/stable/historical-price-eod/full?apikey=sandbox-ultimate&to=2025-02-01&from=2025-01-01&symbol=MSFT"
    )
    assert a.status_code == b.status_code == 200
    assert a.content == b.content


def test_a_fresh_sandbox_answers_the_same_bytes(client: httpx2.Client) -> None:
    with running_sandbox(SandboxConfig()) as other, httpx2.Client(base_url=other, timeout=TIMEOUT) as fresh:
        assert fresh.get("/stable/profile", params=QUOTE).content == client.get("/stable/profile", params=QUOTE).content


def test_a_different_symbol_answers_a_different_body_that_echoes_it(client: httpx2.Client) -> None:
    aapl = client.get("/stable/quote", params=QUOTE).json()
    msft = client.get("/stable/quote", params={"symbol": "MSFT", "apikey": "demo"}).json()
    assert aapl != msft
    assert aapl[0]["symbol"] == "AAPL"
    assert msft[0]["symbol"] == "MSFT"


def test_a_quote_is_internally_consistent(client: httpx2.Client) -> None:
    (quote,) = client.get("/stable/quote", params=QUOTE).json()
    assert 0 < quote["yearLow"] <= quote["dayLow"] <= quote["price"] <= quote["dayHigh"] <= quote["yearHigh"]
    assert isinstance(quote["volume"], int)
    assert quote["change"] == pytest.approx(quote["price"] - quote["previousClose"], abs=0.011)


def test_a_batch_quote_answers_one_row_per_symbol_in_order(client: httpx2.Client) -> None:
    rows = client.get("/stable/batch-quote", params={"symbols": "AAPL,MSFT,ACME", "apikey": "demo"}).json()
    assert [row["symbol"] for row in rows] == ["AAPL", "MSFT", "ACME"]


def test_limit_caps_the_rows_and_a_smaller_limit_answers_a_prefix(client: httpx2.Client) -> None:
    three = client.get("/stable/news/stock-latest", params={"limit": 3, "apikey": "demo"}).json()
    seven = client.get("/stable/news/stock-latest", params={"limit": 7, "apikey": "demo"}).json()
    assert len(three) == 3
    assert len(seven) == 7
    assert seven[:3] == three


def test_statement_rows_are_consecutive_fiscal_years_ending_before_the_anchor(client: httpx2.Client) -> None:
    rows = client.get("/stable/income-statement", params={"symbol": "AAPL", "limit": 3, "apikey": "demo"}).json()
    assert [row["date"] for row in rows] == ["2025-12-31", "2024-12-31", "2023-12-31"]
    assert [row["period"] for row in rows] == ["FY", "FY", "FY"]


def test_a_daily_chart_has_one_row_per_trading_day_inside_the_range(client: httpx2.Client) -> None:
    params = {"symbol": "AAPL", "from": "2024-01-01", "to": "2024-01-31", "apikey": "demo"}
    rows = client.get("/stable/historical-price-eod/full", params=params).json()
    days = [dt.date.fromisoformat(row["date"]) for row in rows]
    assert len(days) == 21  # 23 weekdays in January 2024, less New Year's Day and Martin Luther King Jr. Day
    assert dt.date(2024, 1, 1) not in days and dt.date(2024, 1, 15) not in days
    assert days == sorted(days, reverse=True)
    assert all(dt.date(2024, 1, 1) <= d <= dt.date(2024, 1, 31) and d.weekday() < 5 for d in days)
    assert all(row["low"] <= row["open"] <= row["high"] and row["low"] <= row["close"] <= row["high"] for row in rows)


def test_every_date_of_a_dated_list_falls_inside_the_requested_range(client: httpx2.Client) -> None:
    params = {"symbol": "AAPL", "from": "2023-03-01", "to": "2023-03-15", "limit": 20, "apikey": "demo"}
    rows = client.get("/stable/dividends", params=params).json()
    assert len(rows) == 20
    for row in rows:
        for name in ("date", "recordDate", "paymentDate", "declarationDate"):
            if row.get(name):
                assert "2023-03-01" <= row[name] <= "2023-03-15", (name, row[name])


def test_without_a_range_the_data_ends_at_the_fixed_anchor_date(client: httpx2.Client) -> None:
    rows = client.get("/stable/historical-price-eod/full", params=QUOTE).json()
    assert rows[0]["date"] == ANCHOR.isoformat()


def test_intraday_bars_step_by_the_interval(client: httpx2.Client) -> None:
    rows = client.get("/stable/historical-chart/15min", params=QUOTE).json()
    stamps = [dt.datetime.fromisoformat(row["date"]) for row in rows[:3]]
    assert stamps[0] - stamps[1] == stamps[1] - stamps[2] == dt.timedelta(minutes=15)


def test_another_page_answers_other_rows_and_a_far_page_answers_an_empty_list(client: httpx2.Client) -> None:
    page0 = client.get("/stable/news/stock-latest", params={"page": 0, "apikey": "demo"}).json()
    page1 = client.get("/stable/news/stock-latest", params={"page": 1, "apikey": "demo"}).json()
    assert page0 != page1
    assert client.get("/stable/news/stock-latest", params={"page": 50, "apikey": "demo"}).json() == []


def test_treasury_yields_are_a_few_percent(client: httpx2.Client) -> None:
    rows = client.get("/stable/treasury-rates", params={"apikey": "demo"}).json()
    maturities = [k for k in rows[0] if k.startswith(("month", "year"))]
    assert len(maturities) == 12
    assert all(0 < row[k] < 10 for row in rows for k in maturities)


def test_income_statement_lines_keep_their_order(client: httpx2.Client) -> None:
    rows = client.get("/stable/income-statement", params={**QUOTE, "limit": 20}).json()
    order = ("revenue", "grossProfit", "ebitda", "operatingIncome", "incomeBeforeTax", "netIncome")
    for row in rows:
        assert [row[k] for k in order] == sorted((row[k] for k in order), reverse=True), row
        assert row["netIncome"] > 0 and row["costOfRevenue"] < row["revenue"]


def test_request_values_are_echoed_into_same_named_fields(client: httpx2.Client) -> None:
    rows = client.get("/stable/earning-call-transcript", params={**QUOTE, "year": 2023, "quarter": 2}).json()
    assert rows[0]["symbol"] == "AAPL"
    assert rows[0]["year"] == 2023


# ---------------------------------------------------------------------------
# Property: any valid symbol, limit and range gives rows every model accepts.

_ROUTER: Router | None = None


def _router() -> Router:
    global _ROUTER
    if _ROUTER is None:
        _ROUTER = Router(build_routes())
    return _ROUTER


PROPERTY_PATHS = [
    "/stable/historical-price-eod/full",
    "/stable/historical-chart/1hour",
    "/stable/technical-indicators/rsi",
    "/stable/income-statement",
    "/stable/dividends",
    "/stable/news/stock",
    "/stable/quote",
    "/stable/profile",
    "/stable/insider-trading/search",
]

ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
symbols = st.from_regex(r"[A-Z]{1,5}(-[A-Z]{1,2})?", fullmatch=True)
days = st.dates(min_value=dt.date(1990, 1, 1), max_value=dt.date(2035, 12, 31))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    path=st.sampled_from(PROPERTY_PATHS),
    symbol=symbols,
    limit=st.integers(min_value=1, max_value=120),
    start=days,
    span=st.integers(min_value=0, max_value=120),
    page=st.integers(min_value=0, max_value=12),
)
def test_random_valid_requests_always_produce_model_valid_rows_inside_the_range(
    path: str, symbol: str, limit: int, start: dt.date, span: int, page: int
) -> None:
    route, path_values = _router().match(path) or pytest.fail(path)
    end = start + dt.timedelta(days=span)
    query = {"symbol": symbol, "symbols": f"{symbol},ACME", "limit": str(limit), "page": str(page)}
    query |= {"from": start.isoformat(), "to": end.isoformat(), "periodLength": "14", "timeframe": "1day"}
    values = parse_query(route, list(query.items()))
    values.update(path_values)
    data = route_data(route)
    rows = json.loads(json.dumps(data.rows(path, values)))
    if "limit" in route.query:
        assert len(rows) <= limit
    for endpoint in route.endpoints:
        model = load_model(str(endpoint.model))
        for row in rows:
            model.model_validate(row)
    if "symbol" in route.query:
        assert all(row.get("symbol", symbol) == symbol for row in rows)
    if "from" in route.query:
        for row in rows:
            for value in row.values():
                if isinstance(value, str) and ISO_DAY.match(value):
                    assert start.isoformat() <= value[:10] <= end.isoformat()


def test_the_catalog_lookup_used_by_the_property_covers_shared_paths() -> None:
    # /stable/quote is shared by several quote kinds; each of their models must accept the rows.
    assert lookup("company.quote").path == lookup("alternative.crypto_quote").path == "/stable/quote"
