"""Helpers for the hosted-compatible server's tests: keys, raw HTTP, server processes, a gated upstream."""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx2

# Recognisable, so a test can grep every byte a server printed for it.
KEY = "sk-HOSTED-5e8d2b7c41a9-SECRET"
OTHER_KEY = "sk-HOSTED-other-3f9a"
BASIC_KEY = "sandbox-basic"
SECRET = "test-secret-0123456789abcdef0123456789abcdef"
SEGMENTS = {"DATA_PROVIDER_SEGMENT": "acme", "DATA_RATINGS_ADDON_SEGMENT": "ratingsco"}
TIMEOUT = 20.0
STARTUP_TIMEOUT = 30.0

ACCEPT = "application/json, text/event-stream"
INITIALIZE: dict[str, Any] = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "raw-test", "version": "1"}},
}

SPEC_COUNTS = {
    "quote": 16,
    "search": 7,
    "company": 17,
    "chart": 10,
    "statements": 27,
    "analyst": 8,
    "calendar": 9,
    "news": 10,
    "senate": 6,
    "directory": 11,
    "discountedCashFlow": 4,
    "economics": 4,
    "commitmentOfTraders": 3,
    "ESG": 3,
    "Fundraisers": 6,
    "form13F": 8,
    "insiderTrades": 6,
    "secFilings": 12,
    "earningsTranscript": 4,
    "etfAndMutualFunds": 9,
    "indexes": 15,
    "marketPerformance": 11,
    "marketHours": 3,
    "technicalIndicators": 9,
    "commodity": 9,
    "crypto": 9,
    "forex": 9,
    "ratingsAddon": 7,
}
"""The spec's table: hosted tool -> endpoint count."""


def with_key(url: str, key: str = KEY) -> str:
    """The MCP URL with ``?apikey=key``."""
    return f"{url}?apikey={key}"


def headers(session: str | None = None, **extra: str) -> dict[str, str]:
    """The headers a Streamable HTTP client sends on a POST."""
    sent = {"accept": ACCEPT, "content-type": "application/json"}
    if session is not None:
        sent["mcp-session-id"] = session
    sent.update({k.replace("_", "-"): v for k, v in extra.items()})
    return sent


def rpc(method: str, params: Mapping[str, Any] | None = None, request_id: int = 2) -> dict[str, Any]:
    """A JSON-RPC request."""
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
    if params is not None:
        message["params"] = dict(params)
    return message


def open_session(http: httpx2.Client, url: str, key: str = KEY, version: str = "2025-03-26") -> str:
    """Initialize over raw HTTP (and send notifications/initialized); the session id."""
    message = {**INITIALIZE, "params": {**INITIALIZE["params"], "protocolVersion": version}}
    response = http.post(with_key(url, key), headers=headers(), json=message)
    assert response.status_code == 200, response.text
    session = response.headers["mcp-session-id"]
    done = http.post(
        with_key(url, key), headers=headers(session), json={"jsonrpc": "2.0", "method": "notifications/initialized"}
    )
    assert done.status_code == 202, done.text
    return session


def call_tool(
    http: httpx2.Client, url: str, session: str, name: str, arguments: Mapping[str, Any], key: str = KEY
) -> Any:
    """A tools/call over raw HTTP; the JSON-RPC answer."""
    response = http.post(
        with_key(url, key), headers=headers(session), json=rpc("tools/call", {"name": name, "arguments": arguments})
    )
    assert response.status_code == 200, response.text
    return response.json()


def result_text(answer: Mapping[str, Any]) -> str:
    """The text of a tools/call result (raw JSON-RPC answer)."""
    (block,) = answer["result"]["content"]
    return str(block["text"])


def server_env(base_url: str, **extra: str) -> dict[str, str]:
    """The environment of a server process: no inherited DATA_* variable, plus the sandbox and what is given."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DATA_")}
    env.update({"PYTHONUNBUFFERED": "1", "DATA_BASE_URL": base_url, **SEGMENTS, "DATA_HOSTED_SECRET": SECRET})
    env.update(extra)
    return {k: v for k, v in env.items() if v != ""}


def _open_files_limit(count: int) -> Callable[[], None]:
    """What a child runs before it starts: both of its open-file limits set to ``count``."""

    def limit() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (count, count))

    return limit


class ServerProcess:
    """``python -m data_hosted serve --port 0`` with every output line kept (for the key grep)."""

    def __init__(self, env: Mapping[str, str], *args: str, open_files: int | None = None) -> None:
        self.lines: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "data_hosted", "serve", "--port", "0", *args],
            env=dict(env),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            preexec_fn=None if open_files is None else _open_files_limit(open_files),
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.url = self._wait_for_url()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line)
            self._queue.put(line)
        self._queue.put(None)

    def _wait_for_url(self) -> str:
        while True:
            try:
                line = self._queue.get(timeout=STARTUP_TIMEOUT)
            except queue.Empty:
                self.stop()
                raise RuntimeError("data-hosted printed nothing in time:\n" + self.output()) from None
            if line is None:
                self.stop()
                raise RuntimeError("data-hosted exited before serving:\n" + self.output())
            found = re.search(r"serving \d+ tools at (http://\S+/mcp)", line)
            if found:
                return found.group(1)

    def wait_for(self, pattern: str) -> str:
        """The next output line matching the regular expression ``pattern`` (lines before it are skipped)."""
        while True:
            try:
                line = self._queue.get(timeout=TIMEOUT)
            except queue.Empty:
                raise AssertionError(f"no line matching {pattern!r}:\n{self.output()}") from None
            if line is None:
                raise AssertionError(f"exited before printing {pattern!r}:\n{self.output()}")
            if re.search(pattern, line):
                return line

    def output(self) -> str:
        """Everything the process printed so far."""
        return "".join(self.lines)

    def stop(self) -> str:
        """Stop the process (SIGTERM, then SIGKILL) and return all its output."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=TIMEOUT)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=TIMEOUT)
        self._reader.join(TIMEOUT)
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        return self.output()


@contextmanager
def server_process(env: Mapping[str, str], *args: str, open_files: int | None = None) -> Iterator[ServerProcess]:
    """A running server process (``open_files``: its open-file limit), stopped afterwards."""
    process = ServerProcess(env, *args, open_files=open_files)
    try:
        yield process
    finally:
        process.stop()


class Upstream(httpx2.AsyncBaseTransport):
    """A fake REST API: answers with ``handler``, records requests, and can hold them until released."""

    def __init__(self, handler: Callable[[httpx2.Request], httpx2.Response] | None = None) -> None:
        self.handler = handler or (lambda request: httpx2.Response(200, json=[{"symbol": "AAPL", "price": 1.5}]))
        self.requests: list[httpx2.Request] = []
        self.gated = False
        self.arrived = threading.Event()
        self.release = threading.Event()

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        import anyio.to_thread

        self.requests.append(request)
        self.arrived.set()
        if self.gated:
            # Waits on a thread, so the server's event loop keeps serving other requests meanwhile.
            await anyio.to_thread.run_sync(self.release.wait, TIMEOUT)
        return self.handler(request)


class HeldUpstream:
    """A REST API on loopback for server processes: the key check is answered at once, every other request
    is held until :attr:`release` is set (at most ``TIMEOUT`` seconds); :attr:`arrived` says one is held."""

    def __init__(self) -> None:
        self.arrived = threading.Event()
        self.release = threading.Event()
        upstream = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                if not self.path.startswith("/stable/profile"):
                    upstream.arrived.set()
                    upstream.release.wait(TIMEOUT)
                body = b'[{"symbol": "AAPL", "price": 1.5}]'
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: Any) -> None:
                """Quiet."""

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"

    def __enter__(self) -> HeldUpstream:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(TIMEOUT)
