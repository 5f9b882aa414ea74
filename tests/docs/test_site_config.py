"""The site's configuration and the pages agree: one repository URL, and every page in the nav."""

from __future__ import annotations

from pathlib import Path

import yaml

from tests.support import code_blocks

ROOT = Path(__file__).resolve().parents[2]
CONFIG = yaml.safe_load((ROOT / "mkdocs.yml").read_text())


def _nav_pages(entries: list[dict[str, object]]) -> list[str]:
    pages: list[str] = []
    for entry in entries:
        for value in entry.values():
            pages += _nav_pages(value) if isinstance(value, list) else [str(value)]
    return pages


def test_the_pre_commit_snippet_names_the_repository_the_site_links_to() -> None:
    (snippet,) = [b for b in code_blocks(ROOT / "docs" / "teams.md", "yaml") if "# .pre-commit-config.yaml" in b]
    (repository,) = yaml.safe_load(snippet)["repos"]
    assert repository["repo"] == CONFIG["repo_url"]


def test_the_nav_has_its_four_parts_in_reading_order_and_every_page() -> None:
    assert [next(iter(section)) for section in CONFIG["nav"]] == ["Get started", "How-to", "Concepts", "Reference"]
    pages = _nav_pages(CONFIG["nav"])
    assert pages[0] == "index.md" and pages[1] == "share.md"  # the team how-to comes right after getting started
    assert sorted(pages) == sorted(p.name for p in (ROOT / "docs").glob("*.md"))
