"""``data-mcp serve --http``: the real command as a subprocess, spoken to by the SDK's Streamable HTTP client.

The same application as over stdio (tools, budgets, hot reload to both protocol eras), behind the checks a
local HTTP server needs: a browser page from elsewhere is refused (Origin, Host), a token when one is set,
and no address other machines reach without saying so.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import sys
from collections.abc import AsyncIterator, Iterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import anyio
import httpx2
import pytest
from anyio.abc import Process
from anyio.streams.buffered import BufferedByteReceiveStream
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from data_pkg.cli import main as data_mcp
from data_pkg.sandbox import Quota, SandboxConfig, running_sandbox
from tests.mcp._support import TIMEOUT, Notifications, server_env, text

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

KEY = "http-mode-key-5d1f0c"
"""An upstream key no log line may show."""
TOKEN = "tok-3b9e2a7c41d84f06a5e1"
"""The bearer token, when a test sets one: no log line may show it either."""
STARTUP = 60.0
"""Seconds the command may take to say where it listens (importing the SDK on a busy machine is slow)."""
URL_LINE = re.compile(rb"data-mcp: serving MCP at (http://\S+/mcp) ")

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "probe", "version": "1"}},
}
MCP_HEADERS = {"content-type": "application/json", "accept": "application/json, text/event-stream"}


@pytest.fixture(scope="module")
def sandbox() -> Iterator[str]:
    config = SandboxConfig(extra_keys={KEY: "ultimate"}, quotas={KEY: Quota(10**6, 60)})
    with running_sandbox(config) as url:
        yield url


def environment(sandbox: str, manifest: Path, **extra: str) -> dict[str, str]:
    return server_env(sandbox, DATA_API_KEY=KEY, DATA_MCP_MANIFEST=str(manifest), **extra)


def write(path: Path, body: str) -> None:
    """Save as editors do: a temporary file renamed over the manifest."""
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(body)
    os.replace(temporary, path)


@dataclass
class Served:
    """A running ``data-mcp serve --http``: its URL, and all it wrote so far."""

    url: str
    process: Process
    stderr: bytearray = field(default_factory=bytearray)
    stdout: bytearray = field(default_factory=bytearray)

    @property
    def log(self) -> str:
        return self.stderr.decode(errors="replace")


# Starts the command with SIGINT ignored, as a shell starts a command it runs in the background (`cmd &`):
# Python keeps it ignored, and uvicorn handles it anyway.
SIGINT_IGNORED = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_IGN); os.execv(sys.argv[1], sys.argv[1:])"
)


@asynccontextmanager
async def served(env: Mapping[str, str], *args: str, sigint_ignored: bool = False) -> AsyncIterator[Served]:
    """Start the command, read the URL it logs, keep reading both outputs; stop it (SIGINT) at the end."""
    command = [sys.executable, "-m", "data_pkg.cli", "serve", "--http", "--port", "0", *args]
    if sigint_ignored:
        command = [sys.executable, "-c", SIGINT_IGNORED, *command]
    async with await anyio.open_process(command, env=dict(env), stdin=None) as process:
        assert process.stderr is not None and process.stdout is not None
        errors = BufferedByteReceiveStream(process.stderr)
        head = bytearray()
        with anyio.fail_after(STARTUP):
            while (found := URL_LINE.search(head)) is None:
                try:
                    head += await errors.receive_until(b"\n", 1 << 20) + b"\n"
                except anyio.EndOfStream:
                    pytest.fail(f"the server ended before listening:\n{head.decode(errors='replace')}")
        server = Served(found.group(1).decode(), process, head)

        async def drain(stream: anyio.abc.ByteReceiveStream, into: bytearray) -> None:
            async for chunk in stream:
                into += chunk

        async with anyio.create_task_group() as tasks:
            tasks.start_soon(drain, errors, server.stderr)
            tasks.start_soon(drain, process.stdout, server.stdout)
            try:
                yield server
            finally:
                if process.returncode is None:
                    process.send_signal(signal.SIGINT)
                with anyio.fail_after(TIMEOUT):
                    await process.wait()


@asynccontextmanager
async def client(
    url: str, *, mode: str = "legacy", token: str | None = None, heard: Notifications | None = None
) -> AsyncIterator[Client]:
    """The SDK's client over Streamable HTTP, sending ``token`` as a bearer token when given."""
    headers = {"Authorization": f"Bearer {token}"} if token else None
    async with create_mcp_http_client(headers=headers) as http:
        transport = streamable_http_client(url, http_client=http)
        async with Client(transport, mode=mode, read_timeout_seconds=TIMEOUT, message_handler=heard) as connected:
            yield connected


async def post(url: str, **headers: str) -> httpx2.Response:
    """One initialize request, as a script or a web page would send it."""
    async with httpx2.AsyncClient(timeout=TIMEOUT) as http:
        return await http.post(url, json=INITIALIZE, headers=MCP_HEADERS | headers)


async def names(connected: Client) -> set[str]:
    return {tool.name for tool in (await connected.list_tools()).tools}


async def test_tools_budgets_and_a_reload_reach_a_client_over_http(sandbox: str, tmp_path: Path) -> None:
    manifest = tmp_path / "desk.yaml"
    write(manifest, "tools: [company.quote, company.historical_prices]\nmax_answer_tokens: 1500\n")
    heard = Notifications()
    env = environment(sandbox, manifest, DATA_LOG_LEVEL="DEBUG")
    async with served(env) as server, client(server.url, heard=heard) as connected:
        assert connected.protocol_version == "2025-11-25"
        assert await names(connected) == {"quote", "historical_prices"}
        quote = await connected.call_tool("quote", {"symbol": "AAPL"})
        assert not quote.is_error and '"symbol":"AAPL"' in text(quote)
        history = await connected.call_tool("historical_prices", {"symbol": "AAPL"})
        assert not history.is_error
        assert re.search(r"Rows 1-[\d,]+ of [\d,]+ shown .*to fit 1,500 tokens", history.content[-1].text)  # type: ignore[union-attr]
        write(manifest, "tools: [company.quote, company.profile]\n")
        await heard.wait(TIMEOUT)
        assert await names(connected) == {"quote", "profile"}
    assert "manifest reloaded: +1 added (profile); -1 removed (historical_prices)" in server.log
    assert server.stdout == b""  # HTTP mode writes nothing to stdout: its logs go to stderr
    assert KEY not in server.log  # DEBUG logs every upstream request: the key is masked in each


async def test_a_2026_client_hears_a_reload_on_its_listen_stream(sandbox: str, tmp_path: Path) -> None:
    manifest = tmp_path / "desk.yaml"
    write(manifest, "tools: [company.quote]\n")
    async with served(environment(sandbox, manifest)) as server, client(server.url, mode="auto") as connected:
        assert connected.protocol_version >= "2026-07-28"
        assert await names(connected) == {"quote"}
        async with connected.listen(tools_list_changed=True) as subscription:
            write(manifest, "tools: [company.quote, company.market_cap]\n")
            with anyio.fail_after(TIMEOUT):
                async for _event in subscription:
                    break
        assert await names(connected) == {"quote", "market_cap"}


async def test_a_web_page_from_elsewhere_is_refused_and_a_script_is_not(sandbox: str, tmp_path: Path) -> None:
    manifest = tmp_path / "desk.yaml"
    write(manifest, "tools: [company.quote]\n")
    async with served(environment(sandbox, manifest), "--allow-origin", "https://desk.example") as server:
        rebound = await post(server.url, origin="http://attacker.example")
        assert rebound.status_code == 403
        assert "Origin 'http://attacker.example' is not allowed" in rebound.json()["error"]["message"]
        assert (await post(server.url, origin="null")).status_code == 403
        renamed = await post(server.url, host="attacker.example")
        assert renamed.status_code == 421 and "--allow-host" in renamed.json()["error"]["message"]
        assert (await post(server.url)).status_code == 200  # no Origin: not a browser
        assert (await post(server.url, origin="http://localhost:5173")).status_code == 200
        assert (await post(server.url, origin="https://desk.example")).status_code == 200
        assert (await post(server.url, host="localhost")).status_code == 200
    assert "refused a request from the web page at 'http://attacker.example'" in server.log


async def test_with_a_token_set_only_requests_that_carry_it_are_served(sandbox: str, tmp_path: Path) -> None:
    manifest = tmp_path / "desk.yaml"
    write(manifest, "tools: [company.quote]\n")
    env = environment(sandbox, manifest, DATA_MCP_HTTP_TOKEN=TOKEN, DATA_LOG_LEVEL="DEBUG")
    async with served(env) as server:
        missing = await post(server.url)
        assert missing.status_code == 401 and missing.headers["www-authenticate"].startswith("Bearer")
        assert "Authorization: Bearer <token>" in missing.json()["error"]["message"]
        wrong = await post(server.url, authorization=f"Bearer {TOKEN[:-1]}x")
        assert wrong.status_code == 401 and "does not match" in wrong.json()["error"]["message"]
        assert (await post(server.url, authorization=f"Basic {TOKEN}")).status_code == 401
        async with client(server.url, token=TOKEN) as connected:
            result = await connected.call_tool("quote", {"symbol": "MSFT"})
            assert not result.is_error
    assert "(with a bearer token)" in server.log
    assert TOKEN not in server.log and KEY not in server.log
    assert server.stdout == b""


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """What ``data-mcp serve --http ARGS`` says when it refuses to start (exit status 2), nothing listening."""
    assert data_mcp(["serve", "--http", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    return captured.err


def test_another_interface_needs_the_flag_and_a_token(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DATA_MCP_HTTP_TOKEN", raising=False)
    said = refused(capsys, "--host", "0.0.0.0", "--port", "0")
    assert "--host 0.0.0.0 is not a loopback address" in said and "pass --allow-remote" in said
    said = refused(capsys, "--host", "0.0.0.0", "--port", "0", "--allow-remote")
    assert "--allow-remote needs DATA_MCP_HTTP_TOKEN" in said and "secrets.token_urlsafe" in said
    monkeypatch.setenv("DATA_MCP_HTTP_TOKEN", "short")
    said = refused(capsys, "--host", "0.0.0.0", "--port", "0", "--allow-remote")
    assert "DATA_MCP_HTTP_TOKEN is 5 characters long; use at least 16" in said and "short" not in said
    monkeypatch.setenv("DATA_MCP_HTTP_TOKEN", "sixteen chars or more, but spaced")
    said = refused(capsys, "--port", "0")
    assert "DATA_MCP_HTTP_TOKEN may hold only letters" in said and "spaced" not in said


def test_a_port_in_use_and_a_bad_address_say_what_to_do(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATA_MCP_HTTP_TOKEN", TOKEN)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        said = refused(capsys, "--port", str(port))
    assert f"cannot listen on 127.0.0.1:{port}: " in said and "pass another --port, 0 for any free one" in said
    said = refused(capsys, "--host", "203.0.113.7", "--port", "0", "--allow-remote")
    assert "cannot listen on 203.0.113.7:0: " in said  # not an address of this machine
    assert "Traceback" not in said and TOKEN not in said
    assert "--port must be between 0 and 65535, got 70000" in refused(capsys, "--port", "70000")


def test_listening_options_without_http_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert data_mcp(["serve", "--port", "0", "--allow-remote"]) == 2
    assert "--port, --allow-remote: add --http" in capsys.readouterr().err


async def test_a_session_that_ended_is_not_told_of_a_reload(sandbox: str, tmp_path: Path) -> None:
    manifest = tmp_path / "desk.yaml"
    write(manifest, "tools: [company.quote]\n")
    heard = Notifications()
    async with served(environment(sandbox, manifest, DATA_LOG_LEVEL="DEBUG")) as server:
        for _ in range(3):  # sessions that come and go, as an agent framework's do
            async with client(server.url) as passing:
                assert await names(passing) == {"quote"}
        async with client(server.url, heard=heard) as staying:
            write(manifest, "tools: [company.quote, company.profile]\n")
            await heard.wait(TIMEOUT)
            assert await names(staying) == {"quote", "profile"}
    assert "telling 1 handshake-era sessions that the tools changed" in server.log  # the ended ones are forgotten


@pytest.mark.parametrize("sigint_ignored", [False, True], ids=["foreground", "started-with-sigint-ignored"])
async def test_stopping_with_clients_connected_ends_their_streams_quietly(
    sandbox: str, tmp_path: Path, sigint_ignored: bool
) -> None:
    # Started with SIGINT ignored (as a test run started in the background starts it), the server used to exit 0.
    manifest = tmp_path / "desk.yaml"
    write(manifest, "tools: [company.quote]\n")
    async with (
        served(environment(sandbox, manifest), sigint_ignored=sigint_ignored) as server,
        client(server.url) as legacy,
        client(server.url, mode="auto") as modern,
    ):
        assert await names(legacy) == await names(modern) == {"quote"}
        async with modern.listen(tools_list_changed=True):
            server.process.send_signal(signal.SIGINT)  # Ctrl-C with a GET stream and a listen stream open
            with anyio.fail_after(TIMEOUT):
                assert await server.process.wait() == 130  # as a shell reports an interrupted command
    assert "an open stream was closed by the shutdown" in server.log
    assert " ERROR " not in server.log and "Traceback" not in server.log, server.log


INSPECTOR = Path(__file__).resolve().parents[2] / ".ci" / "node" / "node_modules" / ".bin" / "mcp-inspector"


@pytest.mark.skipif(
    not (INSPECTOR.exists() and (INSPECTOR.parent / "node").exists()),
    reason="MCP Inspector CLI not installed: run scripts/install-inspector.sh (needs npm; .ci/run does it)",
)
async def test_the_inspector_lists_strictly_and_calls_over_http_with_the_token(sandbox: str, tmp_path: Path) -> None:
    env = server_env(sandbox, DATA_API_KEY=KEY, DATA_MCP_MANIFEST="analyst", DATA_MCP_HTTP_TOKEN=TOKEN)
    inspector_env = {**os.environ, "PATH": f"{INSPECTOR.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    inspector_env |= {"HOME": str(tmp_path), "MCP_CATALOG_PATH": str(tmp_path / "catalog.json")}

    async def inspect(url: str, *args: str) -> dict[str, object]:
        command = [str(INSPECTOR), "--cli", "--server-url", url, "--header", f"Authorization: Bearer {TOKEN}", *args]
        with anyio.fail_after(120):
            done = await anyio.run_process(command, env=inspector_env, check=False)
        assert done.returncode == 0, done.stderr.decode()[-2000:]
        answer: dict[str, object] = json.loads(done.stdout)
        return answer

    async with served(env) as server:
        listed = await inspect(server.url, "--method", "tools/list", "--strict", "--format", "json")
        called = await inspect(
            server.url, "--method", "tools/call", "--tool-name", "quote", "--tool-arg", "symbol=AAPL"
        )
    assert "schemaFindings" not in listed  # --strict's portability lint: no error and no warning
    result = listed["result"]
    assert isinstance(result, dict) and {"quote", "profile"} <= {tool["name"] for tool in result["tools"]}
    content = called["content"]
    assert called["isError"] is False and isinstance(content, list)
    assert json.loads(content[0]["text"])["symbol"] == "AAPL"
    assert TOKEN not in server.log and KEY not in server.log
