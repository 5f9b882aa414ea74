"""The resolver applies its rules in the documented order: extends, include, tools, exclude, max_tier, overrides, naming."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from data_pkg.catalog import DEFAULT_SET, ENDPOINTS, by_spec
from data_pkg.toolsets import (
    DEFAULT_PROFILE,
    Resolution,
    ToolsetError,
    resolve,
    source_from_env,
)
from data_pkg.toolsets._naming import style_from_env
from tests.toolsets.helpers import NamesOf, Write


def _codes(resolution: Resolution) -> list[str]:
    return [d.code for d in resolution.diagnostics]


# -- the default set --------------------------------------------------------------------------


def test_no_manifest_gives_the_catalog_default_set() -> None:
    registry = resolve(None, env={}).raise_for_errors()
    assert registry.names == tuple(by_spec(spec).key for spec in DEFAULT_SET)
    assert len(registry) <= 50


def test_default_is_also_a_profile_name_and_can_be_extended(write: Write, names_of: NamesOf) -> None:
    assert names_of(DEFAULT_PROFILE) == names_of(None)
    extended = names_of(write("m.yaml", "extends: [default]\ntools: [company.simple_quote]\n"))
    assert extended == (*names_of(None), "simple_quote")


def test_default_set_resolves_without_reading_any_file() -> None:
    assert resolve(None, env={}).files == ()


# -- order of the rules -----------------------------------------------------------------------


def test_extends_comes_first_so_the_manifest_can_remove_what_a_base_added(write: Write, names_of: NamesOf) -> None:
    write("base.yaml", "tools: [company.quote, company.profile]\n")
    path = write("team.yaml", "extends: [./base.yaml]\nexclude: [company.profile]\n")
    assert names_of(path) == ("quote",)


def test_a_manifest_can_add_back_what_its_base_excluded(write: Write, names_of: NamesOf) -> None:
    write("base.yaml", "include: [group:fundamental]\nexclude: [fundamental.cash_flow]\n")
    path = write("team.yaml", "extends: [./base.yaml]\ntools: [fundamental.cash_flow]\n")
    assert "cash_flow" in names_of(path)


def test_exclude_runs_after_include_and_tools(write: Write, names_of: NamesOf) -> None:
    path = write(
        "m.yaml",
        """
        include: ["fundamental.*"]
        tools: [company.quote, fundamental.cash_flow]
        exclude: ["company.*", fundamental.cash_flow]
        """,
    )
    names = names_of(path)
    assert "quote" not in names and "cash_flow" not in names
    assert "income_statement" in names


def test_include_order_then_tools_order_is_the_tool_order(write: Write, names_of: NamesOf) -> None:
    path = write("m.yaml", "tools: [company.profile, company.quote]\ninclude: [market.gainers, market.losers]\n")
    assert names_of(path) == ("gainers", "losers", "profile", "quote")


def test_max_tier_filters_after_tools_and_reports_what_it_dropped(write: Write) -> None:
    path = write(
        "m.yaml", "tools: [company.quote, technical.rsi, economics.commitment_of_traders_list]\nmax_tier: starter\n"
    )
    resolution = resolve(path, env={})
    assert resolution.registry is not None
    assert resolution.registry.names == ("quote", "rsi")
    assert resolution.dropped_by_tier == ("economics.commitment_of_traders_list",)
    assert resolution.diagnostics == ()


def test_overrides_of_tools_dropped_by_max_tier_are_ignored_not_errors(write: Write, names_of: NamesOf) -> None:
    path = write(
        "m.yaml",
        """
        tools: [company.quote, transcripts.transcript]
        max_tier: premium
        overrides:
          transcripts.transcript: {name: call_transcript}
        """,
    )
    assert names_of(path) == ("quote",)


def test_overrides_of_excluded_tools_are_errors(write: Write) -> None:
    path = write(
        "m.yaml",
        "tools: [company.quote, company.profile]\nexclude: [company.profile]\noverrides:\n  company.profile: {name: card}\n",
    )
    assert _codes(resolve(path, env={})) == ["DM403"]


def test_naming_runs_after_overrides_so_collisions_depend_on_the_style(write: Write, names_of: NamesOf) -> None:
    path = write(
        "m.yaml",
        "tools: [company.quote, company.profile]\noverrides:\n  company.quote: {name: company_profile}\n",
    )
    assert names_of(path) == ("company_profile", "profile")  # key style: no clash
    assert _codes(resolve(path, env={"DATA_MCP_TOOL_NAME_STYLE": "snake"})) == ["DM203"]


def test_inherited_overrides_apply_and_the_manifests_own_override_wins_field_by_field(write: Write) -> None:
    write(
        "base.yaml",
        """
        tools: [fundamental.income_statement]
        overrides:
          fundamental.income_statement: {name: income, fixed: {limit: 5, period: annual}}
        """,
    )
    path = write(
        "team.yaml",
        "extends: [./base.yaml]\noverrides:\n  income_statement: {description: Yearly income., fixed: {limit: 3}}\n",
    )
    tool = resolve(path, env={}).raise_for_errors().get("income")
    assert tool is not None
    assert tool.description == "Yearly income."
    assert dict(tool.fixed) == {"limit": 3, "period": "annual"}
    assert set(tool.input_schema["properties"]) == {"symbol", "fields"}  # fields: the columns of one call


def test_inherited_overrides_of_tools_the_manifest_excludes_are_dropped_quietly(
    write: Write, names_of: NamesOf
) -> None:
    write("base.yaml", "tools: [company.quote, company.profile]\noverrides:\n  company.profile: {name: card}\n")
    path = write("team.yaml", "extends: [./base.yaml]\nexclude: [company.profile]\n")
    assert names_of(path) == ("quote",)


def test_a_diamond_of_extends_is_fine_and_reads_each_file_once(write: Write) -> None:
    write("root.yaml", "tools: [company.quote]\n")
    write("left.yaml", "extends: [./root.yaml]\ntools: [company.profile]\n")
    write("right.yaml", "extends: [./root.yaml]\ntools: [market.search]\n")
    path = write("top.yaml", "extends: [./left.yaml, ./right.yaml]\n")
    resolution = resolve(path, env={})
    assert resolution.raise_for_errors().names == ("quote", "profile", "search")
    assert [p.name for p in resolution.files] == ["top.yaml", "left.yaml", "root.yaml", "right.yaml"]


def test_extends_paths_are_relative_to_the_manifest_not_the_working_directory(
    write: Write, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write("teams/shared/base.py", 'TOOLS = ["company.quote"]\n')
    path = write("teams/desk/team.yaml", "extends: [../shared/base.py]\n")
    monkeypatch.chdir(tmp_path.parent)
    assert resolve(path, env={}).raise_for_errors().names == ("quote",)


def test_absolute_extends_paths_work(write: Write, names_of: NamesOf) -> None:
    base = write("base.yaml", "tools: [company.quote]\n")
    assert names_of(write("team.json", f'{{"extends": ["{base.as_posix()}"]}}')) == ("quote",)


def test_files_lists_every_manifest_involved_including_missing_ones_for_the_watcher(write: Write) -> None:
    write("base.yaml", "extends: [analyst, ./later.yaml]\n")
    path = write("team.yaml", "extends: [./base.yaml]\n")
    resolution = resolve(path, env={})
    assert [p.name for p in resolution.files] == ["team.yaml", "base.yaml", "analyst.py", "later.yaml"]
    assert _codes(resolution) == ["DM302"]


# -- naming style precedence --------------------------------------------------------------------


def test_style_comes_from_env_then_manifest_then_nearest_base_then_key(write: Write, names_of: NamesOf) -> None:
    write("spec_base.yaml", "name_style: spec\ntools: [company.quote]\n")
    write("snake_base.yaml", "name_style: snake\ntools: [company.profile]\n")
    both = write("both.yaml", "extends: [./spec_base.yaml, ./snake_base.yaml]\n")
    own = write("own.yaml", "extends: [./spec_base.yaml]\nname_style: key\n")
    plain = write("plain.yaml", "tools: [company.quote]\n")
    assert names_of(both) == ("company.quote", "company.profile")  # the first base listed is the nearest
    assert names_of(own) == ("quote",)
    assert names_of(plain) == ("quote",)
    assert names_of(both, {"DATA_MCP_TOOL_NAME_STYLE": "snake"}) == ("company_quote", "company_profile")


def test_prefix_and_output_schemas_are_inherited_too(write: Write) -> None:
    write("base.yaml", "prefix: mkt_\noutput_schemas: true\ntools: [company.quote]\n")
    registry = resolve(write("team.yaml", "extends: [./base.yaml]\n"), env={}).raise_for_errors()
    (tool,) = registry.tools
    assert tool.name == "mkt_quote"
    assert tool.output_schema is not None


def test_env_style_is_case_and_space_tolerant_but_never_falls_back_silently() -> None:
    assert style_from_env({"DATA_MCP_TOOL_NAME_STYLE": " Snake "}) == "snake"
    assert style_from_env({"DATA_MCP_TOOL_NAME_STYLE": ""}) is None
    with pytest.raises(ToolsetError) as raised:
        style_from_env({"DATA_MCP_TOOL_NAME_STYLE": "kebab"})
    assert (
        str(raised.value)
        == "DM401 DATA_MCP_TOOL_NAME_STYLE='kebab' is not a naming style (use one of key, spec, snake)"
    )


def test_unknown_env_style_blocks_resolution_with_a_diagnostic() -> None:
    resolution = resolve(None, env={"DATA_MCP_TOOL_NAME_STYLE": "camel"})
    assert resolution.registry is None
    (problem,) = resolution.diagnostics
    assert (problem.code, problem.file, problem.line) == ("DM401", None, None)
    with pytest.raises(ToolsetError, match="DM401"):
        resolution.raise_for_errors()


# -- sources -------------------------------------------------------------------------------------


def test_manifest_env_var_wins_over_profile_env_var() -> None:
    assert source_from_env({}) is None
    assert source_from_env({"DATA_MCP_PROFILE": "news"}) == "news"
    assert source_from_env({"DATA_MCP_PROFILE": "news", "DATA_MCP_MANIFEST": "team.yaml"}) == "team.yaml"
    assert source_from_env({"DATA_MCP_PROFILE": " ", "DATA_MCP_MANIFEST": ""}) is None


def test_manifest_env_var_may_name_a_profile(names_of: NamesOf) -> None:
    assert names_of(source_from_env({"DATA_MCP_MANIFEST": "analyst"})) == names_of("analyst")


def test_unknown_profile_as_source_is_an_error_without_a_file() -> None:
    (problem,) = resolve("analist", env={}).diagnostics
    assert (problem.code, problem.file) == ("DM303", None)
    assert problem.hint is not None and problem.hint.startswith("did you mean 'analyst'?")


def test_missing_manifest_file_is_reported_with_its_path(tmp_path: Path) -> None:
    (problem,) = resolve(tmp_path / "nope.yaml", env={}).diagnostics
    assert (problem.code, problem.file, problem.line) == ("DM302", str(tmp_path / "nope.yaml"), None)


@pytest.mark.skipif(os.sep != "/", reason="backslashes are separators on Windows")
def test_single_backslashes_in_a_manifest_path_get_a_clear_hint_on_posix() -> None:
    (problem,) = resolve("C:\\Users\\me\\team.py", env={}).diagnostics
    assert problem.code == "DM304"
    assert problem.hint is not None and "forward slashes" in problem.hint


def test_forward_slashes_work_for_manifest_paths(write: Write, names_of: NamesOf) -> None:
    path = write("sub/team.yaml", "tools: [company.quote]\n")
    assert names_of(path.as_posix()) == ("quote",)


def test_profiles_dir_can_be_replaced(tmp_path: Path, names_of: NamesOf) -> None:
    (tmp_path / "desk.yaml").write_text("tools: [company.quote]\n")
    resolution = resolve("desk", env={}, profiles_dir=tmp_path)
    assert resolution.raise_for_errors().names == ("quote",)
    (problem,) = resolve("analyst", env={}, profiles_dir=tmp_path).diagnostics
    assert problem.hint == "profiles: default, desk"


# -- availability ----------------------------------------------------------------------------------


def test_segment_endpoints_become_tools_once_the_segment_is_configured(write: Write, names_of: NamesOf) -> None:
    path = write("m.yaml", "tools: [intelligence.provider_articles]\n")
    assert _codes(resolve(path, env={})) == ["DM206"]
    assert names_of(path, {"DATA_PROVIDER_SEGMENT": "house"}) == ("provider_articles",)


def test_patterns_skip_unavailable_endpoints_silently(write: Write, names_of: NamesOf) -> None:
    path = write("m.yaml", "include: [tag:news]\n")
    without = names_of(path)
    assert "provider_articles" not in without
    assert "provider_articles" in names_of(path, {"DATA_PROVIDER_SEGMENT": "house"})
    assert not any(e.key in without for e in ENDPOINTS if e.status == "withdrawn")


def test_overrides_of_unconfigured_segment_tools_are_ignored(write: Write, names_of: NamesOf) -> None:
    path = write("m.yaml", "include: [tag:news]\noverrides:\n  provider_articles: {name: house_articles}\n")
    assert "house_articles" not in names_of(path)
    assert "house_articles" in names_of(path, {"DATA_PROVIDER_SEGMENT": "house"})


def test_full_profile_has_every_available_tool_candidate_and_no_bulk(names_of: NamesOf) -> None:
    names = set(names_of("full"))
    expected = {e.key for e in ENDPOINTS if e.is_tool_candidate and e.status == "live" and not e.segments}
    assert names == expected
    assert not any(e.key in names for e in ENDPOINTS if e.bulk)


def test_fixed_arguments_leave_the_schema_and_become_part_of_the_tool(write: Write) -> None:
    path = write(
        "m.yaml",
        """
        tools: [company.intraday_prices, batch.batch_quote]
        overrides:
          company.intraday_prices: {fixed: {interval: 5min, extended: false}}
          batch.batch_quote: {fixed: {symbols: AAPL}}
        """,
    )
    registry = resolve(path, env={}).raise_for_errors()
    intraday, batch = registry.tools
    assert dict(intraday.fixed) == {"interval": "5min", "extended": False}
    assert "interval" not in intraday.input_schema["properties"]
    assert intraday.input_schema["required"] == ["symbol"]
    assert dict(batch.fixed) == {"symbols": ("AAPL",)}
    assert "required" not in batch.input_schema


def test_tools_dropped_by_a_bases_max_tier_are_reported_unless_added_back(write: Write) -> None:
    write("base.yaml", "tools: [company.quote, technical.rsi, technical.sma]\nmax_tier: basic\n")
    path = write("team.yaml", "extends: [./base.yaml]\ntools: [technical.sma]\n")
    resolution = resolve(path, env={})
    assert resolution.raise_for_errors().names == ("quote", "sma")
    assert resolution.dropped_by_tier == ("technical.rsi",)


def test_extending_a_profile_by_file_name_hints_at_the_profile_name(write: Write) -> None:
    (problem,) = resolve(write("team.yaml", "extends: [analyst.py]\n"), env={}).diagnostics
    assert (problem.code, problem.hint) == ("DM302", "to extend the built-in profile, write 'analyst' without a suffix")
