"""Scripts written for the earlier Python client of the same API run unchanged against the sandbox.

The calls below are written the way that client's documentation shows them (its method names, argument order,
defaults and result shapes), in our own words, as test data. Each one runs against a real sandbox over loopback
HTTP in strict validation mode, and "runs" means: no exception, and the result reads the way the earlier client's
did (the check beside the call).
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from data_pkg import AsyncDataClient, DataClient
from tests.support import code_blocks

Check = Callable[[Any], bool]


def rows(result: Any) -> bool:
    """A list of rows (possibly empty: a window with nothing in it is still an answer)."""
    return isinstance(result, list)


def some_rows(result: Any) -> bool:
    return isinstance(result, list) and len(result) > 0


def has(*fields: str) -> Check:
    """One model, or every row of a list, has these attributes."""

    def check(result: Any) -> bool:
        items = result if isinstance(result, list) else [result]
        return len(items) > 0 and all(hasattr(item, name) for item in items for name in fields)

    return check


def renamed(former: str, current: str) -> Check:
    """The earlier client's attribute still reads the field (now ``current``), with a DeprecationWarning naming it."""

    def check(result: Any) -> bool:
        with pytest.warns(DeprecationWarning, match=f"use .{current}"):
            value = getattr(result, former)
        return bool(value == getattr(result, current))

    return check


def history_of(symbol: str) -> Check:
    """The earlier client's wrapper: ``.symbol`` and ``.historical`` (the bars), and still a list of bars."""

    def check(result: Any) -> bool:
        return (
            result.symbol == symbol
            and len(result.historical) > 0
            and result.historical[0].close is not None
            and list(result) == list(result.historical)
        )

    return check


def all_about(symbol: str) -> Check:
    return lambda result: some_rows(result) and all(row.symbol == symbol for row in result)


@dataclass(frozen=True)
class Earlier:
    """One call as a user of the earlier client writes it."""

    what: str
    call: Callable[[DataClient], Any]
    check: Check = rows


@dataclass(frozen=True)
class EarlierAsync:
    """The same for the asyncio client."""

    what: str
    call: Callable[[AsyncDataClient], Awaitable[Any]]
    check: Check = rows


JAN_1, DEC_31 = dt.date(2023, 1, 1), dt.date(2023, 12, 31)
OCT_1, OCT_31 = dt.date(2026, 10, 1), dt.date(2026, 10, 31)

SYNC_CALLS: list[Earlier] = [
    # company
    Earlier("a company profile", lambda c: c.company.get_profile("AAPL"), has("company_name", "industry")),
    Earlier("a profile's market cap", lambda c: c.company.get_profile("AAPL"), renamed("mkt_cap", "market_cap")),
    Earlier("the key executives", lambda c: c.company.get_executives("AAPL")),
    Earlier("employee counts", lambda c: c.company.get_employee_count("AAPL")),
    Earlier("peers, by the earlier name", lambda c: c.company.get_company_peers("AAPL"), has("symbol", "company_name")),
    Earlier("a quote", lambda c: c.company.get_quote("TSLA"), has("price")),
    Earlier("a quote fetched past the cache", lambda c: c.company.get_quote("AAPL", force_refresh=True), has("price")),
    Earlier("a year of daily bars, dates by keyword", lambda c: c.company.get_historical_prices(symbol="TSLA", from_date=JAN_1, to_date=DEC_31), some_rows),
    Earlier("daily bars read through .historical", lambda c: c.company.get_historical_prices("AAPL", from_date=JAN_1, to_date=DEC_31), history_of("AAPL")),
    Earlier("intraday bars, symbol first", lambda c: c.company.get_intraday_prices("TSLA", interval="5min"), has("close")),
    Earlier("intraday bars at the default interval", lambda c: c.company.get_intraday_prices("AAPL", from_date="2026-11-13", to_date="2026-11-13"), has("close")),
    # search
    Earlier("company search by the earlier name", lambda c: c.market.search_company("Tesla", limit=5), has("symbol", "name")),
    Earlier("company search, lower case", lambda c: c.market.search_company("apple", limit=5), rows),
    # statements
    Earlier("quarterly income statements", lambda c: c.fundamental.get_income_statement("AAPL", period="quarter", limit=4), has("revenue")),
    Earlier("annual balance sheets", lambda c: c.fundamental.get_balance_sheet("AAPL", period="annual"), some_rows),
    Earlier("cash flow statements", lambda c: c.fundamental.get_cash_flow("AAPL"), some_rows),
    # technical indicators
    Earlier("a moving average with window and timeframe", lambda c: c.technical.get_sma("AAPL", period_length=20, timeframe="1day"), some_rows),
    Earlier("RSI with window and timeframe", lambda c: c.technical.get_rsi("AAPL", period_length=14, timeframe="1day"), some_rows),
    Earlier("a moving average with the defaults", lambda c: c.technical.get_sma("AAPL"), some_rows),
    Earlier("an indicator asked for daily by interval", lambda c: c.technical.get_ema("AAPL", interval="daily"), some_rows),
    Earlier("an indicator over a range named start/end", lambda c: c.technical.get_williams("AAPL", start_date=OCT_1, end_date=OCT_31), some_rows),
    # other markets
    Earlier("a crypto quote", lambda c: c.alternative.get_crypto_quote("BTCUSD"), has("price")),
    Earlier("a forex quote", lambda c: c.alternative.get_forex_quote("EURUSD"), has("price")),
    Earlier("a commodity quote", lambda c: c.alternative.get_commodity_quote("GCUSD"), has("price")),
    Earlier("crypto daily bars by start/end", lambda c: c.alternative.get_crypto_historical("BTCUSD", start_date=OCT_1, end_date=OCT_31), history_of("BTCUSD")),
    # ownership and intelligence
    Earlier("insider trades by the earlier name", lambda c: c.institutional.get_insider_trading("AAPL"), rows),
    Earlier("news about one symbol", lambda c: c.intelligence.get_stock_news("TSLA", limit=10), all_about("TSLA")),
    Earlier("analyst grades", lambda c: c.intelligence.get_grades("AAPL"), some_rows),
    Earlier("an earnings calendar by start/end", lambda c: c.intelligence.get_earnings_calendar(start_date=dt.date(2026, 11, 1), end_date=dt.date(2026, 11, 30)), rows),
    Earlier("treasury rates by start/end", lambda c: c.economics.get_treasury_rates(start_date=OCT_1, end_date=OCT_31), some_rows),
    # batch
    Earlier("quotes of several symbols", lambda c: c.batch.get_quotes(["AAPL", "MSFT", "GOOGL"]), some_rows),
    Earlier("all ETF quotes", lambda c: c.batch.get_etf_quotes(), some_rows),
    Earlier("all crypto quotes", lambda c: c.batch.get_crypto_quotes(), some_rows),
    Earlier("market caps of several symbols", lambda c: c.batch.get_market_caps(["AAPL", "MSFT"]), some_rows),
    # transcripts
    Earlier("the latest transcripts", lambda c: c.transcripts.get_latest(limit=10), some_rows),
    Earlier("one transcript", lambda c: c.transcripts.get_transcript("AAPL", year=2024, quarter=4), rows),
    Earlier("the transcript dates", lambda c: c.transcripts.get_available_dates("AAPL"), rows),
    # SEC
    Earlier("the latest 8-K filings, dates left out", lambda c: c.sec.get_latest_8k(limit=10), rows),
    Earlier("filings of one symbol, dates left out", lambda c: c.sec.search_by_symbol("AAPL"), rows),
    Earlier("an SEC profile", lambda c: c.sec.get_profile("AAPL"), has("symbol")),
    Earlier("the SIC codes", lambda c: c.sec.get_sic_codes(), some_rows),
    # indexes
    Earlier("S&P 500 members", lambda c: c.index.get_sp500_constituents(), some_rows),
    Earlier("Nasdaq members", lambda c: c.index.get_nasdaq_constituents(), some_rows),
    Earlier("Dow Jones members", lambda c: c.index.get_dowjones_constituents(), some_rows),
    Earlier("S&P 500 membership changes", lambda c: c.index.get_historical_sp500(), rows),
]  # fmt: skip


async def _three_profiles(client: AsyncDataClient) -> list[Any]:
    return list(await asyncio.gather(*(client.company.get_profile(s) for s in ("AAPL", "MSFT", "GOOGL"))))


ASYNC_CALLS: list[EarlierAsync] = [
    EarlierAsync("an awaited profile", lambda c: c.company.get_profile("AAPL"), has("company_name")),
    EarlierAsync("three profiles at once", _three_profiles, has("company_name")),
    EarlierAsync("an awaited quote past the cache", lambda c: c.company.get_quote("AAPL", force_refresh=True), has("price")),
    EarlierAsync("awaited bars through .historical", lambda c: c.company.get_historical_prices("AAPL", from_date=JAN_1, to_date=DEC_31), history_of("AAPL")),
    EarlierAsync("an awaited search by the earlier name", lambda c: c.market.search_company("apple", limit=5), rows),
    EarlierAsync("an awaited indicator with defaults", lambda c: c.technical.get_rsi("AAPL"), some_rows),
]  # fmt: skip

REQUIRED = 35


@pytest.fixture(scope="module")
def client(sandbox: str) -> Iterator[DataClient]:
    # A cache, so that force_refresh has something to bypass; strict, so a misfit answer counts as a failure.
    with DataClient("demo", base_url=sandbox, validation_mode="strict", cache="memory") as c:
        yield c


def _outcome(result: Any, check: Check) -> str | None:
    return None if check(result) else f"ran, but the answer does not read as expected: {type(result).__name__}"


def run_sync(client: DataClient) -> dict[str, str | None]:
    outcomes: dict[str, str | None] = {}
    for item in SYNC_CALLS:
        try:
            outcomes[item.what] = _outcome(item.call(client), item.check)
        except Exception as exc:  # every failure is counted and reported, not raised
            outcomes[item.what] = f"{type(exc).__name__}: {exc}"
    return outcomes


async def run_async(sandbox: str) -> dict[str, str | None]:
    outcomes: dict[str, str | None] = {}
    async with AsyncDataClient("demo", base_url=sandbox, validation_mode="strict", cache="memory") as client:
        for item in ASYNC_CALLS:
            try:
                outcomes[item.what] = _outcome(await item.call(client), item.check)
            except Exception as exc:
                outcomes[item.what] = f"{type(exc).__name__}: {exc}"
    return outcomes


def test_the_list_holds_enough_distinct_calls() -> None:
    names = [c.what for c in SYNC_CALLS] + [c.what for c in ASYNC_CALLS]
    assert len(names) == len(set(names))
    assert len(names) >= 37


@pytest.mark.anyio
async def test_calls_written_for_the_earlier_client_run_against_the_sandbox(client: DataClient, sandbox: str) -> None:
    outcomes = run_sync(client) | await run_async(sandbox)
    failed = {what: why for what, why in outcomes.items() if why is not None}
    report = "\n".join(f"- {what}: {why}" for what, why in failed.items())
    assert len(outcomes) - len(failed) >= REQUIRED, f"{len(failed)} of {len(outcomes)} calls failed:\n{report}"
    # Every call in the list is meant to run; a new failure is a regression even while the count still passes.
    assert not failed, f"these calls no longer run:\n{report}"


def test_the_docs_example_runs_against_the_sandbox(sandbox: str, monkeypatch: pytest.MonkeyPatch) -> None:
    page = Path(__file__).resolve().parents[2] / "docs" / "client.md"
    (example,) = [b for b in code_blocks(page, "python") if "search_company" in b]
    monkeypatch.setenv("DATA_BASE_URL", sandbox)
    monkeypatch.setenv("DATA_API_KEY", "demo")
    exec(compile(example, str(page), "exec"), {})  # the page's own example, run as a reader would
