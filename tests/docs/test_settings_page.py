"""docs/settings.md lists every DATA_* variable data-pkg reads, and only those, each with a link to where it is explained."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "settings.md"
ROW = re.compile(r"^\| `(DATA_[A-Z0-9_]+)` \| [^|]+ \| (.+) \|$", re.MULTILINE)


def read_by_the_code() -> set[str]:
    code = "".join(path.read_text() for path in (ROOT / "src").rglob("*.py"))
    # Prefixes the code builds names from are not variables themselves.
    return {v for v in re.findall(r"\"(DATA_[A-Z0-9_]+)", code) if not v.endswith("_")}


def sandbox_variables() -> set[str]:
    """The sandbox builds its variables from its options; docs/sandbox.md lists each (tests/sandbox checks it)."""
    return set(
        re.findall(
            r"^\| `--[a-z0-9-]+ [^`]+` \| `(DATA_SANDBOX_[A-Z0-9_]+)`",
            (ROOT / "docs" / "sandbox.md").read_text(),
            flags=re.MULTILINE,
        )
    )


def test_every_variable_is_listed_once_and_no_other() -> None:
    listed = [name for name, _ in ROW.findall(PAGE.read_text())]
    assert len(listed) == len(set(listed))
    assert len(sandbox_variables()) > 5
    assert set(listed) == read_by_the_code() | sandbox_variables()


def test_every_row_links_to_where_the_variable_is_explained() -> None:
    for name, where in ROW.findall(PAGE.read_text()):
        targets = re.findall(r"\]\(([\w-]+\.md)(?:#[\w-]+)?\)", where)
        assert targets, name
        assert any(name in (ROOT / "docs" / target).read_text() for target in targets), name
