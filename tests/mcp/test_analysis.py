"""Kept tables and the query tool through the real stdio server: a history kept whole, CAGR computed where the
rows are and equal to a hand computation, and hostile statements refused by name while the server keeps serving."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from pathlib import Path

import mcp_types as types
import pytest
from benchmarks import o200k

from data_pkg.sandbox import Quota, SandboxConfig, running_sandbox
from tests.answers.tables import read_table
from tests.mcp._support import connect, server_env

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

FIVE_YEARS = {"symbol": "AAPL", "from_date": "2020-01-01", "to_date": "2024-12-31"}


@pytest.fixture(scope="module")
def sandbox() -> Iterator[str]:
    with running_sandbox(SandboxConfig(quotas={"demo": Quota(10**6, 60)})) as url:
        yield url


def blocks(result: types.CallToolResult) -> list[str]:
    return [block.text for block in result.content if isinstance(block, types.TextContent)]


def manifest(tmp_path: Path, text: str, name: str = "desk.yaml") -> dict[str, str]:
    path = tmp_path / name
    path.write_text(text)
    return {"DATA_MCP_MANIFEST": str(path)}


async def test_a_history_is_kept_whole_and_its_cagr_matches_a_hand_computation(sandbox: str, tmp_path: Path) -> None:
    # A budget large enough to show every row, so the test computes CAGR by hand from what the agent saw.
    env = manifest(
        tmp_path,
        "tools: [company.historical_prices]\nanalysis: {max_shown_tokens: 100000}\nmax_answer_tokens: 100000\n"
        "overrides:\n  company.historical_prices: {fields: [date, close]}\n",
    )
    async with connect(server_env(sandbox, **env), tmp_path / "err.log") as client:
        names = [tool.name for tool in (await client.list_tools()).tools]
        history = await client.call_tool("historical_prices", FIVE_YEARS)
        answer = await client.call_tool(
            "query",
            {"sql": "SELECT cagr(date, close) AS cagr, count(*) AS n, typeof(close) AS t FROM historical_prices_1"},
        )
    assert names == ["historical_prices", "query"]
    table, note = blocks(history)
    rows = read_table(table)
    assert note == f"All {len(rows):,} rows are kept as table `historical_prices_1`; query it with `query`."
    assert not answer.is_error, blocks(answer)
    (found,) = read_table(blocks(answer)[0])
    ordered = sorted(rows, key=lambda row: row["date"])
    first, last = ordered[0], ordered[-1]
    days = (dt.date.fromisoformat(last["date"]) - dt.date.fromisoformat(first["date"])).days
    by_hand = (last["close"] / first["close"]) ** (365.25 / days) - 1
    assert found["n"] == len(rows) > 1200 and found["t"] == "real"
    assert found["cagr"] == pytest.approx(by_hand, rel=1e-12)


async def test_five_years_to_their_cagr_in_two_calls_and_under_3000_tokens(sandbox: str, tmp_path: Path) -> None:
    # Issue 24's target at the defaults: the kept answer shows 2,000 tokens of rows (not the 8,000-token budget),
    # the query the figure. Before, the first answer alone was 7,423 tokens.
    env = manifest(tmp_path, "tools: [company.historical_prices]\nanalysis: true\n")
    async with connect(server_env(sandbox, **env), tmp_path / "err.log") as client:
        history = await client.call_tool("historical_prices", FIVE_YEARS)
        answer = await client.call_tool("query", {"sql": "SELECT cagr(date, close) AS cagr FROM historical_prices_1"})
    assert not history.is_error and not answer.is_error
    spent = sum(o200k.count(text) for result in (history, answer) for text in blocks(result))
    assert spent <= 3_000, spent
    _, note = blocks(history)
    assert "to fit 2,000 tokens" in note and note.endswith(
        "All 1,258 rows are kept as table `historical_prices_1`; query it with `query`."
    )
    (found,) = read_table(blocks(answer)[0])
    assert -1 < found["cagr"] < 1


async def test_rsi_from_kept_closes_equals_the_upstreams_indicator(sandbox: str, tmp_path: Path) -> None:
    env = manifest(tmp_path, "tools: [company.historical_prices, technical.rsi]\nanalysis: true\n")
    year = {"symbol": "MSFT", "from_date": "2024-01-01", "to_date": "2024-12-31"}
    async with connect(server_env(sandbox, **env), tmp_path / "err.log") as client:
        await client.call_tool("historical_prices", year)
        ours = await client.call_tool("query", {"sql": "SELECT rsi(date, close, 14) AS rsi FROM historical_prices_1"})
        theirs = await client.call_tool("rsi", {**year, "period_length": 14, "from_date": "2024-12-30"})
    (computed,) = read_table(blocks(ours)[0])
    last = max(read_table(blocks(theirs)[0]), key=lambda row: row["date"])
    assert last["date"].startswith("2024-12-31")
    assert computed["rsi"] == pytest.approx(last["rsi"], abs=1e-4)


HOSTILE = {
    "ATTACH DATABASE '/tmp/x.db' AS x": "ATTACH is not allowed",
    "PRAGMA table_info(historical_prices_1)": "PRAGMA is not allowed",
    "INSERT INTO historical_prices_1 (close) VALUES (1)": "only SELECT is allowed",
    "CREATE TABLE t AS SELECT * FROM historical_prices_1": "only SELECT is allowed",
    "CREATE TEMP TABLE t (a)": "only SELECT is allowed",
    "DROP TABLE historical_prices_1": "only SELECT is allowed",
    "SELECT load_extension('/tmp/evil')": r"the function load_extension\(\) is not allowed",
    "SELECT readfile('/etc/passwd')": "no such function: readfile",
    "SELECT zeroblob(1000000000)": r"the function zeroblob\(\) is not allowed",
    "SELECT * FROM sqlite_master": "reading 'sqlite_master' is not allowed",
    "WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT count(*) FROM r": "ran longer than 500 ms",
    "SELECT count(*) FROM historical_prices_1 a, historical_prices_1 b, historical_prices_1 c": "ran longer than 500 ms",
    # Whichever bound it reaches first on a busy machine: the result's rows, or the time.
    "SELECT a.date FROM historical_prices_1 a, historical_prices_1 b": r"more than 10,000 rows \(max_result_rows\)|500 ms",
    "SELECT 1; DELETE FROM historical_prices_1": "one statement per query",
    "SELECT " + "1 + " * 2_500_000 + "1": "10,000,008 characters; at most 20,000",  # 10 MB of SQL
}


async def test_hostile_statements_are_refused_by_rule_and_the_server_answers_the_next_call(
    sandbox: str, tmp_path: Path
) -> None:
    env = manifest(tmp_path, "tools: [company.historical_prices]\nanalysis: {max_query_ms: 500}\n")
    outcomes = {}
    async with connect(server_env(sandbox, **env), tmp_path / "err.log") as client:
        await client.call_tool("historical_prices", FIVE_YEARS)
        for sql in HOSTILE:
            result = await client.call_tool("query", {"sql": sql})
            outcomes[sql[:60]] = (result.is_error, blocks(result)[0])
            after = await client.call_tool("query", {"sql": "SELECT count(*) AS n FROM historical_prices_1"})
            assert not after.is_error and read_table(blocks(after)[0])[0]["n"] > 1200, sql[:60]
    for sql, rule in HOSTILE.items():
        error, text = outcomes[sql[:60]]
        assert error and text.startswith("[bad_arguments] ") and re.search(rule, text), (sql[:60], text)
    assert not (tmp_path / "x.db").exists()


async def test_a_dropped_table_says_so_and_which_call_brings_it_back(sandbox: str, tmp_path: Path) -> None:
    env = manifest(
        tmp_path,
        '"""Small bounds."""\nTOOLS = ["company.historical_prices"]\nNAME_STYLE = "snake"\nPREFIX = "mkt_"\n'
        'ANALYSIS = {"max_rows": 2000, "max_table_rows": 1500}\n',
        "desk.py",
    )
    async with connect(server_env(sandbox, **env), tmp_path / "err.log") as client:
        names = [tool.name for tool in (await client.list_tools()).tools]
        first = await client.call_tool("mkt_company_historical_prices", FIVE_YEARS)
        await client.call_tool("mkt_company_historical_prices", {**FIVE_YEARS, "symbol": "MSFT"})
        gone = await client.call_tool("mkt_analysis_query", {"sql": "SELECT count(*) FROM historical_prices_1"})
        there = await client.call_tool("mkt_analysis_query", {"sql": "SELECT count(*) AS n FROM historical_prices_2"})
    assert names == ["mkt_company_historical_prices", "mkt_analysis_query"]
    assert "kept as table `historical_prices_1`; query it with `mkt_analysis_query`." in blocks(first)[-1]
    assert gone.is_error
    assert re.search(
        r"table historical_prices_1 was dropped .* call mkt_company_historical_prices with .*\"symbol\": \"AAPL\"",
        blocks(gone)[0],
    ), blocks(gone)
    assert not there.is_error and read_table(blocks(there)[0])[0]["n"] > 1200


async def test_two_servers_never_share_kept_tables(sandbox: str, tmp_path: Path) -> None:
    env = manifest(tmp_path, '{"tools": ["company.historical_prices"], "analysis": true}', "desk.json")
    async with connect(server_env(sandbox, **env), tmp_path / "a.log") as one:
        await one.call_tool("historical_prices", FIVE_YEARS)
        async with connect(server_env(sandbox, **env), tmp_path / "b.log") as two:
            other = await two.call_tool("query", {"sql": "SELECT count(*) FROM historical_prices_1"})
            mine = await one.call_tool("query", {"sql": "SELECT count(*) AS n FROM historical_prices_1"})
    assert other.is_error and "no kept table is called historical_prices_1" in blocks(other)[0]
    assert not mine.is_error


async def test_without_analysis_there_is_no_query_tool_and_no_table_note(sandbox: str, tmp_path: Path) -> None:
    async with connect(server_env(sandbox), tmp_path / "err.log") as client:
        names = [tool.name for tool in (await client.list_tools()).tools]
        history = await client.call_tool("historical_prices", FIVE_YEARS)
    assert "query" not in names
    assert "kept as table" not in blocks(history)[-1]
