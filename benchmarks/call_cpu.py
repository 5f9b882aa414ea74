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
- **stdio**: ``python -m data_pkg.mcp`` (``quote``, cache off) over pipes, raw JSON-RPC lines from an
  asyncio client, against a bare ``httpx2.AsyncClient`` GET of the same sandbox URL from the same event
  loop (the HTTP stack the server itself calls with): the server's CPU per call (target ≤ 1.2 ms) and the
  wall-clock p50 of each (target: stdio ≤ 1.5× the bare GET), and the sandbox's CPU per call, which both
  pay. Beside them, where the server's CPU goes (the same call answered from its memory cache, and a
  ``ping``), and the SDK's own floor for the path: ``bare_mcp_server.py --stdio`` (``MCPServer`` over the
  SDK's stdio transport) with its trivial tool and its one-GET ``quote``. Then, in this process, what
  the answer writer (``data_pkg.answers``) costs for that same answer, against encoding it whole as JSON
  text as a server without it would.

Nothing here is asserted by the tests.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
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
    call: Callable[[], Awaitable[str | None]]
    """One call; returns an error description, or None."""
    pid: int
    """The process whose CPU time the call costs (this one for a call made here)."""
    tally: Tally = field(default_factory=Tally)


async def run_blocks(contenders: Sequence[Contender], calls: int, rounds: int, sandbox_pid: int | None) -> list[float]:
    """Alternating blocks of ``calls`` calls; the load averages seen."""
    loads = []
    for contender in contenders:  # warm-up: connections, imports on first call, caches of the interpreter
        for _ in range(max(20, calls // 5)):
            await contender.call()
    for index in range(rounds):
        order = list(contenders[index % len(contenders) :]) + list(contenders[: index % len(contenders)])
        for contender in order:
            loads.append(os.getloadavg()[0])
            before = cpu_seconds(contender.pid)
            upstream_before = cpu_seconds(sandbox_pid) if sandbox_pid else 0.0
            for _ in range(calls):
                started = time.perf_counter()
                problem = await contender.call()
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
    """One MCP session over raw HTTP: initialize (:meth:`open`), then tools/call."""

    def __init__(self, http: httpx2.AsyncClient, url: str) -> None:
        self.http = http
        self.url = url
        self.headers = {**HEADERS, "mcp-protocol-version": "2025-03-26"}
        self.next_id = 1

    async def open(self) -> HttpSession:
        opened = await self.http.post(self.url, headers=HEADERS, json=hosted_load.INITIALIZE)
        opened.raise_for_status()
        if session := opened.headers.get("mcp-session-id"):
            self.headers["mcp-session-id"] = session
        done = await self.http.post(
            self.url, headers=self.headers, json={"jsonrpc": "2.0", "method": "notifications/initialized"}
        )
        if done.status_code != 202:
            raise RuntimeError(f"notifications/initialized answered {done.status_code}: {done.text[:200]}")
        return self

    def caller(self, name: str, arguments: dict[str, Any]) -> Callable[[], Awaitable[str | None]]:
        async def call() -> str | None:
            self.next_id += 1
            message = {
                "jsonrpc": "2.0",
                "id": self.next_id,
                "method": "tools/call",
                "params": {"name": name, "arguments": arguments},
            }
            response = await self.http.post(self.url, headers=self.headers, json=message)
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


async def measure_hosted(
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
        http = httpx2.AsyncClient(timeout=30)
        ours = await HttpSession(http, f"{hosted.match.group(1)}?apikey={hosted_load.KEY}").open()
        floor = await HttpSession(http, bare.match.group(1)).open()
        contenders = [
            Contender("data-hosted", ours.caller("quote", {"endpoint": "quote", "symbol": "AAPL"}), hosted.proc.pid),
            Contender("bare SDK, trivial tool", floor.caller("ping", {}), bare.proc.pid),
            Contender("bare SDK, one upstream GET", floor.caller("quote", {"symbol": "AAPL"}), bare.proc.pid),
        ]
        try:
            loads = await run_blocks(contenders, calls, rounds, sandbox_pid)
        finally:
            await http.aclose()
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
    """data-mcp over pipes, raw JSON-RPC lines (no SDK client: its cost would land in the figures)."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.next_id = 1
        self.stray_lines = 0

    @classmethod
    async def start(
        cls,
        sandbox_url: str,
        cache: str = "off",
        *,
        bare: bool = False,
        command: Sequence[str] = ("-m", "data_pkg.mcp"),
        **env_extra: str,
    ) -> StdioSession:
        """data-mcp (cache ``cache``, more variables in ``env_extra``; ``command``: the arguments of ``python``
        that serve it), or with ``bare`` the bare SDK server over the SDK's stdio transport."""
        env = server_bench.our_env(DATA_BASE_URL=sandbox_url, DATA_CACHE=cache, **env_extra)
        if bare:
            command = [str(HERE / "bare_mcp_server.py"), "--stdio", "--upstream", sandbox_url]
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            *command,
            env=env,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
            limit=1 << 24,
        )
        session = cls(process)
        await session.request(server_bench.INIT["method"], server_bench.INIT["params"], request_id=1)
        await session.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return session

    @property
    def pid(self) -> int:
        return self.process.pid

    async def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message).encode() + b"\n")
        await self.process.stdin.drain()

    async def request(self, method: str, params: dict[str, Any], request_id: int) -> dict[str, Any]:
        """Send a request; its answer (lines that are not JSON-RPC are counted and skipped)."""
        assert self.process.stdout is not None
        await self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        while True:
            line = await asyncio.wait_for(self.process.stdout.readline(), 30)
            if not line:
                raise EOFError("the server closed stdout")
            try:
                message = json.loads(line)
            except ValueError:
                self.stray_lines += 1
                continue
            if isinstance(message, dict) and message.get("id") == request_id:
                return message

    async def call(self) -> str | None:
        """``quote`` for AAPL; an error description, or None."""
        self.next_id += 1
        message = await self.request("tools/call", {"name": "quote", "arguments": {"symbol": "AAPL"}}, self.next_id)
        if "error" in message or message["result"].get("isError"):
            return json.dumps(message)[:200]
        return None

    async def tool(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """The JSON-RPC answer to a call of tool ``name``."""
        self.next_id += 1
        return await self.request("tools/call", {"name": name, "arguments": arguments}, self.next_id)

    async def trivial(self) -> str | None:
        """The bare server's trivial tool."""
        self.next_id += 1
        message = await self.request("tools/call", {"name": "ping", "arguments": {}}, self.next_id)
        return None if "result" in message and not message["result"].get("isError") else json.dumps(message)[:200]

    async def ping(self) -> str | None:
        """A ``ping``: the SDK and the transport alone."""
        self.next_id += 1
        message = await self.request("ping", {}, self.next_id)
        return None if "result" in message else json.dumps(message)[:200]

    async def close(self) -> int:
        """Stop the server (EOF on stdin); the number of stdout lines that were not JSON-RPC."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            await asyncio.wait_for(self.process.wait(), 10)
        except asyncio.TimeoutError:
            self.process.kill()
            await self.process.wait()
        return self.stray_lines


async def measure_stdio(sandbox_url: str, sandbox_pid: int | None, calls: int, rounds: int) -> dict[str, Any]:
    url = f"{sandbox_url}/stable/quote"
    query = {"symbol": "AAPL", "apikey": "demo"}
    async with httpx2.AsyncClient(timeout=30) as http:

        async def bare() -> str | None:
            response = await http.get(url, params=query)
            return None if response.status_code == 200 else f"HTTP {response.status_code}"

        session = await StdioSession.start(sandbox_url)
        # Where the server's CPU goes: the same call answered from its memory cache, and a ping.
        cached = await StdioSession.start(sandbox_url, cache="memory")
        # The SDK's own floor for the same path: MCPServer over the SDK's stdio transport.
        floor = await StdioSession.start(sandbox_url, bare=True)
        try:
            contenders = [
                Contender("data-mcp (stdio)", session.call, session.pid),
                Contender("bare GET", bare, os.getpid()),
                Contender("data-mcp, answered from its cache", cached.call, cached.pid),
                Contender("data-mcp, ping", cached.ping, cached.pid),
                Contender("bare SDK stdio, trivial tool", floor.trivial, floor.pid),
                Contender("bare SDK stdio, one upstream GET", floor.call, floor.pid),
            ]
            loads = await run_blocks(contenders, calls, rounds, sandbox_pid)
        finally:
            stray = await session.close() + await cached.close()
            await floor.close()
    figures = {c.name: c.tally.summary() for c in contenders}
    ours, bare_get = figures["data-mcp (stdio)"], figures["bare GET"]
    return {
        "calls_per_block": calls,
        "rounds": rounds,
        "load_average": {"min": min(loads), "max": max(loads), "mean": statistics.fmean(loads)},
        "contenders": figures,
        "server_cpu_ms": ours["cpu_ms"]["median"],
        "p50_ratio": ours["wall_p50_ms"] / bare_get["wall_p50_ms"],
        "stray_stdout_lines": stray,
        "errors": sum(f["errors"] for f in figures.values()),
    }


def writer_cost(sandbox_url: str, repeats: int = 2000) -> dict[str, Any]:
    """CPU µs per call of the answer writer for ``quote``'s answer (the stdio server's tool and arguments),
    against ``json.dumps`` of the same value into one text block; median of five runs each."""
    import mcp_types as types

    from data_pkg.answers import CallContext
    from data_pkg.catalog import by_key
    from data_pkg.mcp.server import WRITER
    from data_pkg.toolsets import resolve

    tool = resolve(None, env={}).raise_for_errors().get("quote")
    assert tool is not None
    value = httpx2.get(f"{sandbox_url}/stable/quote", params={"symbol": "AAPL", "apikey": "demo"}).json()
    arguments = {"symbol": "AAPL"}

    def shaped() -> object:
        context = CallContext.of(by_key(tool.endpoint), arguments, tool.fixed)
        return WRITER.answer(value, tool.answer, context)

    def whole() -> object:
        return types.CallToolResult(content=[types.TextContent(text=json.dumps(value, separators=(",", ":")))])

    def per_call(work: Callable[[], object]) -> float:
        runs = []
        for _ in range(5):
            started = time.process_time()
            for _ in range(repeats):
                work()
            runs.append((time.process_time() - started) * 1e6 / repeats)
        return statistics.median(runs)

    shaped_us, whole_us = per_call(shaped), per_call(whole)
    return {"tool": "quote", "writer_us": shaped_us, "json_text_us": whole_us, "added_us": shaped_us - whole_us}


def handler_cost(sandbox_url: str, repeats: int = 2000) -> float:
    """CPU µs per call of data-mcp's own ``tools/call`` handler for ``quote``, answered from its memory cache
    (lookup, arguments, the client and its cache, the answer writer, the result), called in this process."""
    import mcp_types as types

    from data_pkg.mcp.server import create_app

    app = create_app(server_bench.our_env(DATA_BASE_URL=sandbox_url, DATA_CACHE="memory"))
    entry = app.get_request_handler("tools/call")
    assert entry is not None
    params = types.CallToolRequestParams(name="quote", arguments={"symbol": "AAPL"})
    context: Any = None  # the handler never reads its request context; an in-process call has none to give

    async def run() -> float:
        for _ in range(50):  # the first call fetches; the rest are answered from the cache
            await entry.handler(context, params)
        runs = []
        for _ in range(5):
            started = time.process_time()
            for _ in range(repeats):
                await entry.handler(context, params)
            runs.append((time.process_time() - started) * 1e6 / repeats)
        await app.runtime.client().aclose()
        return statistics.median(runs)

    return asyncio.run(run())


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
        out["hosted"] = asyncio.run(measure_hosted(sandbox_url, sandbox_pid, calls, rounds, pure_python=False))
    if "hosted-pure" in parts:
        out["hosted_pure"] = asyncio.run(measure_hosted(sandbox_url, sandbox_pid, calls, rounds, pure_python=True))
    if "stdio" in parts:
        out["stdio"] = asyncio.run(measure_stdio(sandbox_url, sandbox_pid, calls, rounds))
        out["stdio"]["answer_writer"] = writer_cost(sandbox_url)
        out["stdio"]["handler_us"] = handler_cost(sandbox_url)
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
    emit(figures, options.output)
    return 0


def emit(figures: dict[str, Any], output: Path | None) -> None:
    """Print ``figures`` as JSON, and write them to ``output`` too when given."""
    text = json.dumps(figures, indent=2, default=str)
    print(text)
    if output is not None:
        output.write_text(text + "\n")


if __name__ == "__main__":
    raise SystemExit(main())
