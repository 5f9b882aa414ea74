"""Checked by mypy, not run: the generated client exposes real signatures and return types.

``./dev test`` runs mypy over this file; a wrong annotation in the generator shows up here.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

from typing_extensions import assert_type

from data_pkg import AsyncDataClient, DataClient
from data_pkg.client import History
from data_pkg.models.company import HistoricalPrice, IncomeStatement, Quote
from data_pkg.models.market import CompanySearchResult, SectorName


def sync_surface(client: DataClient) -> None:
    assert_type(DataClient.from_env(), DataClient)
    assert_type(AsyncDataClient.from_env(), AsyncDataClient)
    assert_type(client.company.get_quote("AAPL"), Quote)
    assert_type(client.company.get_quote("AAPL").price, float)
    assert_type(client.company.get_historical_prices("AAPL", from_date="2024-01-01"), History[HistoricalPrice])
    bars: list[HistoricalPrice] = client.company.get_historical_prices("AAPL")  # still a list
    assert_type(bars, list[HistoricalPrice])
    assert_type(client.company.get_historical_prices("AAPL").historical, list[HistoricalPrice])
    assert_type(client.batch.get_income_statement_bulk(2024, "FY"), Iterator[IncomeStatement])
    assert_type(client.market.get_available_sectors(), list[SectorName])
    assert_type(client.company.get_financial_reports_xlsx("AAPL", 2024), bytes)
    client.company.get_intraday_prices("AAPL", "5min")
    client.company.get_intraday_prices("AAPL")
    client.company.get_intraday_prices("5min", "AAPL")  # the earlier order: still typed, warns at run time
    client.company.get_intraday_prices("2min", "AAPL")  # type: ignore[call-overload]
    assert_type(client.market.search_company("apple", limit=5), list[CompanySearchResult])
    assert_type(client.company.get_quote("AAPL", force_refresh=True), Quote)
    client.technical.get_sma("AAPL", interval="daily", start_date="2024-01-01")
    client.sec.get_latest_8k(limit=10)
    client.fundamental.get_income_statement("AAPL", "annual")  # type: ignore[call-arg]


async def async_surface(client: AsyncDataClient) -> None:
    assert_type(await client.company.get_quote("AAPL"), Quote)
    assert_type(client.batch.get_income_statement_bulk(2024, "FY"), AsyncIterator[IncomeStatement])
