"""The 28 dataset tools are derived from the catalog and match the spec's table."""

from __future__ import annotations

import re

import pytest

from data_hosted import Toolset, build_toolset
from data_hosted._mcp_server import instructions
from data_hosted._tools import SUMMARIES
from data_pkg.answers.instructions import MAX_INSTRUCTIONS
from data_pkg.catalog import ENDPOINTS, by_key
from data_pkg.toolsets import AnswerSpec, type_schema
from data_pkg.toolsets._schemas import input_schema
from tests.hosted._support import SPEC_COUNTS

SEGMENTS = {"provider": "acme", "ratings_addon": "ratingsco"}


@pytest.fixture(scope="module")
def toolset() -> Toolset:
    return build_toolset(SEGMENTS)


def test_there_are_28_tools_with_the_endpoint_counts_of_the_spec_table_in_its_order(toolset: Toolset) -> None:
    counts = {name: len(tool.routes) for name, tool in toolset.tools.items()}
    assert counts == SPEC_COUNTS
    assert list(counts) == list(SPEC_COUNTS)
    assert sum(counts.values()) == 252
    assert toolset.unlisted == ()


def test_every_catalog_hosted_reference_is_a_slug_of_its_tool(toolset: Toolset) -> None:
    expected = {
        (ref.tool, ref.slug.replace("{provider}", "acme").replace("{ratings_addon}", "ratingsco"))
        for endpoint in ENDPOINTS
        for ref in endpoint.hosted
    }
    listed = {(tool.name, slug) for tool in toolset.tools.values() for slug in tool.routes}
    assert listed == expected
    assert set(SUMMARIES) == {tool for tool, _ in expected}


def test_each_input_schema_requires_an_endpoint_enum_and_offers_the_shared_fields(toolset: Toolset) -> None:
    for tool in toolset.tools.values():
        schema = tool.input_schema()
        assert schema["required"] == ["endpoint"], tool.name
        assert schema["properties"]["endpoint"]["enum"] == list(tool.routes)
        assert schema["additionalProperties"] is False
        union = {p.name for route in tool.routes.values() for p in route.fields}
        assert set(schema["properties"]) - {"endpoint"} == union, tool.name
        for name, prop in schema["properties"].items():
            assert prop.get("description"), (tool.name, name)
    quote = toolset.tools["quote"].input_schema()["properties"]
    assert quote["symbol"]["type"] == "string" and quote["symbols"]["type"] == "array"
    chart = toolset.tools["chart"].input_schema()["properties"]
    assert chart["from_date"] == {"type": "string", "format": "date", "description": chart["from_date"]["description"]}
    # The intraday slugs fix the interval, so the caller never sees it.
    assert "interval" not in chart
    period = toolset.tools["statements"].input_schema()["properties"]["period"]["enum"]
    assert {"annual", "quarter", "FY", "Q1"} <= set(period)


def test_slugs_carry_their_fixed_arguments_and_paths(toolset: Toolset) -> None:
    chart = toolset.tools["chart"].routes
    assert dict(chart["intraday-5-min"].fixed) == {"interval": "5min"}
    assert chart["intraday-5-min"].path == "/stable/historical-chart/5min"
    assert "interval" not in {p.name for p in chart["intraday-5-min"].fields}
    assert toolset.tools["search"].routes["search-company-screener"].endpoint.path == "/stable/company-screener"
    assert toolset.tools["company"].routes["profile-symbol"].endpoint.path == "/stable/profile"
    assert toolset.tools["statements"].routes["metrics-ratios"].endpoint.path == "/stable/ratios"
    addon = toolset.tools["ratingsAddon"].routes
    assert set(addon) == {slug.replace("{ratings_addon}", "ratingsco") for slug in _addon_slugs()}
    assert all(route.endpoint.hosted_only for route in addon.values())


def _addon_slugs() -> list[str]:
    return [ref.slug for e in ENDPOINTS for ref in e.hosted if ref.tool == "ratingsAddon"]


def test_a_slug_shared_by_several_catalog_entries_goes_to_one_live_client_endpoint_every_time() -> None:
    first, second = build_toolset(SEGMENTS), build_toolset(SEGMENTS)
    for name, tool in first.tools.items():
        for slug, route in tool.routes.items():
            assert route.endpoint.key == second.tools[name].routes[slug].endpoint.key
            assert route.endpoint.status == "live"
            assert route.endpoint in route.covering
            if any(not e.hosted_only for e in route.covering):
                assert not route.endpoint.hosted_only
    routes = first.tools
    assert routes["quote"].routes["quote"].endpoint is by_key("quote")
    assert routes["crypto"].routes["cryptocurrency-quote"].endpoint is by_key("quote")
    assert routes["chart"].routes["intraday-1-min"].endpoint is by_key("intraday_prices")
    assert {e.key for e in routes["quote"].routes["quote"].covering} >= {"quote", "crypto_quote", "forex_quote"}


def test_plan_notes_come_from_the_catalog_tiers(toolset: Toolset) -> None:
    notes = {name: tool.plan_note for name, tool in toolset.tools.items() if tool.plan_note}
    assert notes == {
        "commitmentOfTraders": "Needs the Premium plan or higher.",
        "ESG": "Needs the Ultimate plan or higher.",
        "form13F": "Needs the Ultimate plan or higher.",
        "earningsTranscript": "Needs the Ultimate plan or higher.",
        "technicalIndicators": "Needs the Starter plan or higher.",
        "ratingsAddon": "Paid add-on, not part of any plan.",
    }
    assert "Starter plan" in toolset.tools["technicalIndicators"].description()


def test_tool_names_suit_every_model_api_and_tools_are_read_only(toolset: Toolset) -> None:
    for tool in toolset.mcp_tools():
        assert re.fullmatch(r"[a-zA-Z0-9_-]{1,64}", tool.name)
        assert tool.annotations is not None and tool.annotations.read_only_hint is True


def test_without_configured_segments_the_add_on_tool_and_the_provider_slug_are_not_listed() -> None:
    toolset = build_toolset({})
    assert len(toolset.tools) == 27 and "ratingsAddon" not in toolset.tools
    assert len(toolset.tools["news"].routes) == 9
    assert any("ratings_addon path segment" in line for line in toolset.unlisted)
    for tool in toolset.tools.values():
        assert not any("{" in slug for slug in tool.routes)


def test_a_parameter_type_reads_as_the_stdio_server_writes_it(toolset: Toolset) -> None:
    # Both servers take a type's schema from data_pkg.toolsets.type_schema: the hosted copy once
    # lost the cik pattern, and an agent could send a CIK the API refuses.
    types = {p.name: p.type for endpoint in ENDPOINTS for p in endpoint.params}
    for tool in toolset.tools.values():
        for name, prop in tool.input_schema()["properties"].items():
            if name != "endpoint":
                shown = {k: v for k, v in prop.items() if k not in ("description", "enum")}
                assert shown == type_schema(types[name]), (tool.name, name)
    cik = toolset.tools["search"].input_schema()["properties"]["cik"]
    assert cik["type"] == "string" and cik["pattern"] == "^[0-9]{1,10}$"
    assert cik == {**input_schema(by_key("search_by_cik"))["properties"]["cik"], "description": cik["description"]}


def test_every_tool_has_a_title_of_its_own_and_the_server_one_too(toolset: Toolset) -> None:
    # Hosts show the title where there is one: "ESG ratings", not "ESG"; "Insider trades", not "insiderTrades".
    titles = {tool.name: tool.to_mcp().title for tool in toolset.tools.values()}
    assert [name for name, title in titles.items() if not title or title == name] == []
    assert len(set(titles.values())) == len(titles)
    assert titles["ESG"] == "ESG ratings"


def test_the_instructions_say_how_calls_and_answers_work_within_what_hosts_keep(toolset: Toolset) -> None:
    text = instructions(toolset, AnswerSpec(max_tokens=8_000, format="json"))
    assert len(text) <= MAX_INSTRUCTIONS
    assert "28 tools. Every call needs `endpoint`" in text
    assert "Answers are compact JSON, at most 8,000 tokens each" in text and "ends with a note" in text
    assert len(instructions(toolset, AnswerSpec(max_tokens=1_000_000, format="json"))) <= MAX_INSTRUCTIONS
