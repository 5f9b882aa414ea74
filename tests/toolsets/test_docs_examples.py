"""The manifests on docs/manifests.md resolve, and the three formats of one manifest agree."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from data_pkg.toolsets import resolve

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "manifests.md"
STEMS = ("desk", "research-desk", "trading")
# Each example sits in a tab (Python, YAML, JSON), indented under it.
BLOCK = re.compile(
    r"^(?P<indent> *)<!-- manifest: (?P<name>[\w.-]+) -->\n(?P=indent)```\w+\n(?P<body>.*?)^(?P=indent)```",
    re.DOTALL | re.MULTILINE,
)


def examples() -> dict[str, str]:
    return {
        m["name"]: re.sub(rf"^{m['indent']}", "", m["body"], flags=re.MULTILINE)
        for m in BLOCK.finditer(PAGE.read_text())
    }


def test_the_page_has_its_examples() -> None:
    assert set(examples()) == {f"{stem}.{suffix}" for stem in STEMS for suffix in ("py", "yaml", "json")}


@pytest.mark.parametrize("name", sorted(examples()))
def test_every_example_resolves_without_diagnostics(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_text(examples()[name])
    resolution = resolve(path, env={})
    assert [str(d) for d in resolution.diagnostics] == []


def tools_of(tmp_path: Path, stem: str) -> list[list[dict[str, Any]]]:
    """The MCP tool list of each format of one example."""
    registries = []
    for suffix in ("py", "yaml", "json"):
        path = tmp_path / f"{stem}.{suffix}"
        path.write_text(examples()[path.name])
        registries.append([t.to_mcp() for t in resolve(path, env={}).raise_for_errors()])
    return registries


@pytest.mark.parametrize("stem", STEMS)
def test_the_three_formats_give_the_same_tools(tmp_path: Path, stem: str) -> None:
    from_python, from_yaml, from_json = tools_of(tmp_path, stem)
    assert from_python == from_yaml == from_json


def test_the_research_desk_is_what_the_page_says(tmp_path: Path) -> None:
    names = {t["name"] for t in tools_of(tmp_path, "research-desk")[0]}
    assert "stock_quote" in names and not any(n.startswith("transcripts") for n in names)


def test_the_trading_desk_is_what_the_page_says(tmp_path: Path) -> None:
    tools = {t["name"]: t for t in tools_of(tmp_path, "trading")[0]}
    assert all(name.startswith("mkt_") for name in tools) and {"mkt_quote", "mkt_rsi_daily"} <= set(tools)
    assert not {"timeframe", "period_length"} & set(tools["mkt_rsi_daily"]["inputSchema"]["properties"])
    assert all("outputSchema" in tool for tool in tools.values())


def test_between_them_the_examples_use_every_field() -> None:
    schema = json.loads((ROOT / "schemas" / "manifest.schema.json").read_text())
    used = {field for stem in STEMS for field in json.loads(examples()[f"{stem}.json"])}
    assert used == set(schema["properties"])  # $schema too: the minimal example points editors at the schema


def test_the_profile_table_counts_the_real_tools() -> None:
    rows = re.findall(r"^\| (\(none\)|`\w+`) \| [^|]+ \| (\d+) \|$", PAGE.read_text(), flags=re.M)
    assert len(rows) == 6
    for profile, count in rows:
        registry = resolve(None if profile == "(none)" else profile.strip("`"), env={}).raise_for_errors()
        assert len(registry) == int(count), profile
