"""data-hosted serves on uvloop and httptools where they are installed, and on asyncio and h11 where not.

The ``hosted`` extra brings both (``uvicorn[standard]``) wherever they build; without them the server
must work all the same. Each test starts the real ``data-hosted serve`` process, checks what it says it
runs on against the shared libraries the process has actually loaded (``/proc/PID/maps``), and makes
a session and a tool call through it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import httpx2
import pytest

from tests.hosted._support import TIMEOUT, call_tool, open_session, result_text, server_env, server_process

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/PID/maps"),
]


def loaded(pid: int, name: str) -> bool:
    """Whether process ``pid`` has a shared library of package ``name`` mapped."""
    return any(f"/{name}/" in line for line in Path(f"/proc/{pid}/maps").read_text().splitlines())


def serves_a_call(url: str) -> None:
    with httpx2.Client(timeout=TIMEOUT) as http:
        session = open_session(http, url)
        answer = call_tool(http, url, session, "quote", {"endpoint": "quote", "symbol": "AAPL"})
    assert "error" not in answer and not answer["result"].get("isError"), answer
    assert "AAPL" in result_text(answer)


def test_where_uvloop_and_httptools_are_installed_the_server_runs_on_them(sandbox: str) -> None:
    pytest.importorskip("uvloop")
    pytest.importorskip("httptools")
    with server_process(server_env(sandbox)) as server:
        serves_a_call(server.url)
        assert loaded(server.proc.pid, "uvloop") and loaded(server.proc.pid, "httptools")
        said = next(line for line in server.lines if "serving" in line)
    assert "uvloop + httptools" in said


def test_without_them_the_server_falls_back_to_asyncio_and_h11(sandbox: str, tmp_path: Path) -> None:
    # Modules first on the path that refuse to import: as if neither package were installed.
    for name in ("uvloop", "httptools"):
        (tmp_path / f"{name}.py").write_text(f"raise ImportError('{name} is hidden by the test')\n")
    with server_process(server_env(sandbox, PYTHONPATH=str(tmp_path))) as server:
        serves_a_call(server.url)
        assert not loaded(server.proc.pid, "uvloop") and not loaded(server.proc.pid, "httptools")
        said = next(line for line in server.lines if "serving" in line)
    assert "asyncio + h11" in said
