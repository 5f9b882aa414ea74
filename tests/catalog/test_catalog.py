"""The catalog declares every upstream endpoint once, completely, and only in neutral words."""

from __future__ import annotations

import codecs
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from data_pkg import catalog
from data_pkg.catalog import ENDPOINTS, TIERS, by_spec, lookup

REFERENCE = Path(__file__).resolve().parents[1] / "reference" / "rest-endpoints.json"
# The names the project must never write, kept rot13-encoded so that this guard does not write them either.
FORBIDDEN = re.compile(codecs.decode("szc|svanapvnyzbqryvat|gvcenaxf|pynhqr|naguebcvp", "rot13"), re.IGNORECASE)

SPEC_QUOTED = [
    "company.quote",
    "company.simple_quote",
    "market.search",
    "market.search_name",
    "transcripts.latest_transcripts",
    "transcripts.transcript",
    "transcripts.transcript_dates",
    "transcripts.transcript_symbols",
    "economics.commitment_of_traders_report",
    "economics.commitment_of_traders_analysis",
    "economics.commitment_of_traders_list",
    "fundamental.discounted_cash_flow",
    "fundamental.levered_dcf",
    "fundamental.custom_discounted_cash_flow",
    "company.historical_prices",
    "company.intraday_prices",
    "company.symbol_changes",
    "company.price_target_summary",
    "company.price_target_consensus",
    "company.analyst_estimates",
    "company.delisted_companies",
    "intelligence.grades",
    "batch.batch_quote",
    "batch.crypto_quotes",
    "batch.forex_quotes",
    "batch.commodity_quotes",
    "batch.index_quotes",
    "batch.etf_quotes",
    "batch.mutualfund_quotes",
    "batch.exchange_quotes",
    "batch.profile_bulk",
    "batch.rating_bulk",
    "institutional.form_13f",
    "alternative.crypto_quote",
    "alternative.forex_quote",
    "alternative.commodity_quote",
]


def test_keys_and_spec_names_are_unique() -> None:
    keys = Counter(e.key for e in ENDPOINTS)
    assert [k for k, n in keys.items() if n > 1] == []
    assert len({e.spec for e in ENDPOINTS}) == len(ENDPOINTS)


def test_keys_are_snake_case_and_methods_are_unique_within_a_group() -> None:
    for e in ENDPOINTS:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", e.key), e.key
        assert re.fullmatch(r"[a-z][a-z0-9_]*", e.method), e.method
    methods = Counter((e.group, e.method) for e in ENDPOINTS)
    assert [m for m, n in methods.items() if n > 1] == []


@pytest.mark.parametrize("name", SPEC_QUOTED)
def test_every_name_the_spec_quotes_exists(name: str) -> None:
    assert by_spec(name).spec == name


def test_every_endpoint_and_parameter_is_described_for_an_agent() -> None:
    for e in ENDPOINTS:
        assert 20 <= len(e.description) <= 150, e.spec
        for p in e.params:
            assert 5 <= len(p.description) <= 100, f"{e.spec}.{p.name}"


def test_no_vendor_or_company_name_appears_in_the_catalog() -> None:
    for e in ENDPOINTS:
        text = " ".join([e.key, e.path, e.description, *(p.description for p in e.params), *(h.slug for h in e.hosted)])
        assert not FORBIDDEN.search(text), e.spec


def test_withdrawn_endpoints_name_a_live_successor_when_they_have_one() -> None:
    withdrawn = [e for e in ENDPOINTS if e.status == "withdrawn"]
    assert len(withdrawn) == 25
    for e in withdrawn:
        assert not e.default
        if e.successor:
            assert lookup(e.successor).status == "live", e.spec


def test_path_parameters_and_segments_match_the_path() -> None:
    for e in ENDPOINTS:
        placeholders = set(re.findall(r"\{(\w+)\}", e.path))
        path_params = {p.name for p in e.params if p.location == "path"}
        assert placeholders == path_params | set(e.segments), e.spec
        for p in e.params:
            if p.location == "path":
                assert p.required and p.enum, f"{e.spec}.{p.name} must be a required enum"


def test_tiers_tags_and_freshness_are_known_values() -> None:
    for e in ENDPOINTS:
        assert e.tier in TIERS
        assert e.tags, e.spec
        assert e.freshness in ("realtime", "intraday", "daily", "static")


def test_plan_tiers_follow_the_known_gating() -> None:
    assert by_spec("technical.sma").tier == "starter"
    assert by_spec("economics.commitment_of_traders_report").tier == "premium"
    assert by_spec("transcripts.transcript").tier == "ultimate"
    assert by_spec("institutional.form_13f").tier == "ultimate"
    assert by_spec("company.quote").tier == "basic"


def test_bulk_endpoints_are_csv_with_row_models_and_never_tools() -> None:
    bulk = [e for e in ENDPOINTS if e.bulk]
    assert len(bulk) == 19
    for e in bulk:
        assert not e.is_tool_candidate and not e.default
        if e.format == "csv":
            assert e.model, e.spec


def test_default_set_is_small_curated_and_clean() -> None:
    assert len(set(catalog.DEFAULT_SET)) == len(catalog.DEFAULT_SET), "a tool listed twice"
    default = [catalog.by_spec(spec) for spec in catalog.DEFAULT_SET]  # KeyError: a name not in the catalog
    assert default[:2] == [catalog.by_spec("company.quote"), catalog.by_spec("market.search")]
    assert [e for e in ENDPOINTS if e.default] == sorted(default, key=ENDPOINTS.index)
    assert 20 <= len(default) <= 50
    for e in default:
        assert e.status == "live" and e.is_tool_candidate and e.group != "transcripts" and not e.segments, e.spec


def test_ratings_add_on_is_hosted_only_behind_a_configured_segment() -> None:
    addon = [e for e in ENDPOINTS if e.hosted_only]
    assert len(addon) == 7
    assert all(e.segments == ("ratings_addon",) for e in addon)
    assert all(e not in catalog.client_endpoints() for e in addon)


def test_lookup_accepts_spec_names_and_bare_keys() -> None:
    assert lookup("company.quote") is lookup("quote")
    with pytest.raises(KeyError):
        lookup("company.nope")


@pytest.fixture(scope="module")
def reference() -> dict[str, object]:
    data: dict[str, object] = json.loads(REFERENCE.read_text())
    return data


def _wire_names(params: list[dict[str, object]]) -> frozenset[str]:
    return frozenset(str(p["api_name"]) for p in params)


def test_every_reference_record_is_declared_exactly_once(reference: dict[str, object]) -> None:
    records = reference["endpoints"]
    assert isinstance(records, list)
    remaining = list(ENDPOINTS)
    for record in records:
        group = record["group"] or "ratings_addon"
        match = [
            e
            for e in remaining
            if e.group == group
            and e.path == record["path"]
            and frozenset(p.wire for p in e.params) == _wire_names(record["params"])
        ]
        assert match, f"no catalog entry for {group} {record['path']}"
        # Among identical declarations, prefer the one keeping the reference's name.
        chosen = next((e for e in match if e.key == record["ref_key"]), match[0])
        assert chosen.status == record["status"], chosen.spec
        assert chosen.bulk == record["bulk"], chosen.spec
        assert chosen.format == record["format"], chosen.spec
        remaining.remove(chosen)
    assert remaining == []


def test_parameters_keep_the_reference_wire_names_and_requiredness(reference: dict[str, object]) -> None:
    records = reference["endpoints"]
    assert isinstance(records, list)
    for record in records:
        group = record["group"] or "ratings_addon"
        entries = [e for e in ENDPOINTS if e.group == group and e.path == record["path"]]
        wires = {str(p["api_name"]): bool(p["required"]) for p in record["params"]}
        assert any({p.wire: p.required for p in e.params} == wires for e in entries), record["path"]


def test_hosted_coverage_matches_the_reference_tools(reference: dict[str, object]) -> None:
    hosted = reference["hosted_tools"]
    assert isinstance(hosted, dict)
    declared = {(h.tool, h.slug) for e in ENDPOINTS for h in e.hosted}
    for tool, info in hosted.items():
        for item in info["endpoints"]:
            if (tool, item["slug"]) not in declared:
                # A few slugs name paths no client record has; they stay hosted-only facts.
                assert not any(e.path == item["path"] for e in ENDPOINTS if e.status == "live"), (tool, item["slug"])
