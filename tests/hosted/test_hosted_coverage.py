"""``data-hosted coverage`` against our own server on loopback: key from the environment only."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from data_hosted._cli import main
from data_hosted._coverage import diff, snapshot_of
from tests.hosted._support import KEY, SEGMENTS, SPEC_COUNTS

pytestmark = pytest.mark.slow


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in SEGMENTS.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("DATA_API_KEY", KEY)


@pytest.mark.usefixtures("env")
def test_it_writes_every_tool_its_slugs_local_coverage_and_plan_notes(
    hosted: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = tmp_path / "coverage.md"
    assert main(["coverage", "--url", hosted, "--output", str(table)]) == 0
    text = table.read_text()
    assert KEY not in text and KEY not in capsys.readouterr().err
    assert "28 tools, 252 endpoints" in text
    assert "first table" in text
    for tool, count in SPEC_COUNTS.items():
        assert re.search(rf"^\| `{tool}` \| {count} \|", text, re.MULTILINE), tool
    assert "| `quote` | `company.quote`, " in text or "`company.quote`" in text
    assert re.search(
        r"^\| `technicalIndicators` \| 9 \| .* \| Needs the Starter plan or higher\. \|$", text, re.MULTILINE
    )
    assert "| `ratingsco-search` | none (not in the local client) |" in text
    assert "| `financial-reports-form-10-k-xlsx` | `company.financial_reports_xlsx` (client only) |" in text
    snapshot = snapshot_of(text)
    assert snapshot is not None and {t: len(s) for t, s in snapshot.items()} == SPEC_COUNTS


@pytest.mark.usefixtures("env")
def test_a_second_run_says_what_changed_since_the_last_table(
    hosted: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = tmp_path / "coverage.md"
    assert main(["coverage", "--url", hosted, "--output", str(table)]) == 0
    assert main(["coverage", "--url", hosted, "--output", str(table)]) == 0
    assert "nothing: same tools and endpoints as the last table" in table.read_text()
    # Pretend the last table was taken before one tool and one slug existed, and had one since removed.
    text = table.read_text()
    old = snapshot_of(text)
    assert old is not None
    del old["ESG"]
    old["quote"].remove("quote-change")
    old["retiredTool"] = ["gone-1"]
    marker = "<!-- coverage-snapshot: "
    table.write_text(text.split(marker)[0] + marker + json.dumps({"tools": old}) + " -->\n")
    assert main(["coverage", "--url", hosted, "--output", str(table)]) == 0
    refreshed = table.read_text()
    assert "- tool added: `ESG`" in refreshed
    assert "- tool removed: `retiredTool`" in refreshed
    assert "- `quote`: endpoints added: `quote-change`" in refreshed
    assert "tool added: `ESG`" in capsys.readouterr().err


def test_the_diff_of_snapshots() -> None:
    changes = diff({"a": ["x", "y"], "b": ["z"]}, {"a": ["y", "w"], "c": ["v"]})
    assert changes.added_tools == ("c",) and changes.removed_tools == ("b",)
    assert dict(changes.added_slugs) == {"a": ("w",)} and dict(changes.removed_slugs) == {"a": ("x",)}


@pytest.mark.usefixtures("env")
def test_a_url_that_already_holds_a_key_is_refused(hosted: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coverage", "--url", f"{hosted}?apikey={KEY}"]) == 2
    err = capsys.readouterr().err
    assert "already contains apikey=" in err and "DATA_API_KEY" in err
    assert KEY not in err


def test_the_key_must_come_from_the_environment(
    hosted: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DATA_API_KEY", raising=False)
    assert main(["coverage", "--url", hosted]) == 2
    assert "DATA_API_KEY is not set" in capsys.readouterr().err


@pytest.mark.usefixtures("env")
def test_an_unreachable_server_is_a_clear_error_without_the_key(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coverage", "--url", "http://127.0.0.1:9/mcp", "--timeout", "5"]) == 2
    err = capsys.readouterr().err
    assert "tools/list failed" in err and KEY not in err
