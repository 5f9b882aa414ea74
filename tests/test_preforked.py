"""A preforked start (tests/preforked.py) behaves as a fresh interpreter: same answers, streams, exit codes, signals."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from data_pkg.sandbox import running_sandbox
from tests import preforked
from tests.mcp._support import connect, server_env, text

pytestmark = [pytest.mark.slow]

DATA_MCP = str(Path(sys.executable).parent / "data-mcp")
BROKEN = "tools: [company.quote, company.nothing_like_it]\n"
INITIALIZE = (
    b'{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18",'
    b' "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}}\n'
)


@pytest.fixture(scope="module")
def sandbox() -> Iterator[str]:
    with running_sandbox() as url:
        yield url


@pytest.fixture(params=["preforked", "fresh"])
def start(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each test runs twice: through the preforked interpreter, and as a fresh one (DEV_PREFORK=0)."""
    if request.param == "fresh":
        monkeypatch.setenv("DEV_PREFORK", "0")
    return str(request.param)


def test_a_start_is_preforked_only_where_nothing_read_at_start_up_differs() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    launched = preforked.argv([sys.executable, "-m", "data_pkg.mcp"], env)
    assert launched[:4] == [sys.executable, "-I", "-S", str(preforked.LAUNCHER)] and launched[-2:] == [
        "-m",
        "data_pkg.mcp",
    ]
    assert preforked.argv([DATA_MCP, "lint", "x.yaml"], env)[-3:] == [DATA_MCP, "lint", "x.yaml"]
    for fresh in (
        [sys.executable, "-m", "data_pkg.mcp"],  # a PYTHONPATH can shadow what the preforked interpreter imported
        [sys.executable, "-c", "print(1)"],
        [sys.executable, "-m", "data_pkg.sandbox"],
        ["data-mcp", "lint"],  # not the entry point beside this interpreter
    ):
        shadowing = env | {"PYTHONPATH": "/tmp/elsewhere"} if fresh[1:] == ["-m", "data_pkg.mcp"] else env
        assert preforked.argv(fresh, shadowing) == fresh


@pytest.mark.anyio
async def test_a_server_session_answers_the_same(start: str, sandbox: str, tmp_path: Path) -> None:
    manifest = tmp_path / "desk.yaml"
    manifest.write_text("tools: [company.quote]\n")
    log = tmp_path / "err.log"
    async with connect(server_env(sandbox, DATA_MCP_MANIFEST=str(manifest)), log) as client:
        assert [tool.name for tool in (await client.list_tools()).tools] == ["quote"]
        answer = await client.call_tool("quote", {"symbol": "AAPL"})
        assert not answer.is_error and '"symbol":"AAPL"' in text(answer).replace(" ", ""), text(answer)
    assert "serving 1 tools" in log.read_text()


def test_the_command_line_prints_and_exits_the_same(start: str, tmp_path: Path) -> None:
    (tmp_path / "desk.yaml").write_text(BROKEN)
    env = {k: v for k, v in os.environ.items() if not k.startswith("DATA_")}
    done = subprocess.run(
        preforked.argv([DATA_MCP, "lint", "desk.yaml"], env),
        cwd=tmp_path,  # the relative path is found from the test's working directory, not the preforked one's
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert done.stdout.startswith("desk.yaml:1:24: DM201 error: unknown tool 'company.nothing_like_it'"), done.stdout
    assert done.stderr == ""


@pytest.mark.parametrize(("umask", "mode"), [(0o077, 0o600), (0o022, 0o644)])
def test_a_file_the_start_writes_gets_its_umask(start: str, umask: int, mode: int, tmp_path: Path) -> None:
    (tmp_path / "desk.yaml").write_text("tools: [company.quote]\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("DATA_")}
    old = os.umask(umask)
    try:
        done = subprocess.run(
            preforked.argv([DATA_MCP, "lock", "desk.yaml"], env),
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    finally:
        os.umask(old)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "desk.lock.json").stat().st_mode & 0o777 == mode


@contextmanager
def _serving(env: dict[str, str]) -> Iterator[subprocess.Popen[bytes]]:
    """A server with its stdin open (so it serves on), once it has said it is serving."""
    command = preforked.argv([sys.executable, "-m", "data_pkg.mcp"], env)
    pipe = subprocess.PIPE
    with subprocess.Popen(command, env=env, stdin=pipe, stdout=pipe, stderr=pipe) as server:
        assert server.stderr is not None
        heard = b""
        while b"serving" not in heard:
            line = server.stderr.readline()
            assert line, f"the server ended before serving: {heard!r}"
            heard += line
        yield server


def test_ctrl_c_ends_a_serving_server_with_130(start: str) -> None:
    # As at a terminal, even when this test runs in the background (which starts it with Ctrl-C ignored).
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with _serving(server_env(None)) as server:
            assert server.stdin is not None and server.stdout is not None
            server.stdin.write(INITIALIZE)
            server.stdin.flush()
            assert b'"result"' in server.stdout.readline()  # answered: main() is serving, where it catches Ctrl-C
            server.send_signal(signal.SIGINT)
            # 130 is main()'s own exit: the child got the signal (a launcher that did not forward it dies by it).
            assert server.wait(timeout=30) == 130
            assert server.stderr is not None and b"Traceback" not in server.stderr.read()  # 3.10 printed one
    finally:
        signal.signal(signal.SIGINT, previous)


def test_a_signal_the_server_does_not_handle_kills_it_as_it_kills_a_fresh_one(start: str) -> None:
    with _serving(server_env(None)) as server:
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=30) == -signal.SIGTERM


def test_killed_outright_the_start_takes_the_server_with_it(start: str) -> None:
    with _serving(server_env(None)) as server:
        assert server.stdout is not None
        server.kill()
        server.wait(timeout=30)
        # The server's stdout closes when the server has ended (the launcher holds no copy of it).
        ready, _, _ = select.select([server.stdout], [], [], 30)
        assert ready and server.stdout.read() == b""
