"""With output schemas on, every tool's structured content fits its schema, formats included.

MCP clients built on the TypeScript SDK check structured content against the output schema with
format checking, so a naive ``2026-11-20T00:00:00`` under ``format: date-time`` is a rejected
answer. One server process serves the whole ``full`` profile; every tool is called once.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import jsonschema
import mcp_types as types
import pytest
from jsonschema import FormatChecker

from data_pkg.catalog import Endpoint, Param, by_key
from data_pkg.sandbox import Quota, SandboxConfig, running_sandbox
from data_pkg.toolsets import resolve
from tests.mcp._support import WITHHELD, WITHHELD_AT_DEFAULT, connect, server_env
from tests.sandbox._support import SAMPLE_VALUES, request_for

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

SEGMENTS = {"DATA_PROVIDER_SEGMENT": "acme", "DATA_RATINGS_ADDON_SEGMENT": "acme"}
FORMATS = FormatChecker()
DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
NAIVE_TIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?")


@pytest.fixture(scope="module")
def sandbox() -> Iterator[str]:
    # Symbol lists capped at 300 rows (their full sizes are checked in tests/sandbox/test_depths.py):
    # every row is still checked against the schema, and the sweep stays quick.
    with running_sandbox(SandboxConfig(quotas={"demo": Quota(10**6, 60)}, list_rows=300)) as url:
        yield url


def typical(param: Param) -> Any:
    """The value the sandbox tests use for ``param``, typed as the tool's input schema wants it."""
    if param.enum:
        return param.enum[0]
    value = SAMPLE_VALUES[param.wire]
    if param.type == "int":
        return int(value)
    if param.type == "list":
        return value.split(",")
    return value


def typical_arguments(endpoint: Endpoint) -> dict[str, Any]:
    """The required arguments, the same ones :func:`request_for` sends upstream."""
    return {p.name: typical(p) for p in endpoint.params if p.required}


def upstream_answer(sandbox: httpx2.Client, endpoint: Endpoint) -> Any:
    """What the sandbox answers the tool's request, straight over HTTP."""
    path, params = request_for(endpoint)
    return sandbox.get(path, params={**params, "apikey": "demo"}).json()


def changed_dates(upstream: Any, structured: Any, where: str = "") -> list[str]:
    """Dates the structured content re-encoded, and times whose wall clock it moved.

    A date must stay ``YYYY-MM-DD``; a time without an offset may only gain one (``T`` and the
    offset), never change its clock. Values left exactly as the upstream wrote them are fine.
    """
    if isinstance(upstream, dict) and isinstance(structured, dict):
        return [
            p for k, v in upstream.items() if k in structured for p in changed_dates(v, structured[k], f"{where}/{k}")
        ]
    if isinstance(upstream, list) and isinstance(structured, list):
        pairs = zip(upstream, structured, strict=False)
        return [p for i, (u, s) in enumerate(pairs) for p in changed_dates(u, s, f"{where}/{i}")]
    if not isinstance(upstream, str) or structured == upstream:
        return []
    if DAY.fullmatch(upstream):
        return [f"{where}: the date {upstream!r} came out as {structured!r}"]
    if NAIVE_TIME.fullmatch(upstream) and not str(structured).startswith(upstream.replace(" ", "T")):
        return [f"{where}: the time {upstream!r} came out as {structured!r}"]
    return []


def has_dates(tool: types.Tool) -> bool:
    """Whether the tool's schema has a field that may hold a date (the ones a re-encoding could turn into midnight)."""
    return '"format": "date"' in json.dumps(tool.output_schema)


def problems_of(tool: types.Tool, result: types.CallToolResult, upstream: Any) -> list[str]:
    """Schema violations (formats checked), then dates changed from ``upstream`` (when given), a few of each."""
    if result.is_error:
        return [f"error result: {result.content}"]
    if tool.output_schema is None or result.structured_content is None:
        return ["no output schema or no structured content"]
    validator = jsonschema.Draft202012Validator(tool.output_schema, format_checker=FORMATS)
    found = [
        f"/{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(result.structured_content)
    ]
    if upstream is None:
        return found[:3]
    structured: Any = result.structured_content
    rows = structured["result"] if isinstance(upstream, list) and "result" in structured else [structured]
    return found[:3] + changed_dates(upstream if isinstance(upstream, list) else [upstream], rows)[:3]


def test_date_and_date_time_formats_are_really_checked() -> None:
    # jsonschema skips a format it has no checker for; date-time needs rfc3339-validator installed.
    assert {"date", "date-time"} <= set(FORMATS.checkers), "pip install -e '.[dev]' (it brings rfc3339-validator)"
    assert not FORMATS.conforms("2026-11-20T00:00:00", "date-time")
    assert FORMATS.conforms("2026-11-20T00:00:00-05:00", "date-time")
    assert not FORMATS.conforms("2026-11-20 00:00:00", "date")
    assert FORMATS.conforms("2026-11-20", "date")


@pytest.mark.e2e
async def test_every_tool_of_the_full_profile_answers_content_that_fits_its_schema(
    sandbox: str, tmp_path: Path
) -> None:
    manifest = tmp_path / "everything.yaml"
    manifest.write_text("extends: [full]\noutput_schemas: true\n")
    expected = resolve("full", env=SEGMENTS).raise_for_errors().names
    failures: dict[str, list[str]] = {}
    env = server_env(sandbox, DATA_MCP_MANIFEST=str(manifest), **SEGMENTS)
    # One HTTP client for the sweep: httpx2.get builds a client, and its TLS context, per request (a fifth of the CPU).
    with httpx2.Client(base_url=sandbox, timeout=10.0) as upstream_client:
        async with connect(env, tmp_path / "err.log") as client:
            tools = (await client.list_tools()).tools
            for tool in tools:
                endpoint = by_key(tool.name)
                result = await client.call_tool(tool.name, typical_arguments(endpoint))
                if tool.name in WITHHELD_AT_DEFAULT and result.is_error:
                    text = result.content[0].text if isinstance(result.content[0], types.TextContent) else ""
                    if WITHHELD.match(text):  # an error saying it is over the budget: no content to fit a schema
                        continue
                upstream = upstream_answer(upstream_client, endpoint) if has_dates(tool) else None
                problems = problems_of(tool, result, upstream)
                if problems:
                    failures[tool.name] = problems
    assert sorted(t.name for t in tools) == sorted(expected)
    report = "\n".join(f"{name}: {'; '.join(problems)}" for name, problems in failures.items())
    assert not failures, f"{len(failures)} of {len(tools)} tools:\n{report}"


async def test_dates_stay_dates_and_times_carry_an_offset(sandbox: str, tmp_path: Path) -> None:
    manifest = tmp_path / "prices.yaml"
    manifest.write_text("tools: [company.historical_prices, company.intraday_prices]\noutput_schemas: true\n")
    async with connect(server_env(sandbox, DATA_MCP_MANIFEST=str(manifest)), tmp_path / "err.log") as client:
        daily = await client.call_tool("historical_prices", {"symbol": "AAPL", "from_date": "2026-11-02"})
        bars = await client.call_tool(
            "intraday_prices",
            {"symbol": "AAPL", "interval": "5min", "from_date": "2026-07-01", "to_date": "2026-07-01"},
        )
    assert daily.structured_content is not None and bars.structured_content is not None
    assert daily.structured_content["result"][0]["date"] == "2026-11-20"
    # New York time: UTC-4 in July (summer time), and the bar keeps its clock.
    assert bars.structured_content["result"][0]["date"].endswith("-04:00")
