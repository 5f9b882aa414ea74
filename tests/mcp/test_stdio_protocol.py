"""Raw stdio: stdout carries JSON-RPC and nothing else, and bad input never kills the server."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import pytest

from data_pkg.sandbox import running_sandbox
from tests.mcp._support import server_env

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def sandbox() -> Iterator[str]:
    with running_sandbox() as url:
        yield url


def _until_answered(stream: IO[str], ids: set[int]) -> Iterator[str]:
    waiting = set(ids)
    for line in stream:
        if line.strip():
            yield line
            waiting.discard(json.loads(line).get("id"))
            if not waiting:
                return


def request(id_: int, method: str, params: dict[str, object] | None = None) -> str:
    body: dict[str, object] = {"jsonrpc": "2.0", "id": id_, "method": method}
    if params is not None:
        body["params"] = params
    return json.dumps(body)


def test_stdout_is_only_json_rpc_even_at_debug_and_bad_input_is_survived(sandbox: str, tmp_path: Path) -> None:
    lines = [
        request(
            1,
            "initialize",
            {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}},
        ),
        json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        "this is not json",
        '{"jsonrpc": "2.0", "id": 99, "method": ',  # cut off mid-object
        json.dumps({"jsonrpc": "2.0", "id": 7}),  # neither request nor response
        request(2, "tools/list"),
        request(3, "tools/call", {"name": "quote", "arguments": {"symbol": "AAPL"}}),
        request(4, "tools/call", {"name": "quote", "arguments": {"symbol": ["not", "a", "string"]}}),
        request(5, "tools/call", {"name": "no_such_tool", "arguments": {}}),
        request(6, "tools/call", {"name": "quote", "arguments": "not an object"}),
        request(8, "no/such/method"),
        request(9, "tools/list"),
    ]
    env = server_env(sandbox, DATA_LOG_LEVEL="DEBUG")
    with (tmp_path / "err.log").open("w") as errlog:
        server = subprocess.Popen(
            [sys.executable, "-m", "data_pkg.mcp"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errlog,
            env=env,
            text=True,
        )
        assert server.stdin is not None and server.stdout is not None
        server.stdin.write("\n".join(lines) + "\n")
        server.stdin.flush()
        out: list[str] = []
        # Keep stdin open until every request is answered (they run concurrently): EOF means the client left.
        reader = threading.Thread(
            target=lambda: out.extend(_until_answered(server.stdout, {1, 2, 3, 4, 5, 6, 8, 9})), daemon=True
        )
        reader.start()
        reader.join(timeout=60)
        server.stdin.close()
        returncode = server.wait(timeout=30)
        server.stdout.close()
    messages = [json.loads(line) for line in out]  # every stdout line is JSON
    assert all(m.get("jsonrpc") == "2.0" for m in messages)
    by_id = {m.get("id"): m for m in messages if "id" in m}
    assert by_id[1]["result"]["serverInfo"]["name"] == "data-pkg"
    assert by_id[2]["result"]["tools"] and by_id[9]["result"]["tools"] == by_id[2]["result"]["tools"]
    assert by_id[3]["result"]["isError"] is False
    assert by_id[4]["result"]["isError"] is True or "error" in by_id[4]
    assert by_id[5]["result"]["isError"] is True
    assert "error" in by_id[6] or by_id[6]["result"]["isError"] is True
    assert "error" in by_id[8]
    assert returncode == 0
    assert "DEBUG" in (tmp_path / "err.log").read_text()  # logs went to stderr
