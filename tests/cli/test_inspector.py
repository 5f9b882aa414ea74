"""A real MCP client, the MCP Inspector CLI, starts the server from a config data-mcp generated."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from data_pkg.sandbox import running_sandbox

ROOT = Path(__file__).resolve().parents[2]
NODE_BIN = ROOT / ".ci" / "node" / "node_modules" / ".bin"
INSPECTOR = NODE_BIN / "mcp-inspector"
COMMAND = shutil.which("data-mcp", path=str(Path(sys.executable).parent))

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not (INSPECTOR.exists() and (NODE_BIN / "node").exists()),
        reason="MCP Inspector CLI not installed: run scripts/install-inspector.sh (needs npm; .ci/run does it)",
    ),
]


@pytest.fixture(scope="module")
def sandbox() -> Iterator[str]:
    with running_sandbox() as url:
        yield url


def inspector(config: Path, *method: str) -> dict[str, object]:
    env = {
        **os.environ,
        "PATH": f"{NODE_BIN}{os.pathsep}{os.environ.get('PATH', '')}",
        "MCP_INSPECTOR_SECRET_STORE": "memory",
    }
    done = subprocess.run(
        [str(INSPECTOR), "--cli", "--config", str(config), "--server", "market-data", *method],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, object] = json.loads(done.stdout)
    return result


def generated_config(tmp_path: Path, base_url: str, manifest: str = "analyst") -> Path:
    assert COMMAND
    env = {k: v for k, v in os.environ.items() if not k.startswith("DATA_")}
    env |= {"DATA_API_KEY": "demo", "DATA_BASE_URL": base_url}
    printed = subprocess.run(
        [COMMAND, "config", "print", "--manifest", manifest, "--with-key"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=True,
    ).stdout
    config = tmp_path / "acme_desktop_config.json"
    config.write_text(printed)
    return config


def test_the_inspector_lists_tools_from_a_generated_config(sandbox: str, tmp_path: Path) -> None:
    listed = inspector(generated_config(tmp_path, sandbox), "--method", "tools/list")
    tools = listed["tools"]
    assert isinstance(tools, list)
    names = {tool["name"] for tool in tools}
    assert {"quote", "income_statement", "discounted_cash_flow"} <= names
    assert all(tool["annotations"]["readOnlyHint"] is True for tool in tools)


def test_the_inspector_calls_a_tool_through_the_generated_config(sandbox: str, tmp_path: Path) -> None:
    called = inspector(
        generated_config(tmp_path, sandbox),
        "--method",
        "tools/call",
        "--tool-name",
        "quote",
        "--tool-arg",
        "symbol=MSFT",
    )
    content = called["content"]
    assert isinstance(content, list)
    assert json.loads(content[0]["text"])["symbol"] == "MSFT"
    assert called.get("isError") in (None, False)


def test_the_inspector_accepts_structured_content_with_its_formats(sandbox: str, tmp_path: Path) -> None:
    # A second opinion on output schemas: the Inspector checks structuredContent with ajv, formats included.
    manifest = tmp_path / "structured.yaml"
    manifest.write_text("tools: [company.historical_prices, company.intraday_prices]\noutput_schemas: true\n")
    config = generated_config(tmp_path, sandbox, str(manifest))
    calls = {
        "historical_prices": ["symbol=AAPL", "from_date=2026-11-02"],  # dates
        "intraday_prices": ["interval=5min", "symbol=AAPL", "from_date=2026-07-01", "to_date=2026-07-01"],  # times
    }
    for tool, arguments in calls.items():
        flags = [part for argument in arguments for part in ("--tool-arg", argument)]
        called = inspector(config, "--method", "tools/call", "--tool-name", tool, *flags)
        assert called.get("isError") in (None, False), called
        structured = called["structuredContent"]
        assert isinstance(structured, dict) and structured["result"], tool
