"""Shipped profiles and example manifests resolve cleanly, stay small, and say who they are for."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from data_pkg.toolsets import DEFAULT_PROFILE, available_profiles, profiles_dir, resolve
from data_pkg.toolsets._parse import parse_manifest
from data_pkg.toolsets._profiles import find_profiles

ROOT = Path(__file__).resolve().parents[2]
PROFILES = ("analyst", "full", "minimal", "news", "quant")
EXAMPLES = sorted(p for p in (ROOT / "manifests").iterdir() if p.suffix in {".py", ".yaml", ".yml", ".json"})


def test_the_profiles_folder_is_found_from_the_source_tree() -> None:
    assert profiles_dir() == ROOT / "profiles"
    assert available_profiles() == (*sorted((*PROFILES, DEFAULT_PROFILE)),)


@pytest.mark.parametrize("name", PROFILES)
def test_profile_resolves_with_no_diagnostics(name: str) -> None:
    resolution = resolve(name, env={})
    assert resolution.diagnostics == ()
    assert resolution.registry is not None


@pytest.mark.parametrize("name", [p for p in PROFILES if p != "full"])
def test_profile_is_a_deliberate_selection_of_at_most_fifty_tools(name: str) -> None:
    registry = resolve(name, env={}).raise_for_errors()
    assert 5 <= len(registry) <= 50


def test_minimal_is_about_eight_tools() -> None:
    assert len(resolve("minimal", env={}).raise_for_errors()) <= 10


def test_analyst_keeps_to_forty_tools() -> None:
    assert len(resolve("analyst", env={}).raise_for_errors()) <= 40


@pytest.mark.parametrize("name", PROFILES)
def test_profile_is_a_python_manifest_whose_docstring_states_intent_and_audience(name: str) -> None:
    path = profiles_dir() / f"{name}.py"
    parsed = parse_manifest(path)
    assert parsed.ok and parsed.manifest is not None
    description = parsed.manifest.description
    assert description is not None and len(description.split()) >= 25
    assert description.lower().startswith(f"{name}:")
    assert ast.get_docstring(ast.parse(path.read_text())) == description


@pytest.mark.parametrize("name", ["analyst", "quant", "news"])
def test_profiles_extend_into_a_team_manifest(name: str, tmp_path: Path) -> None:
    path = tmp_path / "team.yaml"
    path.write_text(f"extends: [{name}]\nexclude: [company.quote]\n")
    registry = resolve(path, env={}).raise_for_errors()
    assert "quote" not in registry
    assert len(registry) == len(resolve(name, env={}).raise_for_errors()) - 1


def test_every_example_manifest_format_is_represented() -> None:
    assert {p.suffix for p in EXAMPLES} == {".py", ".yaml", ".json"}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_manifest_resolves_cleanly_extends_a_profile_and_overrides(path: Path) -> None:
    resolution = resolve(path, env={})
    assert resolution.diagnostics == ()
    registry = resolution.raise_for_errors()
    assert len(registry) <= 50
    parsed = parse_manifest(path)
    assert parsed.manifest is not None
    assert parsed.manifest.extends[0].value in PROFILES
    assert parsed.manifest.overrides
    assert parsed.manifest.description


def test_research_desk_renames_the_quote_and_fixes_statement_limits() -> None:
    registry = resolve(ROOT / "manifests" / "research-desk.py", env={}).raise_for_errors()
    assert "stock_quote" in registry and "quote" not in registry
    income = registry.get("income_statement")
    assert income is not None and dict(income.fixed) == {"limit": 5}
    assert "limit" not in income.input_schema["properties"]
    assert "transcript" not in registry  # above its max_tier


def test_trading_desk_prefixes_every_tool_and_drops_premium_ones() -> None:
    resolution = resolve(ROOT / "manifests" / "trading-desk.yaml", env={})
    registry = resolution.raise_for_errors()
    assert all(name.startswith("mkt_") for name in registry.names)
    assert "mkt_rsi_daily" in registry
    assert resolution.dropped_by_tier == (
        "economics.commitment_of_traders_report",
        "economics.commitment_of_traders_analysis",
        "economics.commitment_of_traders_list",
    )


def test_newsroom_excludes_crypto_and_forex_news_and_uses_snake_names() -> None:
    registry = resolve(ROOT / "manifests" / "newsroom.json", env={}).raise_for_errors()
    assert not any("crypto" in n or "forex" in n for n in registry.names)
    assert "intelligence_senate_profile" in registry


def test_env_style_overrides_an_example_manifests_own_style() -> None:
    registry = resolve(ROOT / "manifests" / "newsroom.json", env={"DATA_MCP_TOOL_NAME_STYLE": "key"})
    assert "senate_profile" in registry.raise_for_errors()


def test_an_installed_package_finds_the_profiles_shipped_inside_it(tmp_path: Path) -> None:
    package = tmp_path / "site-packages" / "data_pkg"
    (package / "profiles").mkdir(parents=True)
    (package / "profiles" / "desk.py").write_text('TOOLS = ["quote"]\n')
    found = find_profiles(package)
    assert found == package / "profiles"
    assert available_profiles(found) == ("default", "desk")


def test_a_source_checkout_finds_the_top_level_profiles_folder(tmp_path: Path) -> None:
    package = tmp_path / "src" / "data_pkg"
    package.mkdir(parents=True)
    (tmp_path / "profiles").mkdir()
    assert find_profiles(package) == tmp_path / "profiles"
