"""The ``fields`` argument through the real stdio server against the sandbox: columns chosen per call.

An agent that needs only ``date`` and ``close`` says so in the call; the names are checked (a did-you-mean
for a slip, naming the tool as the agent sees it), the manifest's own choice still bounds them, following
the notes keeps them, output schemas stay valid, and a manifest can turn the argument off.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import mcp_types as types
import pytest
from benchmarks import o200k

from tests.answers.follow import MAX_CALLS, next_calls
from tests.answers.tables import read_table
from tests.mcp._support import connect, server_env
from tests.mcp.test_answers import blocks, sandbox

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

__all__ = ["sandbox"]  # the module's sandbox fixture, shared

FIVE_YEARS = {"symbol": "AAPL", "from_date": "2020-01-01", "to_date": "2024-12-31"}


def tokens(result: types.CallToolResult) -> int:
    return sum(o200k.count(text) for text in blocks(result))


def manifest(tmp_path: Path, text: str) -> dict[str, str]:
    path = tmp_path / "desk.yaml"
    path.write_text(text)
    return {"DATA_MCP_MANIFEST": str(path)}


async def test_fields_narrow_the_table_to_the_columns_asked_for(sandbox: str, tmp_path: Path) -> None:
    async with connect(server_env(sandbox), tmp_path / "err.log") as client:
        (history,) = [tool for tool in (await client.list_tools()).tools if tool.name == "historical_prices"]
        whole = await client.call_tool("historical_prices", FIVE_YEARS)
        chosen = await client.call_tool("historical_prices", {**FIVE_YEARS, "fields": "date, close"})
        listed = await client.call_tool("historical_prices", {**FIVE_YEARS, "fields": ["close", "date"]})
    assert history.input_schema["properties"]["fields"] == {"type": "string"}
    assert not chosen.is_error and blocks(chosen)[0].startswith("date,close\n")
    rows = read_table(blocks(chosen)[0])
    assert all(set(row) == {"date", "close"} for row in rows)
    assert blocks(listed) == blocks(chosen)  # a list is taken as well; columns keep the answer's order
    # Two columns of seven-plus: the same budget holds several times the rows.
    assert len(rows) > 3 * len(read_table(blocks(whole)[0]))
    assert tokens(chosen) <= 8000


async def test_an_unknown_field_is_a_bad_argument_with_a_did_you_mean_naming_the_tool(
    sandbox: str, tmp_path: Path
) -> None:
    env = manifest(tmp_path, "extends: [analyst]\nprefix: mkt_\n")
    async with connect(server_env(sandbox, **env), tmp_path / "err.log") as client:
        slip = await client.call_tool("mkt_historical_prices", {**FIVE_YEARS, "fields": "date,clsoe"})
        wrong_type = await client.call_tool("mkt_historical_prices", {**FIVE_YEARS, "fields": 7})
    assert slip.is_error
    (text,) = blocks(slip)
    assert text.startswith(
        "[bad_arguments] mkt_historical_prices answers have no field 'clsoe'. Did you mean 'close'? Its fields: date,"
    )
    assert text.endswith(". Fix the argument and call again.")
    assert wrong_type.is_error and blocks(wrong_type) == [
        '[bad_arguments] mkt_historical_prices: fields takes column names, comma-separated (e.g. "date,close"),'
        " not int. Fix the argument and call again."
    ]


async def test_the_manifests_fields_bound_the_choice(sandbox: str, tmp_path: Path) -> None:
    env = manifest(
        tmp_path,
        "tools: [company.historical_prices, company.quote]\n"
        "overrides:\n  company.historical_prices: {fields: [date, close, volume], exclude_fields: [volume]}\n",
    )
    async with connect(server_env(sandbox, **env), tmp_path / "err.log") as client:
        inside = await client.call_tool("historical_prices", {**FIVE_YEARS, "fields": "close"})
        outside = await client.call_tool("historical_prices", {**FIVE_YEARS, "fields": "close,open"})
        excluded = await client.call_tool("historical_prices", {**FIVE_YEARS, "fields": "volume"})
        one_object = await client.call_tool("quote", {"symbol": "AAPL", "fields": "price"})
    assert blocks(inside)[0].startswith("close\n")
    assert blocks(outside) == [
        "[bad_arguments] historical_prices answers have no field 'open'. Its fields: date, close."
        " Fix the argument and call again."
    ]
    assert blocks(excluded)[0].startswith("[bad_arguments] historical_prices answers have no field 'volume'.")
    assert blocks(one_object) == [
        "[bad_arguments] quote takes no fields argument: its answer is not rows of named fields."
        " Fix the argument and call again."
    ]


async def test_a_manifest_turns_the_argument_off(sandbox: str, tmp_path: Path) -> None:
    env = manifest(tmp_path, "extends: [analyst]\nfields_argument: false\n")
    async with connect(server_env(sandbox, **env), tmp_path / "err.log") as client:
        tools = (await client.list_tools()).tools
        refused = await client.call_tool("historical_prices", {**FIVE_YEARS, "fields": "date,close"})
    assert tools and not [tool.name for tool in tools if "fields" in tool.input_schema.get("properties", {})]
    assert refused.is_error and blocks(refused) == [
        "[bad_arguments] historical_prices takes no fields argument: this server's manifest turns choosing columns"
        " off (fields_argument). Fix the argument and call again."
    ]


async def _follow(client: Any, tool: str, first: dict[str, Any]) -> tuple[list[dict[str, Any]], int]:
    """Every row read following every note from ``first``, and the calls it took."""
    seen: list[dict[str, Any]] = []
    pending, calls = [dict(first)], 0
    while pending:
        arguments = pending.pop(0)
        calls += 1
        assert calls <= MAX_CALLS
        result = await client.call_tool(tool, arguments)
        assert not result.is_error, blocks(result)
        assert tokens(result) <= 2000
        table, *note = blocks(result)
        seen.extend(read_table(table))
        if note:
            pending[:0] = [{**arguments, **change} for change in next_calls(note[0])]
    return seen, calls


async def test_following_the_notes_keeps_the_chosen_fields_and_gets_every_row_once(
    sandbox: str, tmp_path: Path
) -> None:
    year = {"symbol": "AAPL", "from_date": "2024-01-01", "to_date": "2024-12-31"}
    env = server_env(sandbox, DATA_MCP_MAX_ANSWER_TOKENS="2000", DATA_MCP_PROFILE="full")
    async with connect(env, tmp_path / "err.log") as client:
        closes, calls = await _follow(client, "historical_prices", {**year, "fields": "date,close"})
        whole, whole_calls = await _follow(client, "historical_prices", year)
        # Without the date column the note still pages by date: the rows' own dates, shown or not.
        dated, _ = await _follow(client, "historical_prices", {**FIVE_YEARS, "fields": "date,close"})
        bare, _ = await _follow(client, "historical_prices", {**FIVE_YEARS, "fields": "close"})
        dates_only = {"from_date": "2024-01-01", "to_date": "2024-12-31"}
        yields, _ = await _follow(client, "treasury_rates", {**dates_only, "fields": "date,year10"})
    assert all(set(row) == {"date", "close"} for row in closes)
    assert [(row["date"], row["close"]) for row in closes] == [(row["date"], row["close"]) for row in whole]
    assert calls < whole_calls
    dates = [row["date"] for row in dated]
    assert len(dates) == len(set(dates)) > 1200
    assert all(set(row) == {"close"} for row in bare) and [row["close"] for row in bare] == [r["close"] for r in dated]
    assert all(set(row) == {"date", "year10"} for row in yields) and len(yields) > 200


async def test_output_schemas_stay_valid_for_narrowed_answers(sandbox: str, tmp_path: Path) -> None:
    env = manifest(tmp_path, "tools: [company.historical_prices, institutional.insider_trades]\noutput_schemas: true\n")
    async with connect(server_env(sandbox, **env), tmp_path / "err.log") as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        history = await client.call_tool("historical_prices", {**FIVE_YEARS, "fields": "close"})
        # Its rows require symbol, reportingCik, transactionType ... in the model: none of them is chosen.
        trades = await client.call_tool("insider_trades", {"symbol": "AAPL", "fields": "transactionDate,price"})
    for result in (history, trades):
        assert not result.is_error, blocks(result)
        assert result.structured_content is not None
    assert {key for row in history.structured_content["result"] for key in row} == {"close"}
    assert {key for row in trades.structured_content["result"] for key in row} <= {"transactionDate", "price"}
    items = tools["insider_trades"].output_schema["properties"]["result"]["items"]  # type: ignore[index]
    assert "required" not in items and {"transactionDate", "price"} <= set(items["properties"])


async def test_a_manifest_excludes_names_the_agent_sees_inside_rows(sandbox: str, tmp_path: Path) -> None:
    env = manifest(
        tmp_path,
        "tools: [investment.etf_info, company.product_revenue_segmentation]\noutput_schemas: true\n"
        "overrides:\n  investment.etf_info: {exclude_fields: [exposure]}\n"
        "  company.product_revenue_segmentation: {exclude_fields: [iPhone, fiscalYear]}\n",
    )
    async with connect(server_env(sandbox, **env), tmp_path / "err.log") as client:
        fund = await client.call_tool("etf_info", {"symbol": "SPY"})
        segments = await client.call_tool("product_revenue_segmentation", {"symbol": "AAPL"})
    for result in (fund, segments):
        assert not result.is_error, blocks(result)
        assert result.structured_content is not None  # checked against the output schema: it still fits
    info = fund.structured_content  # one object: the structured content itself
    assert info["sectorsList"] and all(set(sector) == {"industry"} for sector in info["sectorsList"])
    assert '"exposure"' not in blocks(fund)[0]
    rows = segments.structured_content["result"]
    assert rows and all("fiscalYear" not in row and "iPhone" not in row["data"] and row["data"] for row in rows)
    assert "iPhone" not in blocks(segments)[0]


async def test_notes_point_to_fewer_columns_where_that_is_the_way_on(sandbox: str, tmp_path: Path) -> None:
    env = manifest(tmp_path, "tools: [market.stock_list, fundamental.income_statement]\nmax_answer_tokens: 500\n")
    async with connect(server_env(sandbox, **env), tmp_path / "err.log") as client:
        listing = await client.call_tool("stock_list", {})
        narrow = await client.call_tool("stock_list", {"fields": "symbol"})
        statement = await client.call_tool("income_statement", {"symbol": "AAPL", "limit": 1})
        chosen = await client.call_tool("income_statement", {"symbol": "AAPL", "limit": 1, "fields": "date,revenue"})
    # A list no argument pages: fewer columns show more of it (before: only the manifest's fields were named).
    assert "call again with the columns the task needs (fields)" in blocks(listing)[-1]
    assert len(read_table(blocks(narrow)[0])) > 2 * len(read_table(blocks(listing)[0]))
    # One row too wide for the budget is withheld; the result says the agent can ask for fewer columns.
    assert statement.is_error and "Call again with the columns the task needs (fields)" in blocks(statement)[0]
    assert not chosen.is_error and blocks(chosen)[0].startswith("date,revenue\n")
