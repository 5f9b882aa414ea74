"""The manifests on docs/manifests.md resolve, and the three formats of one manifest agree."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from data_pkg.toolsets import resolve

PAGE = Path(__file__).resolve().parents[2] / "docs" / "manifests.md"
BLOCK = re.compile(r"<!-- manifest: (?P<name>[\w.-]+) -->\n```\w+\n(?P<body>.*?)```", re.DOTALL)


def examples() -> dict[str, str]:
    return {m["name"]: m["body"] for m in BLOCK.finditer(PAGE.read_text())}


def test_the_page_has_its_examples() -> None:
    assert set(examples()) == {"research-desk.py", "research-desk.yaml", "research-desk.json", "trading.yaml"}


@pytest.mark.parametrize("name", sorted(examples()))
def test_every_example_resolves_without_diagnostics(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_text(examples()[name])
    resolution = resolve(path, env={})
    assert [str(d) for d in resolution.diagnostics] == []


def test_the_three_formats_give_the_same_tools(tmp_path: Path) -> None:
    registries = []
    for name in ("research-desk.py", "research-desk.yaml", "research-desk.json"):
        path = tmp_path / name
        path.write_text(examples()[name])
        registry = resolve(path, env={}).raise_for_errors()
        registries.append([t.to_mcp() for t in registry])
    assert registries[0] == registries[1] == registries[2]
    names = {t["name"] for t in registries[0]}
    assert "stock_quote" in names and not any(n.startswith("transcripts") for n in names)
