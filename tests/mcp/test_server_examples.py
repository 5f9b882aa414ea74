"""Every upstream example through the stdio server, with output schemas on, against the test's own upstream.

One ``data-mcp`` process (a subprocess, spoken to by the MCP SDK client) serves the ``full`` profile with output
schemas, in strict validation mode, with ``DATA_BASE_URL`` pointing at :class:`tests.upstream.FakeUpstream`,
which answers each example's path with its body. Each tool whose endpoint an example answers is called once per
example: the reply must parse (no error result), the structured content must fit the tool's output schema (formats
checked, as MCP clients do), every field the upstream sent a value for must reach it (the answer writer
leaves nulls out), and the text must read back as the values the upstream sent, not as the models write them.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import jsonschema
import mcp_types as types
import pytest
from jsonschema import FormatChecker

from data_pkg.answers._rows import without_nulls
from data_pkg.catalog import Endpoint, by_key
from data_pkg.toolsets import resolve
from tests.answers.tables import read_table
from tests.mcp._support import connect, server_env
from tests.upstream import SHIFTED, Example, FakeUpstream, arguments, pairs

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

SEGMENTS = {"DATA_PROVIDER_SEGMENT": "acme", "DATA_RATINGS_ADDON_SEGMENT": "acme"}
FORMATS = FormatChecker()


def tool_arguments(example: Example, endpoint: Endpoint) -> dict[str, Any]:
    """The client test's arguments, as JSON (dates as text)."""
    args = arguments(example, endpoint)
    return {k: v.isoformat() if isinstance(v, dt.date) else v for k, v in args.items()}


def problems_of(tool: types.Tool, result: types.CallToolResult, example: Example, single: bool) -> list[str]:
    if result.is_error:
        return [f"error result: {result.content}"]
    structured: Any = result.structured_content
    if tool.output_schema is None or structured is None:
        return ["no output schema or no structured content"]
    validator = jsonschema.Draft202012Validator(tool.output_schema, format_checker=FORMATS)
    found = [f"/{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(structured)][:3]
    answered = [structured] if single else structured.get("result", [])
    sent = example.rows()[:1] if single else example.rows()
    if len(answered) != len(sent):
        return [*found, f"{len(answered)} rows answered, {len(sent)} sent"]
    for index, (row, kept) in enumerate(zip(sent, answered, strict=True)):
        lost = sorted(k for k, v in row.items() if v is not None and k not in kept)
        if lost:
            found.append(f"row {index} lost {lost}")
    return found + text_problems(result, example, single)


def text_problems(result: types.CallToolResult, example: Example, single: bool) -> list[str]:
    """Whether the text answer is the upstream's values as sent (nulls aside): not the models' JSON, with their
    date formats and numbers where the upstream sent text."""
    block = result.content[0]
    assert isinstance(block, types.TextContent)
    rows = example.rows()
    if example.is_csv or not all(isinstance(row, dict) for row in rows):
        return []
    shown = json.loads(block.text) if block.text[:1] in "[{" else read_table(block.text)
    sent = without_nulls(rows[0] if single else rows)
    if isinstance(shown, list) and len(result.content) > 1:  # cut to the budget: the rows shown
        sent = sent[: len(shown)]
    return [] if shown == sent else [f"the text is not the values sent: {str(shown)[:200]} != {str(sent)[:200]}"]


async def test_every_example_reaches_the_agent_through_the_server(tmp_path: Path) -> None:
    manifest = tmp_path / "everything.yaml"
    # A budget no example comes near: every field must reach the agent, so none may be cut.
    manifest.write_text("extends: [full]\noutput_schemas: true\nmax_answer_tokens: 200000\n")
    registry = resolve("full", env=SEGMENTS).raise_for_errors()
    names = {tool.endpoint: tool.name for tool in registry.tools}
    called = [(x, e) for x, e in pairs() if e.key in names and x.file not in SHIFTED]
    failures: dict[str, list[str]] = {}
    with FakeUpstream(provider="acme") as upstream:
        env = server_env(
            upstream.url, DATA_MCP_MANIFEST=str(manifest), DATA_CACHE="off", DATA_VALIDATION_MODE="strict", **SEGMENTS
        )
        async with connect(env, tmp_path / "err.log") as client:
            tools = {tool.name: tool for tool in (await client.list_tools()).tools}
            for example, endpoint in called:
                upstream.serve(example)
                name = names[endpoint.key]
                result = await client.call_tool(name, tool_arguments(example, endpoint))
                problems = problems_of(tools[name], result, example, by_key(endpoint.key).single)
                if problems:
                    failures[f"{example}:{name}"] = problems
    assert len(called) >= 300, "the examples no longer reach the full profile's tools"
    report = "\n".join(f"{where}: {'; '.join(problems)}" for where, problems in failures.items())
    assert not failures, f"{len(failures)} of {len(called)} example calls:\n{report}"
