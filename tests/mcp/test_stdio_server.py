"""The stdio server, end to end: the SDK client talks to ``python -m data_pkg.mcp`` against the sandbox."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import httpx2
import mcp_types as types
import pytest
from mcp.shared.exceptions import MCPError

from data_pkg.sandbox import Quota, SandboxConfig, running_sandbox
from tests.answers.tables import read_table
from tests.mcp._support import connect, server_env, text
from tests.mcp.test_answers import MORE, blocks
from tests.support import SECRET_KEY

pytestmark = [pytest.mark.anyio, pytest.mark.slow]


@pytest.fixture(scope="module")
def sandbox() -> Iterator[str]:
    config = SandboxConfig(
        quotas={"demo": Quota(10**6, 60), "sandbox-premium": Quota(1, 3600)},
        extra_keys={SECRET_KEY: "basic"},
    )
    with running_sandbox(config) as url:
        yield url


async def test_initialize_names_the_package_and_promises_list_changed(sandbox: str, tmp_path: Path) -> None:
    async with connect(server_env(sandbox), tmp_path / "err.log") as client:
        info = client.server_info
        assert info is not None
        assert info.name == "data-pkg"
        assert re.fullmatch(r"\d+\.\d+\.\d+", info.version)
        capabilities = client.server_capabilities
        assert capabilities.tools is not None and capabilities.tools.list_changed is True


async def test_the_default_set_is_small_read_only_and_fully_described(sandbox: str, tmp_path: Path) -> None:
    async with connect(server_env(sandbox), tmp_path / "err.log") as client:
        tools = (await client.list_tools()).tools
    assert 20 <= len(tools) <= 50
    names = {t.name for t in tools}
    assert {"quote", "profile", "income_statement"} <= names
    for tool in tools:
        assert tool.annotations is not None and tool.annotations.read_only_hint is True
        assert tool.output_schema is None
        assert tool.description
        assert "title" not in json.dumps(tool.input_schema)
        for name, prop in tool.input_schema.get("properties", {}).items():
            # fields alone has none: the server's instructions explain it once, not on every tool.
            assert prop.get("description") or (name == "fields" and prop == {"type": "string"}), tool.name
    wire = json.dumps(
        [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in tools], separators=(",", ":")
    )
    assert len(wire) / len(tools) <= 650


async def test_a_call_returns_compact_json(sandbox: str, tmp_path: Path) -> None:
    async with connect(server_env(sandbox), tmp_path / "err.log") as client:
        result = await client.call_tool("quote", {"symbol": "MSFT"})
    assert result.is_error is False
    body = text(result)
    assert json.loads(body)["symbol"] == "MSFT"
    assert ", " not in body and "\n" not in body


def rows_block(result: types.CallToolResult) -> str:
    """The rows of an answer of as many rows as its ``limit``: the first block, the second saying more may exist."""
    rows, more = blocks(result)
    assert MORE.fullmatch(more) and "limit=2" in more
    return rows


async def test_a_result_is_the_upstreams_json_without_its_nulls(sandbox: str, tmp_path: Path) -> None:
    env = server_env(sandbox, DATA_MCP_ANSWER_FORMAT="json")
    async with connect(env, tmp_path / "err.log") as client:
        result = await client.call_tool("income_statement", {"symbol": "AAPL", "limit": 2})
    query = {"symbol": "AAPL", "limit": "2", "apikey": "demo"}
    upstream = httpx2.get(f"{sandbox}/stable/income-statement", params=query).json()
    rows = json.loads(rows_block(result))
    assert rows == [{k: v for k, v in row.items() if v is not None} for row in upstream]
    assert "T" not in rows[0]["date"]  # the upstream's own date format, not re-encoded


async def test_by_default_rows_are_a_table_that_reads_back_as_the_upstreams_rows(sandbox: str, tmp_path: Path) -> None:
    async with connect(server_env(sandbox), tmp_path / "err.log") as client:
        result = await client.call_tool("income_statement", {"symbol": "AAPL", "limit": 2})
    query = {"symbol": "AAPL", "limit": "2", "apikey": "demo"}
    upstream = httpx2.get(f"{sandbox}/stable/income-statement", params=query).json()
    assert rows_block(result).startswith("date,symbol,")
    assert read_table(rows_block(result)) == [{k: v for k, v in row.items() if v is not None} for row in upstream]


async def test_json_spellings_of_numbers_are_accepted(sandbox: str, tmp_path: Path) -> None:
    async with connect(server_env(sandbox), tmp_path / "err.log") as client:
        result = await client.call_tool("income_statement", {"symbol": "AAPL", "limit": "2", "period": "quarter"})
    assert result.is_error is False
    assert len(read_table(text(result))) == 2


@pytest.mark.parametrize(
    ("arguments", "fragment"),
    [
        ({"symbol": "AAPL", "period": "weekly"}, "[bad_arguments] period='weekly' is not allowed; use one of: annual"),
        ({"symbol": "AAPL", "limit": "many"}, "[bad_arguments] limit must be a whole number"),
        ({}, "[bad_arguments] income_statement needs symbol"),
        ({"symbol": "AAPL", "colour": "red"}, "does not take colour"),
    ],
)
async def test_bad_arguments_say_which_argument_and_what_is_allowed(
    sandbox: str, tmp_path: Path, arguments: dict[str, object], fragment: str
) -> None:
    async with connect(server_env(sandbox), tmp_path / "err.log") as client:
        result = await client.call_tool("income_statement", arguments)
    assert result.is_error is True
    assert fragment in text(result)


async def test_an_unknown_tool_is_invalid_params_with_a_suggestion(sandbox: str, tmp_path: Path) -> None:
    async with connect(server_env(sandbox), tmp_path / "err.log") as client:
        with pytest.raises(MCPError) as unknown:
            await client.call_tool("quotes", {"symbol": "AAPL"})
        still_alive = await client.call_tool("quote", {"symbol": "AAPL"})
    assert unknown.value.code == -32602
    assert "Did you mean quote" in unknown.value.message
    assert still_alive.is_error is False


async def test_each_error_kind_tells_the_agent_what_to_do(sandbox: str, tmp_path: Path) -> None:
    log = tmp_path / "err.log"
    async with connect(server_env(sandbox, DATA_API_KEY="not-a-key"), log) as client:
        auth = text(await client.call_tool("quote", {"symbol": "AAPL"}))
    async with connect(server_env(sandbox, DATA_API_KEY="sandbox-basic", DATA_MCP_MANIFEST="quant"), log) as client:
        plan = text(await client.call_tool("sma", {"symbol": "AAPL", "period_length": 10, "timeframe": "1day"}))
    async with connect(server_env(sandbox, DATA_API_KEY="sandbox-premium", DATA_CACHE="off"), log) as client:
        await client.call_tool("quote", {"symbol": "AAPL"})
        limited = text(await client.call_tool("quote", {"symbol": "MSFT"}))
    async with connect(server_env("http://127.0.0.1:9", DATA_MAX_RETRIES="0"), log) as client:
        unreachable = text(await client.call_tool("quote", {"symbol": "AAPL"}))
    assert auth.startswith("[auth]") and "DATA_API_KEY" in auth
    assert plan.startswith("[plan]") and "starter plan" in plan
    assert limited.startswith("[rate_limit]") and re.search(r"Retry after \d+ s", limited)
    assert unreachable.startswith("[transport]")


async def test_an_upstream_failure_is_reported_after_retries(tmp_path: Path) -> None:
    with running_sandbox(SandboxConfig(error_rate=1.0)) as url:
        async with connect(server_env(url, DATA_MAX_RETRIES="1"), tmp_path / "err.log") as client:
            result = await client.call_tool("quote", {"symbol": "AAPL"})
    assert text(result).startswith("[upstream]")


async def test_a_missing_key_still_lists_tools_and_every_call_explains(sandbox: str, tmp_path: Path) -> None:
    log = tmp_path / "err.log"
    env = server_env(sandbox)
    del env["DATA_API_KEY"]
    async with connect(env, log) as client:
        tools = (await client.list_tools()).tools
        result = await client.call_tool("quote", {"symbol": "AAPL"})
    assert len(tools) > 20
    assert result.is_error is True
    assert "DATA_API_KEY is not set" in text(result)
    assert "DATA_API_KEY is not set" in log.read_text()


async def test_a_bad_setting_is_explained_in_every_call(sandbox: str, tmp_path: Path) -> None:
    log = tmp_path / "err.log"
    async with connect(server_env(sandbox, DATA_VALIDATION_MODE="loose"), log) as client:
        result = await client.call_tool("quote", {"symbol": "AAPL"})
    assert text(result).startswith("[config]")
    assert "DATA_VALIDATION_MODE" in log.read_text()


async def test_a_broken_manifest_at_start_serves_one_tool_that_explains(sandbox: str, tmp_path: Path) -> None:
    manifest = tmp_path / "team.py"
    manifest.write_text('"""Team."""\nTOOLS = ["company.quote", "company.quot"]\n')
    log = tmp_path / "err.log"
    async with connect(server_env(sandbox, DATA_MCP_MANIFEST=str(manifest)), log) as client:
        tools = (await client.list_tools()).tools
        result = await client.call_tool("setup_problem", {})
    assert [t.name for t in tools] == ["setup_problem"]
    assert f"{manifest}:2:" in (tools[0].description or "")
    assert "company.quot" in text(result)
    assert f"{manifest}:2:" in log.read_text()


async def test_an_unknown_name_style_is_an_error_naming_the_allowed_ones(sandbox: str, tmp_path: Path) -> None:
    async with connect(server_env(sandbox, DATA_MCP_TOOL_NAME_STYLE="camel"), tmp_path / "err.log") as client:
        tools = (await client.list_tools()).tools
    assert [t.name for t in tools] == ["setup_problem"]
    description = tools[0].description or ""
    assert "camel" in description and "key" in description and "snake" in description


@pytest.mark.parametrize(
    ("style", "expected"), [("key", "quote"), ("spec", "company.quote"), ("snake", "company_quote")]
)
async def test_each_naming_style_names_the_tools(sandbox: str, tmp_path: Path, style: str, expected: str) -> None:
    async with connect(server_env(sandbox, DATA_MCP_TOOL_NAME_STYLE=style), tmp_path / "err.log") as client:
        names = {t.name for t in (await client.list_tools()).tools}
        result = await client.call_tool(expected, {"symbol": "AAPL"})
    assert expected in names
    assert result.is_error is False


@pytest.mark.parametrize("profile", ["minimal", "analyst", "quant", "news", "full"])
async def test_each_profile_serves_and_answers(sandbox: str, tmp_path: Path, profile: str) -> None:
    async with connect(server_env(sandbox, DATA_MCP_PROFILE=profile), tmp_path / "err.log") as client:
        tools = (await client.list_tools()).tools
        first = next(t for t in tools if not t.input_schema.get("required"))
        result = await client.call_tool(first.name, {})
    assert len(tools) <= 50 or profile == "full"
    assert result.is_error is False, text(result)


async def test_the_key_never_reaches_results_or_logs(sandbox: str, tmp_path: Path) -> None:
    log = tmp_path / "err.log"
    env = server_env(sandbox, DATA_API_KEY=SECRET_KEY, DATA_LOG_LEVEL="DEBUG", DATA_MCP_MANIFEST="quant")
    async with connect(env, log) as client:
        texts = [
            text(await client.call_tool("quote", {"symbol": "AAPL"})),
            text(await client.call_tool("sma", {"symbol": "AAPL", "period_length": 10, "timeframe": "1day"})),
            text(await client.call_tool("historical_prices", {"symbol": "AAPL", "from_date": "bad"})),
        ]
    assert texts[1].startswith("[plan]")
    captured = log.read_text()
    assert "GET /stable/quote" in captured  # DEBUG was really on
    for blob in [*texts, captured]:
        assert SECRET_KEY not in blob


async def test_output_schemas_only_when_asked_and_results_match_them(sandbox: str, tmp_path: Path) -> None:
    import jsonschema

    manifest = tmp_path / "team.yaml"
    manifest.write_text("tools: [company.quote, company.historical_prices]\noutput_schemas: true\n")
    async with connect(server_env(sandbox, DATA_MCP_MANIFEST=str(manifest)), tmp_path / "err.log") as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        quote = await client.call_tool("quote", {"symbol": "AAPL"})
        bars = await client.call_tool("historical_prices", {"symbol": "AAPL", "from_date": "2026-11-02"})
    for name, result in (("quote", quote), ("historical_prices", bars)):
        schema = tools[name].output_schema
        assert schema is not None
        assert result.structured_content is not None
        jsonschema.validate(result.structured_content, schema)
    # The text is the upstream's values as sent, structured content the models' JSON of the same fields.
    sent, structured = json.loads(text(quote)), quote.structured_content
    assert sent.keys() == structured.keys()
    assert isinstance(sent["timestamp"], int) and structured["timestamp"].endswith("Z")  # epoch seconds / RFC 3339
