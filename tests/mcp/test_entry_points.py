"""The data-mcp command: bare and `serve` start the stdio server; the rest answer plainly."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from data_pkg import __version__
from tests.mcp._support import server_env

INITIALIZE = json.dumps(
    {"jsonrpc": "2.0", "id": 1, "method": "initialize",
     "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}}
)  # fmt: skip

COMMAND = shutil.which("data-mcp", path=str(Path(sys.executable).parent))


@pytest.mark.slow
@pytest.mark.parametrize("args", [[], ["serve"]])
def test_bare_and_serve_answer_initialize(args: list[str]) -> None:
    assert COMMAND, "data-mcp is installed beside this interpreter"
    done = subprocess.run(
        [COMMAND, *args],
        input=INITIALIZE + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        env=server_env(None),
        check=False,
    )
    reply = json.loads(done.stdout.splitlines()[0])
    assert reply["result"]["serverInfo"] == {"name": "data-pkg", "title": "Market data (local)", "version": __version__}


def test_version_and_help_and_unknown_commands() -> None:
    assert COMMAND
    version = subprocess.run([COMMAND, "--version"], capture_output=True, text=True, timeout=60, check=True)
    assert version.stdout.strip() == f"data-mcp {__version__}"
    helped = subprocess.run([COMMAND, "--help"], capture_output=True, text=True, timeout=60, check=True)
    assert "serve" in helped.stdout
    unknown = subprocess.run([COMMAND, "frobnicate"], capture_output=True, text=True, timeout=60, check=False)
    assert unknown.returncode == 2
    assert "No such command 'frobnicate'" in unknown.stderr
