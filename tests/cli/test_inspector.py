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


def generated_config(tmp_path: Path, base_url: str) -> Path:
    assert COMMAND
    env = {k: v for k, v in os.environ.items() if not k.startswith("DATA_")}
    env |= {"DATA_API_KEY": "demo", "DATA_BASE_URL": base_url}
    printed = subprocess.run(
        [COMMAND, "config", "print", "--manifest", "analyst", "--with-key"],
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
