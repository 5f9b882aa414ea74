"""CPU time per tool call, read from /proc: data-hosted against a bare SDK server, data-mcp against a bare GET.

Run: ``.venv/bin/python benchmarks/call_cpu.py [--calls 200] [--rounds 6] [--pure-python] [--only hosted|stdio]``.

The machine is shared, so wall-clock figures move with whatever else runs. CPU time does not (much):
each server is a process of its own, and ``utime + stime`` of that process (``/proc/PID/stat``, all its
threads) read before and after a block of calls, divided by the calls, is what one call cost it,
however long it waited for a core. Contenders run in the same run, in alternating blocks (each round
runs every contender once, in a rotating order), against one sandbox process, one call at a time over
keep-alive connections from this process. The one-minute load average is read at each block.

Contenders:

- **hosted** (Streamable HTTP, one session each, raw JSON-RPC over ``httpx2``):
  ``data-hosted serve`` (``quote`` with ``endpoint: quote``: an upstream GET per call, cache off, INFO
  access log as deployed), ``benchmarks/bare_mcp_server.py``'s ``ping`` (the SDK's floor: a trivial
  tool) and its ``quote`` (the SDK plus one upstream GET). Ratios: data-hosted / bare ``ping`` (target
  ≤ 2.3×), data-hosted − bare ``quote`` (stretch: ≤ 0.3 ms). With ``--pure-python`` every server runs
  with uvloop and httptools made unimportable (uvicorn's pure-Python fallback: asyncio and h11).
- **stdio**: ``python -m data_pkg.mcp`` (``quote``, cache off) over pipes, raw JSON-RPC lines, against
  a bare ``httpx2`` GET of the same sandbox URL from this process: the server's CPU per call (target
  ≤ 1.2 ms) and the wall-clock p50 of each (target: stdio ≤ 1.5× the bare GET), and the sandbox's CPU
  per call, which both pay.

Nothing here is asserted by the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import hosted_load  # noqa: E402
import server as server_bench  # noqa: E402

ROOT = HERE.parent
RESULTS = HERE / "results"
TICKS = os.sysconf("SC_CLK_TCK")
PURE_PYTHON = "import sys; sys.modules.update(uvloop=None, httptools=None); "
"""Prefix of ``python -c``: uvloop and httptools cannot be imported, so uvicorn falls back to asyncio and h11."""
HOSTED_TARGET = 2.3
STRETCH_MS = 0.3
STDIO_CPU_TARGET_MS = 1.2
STDIO_P50_TARGET = 1.5


def cpu_seconds(pid: int) -> float:
    """utime + stime of process ``pid`` (all its threads), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


@dataclass
class Tally:
    """What the blocks of one contender added up to."""

    cpu_per_call_ms: list[float] = field(default_factory=list)
    """One figure per block."""
    wall_ms: list[float] = field(default_factory=list)
    """Every call."""
    errors: list[str] = field(default_factory=list)
    upstream_cpu_per_call_ms: list[float] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        cpu = self.cpu_per_call_ms
        wall = sorted(self.wall_ms)
        out: dict[str, Any] = {
            "cpu_ms": {"median": statistics.median(cpu), "min": min(cpu), "max": max(cpu), "blocks": len(cpu)},
            "wall_p50_ms": statistics.median(wall),
            "wall_p90_ms": wall[min(len(wall) - 1, round(0.9 * (len(wall) - 1)))],
            "calls": len(wall),
            "errors": len(self.errors),
            "first_errors": self.errors[:3],
        }
        if self.upstream_cpu_per_call_ms:
            out["sandbox_cpu_ms"] = statistics.median(self.upstream_cpu_per_call_ms)
        return out


@dataclass
class Contender:
    """A way of making one call, the process whose CPU it costs, and where the results go."""

    name: str
    call: Callable[[], str | None]
    """One call; returns an error description, or None."""
    pid: int
    """The process whose CPU time the call costs (this one for a call made here)."""
    tally: Tally = field(default_factory=Tally)


def run_blocks(contenders: Sequence[Contender], calls: int, rounds: int, sandbox_pid: int | None) -> list[float]:
    """Alternating blocks of ``calls`` calls; the load averages seen."""
    loads = []
    for contender in contenders:  # warm-up: connections, imports on first call, caches of the interpreter
        for _ in range(max(20, calls // 5)):
            contender.call()
    for index in range(rounds):
        order = list(contenders[index % len(contenders) :]) + list(contenders[: index % len(contenders)])
        for contender in order:
            loads.append(os.getloadavg()[0])
            before = cpu_seconds(contender.pid)
            upstream_before = cpu_seconds(sandbox_pid) if sandbox_pid else 0.0
            for _ in range(calls):
                started = time.perf_counter()
                problem = contender.call()
                contender.tally.wall_ms.append((time.perf_counter() - started) * 1e3)
                if problem:
                    contender.tally.errors.append(problem)
            contender.tally.cpu_per_call_ms.append((cpu_seconds(contender.pid) - before) * 1e3 / calls)
            if sandbox_pid:
                spent = (cpu_seconds(sandbox_pid) - upstream_before) * 1e3 / calls
                contender.tally.upstream_cpu_per_call_ms.append(spent)
    return loads


# --------------------------------------------------------------------------------------------- hosted


HEADERS = {"accept": "application/json, text/event-stream", "content-type": "application/json"}


class HttpSession:
    """One MCP session over raw HTTP: initialize, then tools/call."""

    def __init__(self, http: httpx2.Client, url: str) -> None:
        self.http = http
        self.url = url
        opened = http.post(url, headers=HEADERS, json=hosted_load.INITIALIZE)
        opened.raise_for_status()
        self.headers = {**HEADERS, "mcp-protocol-version": "2025-03-26"}
        if session := opened.headers.get("mcp-session-id"):
            self.headers["mcp-session-id"] = session
        done = http.post(url, headers=self.headers, json={"jsonrpc": "2.0", "method": "notifications/initialized"})
        if done.status_code != 202:
            raise RuntimeError(f"notifications/initialized answered {done.status_code}: {done.text[:200]}")
        self.next_id = 1

    def caller(self, name: str, arguments: dict[str, Any]) -> Callable[[], str | None]:
        def call() -> str | None:
            self.next_id += 1
            message = {
                "jsonrpc": "2.0",
                "id": self.next_id,
                "method": "tools/call",
                "params": {"name": name, "arguments": arguments},
            }
            response = self.http.post(self.url, headers=self.headers, json=message)
            if response.status_code != 200:
                return f"HTTP {response.status_code}: {response.text[:200]}"
            body = response.json()
            if "error" in body or body["result"].get("isError"):
                return json.dumps(body)[:200]
            return None

        return call


def python_command(module_or_script: str, *args: str, pure_python: bool) -> list[str]:
    """``python`` running a module (``-m``) or a script, with uvloop and httptools hidden when asked."""
    argv = f"import runpy; sys.argv = {[module_or_script, *args]!r}; "
    if module_or_script.endswith(".py"):
        run = argv + "runpy.run_path(sys.argv[0], run_name='__main__')"
    else:
        run = argv + "runpy.run_module(sys.argv[0], run_name='__main__', alter_sys=True)"
    return [sys.executable, "-c", (PURE_PYTHON if pure_python else "import sys; ") + run]


def measure_hosted(
    sandbox_url: str, sandbox_pid: int | None, calls: int, rounds: int, *, pure_python: bool
) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DATA_")}
    env.update(
        {
            "PYTHONUNBUFFERED": "1",
            "DATA_BASE_URL": sandbox_url,
            "DATA_HOSTED_SECRET": hosted_load.SECRET,
            "DATA_CACHE": "off",
        }
    )
    hosted_cmd = python_command("data_hosted", "serve", "--port", "0", "--log-level", "INFO", pure_python=pure_python)
    bare_cmd = python_command(
        str(HERE / "bare_mcp_server.py"), "--port", "0", "--upstream", sandbox_url, pure_python=pure_python
    )
    with ExitStack() as stack:
        hosted = stack.enter_context(hosted_load.started(hosted_cmd, env, r"serving \d+ tools at (http://\S+/mcp)"))
        bare = stack.enter_context(hosted_load.started(bare_cmd, env, r"bare MCP server at (http://\S+/mcp)"))
        http = stack.enter_context(httpx2.Client(timeout=30))
        ours = HttpSession(http, f"{hosted.match.group(1)}?apikey={hosted_load.KEY}")
        floor = HttpSession(http, bare.match.group(1))
        contenders = [
            Contender("data-hosted", ours.caller("quote", {"endpoint": "quote", "symbol": "AAPL"}), hosted.proc.pid),
            Contender("bare SDK, trivial tool", floor.caller("ping", {}), bare.proc.pid),
            Contender("bare SDK, one upstream GET", floor.caller("quote", {"symbol": "AAPL"}), bare.proc.pid),
        ]
        loads = run_blocks(contenders, calls, rounds, sandbox_pid)
    figures = {c.name: c.tally.summary() for c in contenders}
    ours_ms = figures["data-hosted"]["cpu_ms"]["median"]
    bare_ms = figures["bare SDK, trivial tool"]["cpu_ms"]["median"]
    get_ms = figures["bare SDK, one upstream GET"]["cpu_ms"]["median"]
    return {
        "stack": "asyncio + h11 (uvloop and httptools hidden)" if pure_python else stack_name(),
        "calls_per_block": calls,
        "rounds": rounds,
        "load_average": {"min": min(loads), "max": max(loads), "mean": statistics.fmean(loads)},
        "contenders": figures,
        "ratio_vs_bare": ours_ms / bare_ms,
        "above_bare_upstream_ms": ours_ms - get_ms,
        "errors": sum(f["errors"] for f in figures.values()),
    }


def stack_name() -> str:
    """What uvicorn picks in this environment: uvloop/httptools when installed, else asyncio/h11."""
    parts = []
    for module, fallback in (("uvloop", "asyncio"), ("httptools", "h11")):
        try:
            __import__(module)
        except ImportError:
            parts.append(fallback)
        else:
            parts.append(module)
    return " + ".join(parts)


# --------------------------------------------------------------------------------------------- stdio


class StdioSession:
    """data-mcp over pipes, raw JSON-RPC lines."""

    def __init__(self, sandbox_url: str) -> None:
        env = server_bench.our_env(DATA_BASE_URL=sandbox_url, DATA_CACHE="off")
        self.pipe = server_bench.Pipe([sys.executable, "-m", "data_pkg.mcp"], env)
        self.pipe.send(server_bench.INIT)
        self.pipe.until_id(1)
        self.pipe.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        self.next_id = 1

    @property
    def pid(self) -> int:
        return self.pipe.process.pid

    def call(self) -> str | None:
        self.next_id += 1
        self.pipe.send(
            {
                "jsonrpc": "2.0",
                "id": self.next_id,
                "method": "tools/call",
                "params": {"name": "quote", "arguments": {"symbol": "AAPL"}},
            }
        )
        message, _ = self.pipe.until_id(self.next_id)
        if "error" in message or message["result"].get("isError"):
            return json.dumps(message)[:200]
        return None

    def close(self) -> int:
        """Stop the server; the number of stdout lines that were not JSON-RPC."""
        self.pipe.close()
        return self.pipe.stray_lines


def measure_stdio(sandbox_url: str, sandbox_pid: int | None, calls: int, rounds: int) -> dict[str, Any]:
    with httpx2.Client(timeout=30) as http:
        url = f"{sandbox_url}/stable/quote"
        query = {"symbol": "AAPL", "apikey": "demo"}

        def bare() -> str | None:
            response = http.get(url, params=query)
            return None if response.status_code == 200 else f"HTTP {response.status_code}"

        session = StdioSession(sandbox_url)
        try:
            contenders = [
                Contender("data-mcp (stdio)", session.call, session.pid),
                Contender("bare GET", bare, os.getpid()),
            ]
            loads = run_blocks(contenders, calls, rounds, sandbox_pid)
        finally:
            stray = session.close()
    figures = {c.name: c.tally.summary() for c in contenders}
    ours, floor = figures["data-mcp (stdio)"], figures["bare GET"]
    return {
        "calls_per_block": calls,
        "rounds": rounds,
        "load_average": {"min": min(loads), "max": max(loads), "mean": statistics.fmean(loads)},
        "contenders": figures,
        "server_cpu_ms": ours["cpu_ms"]["median"],
        "p50_ratio": ours["wall_p50_ms"] / floor["wall_p50_ms"],
        "stray_stdout_lines": stray,
        "errors": sum(f["errors"] for f in figures.values()),
    }


# --------------------------------------------------------------------------------------------- main


@contextmanager
def sandbox() -> Iterator[tuple[str, int]]:
    """A sandbox process: its URL and pid."""
    command = [sys.executable, "-m", "data_pkg.sandbox", "--port", "0", "--quota", f"{hosted_load.KEY}=1000000000/60"]
    with hosted_load.started(command, dict(os.environ), r"sandbox listening on (http://\S+)") as process:
        yield process.match.group(1), process.proc.pid


def measure(sandbox_url: str, sandbox_pid: int | None, calls: int, rounds: int, parts: Sequence[str]) -> dict[str, Any]:
    """Every part asked for: ``hosted`` (installed stack), ``hosted-pure`` (asyncio + h11), ``stdio``."""
    out: dict[str, Any] = {"cores": os.cpu_count(), "python": sys.version.split()[0]}
    if "hosted" in parts:
        out["hosted"] = measure_hosted(sandbox_url, sandbox_pid, calls, rounds, pure_python=False)
    if "hosted-pure" in parts:
        out["hosted_pure"] = measure_hosted(sandbox_url, sandbox_pid, calls, rounds, pure_python=True)
    if "stdio" in parts:
        out["stdio"] = measure_stdio(sandbox_url, sandbox_pid, calls, rounds)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--calls", type=int, default=200, help="calls per block (default 200)")
    parser.add_argument("--rounds", type=int, default=6, help="blocks per contender (default 6)")
    parser.add_argument(
        "--only", nargs="+", choices=("hosted", "hosted-pure", "stdio"), default=["hosted", "hosted-pure", "stdio"]
    )
    parser.add_argument("--output", type=Path, default=None, help="also write the figures as JSON here")
    options = parser.parse_args(argv)
    if options.calls * options.rounds > 20_000:
        parser.error("keep it bounded: at most 20,000 calls per contender")
    with sandbox() as (url, pid):
        figures = measure(url, pid, options.calls, options.rounds, options.only)
    text = json.dumps(figures, indent=2)
    print(text)
    if options.output is not None:
        options.output.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
