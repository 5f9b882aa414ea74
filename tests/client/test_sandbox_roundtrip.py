"""Every client endpoint round-trips client -> sandbox (real loopback HTTP) -> typed model, in strict mode."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from data_pkg import AsyncDataClient, DataClient, EndpointUnavailableError, PlanRestrictedError, RateLimitError
from data_pkg.catalog import Endpoint, Param, client_endpoints
from data_pkg.client._decode import model_class

LIVE = [e for e in client_endpoints() if e.status == "live"]
JSON = [e for e in LIVE if e.format == "json"]
CSV = [e for e in LIVE if e.format == "csv"]
WITHDRAWN = [e for e in client_endpoints() if e.status == "withdrawn"]
SEGMENTS = {"provider": "acme"}


def sample(param: Param) -> Any:
    """A plausible value for a required (or chosen) argument."""
    if param.enum:
        return param.enum[0]
    by_name: dict[str, Any] = {
        "symbol": "AAPL",
        "symbols": ["AAPL", "MSFT"],
        "cik": "0000320193",
        "year": 2024,
        "quarter": 2,
        "period_length": 10,
        "page": 0,
        "limit": 3,
        "part": "0",
        "senate_id": "S000123",
    }
    if param.name in by_name:
        return by_name[param.name]
    return {
        "str": "apple",
        "int": 1,
        "float": 1.5,
        "bool": True,
        "date": dt.date(2026, 11, 2),
        "cik": "0000320193",
        "list": ["AAPL"],
    }[param.type]


def arguments(endpoint: Endpoint) -> dict[str, Any]:
    args = {p.name: sample(p) for p in endpoint.params if p.required}
    names = {p.name for p in endpoint.params}
    if "from_date" in names and "to_date" in names:
        # Two trading days: the sandbox honours a range in full, and at 1min that is already 780 bars.
        args.update(from_date=dt.date(2026, 11, 12), to_date=dt.date(2026, 11, 13))
    return args


def check_shape(endpoint: Endpoint, result: Any) -> None:
    if endpoint.model is None:
        assert isinstance(result, bytes) and result.startswith(b"PK"), endpoint.spec
        return
    expected: type = str if endpoint.model == "str" else model_class(endpoint.model)
    rows = [result] if endpoint.single else result
    assert isinstance(rows, list), endpoint.spec
    assert all(isinstance(row, expected) for row in rows), endpoint.spec
    symbol = arguments(endpoint).get("symbol")
    # Rows are about the symbol asked, except peers: those are the other companies (tested on their own below).
    # Some rows do not name it (a transcript's dates), as the upstream sends them.
    if symbol and rows and getattr(rows[0], "symbol", None) is not None and endpoint.key != "stock_peers":
        assert rows[0].symbol == symbol, endpoint.spec


def positional(endpoint: Endpoint, args: dict[str, Any]) -> list[Any]:
    """The required arguments, taken out of ``args`` in the methods' order: the symbol first."""
    return [args.pop(p.name) for p in endpoint.call_order]


def call_sync(client: DataClient, endpoint: Endpoint) -> Any:
    method = getattr(getattr(client, endpoint.group), endpoint.method)
    args = arguments(endpoint)
    return method(*positional(endpoint, args), **args)


@pytest.fixture(scope="module")
def client(sandbox: str) -> Iterator[DataClient]:
    with DataClient("demo", base_url=sandbox, validation_mode="strict", segments=SEGMENTS) as c:
        yield c


@pytest.mark.parametrize("endpoint", JSON + [e for e in LIVE if e.format == "xlsx"], ids=lambda e: e.spec)
def test_every_endpoint_answers_a_typed_model_through_the_sync_client(client: DataClient, endpoint: Endpoint) -> None:
    check_shape(endpoint, call_sync(client, endpoint))


@pytest.mark.parametrize("endpoint", CSV, ids=lambda e: e.spec)
def test_every_bulk_endpoint_streams_typed_rows(client: DataClient, endpoint: Endpoint) -> None:
    rows = list(call_sync(client, endpoint))
    assert len(rows) == 40
    assert all(isinstance(row, model_class(endpoint.model or "")) for row in rows)


@pytest.mark.parametrize("endpoint", WITHDRAWN, ids=lambda e: e.spec)
def test_withdrawn_endpoints_are_refused_locally(client: DataClient, endpoint: Endpoint) -> None:
    with pytest.raises(EndpointUnavailableError):
        call_sync(client, endpoint)


@pytest.mark.anyio
async def test_every_endpoint_answers_the_same_through_the_async_client(sandbox: str) -> None:
    async with AsyncDataClient("demo", base_url=sandbox, validation_mode="strict", segments=SEGMENTS) as client:
        for endpoint in JSON:
            method = getattr(getattr(client, endpoint.group), endpoint.method)
            args = arguments(endpoint)
            check_shape(endpoint, await method(*positional(endpoint, args), **args))
        bulk = CSV[0]
        args = arguments(bulk)
        rows = [row async for row in getattr(getattr(client, bulk.group), bulk.method)(*positional(bulk, args), **args)]
        assert len(rows) == 40


def test_the_same_request_gives_the_same_answer(client: DataClient) -> None:
    first = client.fundamental.get_income_statement("MSFT", limit=3)
    again = client.fundamental.get_income_statement("MSFT", limit=3)
    assert first == again
    assert len(first) == 3


def test_dates_stay_inside_the_requested_range(client: DataClient) -> None:
    rows = client.company.get_historical_prices("AAPL", from_date="2026-10-01", to_date="2026-10-31")
    assert rows
    # A daily bar's date is a calendar date (the upstream writes YYYY-MM-DD), not midnight of some zone.
    assert all(type(row.date) is dt.date and dt.date(2026, 10, 1) <= row.date <= dt.date(2026, 10, 31) for row in rows)


def test_plan_and_quota_errors_come_from_the_real_upstream_bodies(sandbox: str) -> None:
    with DataClient("sandbox-basic", base_url=sandbox) as basic:
        with pytest.raises(PlanRestrictedError) as plan:
            basic.technical.get_sma("AAPL", 10, "1day")
        assert plan.value.required_tier == "starter"
        basic.company.get_quote("AAPL")
        with pytest.raises(RateLimitError) as limited:
            basic.company.get_quote("AAPL")
        assert limited.value.retry_after is not None and limited.value.retry_after >= 1
        assert basic.rate_limit.remaining == 0


def test_download_streams_a_bulk_file_to_disk(client: DataClient, tmp_path: Path) -> None:
    target = client.download("batch.rating_bulk", tmp_path / "ratings.csv")
    lines = target.read_text().splitlines()
    assert len(lines) == 41


def test_peers_are_a_list_of_other_companies(client: DataClient) -> None:
    # The upstream answers every peer, not one: a single-row endpoint would keep only the first.
    peers = client.company.get_stock_peers("AAPL")
    symbols = [peer.symbol for peer in peers]
    assert len(symbols) > 1 and len(set(symbols)) == len(symbols)
    assert "AAPL" not in symbols
    assert all(peer.mkt_cap is not None and peer.mkt_cap > 1_000_000 for peer in peers)
    assert [p.symbol for p in client.company.get_stock_peers("MSFT")] != symbols
