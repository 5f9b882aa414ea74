"""Answers through the real stdio server: within their token budget by an exact count, cut with a note an
agent can follow, in the fields and format the manifest chose."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import mcp_types as types
import pytest
from benchmarks import o200k

from data_pkg.catalog import by_key, typical_arguments
from data_pkg.sandbox import Quota, SandboxConfig, running_sandbox
from data_pkg.toolsets import DEFAULT_MAX_ANSWER_TOKENS, resolve
from tests.answers.tables import read_table
from tests.mcp._support import WITHHELD, WITHHELD_AT_DEFAULT, connect, server_env

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

SEGMENTS = {"DATA_PROVIDER_SEGMENT": "acme", "DATA_RATINGS_ADDON_SEGMENT": "acme"}
NOTE = re.compile(r"Rows 1-[\d,]+ of [\d,]+(?: of \w+)? shown(?: \(.+\))? to fit [\d,]+ tokens\. .+")
MORE = re.compile(r"These [\d,]+ rows (?:may fill|fill|are as many as) .+ get (?:these and )?the next ones.*")
"""The line of an answer shown whole that may be a full page (answers._note.more_rows)."""


@pytest.fixture(scope="module")
def sandbox() -> Iterator[str]:
    with running_sandbox(SandboxConfig(quotas={"demo": Quota(10**6, 60)})) as url:
        yield url


def blocks(result: types.CallToolResult) -> list[str]:
    found = [block.text for block in result.content if isinstance(block, types.TextContent)]
    assert len(found) == len(result.content)
    return found


def tokens(result: types.CallToolResult) -> int:
    """Exact o200k tokens of everything the agent reads."""
    return sum(o200k.count(text) for text in blocks(result))


def jsonable(arguments: dict[str, object]) -> dict[str, Any]:
    return {k: v.isoformat() if hasattr(v, "isoformat") else v for k, v in arguments.items()}


@pytest.mark.e2e
async def test_every_tool_of_the_full_profile_answers_within_the_default_budget(sandbox: str, tmp_path: Path) -> None:
    registry = resolve("full", env=SEGMENTS).raise_for_errors()
    over, unnoted, cut, withheld = [], [], 0, []
    async with connect(server_env(sandbox, DATA_MCP_PROFILE="full", **SEGMENTS), tmp_path / "err.log") as client:
        for tool in registry:
            result = await client.call_tool(tool.name, jsonable(typical_arguments(by_key(tool.endpoint))))
            if result.is_error and WITHHELD.match(blocks(result)[0]):
                withheld.append(tool.name)
                continue
            assert not result.is_error, (tool.name, blocks(result))
            if tokens(result) > DEFAULT_MAX_ANSWER_TOKENS:
                over.append((tool.name, tokens(result)))
            if len(result.content) > 1 and not MORE.fullmatch(blocks(result)[-1]):
                cut += 1
                if not NOTE.fullmatch(blocks(result)[-1]):
                    unnoted.append((tool.name, blocks(result)[-1]))
    assert over == []
    assert unnoted == []
    assert withheld == list(WITHHELD_AT_DEFAULT)
    assert cut >= 20  # the sandbox answers at real depths: long lists and histories do get cut


async def test_following_the_note_of_a_five_year_history_gets_every_row_once(sandbox: str, tmp_path: Path) -> None:
    arguments: dict[str, Any] = {"symbol": "AAPL", "from_date": "2020-01-01", "to_date": "2024-12-31"}
    seen: list[dict[str, Any]] = []
    async with connect(server_env(sandbox), tmp_path / "err.log") as client:
        for _ in range(40):
            result = await client.call_tool("historical_prices", arguments)
            table, *note = blocks(result)
            seen.extend(read_table(table))
            if not note:
                break
            bound = re.search(r"to_date=(\d{4}-\d{2}-\d{2})\.", note[0])
            assert bound is not None, note
            arguments["to_date"] = bound.group(1)
    dates = [row["date"] for row in seen]
    assert dates == sorted(set(dates), reverse=True)  # newest first, none twice
    assert dates[0] == "2024-12-31" and dates[-1] <= "2020-01-03" and len(dates) > 1200


MANIFEST = """\
tools: [company.historical_prices, market.stock_list, company.quote]
max_answer_tokens: 3000
output_schemas: true
overrides:
  company.historical_prices:
    fields: [date, close, volume]
    max_answer_tokens: 20000
  company.quote:
    exclude_fields: [name, exchange]
"""


async def test_a_manifest_chooses_fields_format_and_budgets_and_output_schemas_follow(
    sandbox: str, tmp_path: Path
) -> None:
    manifest = tmp_path / "desk.yaml"
    manifest.write_text(MANIFEST)
    async with connect(server_env(sandbox, DATA_MCP_MANIFEST=str(manifest)), tmp_path / "err.log") as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        history = await client.call_tool("historical_prices", {"symbol": "AAPL"})
        listing = await client.call_tool("stock_list", {})
        quote = await client.call_tool("quote", {"symbol": "AAPL"})
    schema = tools["historical_prices"].output_schema
    assert schema is not None and set(schema["properties"]["result"]["items"]["properties"]) == {
        "date",
        "close",
        "volume",
    }
    assert blocks(history)[0].startswith("date,close,volume\n")
    assert history.structured_content is not None
    assert {k for row in history.structured_content["result"] for k in row} <= {"date", "close", "volume"}
    assert 3000 < tokens(history) <= 20000  # its own budget, above the manifest's
    assert tokens(listing) <= 3000 and NOTE.fullmatch(blocks(listing)[-1])
    assert quote.structured_content is not None and not {"name", "exchange"} & set(quote.structured_content)


async def test_the_environment_sets_the_default_budget_and_format(sandbox: str, tmp_path: Path) -> None:
    env = server_env(sandbox, DATA_MCP_MAX_ANSWER_TOKENS="1500", DATA_MCP_ANSWER_FORMAT="json")
    async with connect(env, tmp_path / "err.log") as client:
        result = await client.call_tool("historical_prices", {"symbol": "AAPL"})
    data, note = blocks(result)
    assert isinstance(json.loads(data), list) and tokens(result) <= 1500 and "to fit 1,500 tokens" in note


async def test_a_bad_budget_in_the_environment_is_reported_not_ignored(sandbox: str, tmp_path: Path) -> None:
    env = server_env(sandbox, DATA_MCP_MAX_ANSWER_TOKENS="lots")
    async with connect(env, tmp_path / "err.log") as client:
        (tool,) = (await client.list_tools()).tools
    assert tool.name == "setup_problem" and "DM407 DATA_MCP_MAX_ANSWER_TOKENS='lots'" in (tool.description or "")
