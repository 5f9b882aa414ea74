"""The code table of docs/desktop.md is generated from data_pkg.desktop.CODES and current."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from data_pkg.desktop import CODES, validate_config

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "config_codes_doc.py"
PAGE = ROOT / "docs" / "desktop.md"


def _doc(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=60, check=False)


def test_the_code_table_is_up_to_date() -> None:
    done = _doc("--check")
    assert done.returncode == 0, done.stderr


def test_a_stale_table_fails_the_check_and_writing_repairs_it(tmp_path: Path) -> None:
    page = tmp_path / "desktop.md"
    page.write_text(PAGE.read_text(encoding="utf-8").replace("| DC212 | `unbuffered` | warning |", "| DC212 | x |"))
    done = _doc("--check", "--page", str(page))
    assert done.returncode == 1 and "is stale: run python scripts/config_codes_doc.py" in done.stderr
    assert _doc("--page", str(page)).returncode == 0
    assert page.read_text(encoding="utf-8") == PAGE.read_text(encoding="utf-8")


def test_a_page_without_the_markers_is_refused(tmp_path: Path) -> None:
    page = tmp_path / "desktop.md"
    page.write_text("# Desktop\n")
    done = _doc("--check", "--page", str(page))
    assert done.returncode == 1 and "no generated code table" in done.stderr


def test_every_code_has_a_row_with_its_rule_and_severity() -> None:
    rows = re.findall(r"^\| (DC\d{3}) \| `([a-z-]+)` \| (error|warning) \|", PAGE.read_text(encoding="utf-8"), re.M)
    assert rows == [(r.code, r.slug, r.severity) for r in CODES.values()]


def test_findings_take_their_severity_from_the_rule_unless_the_case_says_otherwise() -> None:
    text = '{"mcpServers": {"market-data": {"command": "python3", "args": ["-m", "data_pkg.mcp"], "env": {}}}}'
    findings = validate_config(text, which=lambda name: f"/usr/bin/{name}").findings
    by_code = {f.code: f.severity for f in findings}
    assert by_code["DC214"] == CODES["DC214"].severity == "warning"
    assert by_code["DC212"] == CODES["DC212"].severity == "warning"
    assert by_code["DC301"] == CODES["DC301"].severity == "error"
