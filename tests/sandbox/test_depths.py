"""Answers at the upstream's depths: years of daily bars, weeks of intraday bars, symbol lists of tens of thousands.

These tests run against a sandbox at full depth (the shared one caps its symbol lists to keep the
every-endpoint sweeps quick); every figure they check is also stated in docs/sandbox.md.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest

from data_pkg.sandbox import Quota, SandboxConfig, running_sandbox
from data_pkg.sandbox._calendar import holidays, is_trading_day, trading_days_back
from data_pkg.sandbox._data import ANCHOR
from data_pkg.sandbox._depths import DIRECTORIES
from data_pkg.sandbox._universe import CAPACITY, symbol_at

from ._support import TIMEOUT

PAGE = Path(__file__).resolve().parents[2] / "docs" / "sandbox.md"
EOD = "/stable/historical-price-eod/full"


@pytest.fixture(scope="module")
def deep_url() -> Iterator[str]:
    with running_sandbox(SandboxConfig(quotas={"demo": Quota(10**6, 60)})) as url:
        yield url


@pytest.fixture(scope="module")
def deep(deep_url: str) -> Iterator[httpx2.Client]:
    with httpx2.Client(base_url=deep_url, timeout=TIMEOUT) as http:
        yield http


def get(http: httpx2.Client, path: str, **params: Any) -> list[Any]:
    response = http.get(path, params={**params, "apikey": "demo"})
    assert response.status_code == 200, response.text
    body = response.json()
    assert isinstance(body, list)
    return body


def days_of(rows: list[dict[str, Any]]) -> list[dt.date]:
    return [dt.date.fromisoformat(row["date"][:10]) for row in rows]


# ---------------------------------------------------------------------------
# Daily history and indicators


def test_daily_history_without_dates_is_five_years_of_trading_days_newest_first(deep: httpx2.Client) -> None:
    days = days_of(get(deep, EOD, symbol="AAPL"))
    assert len(days) == 1256
    assert days[0] == ANCHOR == dt.date(2026, 11, 20)
    assert days[-1] == dt.date(2021, 11, 22)  # 2021-11-21, five years back, is a Sunday
    assert days == sorted(days, reverse=True) and len(set(days)) == len(days)
    # Every trading day of those five years is there, and nothing else.
    assert days == list(trading_days_back(dt.date(2021, 11, 21), ANCHOR))
    assert all(d.weekday() < 5 for d in days)


def test_a_five_year_range_is_honoured_without_a_row_cap(deep: httpx2.Client) -> None:
    days = days_of(get(deep, EOD, symbol="AAPL", **{"from": "2020-01-01", "to": "2024-12-31"}))
    assert len(days) == 1258  # 253 + 252 + 251 + 250 + 252 trading days
    assert (days[0], days[-1]) == (dt.date(2024, 12, 31), dt.date(2020, 1, 2))
    ten_years = get(deep, EOD, symbol="AAPL", **{"from": "2015-01-01", "to": "2024-12-31"})
    assert len(ten_years) > 2500


def test_exchange_holidays_have_no_row(deep: httpx2.Client) -> None:
    days = set(days_of(get(deep, EOD, symbol="MSFT", **{"from": "2021-06-01", "to": "2024-12-31"})))
    for holiday in (dt.date(2024, 3, 29), dt.date(2024, 6, 19), dt.date(2022, 6, 20), dt.date(2023, 11, 23)):
        assert holiday not in days, holiday  # Good Friday, Juneteenth, Juneteenth observed, Thanksgiving
    assert dt.date(2021, 6, 18) in days  # Juneteenth became an exchange holiday in 2022
    assert dt.date(2022, 12, 26) in holidays(2022)  # Christmas on a Sunday is kept on the Monday
    assert is_trading_day(dt.date(2021, 12, 31))  # New Year's Day on a Saturday is not kept on the Friday


def test_a_days_bar_is_the_same_whatever_range_asks_for_it(deep: httpx2.Client) -> None:
    wide = get(deep, EOD, symbol="AAPL", **{"from": "2019-06-01", "to": "2025-06-30"})
    narrow = get(deep, EOD, symbol="AAPL", **{"from": "2020-01-01", "to": "2024-12-31"})
    by_day = {row["date"]: row for row in wide}
    assert narrow == [by_day[row["date"]] for row in narrow]
    default = get(deep, EOD, symbol="AAPL")
    assert default[: len(default) // 2] == get(
        deep, EOD, symbol="AAPL", **{"from": default[len(default) // 2 - 1]["date"]}
    )


def test_prices_stop_at_the_sandbox_today_and_start_no_earlier_than_1970(deep: httpx2.Client) -> None:
    assert get(deep, EOD, symbol="AAPL", **{"from": "2027-01-01", "to": "2027-12-31"}) == []
    days = days_of(get(deep, EOD, symbol="AAPL", **{"from": "1960-01-01", "to": "1970-01-31"}))
    assert days and min(days) == dt.date(1970, 1, 2)


def test_technical_indicators_follow_the_history_depth(deep: httpx2.Client) -> None:
    history = days_of(get(deep, EOD, symbol="AAPL"))
    params = {"symbol": "AAPL", "periodLength": 14}
    daily = get(deep, "/stable/technical-indicators/rsi", timeframe="1day", **params)
    assert days_of(daily) == history
    ranged = get(
        deep,
        "/stable/technical-indicators/sma",
        timeframe="1day",
        **{"from": "2020-01-01", "to": "2024-12-31"},
        **params,
    )
    assert len(ranged) == 1258
    hourly = get(deep, "/stable/technical-indicators/ema", timeframe="1hour", **params)
    assert len(hourly) == 20 * 7  # four weeks of seven hourly bars a day, as the intraday chart


# ---------------------------------------------------------------------------
# Intraday bars


@pytest.mark.parametrize(
    ("interval", "trading_days", "bars_a_day"),
    [("1min", 5, 390), ("5min", 10, 78), ("15min", 15, 26), ("30min", 20, 13), ("1hour", 20, 7), ("4hour", 20, 2)],
)
def test_intraday_bars_cover_weeks_of_sessions_at_the_interval_asked(
    deep: httpx2.Client, interval: str, trading_days: int, bars_a_day: int
) -> None:
    rows = get(deep, f"/stable/historical-chart/{interval}", symbol="AAPL")
    stamps = [dt.datetime.fromisoformat(row["date"]) for row in rows]
    assert len(stamps) == trading_days * bars_a_day
    assert stamps == sorted(stamps, reverse=True)
    assert stamps[0].date() == ANCHOR
    assert len({s.date() for s in stamps}) == trading_days
    assert all(dt.time(9, 30) <= s.time() < dt.time(16, 0) for s in stamps)
    minutes = int(re.sub(r"\D", "", interval)) * (60 if "hour" in interval else 1)
    same_day = [(a, b) for a, b in itertools.pairwise(stamps) if a.date() == b.date()]
    assert all(a - b == dt.timedelta(minutes=minutes) for a, b in same_day)
    assert min(s.time() for s in stamps) == dt.time(9, 30)


def test_intraday_with_dates_covers_the_range(deep: httpx2.Client) -> None:
    rows = get(deep, "/stable/historical-chart/5min", symbol="AAPL", **{"from": "2026-09-01", "to": "2026-10-30"})
    days = {dt.date.fromisoformat(row["date"][:10]) for row in rows}
    assert days == set(trading_days_back(dt.date(2026, 9, 1), dt.date(2026, 10, 30)))
    assert len(rows) == len(days) * 78


# ---------------------------------------------------------------------------
# Symbol lists


def test_the_stock_list_holds_tens_of_thousands_of_distinct_symbols(deep: httpx2.Client) -> None:
    rows = get(deep, "/stable/stock-list")
    assert len(rows) == 25_874
    symbols = [row["symbol"] for row in rows]
    assert len(set(symbols)) == len(symbols)
    assert symbols[:3] == ["AAPL", "MSFT", "ACME"]
    (profile,) = get(deep, "/stable/profile", symbol="AAPL")
    assert rows[0]["companyName"] == profile["companyName"]  # a symbol's list name is its profile's


@pytest.mark.parametrize(
    ("path", "pattern"),
    [
        ("/stable/etf-list", r"[A-Z]{4,5}"),
        ("/stable/cryptocurrency-list", r"[A-Z]{4,5}USD"),
        ("/stable/forex-list", r"[A-Z]{6}"),
        ("/stable/commodities-list", r"[A-Z]{2}USD"),
        ("/stable/index-list", r"\^[A-Z]{4,5}"),
        ("/stable/symbol-change", None),
    ],
)
def test_each_symbol_list_answers_its_full_size(deep: httpx2.Client, path: str, pattern: str | None) -> None:
    rows = get(deep, path)
    assert len(rows) == DIRECTORIES[path].total
    if pattern is not None:
        symbols = [row["symbol"] for row in rows]
        assert len(set(symbols)) == len(symbols)
        assert all(re.fullmatch(pattern, s) for s in symbols), [s for s in symbols if not re.fullmatch(pattern, s)][:5]


def test_no_two_rows_of_the_symbol_lists_share_a_symbol_unless_the_lists_are_of_one_kind() -> None:
    # Every list of one kind (stocks, ETFs, ...) starts at the same symbol; two kinds never meet.
    kinds: dict[str, int] = {}
    for directory in DIRECTORIES.values():
        if directory.universe is not None:
            kinds[directory.universe] = max(kinds.get(directory.universe, 0), directory.total)
    seen: set[str] = set()
    for kind, size in kinds.items():
        assert size <= CAPACITY[kind], kind
        symbols = {symbol_at(kind, n) for n in range(size)}
        assert len(symbols) == size, kind
        assert not symbols & seen, kind
        seen |= symbols
    assert all(re.fullmatch(r"[A-Z]{4,5}X", symbol_at("funds", n)) for n in range(1000))


def test_the_docs_state_the_sizes_the_sandbox_answers() -> None:
    text = PAGE.read_text()
    for path, size in [
        ("/stable/stock-list", "25,874"),
        ("/stable/etf-list", "13,206"),
        ("/stable/cryptocurrency-list", "4,786"),
        ("/stable/cik-list", "60,000"),
    ]:
        assert f"{DIRECTORIES[path].total:,}" == size
        assert size in text, size
    for figure in ("1,256 rows", "1,258 rows", "1,950 bars"):
        assert figure in text, figure


# ---------------------------------------------------------------------------
# limit, page and offset


def test_a_paged_list_pages_by_its_default_limit_to_its_last_row(deep: httpx2.Client) -> None:
    first = get(deep, "/stable/cik-list")
    second = get(deep, "/stable/cik-list", page=1)
    assert len(first) == len(second) == 1000
    assert first + second == get(deep, "/stable/cik-list", limit=2000)
    last = get(deep, "/stable/cik-list", page=59)
    assert len(last) == 1000
    assert get(deep, "/stable/cik-list", page=60) == []
    assert len(get(deep, "/stable/cik-list", page=119, limit=500)) == 500


def test_limit_and_page_pick_the_same_slice_of_one_list(deep: httpx2.Client) -> None:
    whole = get(deep, "/stable/delisted-companies", limit=40)
    assert get(deep, "/stable/delisted-companies", limit=7, page=3) == whole[21:28]
    assert get(deep, "/stable/delisted-companies", limit=10, page=2) == whole[20:30]
    assert len(get(deep, "/stable/delisted-companies")) == 100  # the endpoint's default limit


def test_offset_and_limit_slice_the_tradable_list(deep: httpx2.Client) -> None:
    head = get(deep, "/stable/tradable-list", limit=300)
    assert get(deep, "/stable/tradable-list", limit=50, offset=250) == head[250:300]
    total = DIRECTORIES["/stable/tradable-list"].total
    assert len(get(deep, "/stable/tradable-list", limit=50, offset=total - 20)) == 20
    assert get(deep, "/stable/tradable-list", offset=total) == []


def test_limit_is_honoured_past_the_old_cap_of_one_hundred(deep: httpx2.Client) -> None:
    rows = get(deep, "/stable/insider-trading/latest", limit=450)
    assert len(rows) == 450
    assert len(get(deep, "/stable/insider-trading/latest")) == 100  # its default limit
    statements = get(deep, "/stable/income-statement", symbol="AAPL", limit=200)
    assert [row["date"][:4] for row in statements] == [str(y) for y in range(2025, 1969, -1)]


def test_a_list_without_a_directory_holds_ten_pages_of_its_default_limit(deep: httpx2.Client) -> None:
    pages = [get(deep, "/stable/news/stock-latest", page=p) for p in range(11)]
    assert [len(p) for p in pages] == [20] * 10 + [0]
    assert pages[0] + pages[1] == get(deep, "/stable/news/stock-latest", limit=40)


# ---------------------------------------------------------------------------
# Determinism and streaming


def test_long_answers_are_the_same_bytes_from_a_fresh_sandbox(deep: httpx2.Client) -> None:
    requests = [
        (EOD, {"symbol": "AAPL"}),
        ("/stable/cik-list", {"page": 42}),
        ("/stable/historical-chart/1min", {"symbol": "MSFT"}),
    ]
    with running_sandbox() as other, httpx2.Client(base_url=other, timeout=TIMEOUT) as fresh:
        for path, params in requests:
            query = {**params, "apikey": "demo"}
            assert fresh.get(path, params=query).content == deep.get(path, params=query).content, path


def test_a_long_answer_is_streamed_in_chunks_and_a_short_one_is_not(deep: httpx2.Client) -> None:
    with deep.stream("GET", EOD, params={"symbol": "AAPL", "apikey": "demo"}) as response:
        assert response.status_code == 200
        assert response.headers["content-type"] == "application/json"
        assert "content-length" not in response.headers  # chunked: never built whole
        chunks = list(response.iter_raw())
    assert len(chunks) > 1
    assert b"".join(chunks).startswith(b'[{"symbol":"AAPL","date":"2026-11-20"')
    short = deep.get("/stable/quote", params={"symbol": "AAPL", "apikey": "demo"})
    assert short.headers["content-length"] == str(len(short.content))


def test_list_rows_caps_every_symbol_list() -> None:
    with running_sandbox(SandboxConfig(list_rows=250)) as url, httpx2.Client(base_url=url, timeout=TIMEOUT) as http:
        assert len(get(http, "/stable/stock-list")) == 250
        assert len(get(http, "/stable/cik-list")) == 250
        assert get(http, "/stable/cik-list", page=1) == []
        assert len(get(http, EOD, symbol="AAPL")) == 1256  # series keep their depth
    with pytest.raises(ValueError, match="list_rows must be an integer between 1 and 10000000"):
        SandboxConfig(list_rows=0)
