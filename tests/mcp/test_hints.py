"""Hints that lead on, over real stdio: a full page says where the next rows are, one list format whatever the
length, errors that name both ends of a reversed range, the tool as the agent calls it, and the profiles that
have a tool this set lacks."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from data_pkg.sandbox import Quota, SandboxConfig, running_sandbox
from data_pkg.toolsets import available_profiles, resolve
from tests.answers.follow import next_calls
from tests.answers.tables import read_table
from tests.mcp._support import connect, server_env
from tests.mcp.test_answers import blocks
from tests.mcp.test_former_tools import refusal

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

NEXT_MONTH = {"from_date": "2026-12-01", "to_date": "2026-12-31"}
"""The month after the sandbox's today (2026-11-20): its earnings calendar is pages of 10 rows."""


@pytest.fixture(scope="module")
def sandbox() -> Iterator[str]:
    with running_sandbox(SandboxConfig(quotas={"demo": Quota(10**6, 60)})) as url:
        yield url


def _more(note: str) -> dict[str, Any]:
    """The argument a full page's note names for the next rows (``name=value``), checked to be the only one."""
    (found,) = re.findall(r"the same arguments with (\w+)=(\d+) get ", note)
    return {found[0]: int(found[1])}


async def _rows(client: Client, tool: str, arguments: dict[str, Any]) -> tuple[list[dict[str, Any]], list[str]]:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, blocks(result)
    table, *note = blocks(result)
    return read_table(table), note


@pytest.mark.parametrize(
    ("tool", "arguments", "size", "argument"),
    [
        pytest.param("earnings_calendar", NEXT_MONTH, 10, {"page": 1}, id="page, the upstream's page size"),
        pytest.param("stock_news", {"limit": 10}, 10, {"page": 1}, id="page and limit"),
        pytest.param("delisted_companies", {"limit": 7, "page": 2}, 7, {"page": 3}, id="a later page"),
        pytest.param("tradable_list", {"limit": 5, "offset": 10}, 5, {"offset": 15}, id="offset"),
        pytest.param("income_statement", {"symbol": "AAPL", "limit": 3}, 3, {"limit": 6}, id="limit alone"),
    ],
)
async def test_a_full_page_says_more_may_exist_and_which_argument_gets_it(
    sandbox: str, tmp_path: Path, tool: str, arguments: dict[str, Any], size: int, argument: dict[str, int]
) -> None:
    async with connect(server_env(sandbox, DATA_MCP_PROFILE="full"), tmp_path / "err.log") as client:
        rows, notes = await _rows(client, tool, arguments)
        assert len(rows) == size
        (note,) = notes
        assert _more(note) == argument
        assert next_calls(note) == []  # not the rest of this call's rows: an agent following notes stops here
        more, _ = await _rows(client, tool, {**arguments, **argument})
    assert more and more != rows
    if "limit" not in argument:  # the next rows, none of them repeated
        assert not {repr(r) for r in more} & {repr(r) for r in rows}


async def test_a_page_that_is_not_full_says_nothing_more(sandbox: str, tmp_path: Path) -> None:
    async with connect(server_env(sandbox, DATA_MCP_PROFILE="full"), tmp_path / "err.log") as client:
        rows, notes = await _rows(client, "delisted_companies", {"limit": 100, "page": 96})
    assert 0 < len(rows) < 100  # the last page of 9,634 rows
    assert notes == []


async def test_a_one_row_list_is_a_table_like_a_two_row_list(sandbox: str, tmp_path: Path) -> None:
    async with connect(server_env(sandbox, DATA_MCP_PROFILE="full"), tmp_path / "err.log") as client:
        one = await client.call_tool("delisted_companies", {"limit": 1})
        two = await client.call_tool("delisted_companies", {"limit": 2})
    one_text, two_text = blocks(one)[0], blocks(two)[0]
    assert one_text.splitlines()[0] == two_text.splitlines()[0]  # the same header line
    assert read_table(one_text) == read_table(two_text)[:1]


async def test_a_reversed_date_range_is_a_bad_argument_naming_both_ends(sandbox: str, tmp_path: Path) -> None:
    arguments = {"symbol": "AAPL", "from_date": "2024-02-01", "to_date": "2024-01-01"}
    async with connect(server_env(sandbox), tmp_path / "err.log") as client:
        result = await client.call_tool("historical_prices", arguments)
    assert result.is_error
    (message,) = blocks(result)
    assert message.startswith("[bad_arguments] ")
    assert "from_date 2024-02-01" in message and "to_date 2024-01-01" in message


@pytest.mark.parametrize(
    ("style", "tool"),
    [("key", "historical_prices"), ("snake", "company_historical_prices"), ("spec", "company.historical_prices")],
)
async def test_an_argument_error_names_the_tool_as_the_agent_calls_it(
    sandbox: str, tmp_path: Path, style: str, tool: str
) -> None:
    env = server_env(sandbox, DATA_MCP_TOOL_NAME_STYLE=style, DATA_MCP_PROFILE="minimal")
    async with connect(env, tmp_path / "err.log") as client:
        result = await client.call_tool(tool, {"symbol": "AAPL", "bogus": 1})
        missing = await client.call_tool(tool, {})
    for answer in (result, missing):
        assert answer.is_error
        (message,) = blocks(answer)
        assert message.startswith(f"[bad_arguments] {tool} "), message
        if style != "spec":
            assert "company.historical_prices" not in message


async def test_an_argument_error_names_a_renamed_and_prefixed_tool(sandbox: str, tmp_path: Path) -> None:
    manifest = tmp_path / "desk.yaml"
    manifest.write_text(
        "prefix: mkt_\ntools: [company.historical_prices]\noverrides:\n  company.historical_prices: {name: closes}\n"
    )
    async with connect(server_env(sandbox, DATA_MCP_MANIFEST=str(manifest)), tmp_path / "err.log") as client:
        result = await client.call_tool("mkt_closes", {"symbol": "AAPL", "bogus": 1})
    (message,) = blocks(result)
    assert message.startswith("[bad_arguments] mkt_closes does not take bogus"), message


@pytest.mark.parametrize(
    ("tool", "spec"),
    [
        ("insider_trades", "institutional.insider_trades"),
        ("rsi", "technical.rsi"),
        ("etf_holdings", "investment.etf_holdings"),
        ("treasury_rates", "economics.treasury_rates"),
        ("general_news", "intelligence.general_news"),
    ],
)
async def test_a_catalog_tool_this_set_lacks_names_the_profiles_that_have_it_and_how_to_add_it(
    sandbox: str, tmp_path: Path, tool: str, spec: str
) -> None:
    async with connect(server_env(sandbox, DATA_MCP_PROFILE="minimal"), tmp_path / "err.log") as client:
        message = await refusal(client, tool, {})
    assert "did you mean" not in message.lower()
    assert f"'{tool}' ({spec}) is not in this server's tool set" in message
    having = [name for name in available_profiles() if tool in resolve(name, env={}).raise_for_errors()]
    assert "full" in having
    (named,) = re.findall(r"The profiles? ([\w, ]+?) ha(?:s|ve) it", message)
    assert re.split(r", | and ", named) == having
    assert f"`tools: [{spec}]`" in message  # how a manifest adds it


async def test_an_answer_withheld_over_its_budget_carries_a_category(sandbox: str, tmp_path: Path) -> None:
    env = server_env(sandbox, DATA_MCP_PROFILE="full")
    async with connect(env, tmp_path / "err.log") as client:
        result = await client.call_tool("full_financial_statement", {"symbol": "AAPL"})
    assert result.is_error
    (message,) = blocks(result)
    assert message.startswith("[config] Row 1 of "), message
    assert "max_answer_tokens" in message
