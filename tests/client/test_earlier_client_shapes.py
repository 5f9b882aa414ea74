"""What the client accepts from scripts written for the earlier client, one behaviour at a time.

Earlier method names are aliases generated from the catalog; earlier argument names, spellings and defaults
are resolved before the checks; the symbol comes first; price histories also read as ``.historical``;
``force_refresh`` skips the cache for one call. None of it changes what existing calls of ours do.
"""

from __future__ import annotations

import datetime as dt
import inspect
import json
import subprocess
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2
import pytest

from data_pkg import AsyncDataClient, DataClient, InvalidRequestError
from data_pkg.catalog import ENDPOINTS, by_key, client_endpoints, groups
from data_pkg.client import History
from data_pkg.toolsets import NAME_STYLES, resolve, tool_name
from tests.support import Recorder, quote_row

MakeClient = Callable[..., tuple[DataClient, Recorder]]
MakeAsyncClient = Callable[..., tuple[AsyncDataClient, Recorder]]
REFERENCE = Path(__file__).resolve().parents[1] / "reference" / "rest-endpoints.json"


def _empty(request: httpx2.Request) -> httpx2.Response:
    return httpx2.Response(200, json=[])


def _bars(request: httpx2.Request) -> httpx2.Response:
    bar = {"date": "2026-11-13", "open": 1.0, "high": 2.0, "low": 0.5, "close": 1.5, "volume": 10}
    return httpx2.Response(200, json=[bar, {**bar, "date": "2026-11-12"}])


def _query(upstream: Recorder, index: int = -1) -> dict[str, str]:
    """The query of a recorded request, without the key."""
    return {k: v for k, v in upstream.requests[index].url.params.items() if k != "apikey"}


def _group_classes(asynchronous: bool) -> list[type]:
    found = []
    for group in groups():
        module = __import__(f"data_pkg.client.groups.{group}", fromlist=["_"])
        prefix = "Async" if asynchronous else ""
        found += [
            getattr(module, n)
            for n in dir(module)
            if n.endswith("Group") and n.startswith(prefix) and n not in ("SyncGroup", "AsyncGroup")
            if asynchronous or not n.startswith("Async")
        ]
    return found


# ----- force_refresh ---------------------------------------------------------------------------------------------


def test_force_refresh_asks_the_upstream_again_and_refreshes_the_cache(make_client: MakeClient) -> None:
    prices = iter([100.0, 101.0, 102.0])
    client, upstream = make_client(lambda r: httpx2.Response(200, json=[quote_row(price=next(prices))]), cache="memory")
    assert client.company.get_quote("AAPL").price == 100.0
    assert client.company.get_quote("AAPL").price == 100.0  # cached
    assert client.company.get_quote("AAPL", force_refresh=True).price == 101.0
    assert client.company.get_quote("AAPL").price == 101.0  # the fresh answer replaced the cached one
    assert len(upstream.requests) == 2
    assert client.call("company.quote", symbol="AAPL", force_refresh=True).price == 102.0
    assert len(upstream.requests) == 3


@pytest.mark.anyio
async def test_force_refresh_works_the_same_on_the_async_client(make_async_client: MakeAsyncClient) -> None:
    prices = iter([7.0, 8.0])
    client, upstream = make_async_client(
        lambda r: httpx2.Response(200, json=[quote_row(price=next(prices))]), cache="memory"
    )
    async with client:
        assert (await client.company.get_quote("AAPL")).price == 7.0
        assert (await client.company.get_quote("AAPL")).price == 7.0
        assert (await client.company.get_quote("AAPL", force_refresh=True)).price == 8.0
        assert (await client.call_json("company.quote", symbol="AAPL"))["price"] == 8.0
    assert len(upstream.requests) == 2


@pytest.mark.parametrize("asynchronous", [False, True], ids=["sync", "async"])
def test_every_method_takes_force_refresh_as_a_keyword(asynchronous: bool) -> None:
    checked = 0
    for cls in _group_classes(asynchronous):
        for name, function in inspect.getmembers(cls, inspect.isfunction):
            if name.startswith("_"):
                continue
            parameter = inspect.signature(function).parameters.get("force_refresh")
            assert parameter is not None, f"{cls.__name__}.{name}"
            assert parameter.kind is inspect.Parameter.KEYWORD_ONLY and parameter.default is False
            checked += 1
    assert checked >= len(client_endpoints())


# ----- earlier method names ----------------------------------------------------------------------------------------


def test_earlier_method_names_are_the_same_methods_on_both_clients() -> None:
    aliased = [e for e in client_endpoints() if e.aliases]
    assert {a for e in aliased for a in e.aliases} >= {"search_company", "get_company_peers", "get_insider_trading"}
    for endpoint in aliased:
        for asynchronous in (False, True):
            module = __import__(f"data_pkg.client.groups.{endpoint.group}", fromlist=["_"])
            base = "".join(part.capitalize() for part in endpoint.group.split("_")) + "Group"
            cls = getattr(module, ("Async" + base) if asynchronous else base)
            for alias in endpoint.aliases:
                assert getattr(cls, alias) is getattr(cls, endpoint.method), (endpoint.spec, alias)


def test_an_earlier_name_never_shadows_another_method_of_its_group() -> None:
    for group in groups():
        members = [e for e in client_endpoints() if e.group == group]
        names = [e.method for e in members] + [a for e in members for a in e.aliases]
        assert len(names) == len(set(names)), group


def test_earlier_names_never_become_tool_names() -> None:
    aliases = {a for e in ENDPOINTS for a in e.aliases} | {a for e in ENDPOINTS for p in e.params for a in p.aliases}
    for style in NAME_STYLES:
        resolution = resolve("full", env={"DATA_MCP_TOOL_NAME_STYLE": style})
        assert resolution.registry is not None
        names = set(resolution.registry.names)
        # Each tool is named from its endpoint's key as always: an earlier name adds no tool.
        assert names == {tool_name(by_key(t.endpoint), style) for t in resolution.registry}
        assert not names & aliases, style


def test_a_manifest_cannot_name_a_tool_by_an_earlier_name(tmp_path: Path) -> None:
    manifest = tmp_path / "earlier.json"
    manifest.write_text(json.dumps({"tools": ["search_company"]}))
    resolution = resolve(str(manifest), env={})
    assert not resolution.ok
    assert any("search_company" in d.message for d in resolution.errors)


def test_search_company_is_the_name_search(make_client: MakeClient) -> None:
    client, upstream = make_client(_empty)
    assert client.market.search_company("Tesla", limit=5) == []
    assert upstream.requests[0].url.path == "/stable/search-name"
    assert _query(upstream) == {"query": "Tesla", "limit": "5"}


def test_every_name_the_earlier_client_used_is_declared() -> None:
    """The reference lists the earlier client's method and argument names; each differing one is an alias."""
    records = json.loads(REFERENCE.read_text())["endpoints"]
    remaining = list(ENDPOINTS)
    for record in records:
        wires = {p["api_name"] for p in record["params"]}
        match = [
            e
            for e in remaining
            if e.group == (record["group"] or "ratings_addon")
            and e.path == record["path"]
            and {p.wire for p in e.params} == wires
        ]
        endpoint = next((e for e in match if e.key == record["ref_key"]), match[0])
        remaining.remove(endpoint)
        method = record["ref_method"]
        if not method or "." in method:  # records without a method of that client
            continue
        assert method in (endpoint.method, *endpoint.aliases), endpoint.spec
        by_wire = {p.wire: p for p in endpoint.params}
        for param in record["params"]:
            ours = by_wire[param["api_name"]]
            assert param["py_name"] in (ours.name, *ours.aliases), (endpoint.spec, param["py_name"])


# ----- earlier argument names, spellings and defaults ------------------------------------------------------------


def test_earlier_argument_names_are_sent_as_ours(make_client: MakeClient) -> None:
    client, upstream = make_client(_empty)
    client.economics.get_treasury_rates(start_date=dt.date(2026, 10, 1), end_date="2026-10-31")
    assert _query(upstream) == {"from": "2026-10-01", "to": "2026-10-31"}
    client.call("intelligence.earnings_calendar", start_date="2026-11-01")
    assert _query(upstream) == {"from": "2026-11-01"}


def test_an_argument_given_under_both_names_is_refused_before_any_request(make_client: MakeClient) -> None:
    client, upstream = make_client(_empty)
    with pytest.raises(InvalidRequestError, match="from_date or its earlier name start_date, not both") as caught:
        client.economics.get_treasury_rates(from_date="2026-10-01", start_date="2026-10-02")
    assert caught.value.param == "from_date"
    with pytest.raises(InvalidRequestError, match="timeframe or its earlier name interval"):
        client.technical.get_sma("AAPL", timeframe="1hour", interval="daily")
    assert upstream.requests == []


def test_indicators_default_their_window_and_timeframe(make_client: MakeClient) -> None:
    client, upstream = make_client(_empty)
    client.technical.get_sma("AAPL")
    assert _query(upstream) == {"symbol": "AAPL", "periodLength": "20", "timeframe": "1day"}
    client.technical.get_rsi("AAPL")
    assert _query(upstream) == {"symbol": "AAPL", "periodLength": "14", "timeframe": "1day"}
    client.technical.get_sma("AAPL", 10, "1hour")  # chosen values are sent as given, positionally as before
    assert _query(upstream) == {"symbol": "AAPL", "periodLength": "10", "timeframe": "1hour"}
    client.call("technical.adx", symbol="AAPL")
    assert _query(upstream) == {"symbol": "AAPL", "periodLength": "14", "timeframe": "1day"}


@pytest.mark.parametrize(("given", "sent"), [("daily", "1day"), ("hourly", "1hour"), ("4hour", "4hour")])
def test_an_indicator_takes_its_timeframe_by_the_earlier_name_interval(
    make_client: MakeClient, given: str, sent: str
) -> None:
    client, upstream = make_client(_empty)
    client.technical.get_ema("AAPL", interval=given)  # type: ignore[arg-type]
    assert _query(upstream)["timeframe"] == sent


def test_sec_filings_default_to_the_last_30_days(make_client: MakeClient) -> None:
    client, upstream = make_client(_empty)
    today = dt.date.today()
    client.sec.get_latest_8k(limit=10)
    assert _query(upstream) == {
        "from": (today - dt.timedelta(days=30)).isoformat(),
        "to": today.isoformat(),
        "limit": "10",
    }
    client.sec.search_by_symbol("AAPL", to_date="2024-03-31")
    assert _query(upstream) == {"symbol": "AAPL", "from": "2024-03-01", "to": "2024-03-31"}
    client.sec.search_by_symbol("AAPL", "2024-01-01", "2024-02-01")  # our positional dates, as before
    assert _query(upstream) == {"symbol": "AAPL", "from": "2024-01-01", "to": "2024-02-01"}


def test_a_malformed_end_date_is_still_named_when_the_start_is_filled_in(make_client: MakeClient) -> None:
    client, upstream = make_client(_empty)
    with pytest.raises(InvalidRequestError) as caught:
        client.sec.get_latest_8k(to_date="last week")
    assert caught.value.param == "to_date"
    assert upstream.requests == []


# ----- the symbol first ------------------------------------------------------------------------------------------


def test_intraday_takes_the_symbol_first_and_defaults_the_interval(make_client: MakeClient) -> None:
    client, upstream = make_client(_empty)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        client.company.get_intraday_prices("TSLA", interval="5min")
        client.company.get_intraday_prices("TSLA", "15min")
        client.company.get_intraday_prices(interval="30min", symbol="TSLA")  # our keyword calls are unchanged
        client.company.get_intraday_prices("TSLA")
        client.alternative.get_crypto_intraday("BTCUSD", "1hour")
    paths = [r.url.path.rsplit("/", 1)[1] for r in upstream.requests]
    assert paths == ["5min", "15min", "30min", "1min", "1hour"]
    assert all(_query(upstream, i)["symbol"] in ("TSLA", "BTCUSD") for i in range(5))


@pytest.mark.parametrize(
    ("call", "interval"),
    [
        (lambda c: c.company.get_intraday_prices("5min", "AAPL"), "5min"),
        (lambda c: c.company.get_intraday_prices("4hour", symbol="AAPL"), "4hour"),
        (lambda c: c.alternative.get_forex_intraday("1min", "AAPL"), "1min"),
    ],
    ids=["both-positional", "symbol-by-keyword", "forex"],
)
def test_the_earlier_order_still_works_and_warns(make_client: MakeClient, call: Any, interval: str) -> None:
    client, upstream = make_client(_empty)
    with pytest.warns(DeprecationWarning, match=r"the symbol comes first now, call \w+\('AAPL', interval="):
        call(client)
    assert upstream.requests[0].url.path.endswith("/" + interval)
    assert _query(upstream)["symbol"] == "AAPL"


def test_the_deprecation_points_at_the_callers_line(make_client: MakeClient) -> None:
    client, _ = make_client(_empty)
    with pytest.warns(DeprecationWarning, match="symbol comes first") as caught:
        client.company.get_intraday_prices("5min", "AAPL")
    assert caught[0].filename == __file__


@pytest.mark.anyio
async def test_the_async_client_binds_both_orders_the_same(make_async_client: MakeAsyncClient) -> None:
    client, upstream = make_async_client(_empty)
    async with client:
        await client.company.get_intraday_prices("AAPL", "5min")
        with pytest.warns(DeprecationWarning, match="symbol comes first"):
            await client.company.get_intraday_prices("5min", "AAPL")
    assert [r.url.path for r in upstream.requests] == ["/stable/historical-chart/5min"] * 2


def test_arguments_that_bind_twice_are_a_type_error(make_client: MakeClient) -> None:
    client, upstream = make_client(_empty)
    with pytest.raises(TypeError, match="multiple values for argument 'symbol'"):
        client.company.get_intraday_prices("AAPL", "5min", symbol="AAPL")  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="multiple values for argument 'symbol'"):
        client.company.get_intraday_prices("AAPL", symbol="AAPL", interval="5min")  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="at most 2 positional arguments"):
        client.company.get_intraday_prices("AAPL", "5min", "x")  # type: ignore[call-overload]
    assert upstream.requests == []


# ----- news for one symbol ---------------------------------------------------------------------------------------


def test_stock_news_for_one_symbol_calls_the_symbol_news(make_client: MakeClient) -> None:
    client, upstream = make_client(_empty)
    client.intelligence.get_stock_news("TSLA", limit=10)
    client.intelligence.get_stock_news(limit=10)
    assert [r.url.path for r in upstream.requests] == ["/stable/news/stock", "/stable/news/stock-latest"]
    assert _query(upstream, 0) == {"symbols": "TSLA", "limit": "10"}
    assert _query(upstream, 1) == {"limit": "10"}


# ----- price histories -------------------------------------------------------------------------------------------


def test_a_price_history_is_a_list_that_also_reads_as_historical(make_client: MakeClient) -> None:
    client, _ = make_client(_bars)
    bars = client.company.get_historical_prices("AAPL", from_date="2026-11-12")
    assert isinstance(bars, History) and isinstance(bars, list)
    assert bars.symbol == "AAPL"
    assert bars.historical is bars and len(bars.historical) == 2
    assert bars == client.call("company.historical_prices", symbol="AAPL", from_date="2026-11-12")
    assert [b.close for b in bars] == [1.5, 1.5]
    assert json.loads(json.dumps([b.model_dump(mode="json") for b in bars.historical]))[0]["close"] == 1.5


def test_every_price_history_endpoint_reads_as_historical() -> None:
    histories = [e for e in client_endpoints() if e.history]
    assert {e.spec for e in histories} >= {"company.historical_prices", "alternative.crypto_historical"}
    for endpoint in histories:
        assert endpoint.param("symbol").required, endpoint.spec


# ----- the catalog command ---------------------------------------------------------------------------------------


def test_the_catalog_command_finds_an_endpoint_by_its_earlier_name() -> None:
    command = [sys.executable, "-m", "data_pkg.cli"]
    shown = subprocess.run([*command, "catalog", "search_company"], capture_output=True, text=True, timeout=120)
    assert shown.returncode == 0, shown.stderr
    header, first = shown.stdout.splitlines()[:2]
    assert header.split()[-3:] == ["earlier", "client", "names"]
    assert first.split()[:2] == ["search_name", "market.search_name"] and first.endswith("search_company")
    found = subprocess.run([*command, "catalog", "peers", "--json"], capture_output=True, text=True, timeout=120)
    (peers,) = [e for e in json.loads(found.stdout) if e["key"] == "stock_peers"]
    assert peers["method"] == "get_stock_peers" and peers["aliases"] == ["get_company_peers"]
    plain = subprocess.run([*command, "catalog", "cash", "flow"], capture_output=True, text=True, timeout=120)
    assert "earlier client names" not in plain.stdout  # the column appears only when it has something to show
