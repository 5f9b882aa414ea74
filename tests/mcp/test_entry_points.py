"""The data-mcp command: bare and `serve` start the stdio server; the rest answer plainly."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
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


@pytest.mark.slow
def test_bare_data_mcp_in_a_terminal_says_it_waits_for_an_mcp_client(tmp_path: Path) -> None:
    # Before, a person who typed data-mcp saw three log lines and a silent wait.
    controller, terminal = os.openpty()
    log = tmp_path / "err.log"
    with log.open("w") as stderr:
        process = subprocess.Popen([COMMAND or "data-mcp"], stdin=terminal, stdout=subprocess.DEVNULL, stderr=stderr,
                                   env=server_env(None))  # fmt: skip
    os.close(terminal)
    try:
        deadline = time.monotonic() + 60
        while "waiting for an MCP client" not in log.read_text() and time.monotonic() < deadline:
            assert process.poll() is None, log.read_text()
            time.sleep(0.05)
        said = log.read_text()
    finally:
        process.terminate()
        process.wait(timeout=30)
        os.close(controller)
    assert "data-mcp is waiting for an MCP client on stdin" in said and "`data-mcp demo`" in said


@pytest.mark.slow
def test_a_pipe_is_not_told_anything_about_terminals() -> None:
    done = subprocess.run([COMMAND or "data-mcp"], input="", capture_output=True, text=True, timeout=60,
                          env=server_env(None), check=False)  # fmt: skip
    assert "waiting for an MCP client" not in done.stderr
