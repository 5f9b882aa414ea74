"""The MCP Inspector CLI lists the 28 tools and calls one over HTTP (skipped, with the reason, without Node)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.hosted._support import KEY, SPEC_COUNTS, with_key

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / ".ci" / "node" / "node_modules" / ".bin"
INSPECTOR_TIMEOUT = 120


def _inspector() -> Path:
    inspector, node = BIN / "mcp-inspector", BIN / "node"
    if not inspector.exists():
        pytest.skip(f"the MCP Inspector CLI is not installed at {inspector} (scripts/install-inspector.sh)")
    node_path = node if node.exists() else shutil.which("node")
    if node_path is None:
        pytest.skip("Node is not installed")
    version = subprocess.run([str(node_path), "--version"], capture_output=True, text=True, timeout=30).stdout
    if int(version.strip().lstrip("v").split(".")[0] or 0) < 22:
        pytest.skip(f"the Inspector needs Node 22 or newer, found {version.strip()}")
    return inspector


def _run(url: str, tmp_path: Path, *args: str) -> dict[str, object]:
    inspector = _inspector()
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", "HOME": str(tmp_path)}
    env["MCP_CATALOG_PATH"] = str(tmp_path / "catalog.json")  # never the user's own catalog
    done = subprocess.run(
        [str(inspector), "--cli", "--transport", "http", "--server-url", with_key(url), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=INSPECTOR_TIMEOUT,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_the_inspector_lists_28_tools_and_calls_one_over_http(hosted: str, tmp_path: Path) -> None:
    listed = _run(hosted, tmp_path, "--method", "tools/list", "--strict", "--format", "json")
    assert "schemaFindings" not in listed  # --strict's portability lint: no error and no warning
    result = listed["result"]
    assert isinstance(result, dict)
    tools = result["tools"]
    assert isinstance(tools, list)
    assert {t["name"]: len(t["inputSchema"]["properties"]["endpoint"]["enum"]) for t in tools} == SPEC_COUNTS
    called = _run(
        hosted,
        tmp_path,
        "--method",
        "tools/call",
        "--tool-name",
        "quote",
        "--tool-arg",
        "endpoint=quote",
        "--tool-arg",
        "symbol=AAPL",
    )
    assert called["isError"] is False
    content = called["content"]
    assert isinstance(content, list)
    assert json.loads(content[0]["text"])[0]["symbol"] == "AAPL"
    assert KEY not in json.dumps(called)
