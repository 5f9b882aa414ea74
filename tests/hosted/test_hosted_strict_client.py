"""The hosted-compatible server as a format-strict MCP client sees it, over Streamable HTTP.

It publishes no output schemas (the hosted interface has none), so what a strict client checks is
the tool list (names by the MCP rules, input schemas that are JSON Schemas) and the results: no
structured content without a schema, errors as text. Every endpoint of every tool is called once
with the catalog's typical arguments, which must fit the tool's input schema: a tool's fields are
merged from several endpoints, so a field two endpoints type differently would show up here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

import mcp_types as types
import pytest
from jsonschema import Draft202012Validator, FormatChecker
from mcp import Client

from data_hosted._tools import ADDON_TOOL, build_toolset
from data_pkg.catalog import typical_arguments
from data_pkg.sandbox import Quota, SandboxConfig, running_sandbox
from tests.hosted._support import KEY, TIMEOUT, with_key
from tests.hosted.conftest import hosted_config
from tests.mcp._support import WITHHELD, WITHHELD_AT_DEFAULT

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

FORMATS = FormatChecker()
TOOL_NAME = re.compile(r"[A-Za-z0-9_.-]{1,128}")
"""SEP-986: 1 to 128 characters of letters, digits, underscore, hyphen and dot."""


@pytest.fixture(scope="module")
def sandbox() -> Iterator[str]:
    # Replaces the package's sandbox for this module: lists capped at 300 rows keep the sweep quick.
    config = SandboxConfig(quotas={"demo": Quota(10**6, 60)}, extra_keys={KEY: "ultimate"}, list_rows=300)
    with running_sandbox(config) as url:
        yield url


def wire(arguments: Mapping[str, Any]) -> dict[str, Any]:
    """Arguments as JSON sends them (dates as ISO text)."""
    return {k: v.isoformat() if hasattr(v, "isoformat") else v for k, v in arguments.items()}


def problems_of(result: types.CallToolResult, tool: str, slug: str) -> list[str]:
    """What a strict client would refuse or an agent could not act on."""
    found = []
    if result.structured_content is not None:
        found.append("structured content without an output schema")
    if result.is_error:
        texts = [block.text for block in result.content if isinstance(block, types.TextContent)]
        if texts and f"{tool}/{slug}" in WITHHELD_AT_DEFAULT.values() and WITHHELD.match(texts[0]):
            pass  # over the budget even cut, and the error says so
        elif not texts or len(texts) != len(result.content) or not re.match(r"\[[a-z_]+\] ", texts[0]):
            found.append(f"an error that is not [category] text: {result.content}")
        elif tool != ADDON_TOOL:  # no key of this sandbox has the paid add-on
            found.append(f"typical arguments failed: {texts[0][:160]}")
    elif not result.content:
        found.append("an empty result")
    return found


@pytest.mark.e2e
async def test_every_endpoint_of_every_tool_answers_a_strict_client(sandbox: str, hosted: str) -> None:
    routes = build_toolset(hosted_config(sandbox).settings.segments).tools
    failures: dict[str, list[str]] = {}
    async with Client(with_key(hosted, KEY), read_timeout_seconds=TIMEOUT) as client:
        tools = (await client.list_tools()).tools
        for tool in tools:
            Draft202012Validator.check_schema(tool.input_schema)
            if not TOOL_NAME.fullmatch(tool.name):
                failures[tool.name] = ["the name breaks the MCP rules"]
            if tool.output_schema is not None:
                failures[tool.name] = ["an output schema (the hosted interface has none)"]
            arguments_fit = Draft202012Validator(tool.input_schema, format_checker=FORMATS)
            for slug, route in routes[tool.name].routes.items():
                fixed = route.fixed
                arguments = {
                    "endpoint": slug,
                    **{k: v for k, v in wire(typical_arguments(route.endpoint)).items() if k not in fixed},
                }
                found = [f"argument {e.json_path}: {e.message}" for e in arguments_fit.iter_errors(arguments)]
                found += problems_of(await client.call_tool(tool.name, arguments), tool.name, slug)
                if found:
                    failures[f"{tool.name}/{slug}"] = found
    assert sorted(t.name for t in tools) == sorted(routes)
    report = "\n".join(f"  {where}: {'; '.join(found)}" for where, found in failures.items())
    assert not failures, f"{len(failures)} endpoints:\n{report}"
