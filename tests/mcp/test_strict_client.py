"""data-mcp as a format-strict MCP client sees it: every tool, its schemas and its results.

Clients built on the TypeScript SDK and the MCP Inspector validate structured content against the
output schema with format checking (a naive ``2026-11-20T00:00:00`` under ``format: date-time`` is
a rejected answer); the Python SDK's client refuses a result that misses its schema; some hosts
refuse a tool list whose names break the MCP rules. This module checks what they check, for every
tool of the ``full`` profile with output schemas on.

One server process is swept three times with the catalog's typical arguments, its manifest swapped
between sweeps by hot reload: JSON answers with a field left out, table answers cut to the smallest
budget, JSON answers cut with chosen fields. (Whole table answers are swept by
``test_output_schemas.py``.) The sweeps run once, in a module fixture; the tests read their results.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
import uvicorn
from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import SchemaError
from mcp import Client
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from data_pkg.catalog import by_key, typical_arguments
from data_pkg.net import base_url, bind
from data_pkg.sandbox import Quota, SandboxConfig, running_sandbox
from data_pkg.serving import serving_in_thread
from data_pkg.toolsets import resolve
from data_pkg.toolsets._fields import answer_fields
from tests.mcp._support import connect, server_env, wait_for_log

pytestmark = [pytest.mark.slow, pytest.mark.e2e]

SEGMENTS = {"DATA_PROVIDER_SEGMENT": "acme", "DATA_RATINGS_ADDON_SEGMENT": "acme"}
FORMATS = FormatChecker()
TOOL_NAME = re.compile(r"[A-Za-z0-9_.-]{1,128}")
"""SEP-986: 1 to 128 characters of letters, digits, underscore, hyphen and dot."""
SMALLEST_BUDGET = 500
WITHHELD = re.compile(
    r"\[config\] (?:Row 1 of [\d,]+|The answer) is over the [\d,]+-token budget even with its texts and lists cut"
)
"""A row the writer's bound puts over the budget even cut (a statement's 50 camelCase fields at 500 tokens, 305 XBRL
names at 8,000, which the bound charges three to four times their o200k count) is withheld: an error result that says
so, never an answer over the budget (tests/mcp/test_answers.py names the one tool withheld at the default budget)."""


@dataclass(frozen=True)
class Sweep:
    """One pass over every tool: the manifest's answer settings and which fields each tool keeps."""

    name: str
    settings: Mapping[str, object]
    projection: str | None = None
    """``fields`` (a few chosen, a date among them) or ``exclude_fields`` (the first left out), on every tool."""


SWEEPS = (
    Sweep("json-exclude-fields", {"answer_format": "json"}, "exclude_fields"),
    Sweep("table-cut", {"answer_format": "table", "max_answer_tokens": SMALLEST_BUDGET}),
    Sweep("json-cut-fields", {"answer_format": "json", "max_answer_tokens": SMALLEST_BUDGET}, "fields"),
)


@cache
def full() -> tuple[str, ...]:
    """The tool names of the ``full`` profile (resolved when first needed, not at collection)."""
    return tuple(resolve("full", env=SEGMENTS).raise_for_errors().names)


def chosen_fields(key: str) -> list[str]:
    """The first and last fields of a tool's rows, and a date or time between them (formats stay checked)."""
    names = answer_fields(by_key(key))
    dated = [name for name in names if "date" in name.lower() or "time" in name.lower()][:1]
    return list(dict.fromkeys([names[0], *dated, names[-1]]))


def projections(sweep: Sweep) -> dict[str, dict[str, list[str]]]:
    """The manifest's overrides for ``sweep``: every tool whose rows have fields to choose from."""
    if sweep.projection is None:
        return {}
    chosen = {}
    for key in full():
        if len(answer_fields(by_key(key))) < 2:
            continue
        names = chosen_fields(key) if sweep.projection == "fields" else [answer_fields(by_key(key))[0]]
        chosen[by_key(key).spec] = {sweep.projection: names}
    return chosen


def manifest_text(sweep: Sweep) -> str:
    """The JSON manifest of ``sweep``: the full profile, output schemas on."""
    manifest = {"extends": ["full"], "output_schemas": True, **sweep.settings, "overrides": projections(sweep)}
    return json.dumps(manifest)


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` in one step, so the watching server never reads half a manifest."""
    part = path.with_suffix(".part")
    part.write_text(text)
    os.replace(part, path)


def wire(arguments: Mapping[str, Any]) -> dict[str, Any]:
    """Arguments as JSON sends them (dates as ISO text)."""
    return {k: v.isoformat() if hasattr(v, "isoformat") else v for k, v in arguments.items()}


@dataclass
class Outcome:
    """What one sweep saw: the tool list and each tool's result (or the client's refusal of it)."""

    tools: list[types.Tool] = field(default_factory=list)
    arguments: dict[str, dict[str, Any]] = field(default_factory=dict)
    results: dict[str, types.CallToolResult] = field(default_factory=dict)
    refused: dict[str, str] = field(default_factory=dict)
    """The Python SDK client raises when structured content misses the output schema: its message."""


async def call(client: Client, name: str, arguments: dict[str, Any], outcome: Outcome) -> None:
    try:
        outcome.results[name] = await client.call_tool(name, arguments)
    except RuntimeError as error:
        outcome.refused[name] = str(error).splitlines()[0]


# Calls that must fail, once: each answer an isError result with text and nothing structured.
ERROR_CALLS: dict[str, tuple[str, dict[str, Any]]] = {
    "wrong argument type": ("quote", {"symbol": ["AAPL"]}),
    "missing argument": ("historical_prices", {}),
    "unknown argument": ("quote", {"symbol": "AAPL", "colour": "red"}),
    "value not allowed": ("income_statement", {"symbol": "AAPL", "period": "weekly"}),
    "argument too long": ("quote", {"symbol": "A" * 1001}),
}


async def sweep_all(url: str, folder: Path) -> tuple[dict[str, Outcome], dict[str, types.CallToolResult]]:
    manifest, log = folder / "strict.json", folder / "server.log"
    write_atomically(manifest, manifest_text(SWEEPS[0]))
    outcomes: dict[str, Outcome] = {}
    errors: dict[str, types.CallToolResult] = {}
    async with connect(server_env(url, DATA_MCP_MANIFEST=str(manifest), **SEGMENTS), log) as client:
        for index, sweep in enumerate(SWEEPS):
            if index:
                write_atomically(manifest, manifest_text(sweep))
                await wait_for_log(log, "manifest reloaded", within=20, times=index)
            outcome = outcomes[sweep.name] = Outcome((await client.list_tools()).tools)
            for tool in outcome.tools:
                arguments = outcome.arguments[tool.name] = wire(typical_arguments(by_key(tool.name)))
                await call(client, tool.name, arguments, outcome)
        for what, (name, arguments) in ERROR_CALLS.items():
            errors[what] = await client.call_tool(name, arguments)
    return outcomes, errors


@pytest.fixture(scope="module")
def sandbox() -> Iterator[str]:
    # Lists capped at 300 rows: every row shown is still checked, and the sweeps stay quick.
    with running_sandbox(SandboxConfig(quotas={"demo": Quota(10**6, 60)}, list_rows=300)) as url:
        yield url


@pytest.fixture(scope="module")
def swept(
    sandbox: str, tmp_path_factory: pytest.TempPathFactory
) -> tuple[dict[str, Outcome], dict[str, types.CallToolResult]]:
    return anyio.run(sweep_all, sandbox, tmp_path_factory.mktemp("strict"))


@pytest.fixture(scope="module")
def outcomes(swept: tuple[dict[str, Outcome], dict[str, types.CallToolResult]]) -> dict[str, Outcome]:
    return swept[0]


def schema_errors(schema: Mapping[str, Any], value: Any) -> list[str]:
    """Where ``value`` breaks ``schema``, formats checked (a few)."""
    validator = Draft202012Validator(schema, format_checker=FORMATS)
    found = [f"/{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(value)]
    return found[:3]


def report(failures: Mapping[str, object], total: int) -> str:
    lines = "\n".join(f"  {name}: {problem}" for name, problem in failures.items())
    return f"{len(failures)} of {total} tools:\n{lines}"


def test_formats_are_really_checked() -> None:
    # jsonschema skips a format it has no checker for; date-time needs rfc3339-validator installed.
    assert {"date", "date-time"} <= set(FORMATS.checkers), "pip install -e '.[dev]' (it brings rfc3339-validator)"
    assert not FORMATS.conforms("2026-11-20T00:00:00", "date-time")
    assert not FORMATS.conforms("…", "date")


def test_every_tool_of_the_full_profile_is_served_in_every_sweep(outcomes: dict[str, Outcome]) -> None:
    for outcome in outcomes.values():
        assert sorted(t.name for t in outcome.tools) == sorted(full())


def test_tool_names_follow_the_mcp_rules(outcomes: dict[str, Outcome]) -> None:
    names = [t.name for outcome in outcomes.values() for t in outcome.tools]
    assert [name for name in names if not TOOL_NAME.fullmatch(name)] == []


def test_input_and_output_schemas_are_valid_json_schemas(outcomes: dict[str, Outcome]) -> None:
    failures: dict[str, str] = {}
    seen: set[str] = set()  # most schemas repeat from sweep to sweep: each is checked once
    for sweep, outcome in outcomes.items():
        for tool in outcome.tools:
            where = f"{sweep} {tool.name}"
            if tool.output_schema is None:
                failures[where] = "no output schema (output_schemas is on)"
            for kind, schema in (("input", tool.input_schema), ("output", tool.output_schema)):
                text = json.dumps(schema, sort_keys=True)
                if schema is None or text in seen:
                    continue
                seen.add(text)
                try:
                    Draft202012Validator.check_schema(schema)
                except SchemaError as error:
                    failures[where] = f"{kind} schema: {error.message}"
                if schema.get("type") != "object":
                    failures[where] = f"the {kind} schema's root is not an object"
    assert not failures, report(failures, len(full()))


def test_typical_arguments_fit_the_input_schemas(outcomes: dict[str, Outcome]) -> None:
    outcome = outcomes[SWEEPS[0].name]
    failures = {
        tool.name: problems
        for tool in outcome.tools
        if (problems := schema_errors(tool.input_schema, outcome.arguments[tool.name]))
    }
    assert not failures, report(failures, len(outcome.tools))


@pytest.mark.parametrize("sweep", SWEEPS, ids=[s.name for s in SWEEPS])
def test_every_result_is_structured_content_that_fits_its_schema(sweep: Sweep, outcomes: dict[str, Outcome]) -> None:
    outcome = outcomes[sweep.name]
    failures: dict[str, object] = {name: f"the SDK client refused it: {why}" for name, why in outcome.refused.items()}
    for tool in outcome.tools:
        result = outcome.results.get(tool.name)
        if result is None:
            continue
        if result.is_error:
            text = " ".join(block.text for block in result.content if isinstance(block, types.TextContent))
            if not WITHHELD.match(text):
                failures[tool.name] = f"error result: {result.content}"
        elif tool.output_schema is None or result.structured_content is None:
            failures[tool.name] = "no output schema or no structured content"
        elif problems := schema_errors(tool.output_schema, result.structured_content):
            failures[tool.name] = problems
    assert not failures, report(failures, len(outcome.tools))


def rows_of(structured: Mapping[str, Any]) -> list[Any]:
    """The rows of structured content: the list under ``result``, or the one object."""
    rows = structured.get("result", [structured])
    return rows if isinstance(rows, list) else [structured]


def row_properties(schema: Mapping[str, Any]) -> set[str]:
    """The properties an output schema declares for a row (the items of ``result``, or the object itself)."""
    if schema.get("required") == ["result"]:
        schema = schema["properties"]["result"]["items"]
    return set(schema.get("properties", {}))


PROJECTED = [s for s in SWEEPS if s.projection]


@pytest.mark.parametrize("sweep", PROJECTED, ids=[s.name for s in PROJECTED])
def test_the_fields_a_manifest_chooses_shape_schema_and_answer_alike(
    sweep: Sweep, outcomes: dict[str, Outcome]
) -> None:
    outcome = outcomes[sweep.name]
    chosen = projections(sweep)
    failures: dict[str, object] = {}
    for tool in outcome.tools:
        names = chosen.get(by_key(tool.name).spec, {}).get(str(sweep.projection))
        result = outcome.results.get(tool.name)
        if names is None or result is None or result.structured_content is None or tool.output_schema is None:
            continue
        declared = row_properties(tool.output_schema)
        keys = {k for row in rows_of(result.structured_content) if isinstance(row, dict) for k in row}
        if sweep.projection == "fields" and (extra := sorted((keys | declared) - set(names))):
            failures[tool.name] = f"fields {names} chosen, the answer or its schema also has {extra}"
        if sweep.projection == "exclude_fields" and (kept := sorted((keys | declared) & set(names))):
            failures[tool.name] = f"{names} left out, the answer or its schema still has {kept}"
    assert not failures, report(failures, len(outcome.tools))


@pytest.mark.parametrize("what", ERROR_CALLS)
def test_an_error_result_is_text_and_nothing_structured(
    what: str, swept: tuple[dict[str, Outcome], dict[str, types.CallToolResult]]
) -> None:
    result = swept[1][what]
    assert result.is_error
    assert result.content and all(isinstance(block, types.TextContent) and block.text for block in result.content)
    assert result.structured_content is None
    first = result.content[0]
    assert isinstance(first, types.TextContent) and re.match(r"\[[a-z_]+\] ", first.text), first.text


# An upstream whose price history holds rows its model does not accept: a price that is text, a
# date in another format. The default validation mode (warn) keeps such rows; they cannot be
# structured content, which the Python SDK's client would refuse, failing the whole call.
FITTING_ROW = {"symbol": "AAPL", "date": "2026-11-20", "open": 1.0, "high": 2.0, "low": 0.5, "close": 1.5}
MISFITS = [
    {**FITTING_ROW, "volume": 100, "change": 0.1},
    {**FITTING_ROW, "date": "2026-11-19", "open": "n/a", "volume": 100, "change": 0.1},
    {**FITTING_ROW, "date": "11/18/2026", "volume": 100, "change": 0.1},
]


async def misfit_answer(request: Request) -> JSONResponse:
    return JSONResponse(MISFITS)


@pytest.fixture(scope="module")
def misfit_upstream() -> Iterator[str]:
    app = Starlette(routes=[Route("/{path:path}", misfit_answer)])
    sock = bind("127.0.0.1", 0)
    config = uvicorn.Config(app, log_level="warning", lifespan="off")
    with serving_in_thread(config, sock, name="misfit upstream"):
        yield base_url(sock)


@pytest.mark.anyio
async def test_rows_that_do_not_fit_their_schema_are_an_error_result_that_keeps_the_answer_as_text(
    misfit_upstream: str, tmp_path: Path
) -> None:
    manifest = tmp_path / "prices.yaml"
    manifest.write_text("tools: [company.historical_prices]\noutput_schemas: true\nanswer_format: json\n")
    async with connect(server_env(misfit_upstream, DATA_MCP_MANIFEST=str(manifest)), tmp_path / "err.log") as client:
        result = await client.call_tool("historical_prices", {"symbol": "AAPL"})  # the SDK client raised here
    assert result.is_error and result.structured_content is None
    problem, answer = (block.text for block in result.content if isinstance(block, types.TextContent))
    assert problem.startswith("[invalid_response] The answer does not fit this tool's output schema (result/")
    assert [row["date"] for row in json.loads(answer)] == ["2026-11-20", "2026-11-19", "11/18/2026"]
