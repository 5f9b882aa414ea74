"""Checked by mypy, not run: the generated client exposes real signatures and return types.

``./dev test`` runs mypy over this file; a wrong annotation in the generator shows up here.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

from typing_extensions import assert_type

from data_pkg import AsyncDataClient, DataClient
from data_pkg.models.company import HistoricalPrice, IncomeStatement, Quote


def sync_surface(client: DataClient) -> None:
    assert_type(DataClient.from_env(), DataClient)
    assert_type(AsyncDataClient.from_env(), AsyncDataClient)
    assert_type(client.company.get_quote("AAPL"), Quote)
    assert_type(client.company.get_quote("AAPL").price, float)
    assert_type(client.company.get_historical_prices("AAPL", from_date="2024-01-01"), list[HistoricalPrice])
    assert_type(client.batch.get_income_statement_bulk(2024, "FY"), Iterator[IncomeStatement])
    assert_type(client.market.get_available_sectors(), list[str])
    assert_type(client.company.get_financial_reports_xlsx("AAPL", 2024), bytes)
    client.company.get_intraday_prices("5min", "AAPL")
    client.company.get_intraday_prices("2min", "AAPL")  # type: ignore[arg-type]
    client.fundamental.get_income_statement("AAPL", "annual")  # type: ignore[call-arg]


async def async_surface(client: AsyncDataClient) -> None:
    assert_type(await client.company.get_quote("AAPL"), Quote)
    assert_type(client.batch.get_income_statement_bulk(2024, "FY"), AsyncIterator[IncomeStatement])
