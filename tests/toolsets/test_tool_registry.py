"""The registry publishes compact, complete tool schemas and tells what changed between two of them."""

from __future__ import annotations

import json
from types import MappingProxyType

import pytest

from data_pkg.catalog import ENDPOINTS, by_key
from data_pkg.toolsets import FIELDS_ARGUMENT, Registry, Tool, diff, resolve
from data_pkg.toolsets._choice import FIELDS_PROPERTY
from data_pkg.toolsets._schemas import input_schema, output_schema
from tests.toolsets.helpers import Write

BYTES_PER_TOOL = 650
TOKEN_BUDGET = 10_000


@pytest.fixture(scope="module")
def full() -> Registry:
    return resolve("full", env={"DATA_PROVIDER_SEGMENT": "house"}).raise_for_errors()


def _walk(schema: object) -> list[dict[str, object]]:
    found: list[dict[str, object]] = []
    if isinstance(schema, dict):
        found.append(schema)
        for value in schema.values():
            found.extend(_walk(value))
    elif isinstance(schema, list):
        for value in schema:
            found.extend(_walk(value))
    return found


def test_every_parameter_of_every_tool_has_a_type_and_a_description(full: Registry) -> None:
    for tool in full:
        for name, prop in tool.input_schema["properties"].items():
            # The one exception: fields, on most tools, which the server's instructions explain once.
            assert prop.get("description") or (name == FIELDS_ARGUMENT and prop == FIELDS_PROPERTY), (tool.name, name)
            assert prop.get("type") in {"string", "integer", "number", "boolean", "array"}, (tool.name, name)


def test_input_schemas_are_closed_objects_without_titles(full: Registry) -> None:
    for tool in full:
        schema = tool.input_schema
        assert schema["type"] == "object" and schema["additionalProperties"] is False
        assert not any("title" in node for node in _walk(schema)), tool.name
        assert set(schema.get("required", [])) <= set(schema["properties"])


def test_dates_enums_ciks_and_lists_are_typed_precisely() -> None:
    intraday = input_schema(by_key("intraday_prices"))["properties"]
    assert intraday["from_date"] == {
        "type": "string",
        "format": "date",
        "description": "Start date, YYYY-MM-DD (inclusive).",
    }
    assert intraday["interval"]["enum"] == ["1min", "5min", "15min", "30min", "1hour", "4hour"]
    assert input_schema(by_key("profile_cik"))["properties"]["cik"]["pattern"] == "^[0-9]{1,10}$"
    assert input_schema(by_key("batch_quote"))["properties"]["symbols"]["items"] == {"type": "string"}
    assert input_schema(by_key("transcript"))["properties"]["quarter"]["enum"] == [1, 2, 3, 4]


def test_catalog_defaults_are_published_as_schema_defaults() -> None:
    assert input_schema(by_key("analyst_estimates"))["properties"]["limit"]["default"] == 10


def test_schemas_are_fresh_dicts_so_one_tool_cannot_corrupt_another() -> None:
    first = input_schema(by_key("batch_quote"))
    first["properties"]["symbols"]["items"]["type"] = "integer"
    assert input_schema(by_key("batch_quote"))["properties"]["symbols"]["items"] == {"type": "string"}


def test_every_tool_is_read_only_and_has_no_output_schema_unless_asked(full: Registry) -> None:
    for entry in full.tools_list():
        assert entry["annotations"] == {"readOnlyHint": True}
        assert "outputSchema" not in entry


def test_descriptions_mention_the_plan_above_the_free_one(full: Registry) -> None:
    rsi = full.get("rsi")
    assert rsi is not None and rsi.description.endswith("Needs the starter plan or higher.")
    quote = full.get("quote")
    assert quote is not None and "plan" not in quote.description


def test_output_schemas_are_objects_and_wrap_lists_under_result(write: Write) -> None:
    path = write("m.yaml", "tools: [company.quote, company.profile, technical.rsi]\noutput_schemas: true\n")
    registry = resolve(path, env={}).raise_for_errors()
    for tool in registry:
        schema = tool.output_schema
        assert schema is not None and schema["type"] == "object", tool.name
        assert not any("title" in node and not isinstance(node.get("title"), dict) for node in _walk(schema))
    quote, rsi = registry.get("quote"), registry.get("rsi")
    assert quote is not None and quote.output_schema is not None  # one row: the row itself
    assert "changePercentage" in quote.output_schema["properties"]
    assert rsi is not None and rsi.output_schema is not None  # many rows: {"result": [...]}
    assert rsi.output_schema["properties"]["result"]["type"] == "array"
    assert rsi.output_schema["required"] == ["result"]
    entry = quote.to_mcp()
    assert list(entry) == ["name", "title", "description", "inputSchema", "outputSchema", "annotations"]


def test_every_tool_has_its_own_human_title(full: Registry) -> None:
    # Hosts show a tool's title where there is one: "Simple moving average (SMA)", not "sma".
    titles = {entry["name"]: entry.get("title") for entry in full.tools_list()}
    assert [name for name, title in titles.items() if not title or title == name] == []
    assert len(set(titles.values())) == len(titles)
    assert titles["sma"] == "Simple moving average (SMA)"
    assert titles["income_statement_ttm"] == "Income statement (TTM)"
    assert titles["crowdfunding_by_cik"] == "Crowdfunding by CIK"


def test_the_query_tool_has_a_title_too(write: Write) -> None:
    registry = resolve(write("m.yaml", "tools: [company.quote]\nanalysis: true\n"), env={}).raise_for_errors()
    assert registry.query is not None and registry.query.to_mcp()["title"] == "Query kept tables (SQL)"


def test_no_output_schema_writes_a_type_as_a_list() -> None:
    # Hosts that map tool schemas onto a single-type dialect reject `type: ["integer", "null"]` (the
    # Inspector's --strict portability lint warns on each): nullability is an anyOf branch instead.
    found = {}
    for endpoint in ENDPOINTS:
        if not endpoint.is_tool_candidate or endpoint.status != "live":
            continue
        schema = output_schema(endpoint)
        lists = [node["type"] for node in _walk(schema) if isinstance(node.get("type"), list)]
        if lists:
            found[endpoint.key] = lists[:3]
    assert found == {}


def test_a_nullable_field_is_an_any_of_with_a_null_branch() -> None:
    schema = output_schema(by_key("historical_prices"))
    assert schema is not None
    row = schema["properties"]["result"]["items"]["properties"]
    assert row["open"] == {"anyOf": [{"type": "number"}, {"type": "null"}]}


def test_output_schemas_keep_fields_called_title(write: Write) -> None:
    path = write("m.yaml", "tools: [intelligence.general_news]\noutput_schemas: true\n")
    (tool,) = resolve(path, env={}).raise_for_errors().tools
    assert tool.output_schema is not None
    assert "title" in tool.output_schema["properties"]["result"]["items"]["properties"]


@pytest.mark.parametrize("source", [None, "minimal", "analyst", "quant", "news"])
def test_tool_lists_stay_within_the_byte_and_token_budget(source: str | None) -> None:
    registry = resolve(source, env={}).raise_for_errors()
    assert len(registry) <= 50
    assert registry.tools_list_bytes() <= BYTES_PER_TOOL * len(registry)
    assert registry.estimated_tokens() <= TOKEN_BUDGET


def test_full_catalog_averages_under_the_per_tool_budget(full: Registry) -> None:
    assert full.tools_list_bytes() <= BYTES_PER_TOOL * len(full)


def test_tools_list_bytes_is_the_compact_json_size() -> None:
    registry = resolve("minimal", env={}).raise_for_errors()
    text = json.dumps(registry.tools_list(), separators=(",", ":"), ensure_ascii=False)
    assert registry.tools_list_bytes() == len(text.encode())
    assert registry.estimated_tokens() == -(-len(text.encode()) // 4)


def test_registry_lookups(full: Registry) -> None:
    quote = full.get("quote")
    assert quote is not None and quote.endpoint == "quote"
    assert "quote" in full and "nope" not in full and full.get("nope") is None
    assert full.by_endpoint("quote") is quote
    assert len(full) == len(full.names) == len(list(full))
    assert repr(full).startswith(f"Registry({len(full)} tools")


def test_registry_refuses_duplicate_names() -> None:
    tool = Tool("quote", "Quote.", {"type": "object"}, "quote")
    with pytest.raises(ValueError, match="unique"):
        Registry((tool, tool))


def test_tools_are_immutable() -> None:
    tool = Tool("quote", "Quote.", {"type": "object"}, "quote", fixed=MappingProxyType({"symbol": "AAPL"}))
    with pytest.raises(AttributeError):
        tool.name = "other"  # type: ignore[misc]
    with pytest.raises(TypeError):
        tool.fixed["symbol"] = "MSFT"  # type: ignore[index]


def test_diff_reports_added_removed_renamed_and_changed(write: Write) -> None:
    before = resolve(write("a.yaml", "tools: [company.quote, company.profile, market.search]\n"), env={})
    after = resolve(
        write(
            "b.yaml",
            """
            tools: [company.quote, company.profile, market.gainers]
            overrides:
              company.quote: {name: stock_quote}
              company.profile: {description: Who the company is.}
            """,
        ),
        env={},
    )
    change = diff(before.raise_for_errors(), after.raise_for_errors())
    assert change.added == ("gainers",)
    assert change.removed == ("search",)
    assert change.renamed == (("quote", "stock_quote"),)
    assert change.changed == ("profile",)
    assert change.summary() == (
        "+1 added (gainers); -1 removed (search); 1 renamed (quote -> stock_quote); 1 changed (profile)"
    )
    assert bool(change)


def test_a_new_title_is_a_change_hosts_are_told_of(write: Write) -> None:
    before = resolve(write("a.yaml", "tools: [company.quote]\n"), env={}).raise_for_errors()
    after = resolve(write("b.yaml", "tools: [quote]\noverrides: {quote: {title: Desk quote}}\n"), env={})
    assert diff(before, after.raise_for_errors()).changed == ("quote",)


def test_diff_of_equal_registries_is_empty() -> None:
    same = diff(resolve(None, env={}).raise_for_errors(), resolve(None, env={}).raise_for_errors())
    assert not same and same.summary() == "no change"


def test_diff_tells_a_rename_from_a_name_reused_by_another_endpoint(write: Write) -> None:
    before = resolve(write("a.yaml", "tools: [company.quote, company.simple_quote]\n"), env={}).raise_for_errors()
    after = resolve(
        write(
            "b.yaml",
            "tools: [company.quote, company.simple_quote]\noverrides:\n"
            "  company.quote: {name: full_quote}\n  company.simple_quote: {name: quote}\n",
        ),
        env={},
    ).raise_for_errors()
    change = diff(before, after)
    assert change.renamed == (("quote", "full_quote"), ("simple_quote", "quote"))
    assert change.added == change.removed == change.changed == ()


def test_every_catalog_endpoint_that_can_be_a_tool_gets_a_schema() -> None:
    for endpoint in ENDPOINTS:
        schema = input_schema(endpoint)
        assert set(schema["properties"]) == {p.name for p in endpoint.params}


def test_every_output_schema_reference_resolves_at_its_root(write: Write) -> None:
    path = write("m.yaml", 'include: ["*"]\noutput_schemas: true\n')
    for tool in resolve(path, env={}).raise_for_errors():
        schema = tool.output_schema
        if schema is None:
            continue
        definitions = schema.get("$defs", {})
        for node in _walk(schema):
            ref = node.get("$ref")
            if isinstance(ref, str):
                assert ref.startswith("#/$defs/") and ref.removeprefix("#/$defs/") in definitions, (tool.name, ref)


@pytest.mark.parametrize(
    ("style", "prefix", "name"),
    [("key", "", "query"), ("spec", "", "analysis.query"), ("snake", "mkt_", "mkt_analysis_query")],
)
def test_analysis_adds_the_query_tool_last_named_by_the_style_and_prefix(
    write: Write, style: str, prefix: str, name: str
) -> None:
    path = write("m.yaml", f"tools: [company.quote]\nname_style: {style}\nprefix: '{prefix}'\nanalysis: true\n")
    registry = resolve(path, env={}).raise_for_errors()
    assert registry.query is not None and registry.query.name == name
    assert [entry["name"] for entry in registry.tools_list()][-1] == name
    assert len(registry) == 1 and registry.get(name) is None  # endpoint tools only; the server asks for .query
    assert registry.query.input_schema["required"] == ["sql"]


def test_analysis_is_inherited_can_be_turned_off_and_shows_in_a_diff(write: Write) -> None:
    write("base.yaml", "tools: [company.quote]\nanalysis: {max_rows: 5000}\n")
    on = resolve(write("on.yaml", "extends: [base.yaml]\n"), env={}).raise_for_errors()
    off = resolve(write("off.yaml", "extends: [base.yaml]\nanalysis: false\n"), env={}).raise_for_errors()
    assert on.analysis is not None and on.analysis.max_rows == 5000 and off.analysis is None and off.query is None
    assert diff(off, on).added == ("query",) and diff(on, off).removed == ("query",)


def test_a_tool_called_like_the_query_tool_collides(write: Write) -> None:
    path = write("m.yaml", "tools: [company.quote]\nanalysis: true\noverrides:\n  company.quote: {name: query}\n")
    resolution = resolve(path, env={})
    assert resolution.registry is None
    assert [d.code for d in resolution.errors] == ["DM203"] and "the query tool of analysis" in resolution.errors[
        0
    ].message
