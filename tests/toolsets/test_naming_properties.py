"""Tool names are unique, valid and reversible under every style, prefix and rename; clashing renames are errors."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from data_pkg.catalog import ENDPOINTS, Endpoint, by_key
from data_pkg.toolsets import NAME_STYLES, PORTABLE_NAME, resolve, tool_name
from data_pkg.toolsets._naming import MCP_NAME, PREFIX, base_name

ENV = {"DATA_PROVIDER_SEGMENT": "house"}  # so every tool candidate is available
CANDIDATES = [e for e in ENDPOINTS if e.is_tool_candidate and e.status == "live"]
PREFIX_MAX = 16

prefixes = st.one_of(st.just(""), st.from_regex(PREFIX, fullmatch=True))
plain_names = st.from_regex(r"[A-Za-z0-9_-]{1,24}", fullmatch=True)
dotted_names = st.from_regex(r"[A-Za-z0-9_.-]{1,24}", fullmatch=True)


@st.composite
def selections(draw: st.DrawFn) -> tuple[list[Endpoint], str, str, dict[str, str]]:
    chosen = draw(st.lists(st.sampled_from(CANDIDATES), min_size=1, max_size=40, unique_by=lambda e: e.key))
    style = draw(st.sampled_from(NAME_STYLES))
    prefix = draw(prefixes)
    renamed = draw(st.lists(st.sampled_from(chosen), max_size=5, unique_by=lambda e: e.key))
    renames = {}
    for endpoint in renamed:
        # Sometimes take another selected tool's own name, to provoke a collision on purpose.
        other = draw(st.sampled_from(chosen))
        renames[endpoint.key] = draw(
            st.one_of(plain_names, dotted_names, st.just(base_name(other, style)), st.just(other.key))
        )
    return chosen, style, prefix, renames


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One folder for every generated manifest (function-scoped fixtures do not mix with @given)."""
    return tmp_path_factory.mktemp("naming")


def _manifest(scratch: Path, chosen: list[Endpoint], style: str, prefix: str, renames: dict[str, str]) -> Path:
    document = {
        "tools": [e.spec for e in chosen],
        "name_style": style,
        "prefix": prefix,
        "overrides": {key: {"name": name} for key, name in renames.items()},
    }
    path = scratch / "manifest.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


@settings(max_examples=300, deadline=None)
@given(selections())
def test_names_are_unique_valid_and_map_back_to_exactly_one_endpoint(
    scratch: Path, case: tuple[list[Endpoint], str, str, dict[str, str]]
) -> None:
    chosen, style, prefix, renames = case
    resolution = resolve(_manifest(scratch, chosen, style, prefix, renames), env=ENV)
    wanted = [prefix + renames.get(e.key, base_name(e, style)) for e in chosen]
    rule = MCP_NAME if style == "spec" else PORTABLE_NAME
    clashes = [n for n, count in Counter(wanted).items() if count > 1]
    invalid = [n for n in wanted if not rule.fullmatch(n)]

    event("rejected" if clashes or invalid else "accepted")
    if clashes or invalid:
        # Never a silent overwrite: a clash or a bad name is an error that blocks the registry.
        assert resolution.registry is None
        codes = {d.code for d in resolution.diagnostics}
        assert codes <= {"DM203", "DM405"} and codes
        return

    registry = resolution.raise_for_errors()
    assert list(registry.names) == wanted
    assert len(set(registry.names)) == len(registry)
    endpoints = [registry.get(name).endpoint for name in registry.names]  # type: ignore[union-attr]
    assert endpoints == [e.key for e in chosen]
    for name in registry.names:
        assert MCP_NAME.fullmatch(name)
        if style != "spec":
            assert PORTABLE_NAME.fullmatch(name)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(NAME_STYLES), prefixes, st.lists(st.sampled_from(CANDIDATES), unique_by=lambda e: e.key))
def test_catalog_names_without_renames_never_collide_and_stay_within_limits(
    style: str, prefix: str, chosen: list[Endpoint]
) -> None:
    names = [tool_name(e, style, prefix) for e in chosen]
    assert len(set(names)) == len(names)
    for name in names:
        assert MCP_NAME.fullmatch(name)
        if style != "spec":
            assert PORTABLE_NAME.fullmatch(name)


def test_every_style_names_the_whole_catalog_uniquely_even_with_the_longest_prefix() -> None:
    longest = "p" * PREFIX_MAX
    assert PREFIX.fullmatch(longest) and not PREFIX.fullmatch(longest + "p")
    for style in NAME_STYLES:
        names = {tool_name(e, style, longest): e.key for e in ENDPOINTS}
        assert len(names) == len(ENDPOINTS), style
        rule = MCP_NAME if style == "spec" else PORTABLE_NAME
        assert all(rule.fullmatch(name) for name in names), style
        assert all(by_key(key).key == key for key in names.values())


def test_styles_spell_names_as_documented() -> None:
    quote = by_key("quote")
    assert [tool_name(quote, style) for style in NAME_STYLES] == ["quote", "company.quote", "company_quote"]
    assert tool_name(quote, "snake", "mkt_") == "mkt_company_quote"


def test_snake_names_never_repeat_the_group_a_key_already_starts_with() -> None:
    assert tool_name(by_key("company_earnings"), "snake") == "company_earnings"
    assert tool_name(by_key("institutional_holders"), "snake", "mkt_") == "mkt_institutional_holders"
    doubled = [n for e in ENDPOINTS if (n := tool_name(e, "snake")).startswith(f"{e.group}_{e.group}_")]
    assert doubled == []
