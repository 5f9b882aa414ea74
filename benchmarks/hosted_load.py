"""Load test of the hosted-compatible server (data-hosted) on loopback, with one and with two workers.

Run: ``.venv/bin/python benchmarks/hosted_load.py [--sessions 32] [--duration 10] [--workers 1 2]``.

Everything runs on this machine and on loopback only: a sandbox process (the REST API, the ``demo``
key's quota raised out of the way), a private redis-server, and 1 or 2 ``data-hosted serve`` processes
sharing it (sessions, per-key limits). ``--sessions`` concurrent sessions each open with ``initialize``
and then call tools back to back until ``--duration`` seconds have passed or ``--max-requests`` calls
were made in all, whichever comes first. With two workers there is no load balancer: each session
sends its requests round-robin to the two workers, so a session opened on one is continued on the
other on every other request (the cross-worker path is the one measured).

Reported per worker count: tool calls per second, p50 and p99 latency of a call (client side, HTTP
request to full answer), and errors (any non-200, JSON-RPC error or ``isError`` result; must be 0).
By default the response cache is off so that every call goes upstream (to the sandbox); ``--cache``
shares it through the same Redis, so repeated calls of the key are answered from there and the figures
measure the server rather than the sandbox. Nothing here is asserted by the tests.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import queue
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx2

ROOT = Path(__file__).resolve().parent.parent
KEY = "demo"
SECRET = "load-test-secret-0123456789abcdef0123456789"
START_TIMEOUT = 30.0
CALLS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("quote", {"endpoint": "quote", "symbol": "AAPL"}),
    ("company", {"endpoint": "profile-symbol", "symbol": "MSFT"}),
    (
        "chart",
        {
            "endpoint": "historical-price-eod-light",
            "symbol": "NVDA",
            "from_date": "2024-01-02",
            "to_date": "2024-01-31",
        },
    ),
    ("statements", {"endpoint": "income-statement", "symbol": "AAPL", "limit": 4}),
    ("quote", {"endpoint": "quote-short", "symbol": "AMZN"}),
    ("marketPerformance", {"endpoint": "biggest-gainers"}),
)
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "load", "version": "1"}},
}
HEADERS = {"accept": "application/json, text/event-stream", "content-type": "application/json"}


class Process:
    """A child process whose output lines are read on a thread; waits for a line matching a pattern."""

    def __init__(self, command: Sequence[str], env: dict[str, str], ready: str) -> None:
        self.proc = subprocess.Popen(
            list(command), env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.output: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        self.match = self._wait(re.compile(ready))

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.output.append(line)
            self.lines.put(line)
        self.lines.put(None)

    def _wait(self, pattern: re.Pattern[str]) -> re.Match[str]:
        deadline = time.monotonic() + START_TIMEOUT
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                break
            if line is None:
                break
            if found := pattern.search(line):
                return found
        self.stop()
        raise RuntimeError(f"{self.proc.args!r} did not start:\n{''.join(self.output)}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        if self.proc.stdout is not None:
            self.proc.stdout.close()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def started(command: Sequence[str], env: dict[str, str], ready: str) -> Iterator[Process]:
    process = Process(command, env, ready)
    try:
        yield process
    finally:
        process.stop()


@contextmanager
def redis_server(workdir: Path) -> Iterator[str]:
    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("redis-server is not on PATH: the two-worker run shares sessions and limits through it")
    port = _free_port()
    command = [
        binary,
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--dir",
        str(workdir),
        "--save",
        "",
        "--appendonly",
        "no",
    ]
    with started(command, dict(os.environ), r"Ready to accept connections"):
        yield f"redis://127.0.0.1:{port}/0"


@contextmanager
def sandbox_process() -> Iterator[str]:
    """A sandbox in its own process (the ``demo`` key's quota raised out of the way); yields its base URL."""
    command = [sys.executable, "-m", "data_pkg.sandbox", "--port", "0", "--quota", f"{KEY}=1000000000/60"]
    with started(command, dict(os.environ), r"sandbox listening on (http://\S+)") as process:
        yield process.match.group(1)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


async def session_loop(
    http: httpx2.AsyncClient,
    urls: list[str],
    index: int,
    deadline: float,
    budget: itertools.count[int],
    max_requests: int,
    latencies: list[float],
    errors: list[str],
) -> None:
    """One session: initialize on one worker, then calls round-robin over all workers until time or budget runs out."""
    first = urls[index % len(urls)]
    opened = await http.post(f"{first}?apikey={KEY}", headers=HEADERS, json=INITIALIZE)
    if opened.status_code != 200:
        errors.append(f"initialize {opened.status_code}")
        return
    session = {**HEADERS, "mcp-session-id": opened.headers["mcp-session-id"]}
    await http.post(
        f"{first}?apikey={KEY}", headers=session, json={"jsonrpc": "2.0", "method": "notifications/initialized"}
    )
    request_id = 1
    while time.perf_counter() < deadline and next(budget) < max_requests:
        name, arguments = CALLS[(index + request_id) % len(CALLS)]
        url = urls[(index + request_id) % len(urls)]
        message = {
            "jsonrpc": "2.0",
            "id": request_id,
            "method": "tools/call",
            "params": {"name": name, "arguments": arguments},
        }
        started_at = time.perf_counter()
        try:
            response = await http.post(f"{url}?apikey={KEY}", headers=session, json=message)
        except httpx2.HTTPError as exc:
            errors.append(type(exc).__name__)
            continue
        latencies.append(time.perf_counter() - started_at)
        if response.status_code != 200:
            errors.append(f"HTTP {response.status_code}")
        else:
            body = response.json()
            if "error" in body or body["result"].get("isError"):
                errors.append(json.dumps(body)[:200])
        request_id += 1
    await http.delete(f"{first}?apikey={KEY}", headers=session)


async def drive(urls: list[str], sessions: int, duration: float, max_requests: int) -> dict[str, Any]:
    latencies: list[float] = []
    errors: list[str] = []
    budget = itertools.count()
    limits = httpx2.Limits(max_connections=sessions * 2, max_keepalive_connections=sessions * 2)
    async with httpx2.AsyncClient(timeout=30.0, limits=limits) as http:
        began = time.perf_counter()
        deadline = began + duration
        await asyncio.gather(
            *(session_loop(http, urls, i, deadline, budget, max_requests, latencies, errors) for i in range(sessions))
        )
        elapsed = time.perf_counter() - began
    return {
        "workers": len(urls),
        "sessions": sessions,
        "seconds": round(elapsed, 2),
        "calls": len(latencies),
        "calls_per_second": round(len(latencies) / elapsed, 1),
        "p50_ms": round(percentile(latencies, 0.50) * 1000, 1) if latencies else None,
        "p99_ms": round(percentile(latencies, 0.99) * 1000, 1) if latencies else None,
        "mean_ms": round(statistics.fmean(latencies) * 1000, 1) if latencies else None,
        "errors": len(errors),
        "first_errors": errors[:5],
    }


def run(
    workers: int, sessions: int, duration: float, max_requests: int, sandbox_url: str, redis_url: str, cache: bool
) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DATA_")}
    env.update(
        {
            "PYTHONUNBUFFERED": "1",
            "DATA_BASE_URL": sandbox_url,
            "DATA_HOSTED_SECRET": SECRET,
            "DATA_HOSTED_REDIS": redis_url,
            # Every session uses the one demo key: let all of them be in flight at once.
            "DATA_HOSTED_MAX_CONCURRENCY": str(sessions * 2),
            "DATA_CACHE": redis_url if cache else "off",
        }
    )
    # INFO, as a deployment would run: the access log line of every request is part of the cost.
    command = [sys.executable, "-m", "data_hosted", "serve", "--port", "0", "--log-level", "INFO"]
    with ExitStack() as stack:
        urls = []
        for _ in range(workers):
            process = stack.enter_context(started(command, env, r"serving \d+ tools at (http://\S+/mcp)"))
            urls.append(process.match.group(1))
        result = asyncio.run(drive(urls, sessions, duration, max_requests))
        return {**result, "cache": "redis" if cache else "off"}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sessions", type=int, default=32, help="concurrent sessions (default 32)")
    parser.add_argument("--duration", type=float, default=10.0, help="seconds of load per run (default 10)")
    parser.add_argument("--max-requests", type=int, default=200_000, help="stop a run after this many calls")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2], help="worker counts to run (default 1 2)")
    parser.add_argument("--cache", action="store_true", help="share the response cache through Redis")
    parser.add_argument("--output", type=Path, default=None, help="also write the figures as JSON to this file")
    options = parser.parse_args(argv)
    if options.duration > 120 or options.sessions > 512:
        parser.error("keep it bounded: at most 120 s and 512 sessions")
    results = []
    with (
        tempfile.TemporaryDirectory() as workdir,
        redis_server(Path(workdir)) as redis_url,
        sandbox_process() as sandbox_url,
    ):
        for workers in options.workers:
            result = run(
                workers,
                options.sessions,
                options.duration,
                options.max_requests,
                sandbox_url,
                redis_url,
                options.cache,
            )
            results.append(result)
            print(json.dumps(result))
    report = {"machine_cores": os.cpu_count(), "python": sys.version.split()[0], "runs": results}
    if options.output is not None:
        options.output.write_text(json.dumps(report, indent=2) + "\n")
    return 0 if all(r["errors"] == 0 for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
