"""Tool calls with the MCP SDK client over loopback: dispatch, argument checks, results and errors."""

from __future__ import annotations

import base64
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from urllib.parse import parse_qsl

import httpx2
import mcp_types as types
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from tests.hosted._support import BASIC_KEY, KEY, OTHER_KEY, SPEC_COUNTS, TIMEOUT, Upstream, with_key

pytestmark = pytest.mark.anyio

MakeServer = Callable[..., tuple[str, Upstream]]


@asynccontextmanager
async def connect(url: str, key: str = KEY, mode: str = "auto") -> AsyncIterator[Client]:
    async with Client(with_key(url, key), mode=mode, read_timeout_seconds=TIMEOUT) as client:
        yield client


def is_key_check(request: httpx2.Request) -> bool:
    """Whether ``request`` is the key check a session opens with (the spec's profile of AAPL)."""
    return request.url.path == "/stable/profile" and dict(parse_qsl(request.url.query.decode())).get("symbol") == "AAPL"


def tool_requests(upstream: Upstream) -> list[httpx2.Request]:
    """What the upstream received for tool calls: everything but the key checks."""
    return [request for request in upstream.requests if not is_key_check(request)]


def text(result: types.CallToolResult) -> str:
    (block,) = result.content
    assert isinstance(block, types.TextContent)
    return block.text


async def test_the_sdk_client_lists_28_tools_with_the_spec_counts(hosted: str) -> None:
    async with connect(hosted) as client:
        assert client.server_info is not None and client.server_info.name == "data-hosted"
        assert client.server_info.title == "Market data (hosted-compatible)"
        assert client.instructions is not None and len(client.instructions) <= 2_048
        tools = (await client.list_tools()).tools
    counts = {t.name: len(t.input_schema["properties"]["endpoint"]["enum"]) for t in tools}
    assert counts == SPEC_COUNTS
    assert all(t.title for t in tools)


async def test_a_legacy_2025_03_26_client_works_too(hosted: str) -> None:
    async with connect(hosted, mode="legacy") as client:
        result = await client.call_tool("company", {"endpoint": "profile-symbol", "symbol": "MSFT"})
    assert not result.is_error
    assert json.loads(text(result))[0]["symbol"] == "MSFT"


async def test_a_call_returns_the_upstream_rows_as_compact_json(hosted: str) -> None:
    async with connect(hosted) as client:
        result = await client.call_tool("quote", {"endpoint": "quote", "symbol": "AAPL"})
        dated = await client.call_tool(
            "chart",
            {
                "endpoint": "historical-price-eod-full",
                "symbol": "AAPL",
                "from_date": "2024-01-02",
                "to_date": "2024-01-31",
            },
        )
    assert not result.is_error
    assert json.loads(text(result))[0]["symbol"] == "AAPL"
    assert ", " not in text(result)
    rows = json.loads(text(dated))
    assert rows and all("2024-01-02" <= row["date"] <= "2024-01-31" for row in rows)


async def test_the_sdk_client_speaks_2025_11_25(hosted: str) -> None:
    # The argument tests below rely on it: in 2025-11-25 argument problems are tool results.
    async with connect(hosted) as client:
        assert client.protocol_version == "2025-11-25"


async def test_a_call_without_endpoint_is_a_bad_arguments_result_listing_the_slugs(hosted: str) -> None:
    async with connect(hosted) as client:
        result = await client.call_tool("quote", {"symbol": "AAPL"})
    assert result.is_error and text(result).startswith("[bad_arguments] quote needs `endpoint`")
    assert "quote-short" in text(result) and text(result).endswith("Fix the arguments and call again.")


async def test_an_unknown_slug_is_a_bad_arguments_result_with_suggestions(hosted: str) -> None:
    async with connect(hosted) as client:
        result = await client.call_tool("search", {"endpoint": "search-cik", "cik": "320193"})
    assert result.is_error and "Did you mean search-CIK" in text(result)


async def test_a_field_the_endpoint_does_not_take_is_a_result_listing_the_allowed_ones(hosted: str) -> None:
    async with connect(hosted) as client:
        refused = await client.call_tool("quote", {"endpoint": "quote", "symbol": "AAPL", "from_date": "2024-01-01"})
        fixed = await client.call_tool("chart", {"endpoint": "intraday-5-min", "symbol": "AAPL", "interval": "1min"})
        missing = await client.call_tool("quote", {"endpoint": "quote"})
        wrong_type = await client.call_tool(
            "statements", {"endpoint": "income-statement", "symbol": "AAPL", "limit": "many"}
        )
        with pytest.raises(MCPError) as unknown_tool:
            await client.call_tool("quotes", {"endpoint": "quote"})
    for result in (refused, fixed, missing, wrong_type):
        assert result.is_error and text(result).startswith("[bad_arguments] ")
    assert "does not take from_date; it takes symbol (required)" in text(refused)
    assert "does not take interval" in text(fixed)
    assert "needs symbol" in text(missing)
    assert "limit must be a whole number" in text(wrong_type)
    # An unknown tool has no result to give: it stays a protocol error in every version.
    assert unknown_tool.value.code == -32602
    assert "Did you mean quote" in unknown_tool.value.message


async def test_a_plan_denial_is_a_tool_result_naming_the_plan_needed(hosted: str) -> None:
    async with connect(hosted, key=BASIC_KEY) as client:
        denied = await client.call_tool(
            "technicalIndicators",
            {"endpoint": "relative-strength-index", "symbol": "AAPL", "period_length": 14, "timeframe": "1day"},
        )
        addon = await client.call_tool("ratingsAddon", {"endpoint": "ratingsco-search"})
    assert denied.is_error
    assert text(denied).startswith("[plan] ACCESS DENIED")
    assert "Starter plan or higher" in text(denied)
    assert addon.is_error and "paid ratings add-on" in text(addon)


def _mcp_error(raised: BaseException) -> MCPError:
    """The MCPError inside what the client raised (task groups wrap it in exception groups)."""
    pending = [raised]
    while pending:
        error = pending.pop()
        if isinstance(error, MCPError):
            return error
        pending.extend(getattr(error, "exceptions", ()))
    raise AssertionError(f"no MCPError in {raised!r}")


async def test_a_key_the_upstream_rejects_gets_no_session_and_is_never_shown(hosted: str) -> None:
    with pytest.raises(BaseException) as raised:  # noqa: PT011 - an exception group around the MCPError
        async with connect(hosted, key="not-a-valid-key-9d1e"):
            pass
    error = _mcp_error(raised.value)
    assert "rejected this API key" in error.message
    assert "not-a-valid-key-9d1e" not in error.message


async def test_a_key_revoked_after_its_session_opened_gets_an_auth_result(make_server: MakeServer) -> None:
    revoked = {"yes": False}

    def answer(request: httpx2.Request) -> httpx2.Response:
        if revoked["yes"]:
            return httpx2.Response(401, json={"Error Message": "Invalid API KEY."})
        return httpx2.Response(200, json=[{"symbol": "AAPL", "price": 1.5}])

    url, _ = make_server(handler=answer)
    async with connect(url) as client:
        revoked["yes"] = True
        result = await client.call_tool("quote", {"endpoint": "quote", "symbol": "AAPL"})
    assert result.is_error and text(result).startswith("[auth]")
    assert KEY not in text(result)


async def test_slugs_go_to_their_rest_path_with_the_callers_own_key(make_server: MakeServer) -> None:
    url, upstream = make_server()
    async with connect(url, key=KEY) as client:
        await client.call_tool("chart", {"endpoint": "intraday-5-min", "symbol": "AAPL", "from_date": "2024-03-01"})
    async with connect(url, key=OTHER_KEY) as client:
        await client.call_tool("statements", {"endpoint": "metrics-ratios", "symbol": "MSFT", "period": "quarter"})
        await client.call_tool("search", {"endpoint": "search-CIK", "cik": 320193})
    intraday, ratios, cik = tool_requests(upstream)
    assert intraday.url.path == "/stable/historical-chart/5min"
    assert dict(parse_qsl(intraday.url.query.decode())) == {"symbol": "AAPL", "from": "2024-03-01", "apikey": KEY}
    assert ratios.url.path == "/stable/ratios"
    assert dict(parse_qsl(ratios.url.query.decode()))["apikey"] == OTHER_KEY
    assert dict(parse_qsl(cik.url.query.decode()))["cik"] == "0000320193"


async def test_the_cache_is_shared_by_a_keys_calls_and_never_across_keys(make_server: MakeServer) -> None:
    url, upstream = make_server(env={"DATA_CACHE": "memory"})
    for key in (KEY, KEY, OTHER_KEY):
        async with connect(url, key=key) as client:
            assert not (await client.call_tool("quote", {"endpoint": "quote", "symbol": "AAPL"})).is_error
    # The second call of KEY came from the cache; OTHER_KEY's went upstream, under its own plan and quota.
    assert [dict(parse_qsl(r.url.query.decode()))["apikey"] for r in tool_requests(upstream)] == [KEY, OTHER_KEY]


async def test_the_per_key_call_limit_answers_a_rate_limit_result(make_server: MakeServer) -> None:
    url, _ = make_server(rate_limit=2)
    async with connect(url) as client:
        for _ in range(2):
            assert not (await client.call_tool("quote", {"endpoint": "quote", "symbol": "AAPL"})).is_error
        limited = await client.call_tool("quote", {"endpoint": "quote", "symbol": "AAPL"})
    async with connect(url, key=OTHER_KEY) as client:
        other = await client.call_tool("quote", {"endpoint": "quote", "symbol": "AAPL"})
    assert limited.is_error and text(limited).startswith("[rate_limit]")
    assert "Retry after" in text(limited)
    assert not other.is_error


async def test_an_upstream_outage_is_a_result_not_a_protocol_error(make_server: MakeServer) -> None:
    def answer(request: httpx2.Request) -> httpx2.Response:
        # The key was checked before the outage began; the call meets it.
        return httpx2.Response(200, json=[{}]) if is_key_check(request) else httpx2.Response(503, text="down")

    url, _ = make_server(handler=answer)
    async with connect(url) as client:
        result = await client.call_tool("quote", {"endpoint": "quote", "symbol": "AAPL"})
    assert result.is_error and text(result).startswith("[upstream] quote endpoint quote")


async def test_the_10k_workbook_comes_back_as_an_embedded_blob(make_server: MakeServer) -> None:
    workbook = b"PK\x03\x04 pretend workbook"

    def answer(request: httpx2.Request) -> httpx2.Response:
        # The key check needs the service's own answer: a workbook would prove nothing about the key.
        if is_key_check(request):
            return httpx2.Response(200, json=[{"symbol": "AAPL"}])
        return httpx2.Response(200, content=workbook)

    url, _ = make_server(handler=answer)
    async with connect(url) as client:
        result = await client.call_tool(
            "statements",
            {"endpoint": "financial-reports-form-10-k-xlsx", "symbol": "AAPL", "year": 2023, "period": "FY"},
        )
    assert not result.is_error
    (block,) = result.content
    assert isinstance(block, types.EmbeddedResource)
    assert isinstance(block.resource, types.BlobResourceContents)
    assert base64.b64decode(block.resource.blob) == workbook
