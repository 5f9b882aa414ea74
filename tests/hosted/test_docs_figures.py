"""The figures docs/local-vs-hosted.md states about both servers are the code's."""

from __future__ import annotations

import re
from pathlib import Path

from data_hosted import build_toolset
from data_pkg.toolsets import resolve

PAGE = Path(__file__).resolve().parents[2] / "docs" / "local-vs-hosted.md"


def test_the_hosted_tool_count_is_the_catalogs() -> None:
    segments = {"provider": "p", "ratings_addon": "r"}
    stated = {int(n) for n in re.findall(r"(\d+) dataset tools", PAGE.read_text())}
    assert stated == {len(build_toolset(segments).tools)}


def test_the_default_set_is_what_the_page_says() -> None:
    (tools, tokens) = re.findall(r"the default set is (\d+) tools, about (\d+)K tokens", PAGE.read_text())[0]
    registry = resolve(None, env={}).raise_for_errors()
    assert len(registry) == int(tools)
    assert int(tokens) == round(registry.estimated_tokens() / 1000)
