"""Performance report: every benchmark in one run, written to JSON, plotted, and written up as docs.

Run: ``.venv/bin/python benchmarks/report.py [--quick] [--only SECTION ...] [--render-only]
[--compare "ENV=VALUE /path/python -m module"]`` (plots need the ``bench`` extra: ``pip install -e ".[bench]"``).

Writes ``benchmarks/results/report.json``, the plots ``docs/img/bench-*.png`` and ``docs/benchmarks.md``.
A full run takes a few minutes on the project machine (2 cores), ``--quick`` about one; ``--only`` reruns
some sections and keeps the others from the last ``report.json``; ``--render-only`` measures nothing and
redraws the plots and the page from ``report.json``. Everything runs on this machine and on loopback only,
every wait has a deadline, and nothing here is asserted by the test suite.

Sections (each states in the page what it measures and how):

- ``start``: spawn -> initialize -> complete tools/list for the default set, each profile and the full
  catalog (and ``--compare``'s server, labelled only as the earlier client); tools/list bytes, exact o200k
  tokens and data-mcp's own bytes / 4 estimate; VmRSS of the idle server; the MCP SDK's import floor. Reuses
  ``server.py``.
- ``scaling``: start time and tools/list size for manifests listing the first 10, 50, 100 and all tool
  candidates of the catalog.
- ``reload``: save -> ``notifications/tools/list_changed``, p50/p95, against manifest size and extends depth.
  Reuses ``server.py``.
- ``lint``: lint time against the number of manifests (in-process and the ``data-mcp lint`` command).
  Reuses ``lint.py``.
- ``calls``: one tool (``quote``) through the stdio server vs the async client vs a bare HTTP GET, against a
  sandbox process, in alternating blocks.
- ``cache``: cache hit and miss, per backend (memory, SQLite, Redis when ``redis-server`` is installed), for
  the backend alone and for a whole client call.
- ``throughput``: concurrent async calls with the local rate limiter off, on at a rate that never binds, and
  on at a rate that binds.
- ``load``: the hosted-compatible server under concurrent sessions (``hosted_load.py``), one and two workers.
- ``answers``: every tool's answer with typical arguments, exact o200k tokens before and after answer shaping,
  the table/JSON ratio, the estimator's error and what budgeting costs per call (``answers.py``).
- ``cpu``: CPU time per tool call from /proc, contenders in one run: data-hosted against a bare MCP SDK
  server (``bare_mcp_server.py``) on uvloop + httptools and on asyncio + h11, the stdio server against a bare
  GET, and what the answer writer adds (``call_cpu.py``; the page's part is ``call_cpu_page.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import math
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, TextIO

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import answers as answers_bench  # noqa: E402
import call_cpu  # noqa: E402
import call_cpu_page  # noqa: E402
import hosted_load  # noqa: E402
import lint as lint_bench  # noqa: E402
import run as client_bench  # noqa: E402
import server as server_bench  # noqa: E402
from data_pkg.toolsets import DEFAULT_MAX_ANSWER_TOKENS  # noqa: E402

ROOT = HERE.parent
RESULTS = HERE / "results"
REPORT = RESULTS / "report.json"
DOCS = ROOT / "docs"
PAGE = DOCS / "benchmarks.md"
IMG = DOCS / "img"
SERVER = [sys.executable, "-m", "data_pkg.mcp"]
STICK = "earlier client (measuring stick)"
SECTIONS = ("start", "scaling", "reload", "lint", "calls", "cache", "throughput", "load", "answers", "cpu")

TOOL_COUNTS = (10, 50, 100)
"""Tool counts of the scaling manifests; the full list of candidates is added as the last point."""
RELOAD_SIZES = (5, 50, 200)
RELOAD_DEPTHS = (0, 2, 4)
RELOAD_DEPTH_SIZE = 50
"""Tools in the manifests of the extends-depth series."""
LINT_COUNTS = (10, 50, 100, 200)
HISTORY_RATIO = 0.6
"""Target: a 5-year daily history as a table costs at most this share of its JSON tokens."""
DEFAULT_BUDGET = DEFAULT_MAX_ANSWER_TOKENS
CALL_BLOCK = 20
"""Consecutive calls of one path in the call-overhead comparison."""

# Targets set by earlier issues.
CLIENT_OVERHEAD_MS = 1.0
CACHE_HIT_MEMORY_US = 50.0
CACHE_HIT_SQLITE_US = 1000.0
START_ABOVE_FLOOR_S = 0.2
BYTES_PER_TOOL = 650
RSS_ABOVE_FLOOR_MB = 20.0
RELOAD_P95_MS = 150.0
DEFAULT_MAX_TOOLS = 50
DEFAULT_TOKENS = 10_000
LINT_200_S = 1.0


@dataclass(frozen=True)
class Plan:
    """How much of everything to do."""

    runs: int
    """Fresh server processes per start figure (and floor runs)."""
    saves: int
    """Saves per reload figure."""
    lint_runs: int
    calls: int
    """Round trips per contender in the call-overhead comparison."""
    cache_gets: int
    cache_calls: int
    throughput_calls: int
    concurrency: int
    throughput_repeats: int
    load_seconds: float
    load_sessions: int


FULL = Plan(
    runs=21,
    saves=20,
    lint_runs=5,
    calls=400,
    cache_gets=20_000,
    cache_calls=300,
    throughput_calls=200,
    concurrency=20,
    throughput_repeats=10,
    load_seconds=5.0,
    load_sessions=32,
)
QUICK = Plan(
    runs=3,
    saves=8,
    lint_runs=2,
    calls=100,
    cache_gets=2_000,
    cache_calls=60,
    throughput_calls=200,
    concurrency=20,
    throughput_repeats=2,
    load_seconds=2.0,
    load_sessions=16,
)


# --------------------------------------------------------------------------------------------- statistics


def stats(values: Sequence[float], scale: float = 1.0) -> dict[str, float]:
    """Median, p10/p90 (inclusive quantiles), min and max of ``values`` times ``scale``."""
    ordered = sorted(v * scale for v in values)
    if not ordered:
        raise ValueError("no samples")
    q = statistics.quantiles(ordered, n=10, method="inclusive") if len(ordered) > 1 else [ordered[0]] * 9
    return {
        "median": statistics.median(ordered),
        "p10": q[0],
        "p90": q[-1],
        "min": ordered[0],
        "max": ordered[-1],
        "n": len(ordered),
    }


def nearest_rank(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile: the smallest sample with at least ``fraction`` of the samples at or below it."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


# --------------------------------------------------------------------------------------------- helpers


def tool_candidates() -> list[str]:
    """Spec names of every tool a server can list with no configuration, in catalog order."""
    from data_pkg.catalog import ENDPOINTS

    return [e.spec for e in ENDPOINTS if e.is_tool_candidate and e.status == "live" and not e.segments]


def yaml_tools(tools: Sequence[str], **fields: Any) -> str:
    """A YAML manifest (JSON is YAML) listing ``tools``, with ``fields`` before the list."""
    lines = [f"{name}: {json.dumps(value)}\n" for name, value in fields.items()]
    return "".join(lines) + f"tools: {json.dumps(list(tools))}\n"


def machine() -> dict[str, Any]:
    """Facts about this machine and interpreter that the figures depend on."""
    sources = list((ROOT / "src").rglob("*.py"))
    cached = [p for p in sources if any((p.parent / "__pycache__").glob(f"{p.stem}.*.pyc"))]
    from importlib.metadata import version

    return {
        "cores": os.cpu_count(),
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "mcp_sdk": version("mcp"),
        "PYTHONDONTWRITEBYTECODE": os.environ.get("PYTHONDONTWRITEBYTECODE", ""),
        "project_sources": len(sources),
        "project_sources_with_pyc": len(cached),
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d"),
        "load_average_at_start": round(os.getloadavg()[0], 2),
    }


class Sandbox:
    """A sandbox process and a private redis-server, started when first asked for, stopped at the end."""

    def __init__(self, stack: ExitStack) -> None:
        self.stack = stack
        self._url: str | None = None
        self._redis: str | None = None
        self._redis_checked = False

    @property
    def url(self) -> str:
        if self._url is None:
            self._url = self.stack.enter_context(hosted_load.sandbox_process())
        return self._url

    @property
    def redis(self) -> str | None:
        """A redis:// URL, or None when no ``redis-server`` binary is installed."""
        if not self._redis_checked:
            self._redis_checked = True
            if shutil.which("redis-server") is not None:
                folder = self.stack.enter_context(tempfile.TemporaryDirectory())
                self._redis = self.stack.enter_context(hosted_load.redis_server(Path(folder)))
        return self._redis


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------------------------- start


def start_summary(samples: list[dict[str, Any]]) -> dict[str, Any]:
    first = samples[0]
    return {
        **server_bench.list_cost(first),
        "start_s": stats([s["seconds"] for s in samples]),
        "rss_mb": stats([s["rss_mb"] for s in samples]),
        "stray_stdout_lines": first["stray_stdout_lines"],
    }


def measure_start(plan: Plan, compare: str | None) -> dict[str, Any]:
    """The floor and every set round-robin (run 1 of each, run 2 of each, ...) so drift hits all alike."""
    seconds: list[float] = []
    rss: list[float] = []
    exit_seconds: list[float] = []
    contenders: dict[str, tuple[list[str], dict[str, str]]] = {"default": (SERVER, server_bench.our_env())}
    for name in server_bench.PROFILES:
        contenders[name] = (SERVER, server_bench.our_env(DATA_MCP_PROFILE=name))
    if compare:
        contenders[STICK] = server_bench.parse_compare(compare)
    samples: dict[str, list[dict[str, Any]]] = {label: [] for label in contenders}
    for run in range(plan.runs):
        say(f"  start: run {run + 1}/{plan.runs}")
        ready = server_bench.floor_ready_samples(1)
        seconds += ready[0]
        rss += ready[1]
        exit_seconds += server_bench.floor_samples(1)[0]
        for label, (command, env) in contenders.items():
            samples[label].append(server_bench.start_and_list(command, env))
    return {
        "floor": {"start_s": stats(seconds), "rss_mb": stats(rss), "to_exit_s": stats(exit_seconds)},
        "sets": {label: start_summary(runs) for label, runs in samples.items()},
    }


def measure_scaling(plan: Plan) -> list[dict[str, Any]]:
    """Start and tools/list size for manifests of the first N tool candidates."""
    candidates = tool_candidates()
    counts = [n for n in TOOL_COUNTS if n < len(candidates)] + [len(candidates)]
    with tempfile.TemporaryDirectory() as folder:
        envs = {}
        for n in counts:
            path = Path(folder) / f"first{n}.yaml"
            path.write_text(yaml_tools(candidates[:n]))
            envs[n] = server_bench.our_env(DATA_MCP_MANIFEST=str(path))
        samples: dict[int, list[dict[str, Any]]] = {n: [] for n in counts}
        for run in range(plan.runs):
            say(f"  scaling: run {run + 1}/{plan.runs}")
            for n in counts:
                samples[n].append(server_bench.start_and_list(SERVER, envs[n]))
    out = []
    for n in counts:
        summary = start_summary(samples[n])
        if summary["tools"] != n:
            raise RuntimeError(f"a manifest of {n} tools served {summary['tools']}")
        out.append({"requested": n, **summary})
    return out


# --------------------------------------------------------------------------------------------- reload


def reload_case(size: int, depth: int, saves: int) -> dict[str, Any]:
    """``depth`` YAML files extending each other; the deepest holds ``size`` tools and is the one saved.

    Each save swaps the last tool for the next candidate and back, so every save changes the list.
    """
    candidates = tool_candidates()
    variants = (
        yaml_tools(candidates[:size], description="base"),
        yaml_tools([*candidates[: size - 1], candidates[size]], description="base"),
    )
    if depth == 0:
        files = {"team.yaml": variants[0]}
        edited = "team.yaml"
    else:
        files = {}
        names = ["team.yaml", *[f"level{i}.yaml" for i in range(1, depth + 1)]]
        for name, parent in itertools.pairwise(names):
            files[name] = f"description: {name}\nextends: [./{parent}]\n"
        files[names[-1]] = variants[0]
        edited = names[-1]
    latencies = server_bench.reload_samples(saves, files, entry="team.yaml", edited=edited, variants=variants)
    ms = [x * 1e3 for x in latencies]
    return {
        "tools": size,
        "depth": depth,
        "p50_ms": statistics.median(ms),
        "p95_ms": nearest_rank(ms, 0.95),
        "min_ms": min(ms),
        "max_ms": max(ms),
        "saves": len(ms),
    }


def measure_reload(plan: Plan) -> dict[str, Any]:
    by_size = []
    for size in RELOAD_SIZES:
        say(f"  reload: {size} tools")
        by_size.append(reload_case(size, 0, plan.saves))
    by_depth = []
    for depth in RELOAD_DEPTHS:
        say(f"  reload: depth {depth}")
        by_depth.append(reload_case(RELOAD_DEPTH_SIZE, depth, plan.saves))
    return {"by_size": by_size, "by_depth": by_depth}


# --------------------------------------------------------------------------------------------- lint


def measure_lint(plan: Plan) -> list[dict[str, Any]]:
    out = []
    for count in LINT_COUNTS:
        say(f"  lint: {count} manifests")
        figures, samples = lint_bench.measure(count, plan.lint_runs, cold=False)
        row: dict[str, Any] = {"manifests": count, "findings": figures["findings"], "warm_s": stats(samples["warm"])}
        if "cli" in samples:
            row["cli_s"] = stats(samples["cli"])
        out.append(row)
    return out


# --------------------------------------------------------------------------------------------- calls


async def _call_overhead(base_url: str, calls: int, warmup: int, errlog: TextIO) -> dict[str, Any]:
    import httpx2
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters, stdio_client

    from data_pkg import AsyncDataClient

    env = server_bench.our_env(DATA_BASE_URL=base_url, DATA_CACHE="off")
    params = StdioServerParameters(command=SERVER[0], args=SERVER[1:], env=env)
    url = f"{base_url}/stable/quote"
    query = {"symbol": "AAPL", "apikey": "demo"}
    times: dict[str, list[float]] = {"bare": [], "client": [], "server": []}
    async with (
        Client(stdio_client(params, errlog=errlog), mode="legacy", read_timeout_seconds=30) as session,
        AsyncDataClient("demo", base_url=base_url, cache="off") as client,
        httpx2.AsyncClient(timeout=30) as bare,
    ):

        async def via_bare() -> None:
            (await bare.get(url, params=query)).raise_for_status()

        async def via_client() -> None:
            await client.company.get_quote("AAPL")

        async def via_server() -> None:
            result = await session.call_tool("quote", {"symbol": "AAPL"})
            if result.is_error:
                raise RuntimeError(f"the server answered an error: {result.content}")

        contenders = {"bare": via_bare, "client": via_client, "server": via_server}
        names = list(contenders)
        for name in names:
            for _ in range(warmup):
                await contenders[name]()
        # Blocks of CALL_BLOCK calls, the three paths taking turns in a rotating order, so drift hits all
        # alike; the first call of each block is not counted, because it pays for the previous path's
        # wind-down (a call right after a server call runs while that server is still finishing up).
        for index in range(max(1, calls // CALL_BLOCK)):
            for name in names[index % 3 :] + names[: index % 3]:
                for position in range(CALL_BLOCK + 1):
                    started = time.perf_counter()
                    await contenders[name]()
                    if position:
                        times[name].append(time.perf_counter() - started)
    return {name: stats(samples, 1e3) for name, samples in times.items()}


def measure_calls(plan: Plan, sandbox: Sandbox) -> dict[str, Any]:
    say(f"  calls: {plan.calls} round trips per contender")
    with open(os.devnull, "w") as errlog:  # the server's log lines
        coroutine = _call_overhead(sandbox.url, plan.calls, 30, errlog)
        figures = asyncio.run(asyncio.wait_for(coroutine, timeout=600))
    return {"unit": "ms", "calls": plan.calls, **figures}


# --------------------------------------------------------------------------------------------- cache


def measure_cache(plan: Plan, sandbox: Sandbox) -> dict[str, Any]:
    from data_pkg import DataClient
    from data_pkg.client._cache import open_cache

    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        specs: dict[str, tuple[str, str] | None] = {
            "memory": ("memory", "memory"),
            "sqlite": (f"sqlite:///{folder}/get.db", f"sqlite:///{folder}/client.db"),
            "redis": (f"{sandbox.redis}", f"{sandbox.redis}") if sandbox.redis else None,
        }
        for name, spec in specs.items():
            if spec is None:
                out[name] = None
                continue
            say(f"  cache: {name}")
            backend = open_cache(spec[0])
            assert backend is not None
            backend.set("present", b"x" * 2048, 3600)
            client_bench.timed(lambda b=backend: b.get("present"), 500)  # type: ignore[misc]
            hit = client_bench.timed(lambda b=backend: b.get("present"), plan.cache_gets)  # type: ignore[misc]
            miss = client_bench.timed(lambda b=backend: b.get("absent"), plan.cache_gets)  # type: ignore[misc]
            backend.close()
            with DataClient("demo", base_url=sandbox.url, cache=spec[1]) as client:
                client.company.get_quote("AAPL")  # fills the entry (and the connection pool)
                call_hit = client_bench.timed(lambda c=client: c.company.get_quote("AAPL"), plan.cache_calls)  # type: ignore[misc]
                symbols = iter([f"{name[0].upper()}{i:05d}" for i in range(plan.cache_calls)])
                call_miss = client_bench.timed(
                    lambda c=client, s=symbols: c.company.get_quote(next(s)),  # type: ignore[misc]
                    plan.cache_calls,
                )
            out[name] = {
                "get_hit_us": stats(hit, 1e6),
                "get_miss_us": stats(miss, 1e6),
                "call_hit_us": stats(call_hit, 1e6),
                "call_miss_us": stats(call_miss, 1e6),
            }
    return out


# --------------------------------------------------------------------------------------------- throughput


async def _burst(base_url: str, calls: int, concurrency: int, rate_limit: int | None) -> dict[str, Any]:
    from data_pkg import AsyncDataClient
    from data_pkg.errors import RateLimitError

    options: dict[str, Any] = {} if rate_limit is None else {"rate_limit": rate_limit}
    gate = asyncio.Semaphore(concurrency)
    done: list[float] = []
    refused: list[float] = []
    async with AsyncDataClient("demo", base_url=base_url, cache="off", **options) as client:
        began = time.perf_counter()

        async def one(index: int) -> None:
            async with gate:
                started = time.perf_counter()
                try:
                    await client.company.get_quote(f"T{index % 50:03d}")
                except RateLimitError:
                    refused.append(time.perf_counter() - started)
                else:
                    done.append(time.perf_counter() - started)

        await asyncio.gather(*(one(i) for i in range(calls)))
        elapsed = time.perf_counter() - began
    return {"elapsed_s": elapsed, "admitted": len(done), "refused": len(refused), "refusal_s": refused}


def measure_throughput(plan: Plan, sandbox: Sandbox) -> dict[str, Any]:
    binding = plan.throughput_calls // 2
    cases = {"limiter off": None, "limiter on, 1,000,000/min": 1_000_000, f"limiter on, {binding}/min": binding}
    out: dict[str, Any] = {"calls": plan.throughput_calls, "concurrency": plan.concurrency, "cases": {}}
    results: dict[str, list[dict[str, Any]]] = {label: [] for label in cases}
    for repeat in range(plan.throughput_repeats):  # the cases take turns, so drift hits all alike
        say(f"  throughput: run {repeat + 1}/{plan.throughput_repeats}")
        for label, rate in cases.items():
            coroutine = _burst(sandbox.url, plan.throughput_calls, plan.concurrency, rate)
            results[label].append(asyncio.run(asyncio.wait_for(coroutine, timeout=120)))
    for label, rate in cases.items():
        runs = results[label]
        refusals = [x for r in runs for x in r["refusal_s"]]
        out["cases"][label] = {
            "rate_per_min": rate,
            "admitted_per_s": stats([r["admitted"] / r["elapsed_s"] for r in runs]),
            "elapsed_s": stats([r["elapsed_s"] for r in runs]),
            "admitted": [r["admitted"] for r in runs],
            "refused": [r["refused"] for r in runs],
            "refusal_us": stats(refusals, 1e6) if refusals else None,
        }
    return out


# --------------------------------------------------------------------------------------------- load


def measure_load(plan: Plan, sandbox: Sandbox) -> dict[str, Any]:
    if sandbox.redis is None:
        return {"skipped": "no redis-server"}
    runs = []
    for workers in (1, 2):
        say(f"  load: {workers} worker(s), {plan.load_sessions} sessions, {plan.load_seconds:g} s")
        result = hosted_load.run(
            workers, plan.load_sessions, plan.load_seconds, 200_000, sandbox.url, sandbox.redis, False
        )
        runs.append(result)
    return {"sessions": plan.load_sessions, "seconds": plan.load_seconds, "runs": runs}


# --------------------------------------------------------------------------------------------- cpu


def measure_cpu(plan: Plan) -> dict[str, Any]:
    """CPU per call from /proc (``call_cpu.py``), against a sandbox of its own (its pid is read too)."""
    calls, rounds = (100, 3) if plan is QUICK else (400, 6)
    with call_cpu.sandbox() as (url, pid):
        return call_cpu.measure(url, pid, calls, rounds, ("hosted", "hosted-pure", "stdio"))


# --------------------------------------------------------------------------------------------- targets


def targets(r: dict[str, Any]) -> list[dict[str, str]]:
    """Each target of the earlier issues with the figure that decides it, met or missed, and why."""
    out: list[dict[str, str]] = []

    def add(target: str, figure: str, met: bool | None, note: str = "") -> None:
        status = "not measured" if met is None else ("met" if met else "**missed**")
        out.append({"target": target, "figure": figure, "status": status, "note": note})

    calls = r.get("calls")
    if calls:
        added = calls["client"]["median"] - calls["bare"]["median"]
        add(
            f"client overhead < {CLIENT_OVERHEAD_MS:g} ms over a bare GET (median)",
            f"+{added * 1e3:.0f} µs (client {calls['client']['median']:.2f} ms, "
            f"bare GET {calls['bare']['median']:.2f} ms)",
            added < CLIENT_OVERHEAD_MS,
        )
    cache = r.get("cache")
    if cache:
        for name, limit in (("memory", CACHE_HIT_MEMORY_US), ("sqlite", CACHE_HIT_SQLITE_US)):
            figures = cache.get(name)
            if not figures:
                add(f"cache hit < {fmt_us(limit)} ({name})", "", None)
                continue
            get, call = figures["get_hit_us"]["median"], figures["call_hit_us"]["median"]
            add(
                f"cache hit < {fmt_us(limit)} ({'SQLite' if name == 'sqlite' else name})",
                f"backend get {fmt_us(get)}; whole client call served from it {fmt_us(call)}",
                get < limit and call < limit,
            )
    start = r.get("start")
    if start:
        floor_s = start["floor"]["start_s"]["median"]
        ours = {k: v for k, v in start["sets"].items() if k != STICK}
        worst = max(ours, key=lambda k: ours[k]["start_s"]["median"])
        above = ours[worst]["start_s"]["median"] - floor_s
        add(
            f"spawn → tools/list within {START_ABOVE_FLOOR_S:g} s of the SDK floor",
            f"slowest set ({worst}) {fmt_s(ours[worst]['start_s']['median'])}, floor {fmt_s(floor_s)} ({above:+.2f} s)",
            above <= START_ABOVE_FLOOR_S,
        )
        worst_b = max(ours, key=lambda k: ours[k]["bytes_per_tool"])
        add(
            f"tools/list ≤ {BYTES_PER_TOOL} B per tool",
            f"largest: {worst_b} {ours[worst_b]['bytes_per_tool']} B/tool; default "
            f"{ours['default']['bytes_per_tool']} B/tool",
            ours[worst_b]["bytes_per_tool"] <= BYTES_PER_TOOL,
        )
        floor_mb = start["floor"]["rss_mb"]["median"]
        worst_m = max(ours, key=lambda k: ours[k]["rss_mb"]["median"])
        above_mb = ours[worst_m]["rss_mb"]["median"] - floor_mb
        add(
            f"idle RSS within {RSS_ABOVE_FLOOR_MB:g} MB of the floor",
            f"largest: {worst_m} {ours[worst_m]['rss_mb']['median']:.1f} MB vs floor {floor_mb:.1f} MB "
            f"({above_mb:+.1f} MB)",
            above_mb <= RSS_ABOVE_FLOOR_MB,
        )
        default = ours["default"]
        add(
            f"default set ≤ {DEFAULT_MAX_TOOLS} tools and ~{DEFAULT_TOKENS // 1000}K tokens",
            f"{default['tools']} tools, {default['tokens'] / 1000:.1f}K o200k tokens",
            default["tools"] <= DEFAULT_MAX_TOOLS and default["tokens"] <= DEFAULT_TOKENS * 1.1,
        )
    reload = r.get("reload")
    if reload:
        cases = reload["by_size"] + reload["by_depth"]
        worst_r = max(cases, key=lambda c: c["p95_ms"])
        add(
            f"save → list_changed ≤ {RELOAD_P95_MS:g} ms p95",
            f"worst case ({worst_r['tools']} tools, depth {worst_r['depth']}): p95 {worst_r['p95_ms']:.0f} ms",
            worst_r["p95_ms"] <= RELOAD_P95_MS,
        )
    lint = r.get("lint")
    if lint:
        row = next((x for x in lint if x["manifests"] == 200), None)
        if row:
            cli = row.get("cli_s")
            figure = f"in-process {fmt_s(row['warm_s']['median'])}"
            if cli:
                figure += f"; `data-mcp lint` command {fmt_s(cli['median'])} (with interpreter start)"
            worst_l = cli["median"] if cli else row["warm_s"]["median"]
            add(f"lint of 200 manifests ≤ {LINT_200_S:g} s", figure, worst_l <= LINT_200_S)
    load = r.get("load")
    if load:
        if "runs" in load:
            errors = sum(x["errors"] for x in load["runs"])
            calls_n = sum(x["calls"] for x in load["runs"])
            add("hosted load test: zero errors", f"{errors} errors in {calls_n} calls", errors == 0)
        else:
            add("hosted load test: zero errors", load.get("skipped", ""), None)
    answers = r.get("answers")
    if answers:
        full = answers["profiles"]["full"]
        history = answers["history_5y"]
        add(
            f"5-year daily history with a large budget ≤ {HISTORY_RATIO:g}× its JSON tokens",
            f"{history['ratio']:.2f}× ({history['table_tokens']:,} vs {history['json_tokens']:,} o200k tokens, "
            f"{history['rows']:,} rows)",
            history["ratio"] <= HISTORY_RATIO,
            "the upstream's rows are lean (10 fields, no repeated labels); the target was set on the models' shapes, "
            "whose invented fields made the JSON twice as long (0.58× of 156,582 tokens)",
        )
        add(
            f"every tool of the full profile within the default budget ({DEFAULT_BUDGET:,} tokens)",
            f"largest answer {full['after_max']:,} tokens; {full['after_over_10k']} over 10K "
            f"(before: {full['before_over_10k']} over 10K, {full['before_over_25k']} over 25K)",
            full["after_max"] <= DEFAULT_BUDGET,
        )
        share = answers["budgeting_share_median"]
        add(
            "budgeting costs < 5% of the call (CPU, median over tools)",
            f"{share * 100:.1f}% (p90 {answers['budgeting_share_p90'] * 100:.1f}%)",
            share < 0.05,
            "p90 is over 5% for small answers whose whole call costs under a millisecond; see Answers",
        )
    cpu = r.get("cpu")
    if cpu:
        call_cpu_page.targets(cpu, add)
    return out


# --------------------------------------------------------------------------------------------- formatting


def fmt_s(x: float) -> str:
    # Thresholds compare the rounded value, so 0.0996 s reads "0.10 s", not "100 ms".
    return f"{x:.2f} s" if x >= 0.0995 else f"{x * 1e3:.0f} ms"


def fmt_ms(x: float) -> str:
    return f"{x:.0f} ms" if x >= 10 else f"{x:.1f} ms" if x >= 1 else f"{x:.2f} ms"


def fmt_us(x: float) -> str:
    if x >= 999.5:
        return f"{x / 1e3:.2f} ms" if x < 9_995 else f"{x / 1e3:.0f} ms"
    return f"{x:.0f} µs" if x >= 10 else f"{x:.1f} µs"


def span(s: dict[str, float], fmt: Callable[[float], str], low: str = "min", high: str = "max") -> str:
    """``median (low–high)`` with the unit once, at the end."""
    median, lo, hi = fmt(s["median"]), fmt(s[low]), fmt(s[high])
    unit = median.split()[-1]
    if lo.split()[-1] == unit and hi.split()[-1] == unit:
        lo, hi = lo.split()[0], hi.split()[0]
        return f"{median.split()[0]} ({lo}–{hi}) {unit}"
    return f"{median} ({lo}–{hi})"


def kb(n: float) -> str:
    return f"{n / 1000:.1f} KB"


# --------------------------------------------------------------------------------------------- plots


def plots(r: dict[str, Any]) -> list[str]:
    """Draw every plot the results allow into ``docs/img``; the file names written."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter

    plt.rcParams.update(
        {
            "font.size": 11,
            "axes.titlesize": 13,
            "axes.labelsize": 11,
            "axes.grid": True,
            "grid.alpha": 0.3,
            "axes.spines.top": False,
            "axes.spines.right": False,
            "figure.dpi": 110,
        }
    )
    IMG.mkdir(parents=True, exist_ok=True)
    written: list[str] = []
    ours, theirs, accent, target_c = "#2f6db3", "#999999", "#d9822b", "#c0392b"
    label_box = {"facecolor": "white", "edgecolor": "none", "pad": 1.0}

    def save(fig: Any, name: str) -> None:
        fig.tight_layout()
        # Twice the pixels of the figure's size; the page shows it at half its width, sharp on high-density screens.
        fig.savefig(IMG / name, dpi=2 * plt.rcParams["figure.dpi"])
        plt.close(fig)
        written.append(name)

    def errs(items: list[dict[str, float]], low: str = "min", high: str = "max") -> list[list[float]]:
        return [[s["median"] - s[low] for s in items], [s[high] - s["median"] for s in items]]

    start = r.get("start")
    if start:
        sets = start["sets"]
        labels = list(sets)
        floor_s = start["floor"]["start_s"]["median"]
        # Start time per set.
        fig, ax = plt.subplots(figsize=(8.5, 5.0))
        values = [sets[k]["start_s"] for k in labels]
        colors = [theirs if k == STICK else ours for k in labels]
        names = [f"{k}{' ' if len(k) < 20 else chr(10)}({sets[k]['tools']} tools)" for k in labels]
        y = range(len(labels))
        ax.barh(y, [v["median"] for v in values], xerr=errs(values), color=colors, capsize=3)
        ax.set_yticks(list(y), names)
        ax.invert_yaxis()
        ax.axvline(floor_s, color=accent, linestyle="--", label=f"SDK import floor ({floor_s:.2f} s)")
        ax.axvline(floor_s + START_ABOVE_FLOOR_S, color=target_c, linestyle=":", label="target: floor + 0.2 s")
        xmax = max(v["max"] for v in values) * 1.18
        for i, v in enumerate(values):
            ax.text(v["max"] + xmax * 0.015, i, f"{v['median']:.2f} s", va="center", fontsize=10, bbox=label_box)
        ax.set_xlabel("seconds, spawn → complete tools/list (median; bar = min–max)")
        ax.set_title("Server start per tool set")
        ax.set_xlim(0, xmax)
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2, fontsize=9, frameon=False)
        save(fig, "bench-start-by-set.png")
        # Context cost per set.
        fig, ax = plt.subplots(figsize=(8.5, 4.6))
        sizes = [sets[k]["tools_list_bytes"] / 1000 for k in labels]
        ax.barh(y, sizes, color=colors)
        ax.set_yticks(list(y), names)
        ax.invert_yaxis()
        for i, k in enumerate(labels):
            s = sets[k]
            ax.text(
                sizes[i] + max(sizes) * 0.01,
                i,
                f"{sizes[i]:.0f} KB · {s['bytes_per_tool']} B/tool · {s['tokens'] / 1000:.1f}K tokens",
                va="center",
                fontsize=9,
            )
        ax.set_xlim(0, max(sizes) * 1.75)
        ax.set_xlabel("tools/list result size (KB; tokens counted with o200k)")
        ax.set_title("Context cost of the tool list per set")
        save(fig, "bench-context-by-set.png")
        # Idle memory per set.
        fig, ax = plt.subplots(figsize=(8.5, 5.0))
        rss = [sets[k]["rss_mb"] for k in labels]
        floor_mb = start["floor"]["rss_mb"]["median"]
        xmax = max(max(v["max"] for v in rss), floor_mb + RSS_ABOVE_FLOOR_MB) * 1.4
        ax.barh(y, [v["median"] for v in rss], xerr=errs(rss), color=colors, capsize=3)
        ax.set_yticks(list(y), names)
        ax.invert_yaxis()
        ax.axvline(floor_mb, color=accent, linestyle="--", label=f"SDK import floor ({floor_mb:.0f} MB)")
        ax.axvline(floor_mb + RSS_ABOVE_FLOOR_MB, color=target_c, linestyle=":", label="target: floor + 20 MB")
        for i, v in enumerate(rss):
            ax.text(
                v["max"] + xmax * 0.015,
                i,
                f"{v['median']:.0f} MB ({v['median'] - floor_mb:+.0f} MB vs floor)",
                va="center",
                fontsize=10,
                bbox=label_box,
            )
        ax.set_xlim(0, xmax)
        ax.set_xlabel("MB resident (VmRSS) after tools/list, idle; median, bar = min–max")
        ax.set_title("Server memory at idle per tool set")
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2, fontsize=9, frameon=False)
        save(fig, "bench-rss-by-set.png")

    scaling = r.get("scaling")
    if scaling:
        counts = [row["tools"] for row in scaling]
        fig, ax = plt.subplots(figsize=(8, 4.6))
        values = [row["start_s"] for row in scaling]
        ax.errorbar(counts, [v["median"] for v in values], yerr=errs(values), marker="o", color=ours, capsize=4,
                    label="data-mcp (median, bar = min–max)")  # fmt: skip
        if start:
            floor_s = start["floor"]["start_s"]["median"]
            ax.axhline(floor_s, color=accent, linestyle="--", label=f"SDK import floor ({floor_s:.2f} s)")
            ax.axhline(floor_s + START_ABOVE_FLOOR_S, color=target_c, linestyle=":", label="target: floor + 0.2 s")
        ax.set_ylim(0, max(v["max"] for v in values) * 1.5)
        ax.set_xlabel("tools in the manifest")
        ax.set_ylabel("seconds, spawn → complete tools/list")
        ax.set_title("Server start against tool count")
        ax.set_xticks(counts)
        ax.legend(loc="lower right", fontsize=9)
        save(fig, "bench-start-vs-tools.png")

        fig, ax = plt.subplots(figsize=(8, 4.6))
        sizes = [row["tools_list_bytes"] / 1000 for row in scaling]
        ax.plot(counts, sizes, marker="o", color=ours, label="measured tools/list size")
        ax.plot(counts, [n * BYTES_PER_TOOL / 1000 for n in counts], color=target_c, linestyle=":",
                label=f"target: {BYTES_PER_TOOL} B per tool")  # fmt: skip
        for n, size, row in zip(counts, sizes, scaling, strict=True):
            ax.annotate(f"{row['tokens'] / 1000:.1f}K tokens", (n, size), textcoords="offset points",
                        xytext=(6, -14), fontsize=9)  # fmt: skip
        ax.set_xlabel("tools in the manifest")
        ax.set_ylabel("tools/list result size (KB)")
        ax.set_title("Tool list size against tool count")
        ax.set_xticks(counts)
        ax.legend(loc="upper left", fontsize=9)
        save(fig, "bench-size-vs-tools.png")

    reload = r.get("reload")
    if reload:
        for key, x_key, xlabel, name, title in (
            ("by_size", "tools", "tools in the manifest (no extends)", "bench-reload-vs-size.png",
             "Hot reload latency against manifest size"),
            ("by_depth", "depth", f"extends depth (YAML files chained; {RELOAD_DEPTH_SIZE} tools in the deepest)",
             "bench-reload-vs-depth.png", "Hot reload latency against extends depth"),
        ):  # fmt: skip
            rows = reload[key]
            xs = [row[x_key] for row in rows]
            fig, ax = plt.subplots(figsize=(8, 4.6))
            ax.plot(xs, [row["p50_ms"] for row in rows], marker="o", color=ours, label="p50")
            ax.plot(xs, [row["p95_ms"] for row in rows], marker="s", color=accent, label="p95")
            ax.axhline(RELOAD_P95_MS, color=target_c, linestyle=":", label=f"target: p95 ≤ {RELOAD_P95_MS:g} ms")
            for row in rows:
                ax.annotate(f"{row['p95_ms']:.0f}", (row[x_key], row["p95_ms"]), textcoords="offset points",
                            xytext=(0, 7), ha="center", fontsize=9)  # fmt: skip
            ax.set_ylim(0, RELOAD_P95_MS * 1.15)
            ax.set_xticks(xs)
            ax.set_xlabel(xlabel)
            ax.set_ylabel(f"ms from save to list_changed ({rows[0]['saves']} saves)")
            ax.set_title(title)
            ax.legend(loc="center right", fontsize=9)
            save(fig, name)

    lint = r.get("lint")
    if lint:
        counts = [row["manifests"] for row in lint]
        fig, ax = plt.subplots(figsize=(8, 4.6))
        warm = [row["warm_s"] for row in lint]
        ax.errorbar(counts, [v["median"] for v in warm], yerr=errs(warm), marker="o", color=ours, capsize=4,
                    label="lint_paths in a running process")  # fmt: skip
        if all("cli_s" in row for row in lint):
            cli = [row["cli_s"] for row in lint]
            ax.errorbar(counts, [v["median"] for v in cli], yerr=errs(cli), marker="s", color=accent, capsize=4,
                        label="data-mcp lint command (with interpreter start)")  # fmt: skip
        ax.plot([200], [LINT_200_S], marker="*", markersize=14, color=target_c, linestyle="none",
                label=f"target: 200 manifests ≤ {LINT_200_S:g} s")  # fmt: skip
        ax.set_ylim(0, LINT_200_S * 1.2)
        ax.set_xticks(counts)
        ax.set_xlabel("manifests linted (a third each Python, YAML, JSON)")
        ax.set_ylabel("seconds (median; bar = min–max)")
        ax.set_title("Lint time against number of manifests")
        ax.legend(loc="upper left", fontsize=9)
        save(fig, "bench-lint-vs-manifests.png")

    calls = r.get("calls")
    if calls:
        fig, ax = plt.subplots(figsize=(8.5, 3.6))
        names = ["bare HTTP GET (httpx2)", "AsyncDataClient.company.get_quote", "data-mcp tool call (stdio)"]
        values = [calls["bare"], calls["client"], calls["server"]]
        ax.barh(range(3), [v["median"] for v in values], xerr=errs(values, "p10", "p90"),
                color=[theirs, ours, accent], capsize=3)  # fmt: skip
        ax.set_yticks(range(3), names)
        ax.invert_yaxis()
        for i, v in enumerate(values):
            ax.text(v["p90"] * 1.02 + 0.05, i, f"{v['median']:.2f} ms", va="center", fontsize=10, bbox=label_box)
        ax.set_xlim(0, max(v["p90"] for v in values) * 1.25)
        ax.set_xlabel(f"ms per quote call (median of {calls['calls']}; bar = p10–p90)")
        ax.set_title("Cost of one call: bare GET, client, server")
        save(fig, "bench-call-overhead.png")

    cache = r.get("cache")
    if cache:
        backends = [k for k, v in cache.items() if v]
        series = (
            ("get_hit_us", "backend get, hit"),
            ("get_miss_us", "backend get, miss"),
            ("call_hit_us", "client call, hit"),
            ("call_miss_us", "client call, miss (fetched)"),
        )
        fig, ax = plt.subplots(figsize=(8.5, 4.8))
        width = 0.2
        palette = ["#2f6db3", "#8fb3e0", "#d9822b", "#f0c08a"]
        for j, (key, label) in enumerate(series):
            xs = [i + (j - 1.5) * width for i in range(len(backends))]
            vals = [cache[b][key]["median"] for b in backends]
            ax.bar(xs, vals, width, label=label, color=palette[j])
            for x, v in zip(xs, vals, strict=True):
                ax.text(x, v * 1.15, fmt_us(v).replace(" ", "\n"), ha="center", fontsize=8)
        ax.set_yscale("log")
        ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g} µs" if v < 1000 else f"{v / 1000:g} ms"))
        ax.set_ylim(0.1, max(cache[b]["call_miss_us"]["median"] for b in backends) * 20)
        ax.set_xticks(range(len(backends)), [{"sqlite": "SQLite", "redis": "Redis"}.get(b, b) for b in backends])
        ax.set_ylabel("time per operation (median; log scale)")
        ax.set_xlabel("cache backend")
        ax.set_title("Cache hit and miss per backend")
        ax.legend(loc="upper left", fontsize=9, ncol=2)
        save(fig, "bench-cache.png")

    answers = r.get("answers")
    if answers:
        measured = [t for t in answers["tools"] if "error" not in t]
        before = sorted(t["before"] for t in measured)
        after = sorted(t["after"] for t in measured)
        fig, ax = plt.subplots(figsize=(9, 4.8))
        ax.plot(range(len(before)), before, color=theirs, lw=2, label="before: compact JSON, whole")
        ax.plot(range(len(after)), after, color=ours, lw=2, label="after: table or JSON, within the budget")
        for level, text in (
            (answers_bench.HOST_WARNS, "assistants warn"),
            (answers_bench.HOST_REFUSES, "assistants refuse"),
        ):
            ax.axhline(level, color=target_c, lw=1, ls="--")
            ax.text(2, level * 1.12, f"{text} ({level // 1000}K)", color=target_c, fontsize=9, bbox=label_box)
        ax.set_yscale("log")
        ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:,.0f}"))
        ax.set_xlabel(f"the {len(measured)} tools of the full profile, each sorted by its answer size")
        ax.set_ylabel("o200k tokens of one answer (log scale)")
        ax.set_title("Answer sizes with typical arguments, before and after")
        ax.legend(loc="upper left", fontsize=9)
        save(fig, "bench-answers.png")

    cpu = r.get("cpu")
    if cpu:
        call_cpu_page.plot(cpu, plt, save, (ours, theirs, accent))
    return written


# --------------------------------------------------------------------------------------------- the page


def png_width(path: Path) -> int:
    """The width in pixels a PNG file's header gives."""
    with path.open("rb") as file:
        header = file.read(24)
    return int.from_bytes(header[16:20], "big")


def takeaway(r: dict[str, Any]) -> list[str]:
    """Three lines a reader can stop at: start, context, answers (each where the results have it)."""
    lines = []
    start = r.get("start")
    if start:
        ours = {k: v for k, v in start["sets"].items() if k != STICK}
        floor = start["floor"]["start_s"]["median"]
        aboves = [v["start_s"]["median"] - floor for v in ours.values()]
        tools = sorted(v["tools"] for v in ours.values())
        per_tool = sum(v["tools_list_bytes"] for v in ours.values()) / sum(tools)
        tokens_per_tool = sum(v["tokens"] for v in ours.values()) / sum(tools)
        lines.append(
            f"**Start:** data-mcp answers its first `tools/list` {min(aboves):.2f}–{max(aboves):.2f} s after the MCP "
            f"SDK's own imports, whatever the tool set ({tools[0]} to {tools[-1]} tools)."
        )
        default = ours.get("default")
        lines.append(
            f"**Context:** each tool costs about {per_tool:.0f} bytes ({tokens_per_tool:.0f} o200k tokens) of the "
            "agent's context"
            + (
                f"; the default set of {default['tools']} tools is {default['tokens'] / 1000:.1f}K tokens."
                if default
                else "."
            )
        )
    answers = r.get("answers")
    if answers:
        full = answers["profiles"]["full"]
        over = full["after_over_10k"]
        lines.append(
            f"**Answers:** with the default budget {over or 'no'} answer"
            f"{'' if over == 1 else 's'} of the {full['tools']} tools {'goes' if over == 1 else 'go'} over the 10K "
            f"tokens at which assistants warn (largest {full['after_max']:,}; before answer shaping "
            f"{full['before_over_10k']} did, up to {full['before_max']:,})."
        )
    return lines


def page(r: dict[str, Any], images: Sequence[str]) -> str:
    """``docs/benchmarks.md`` from the results."""
    out: list[str] = []
    w = out.append

    def image(name: str, alt: str) -> None:
        if name in images:
            w(f'![{alt}](img/{name}){{ width="{png_width(IMG / name) // 2}" }}\n')

    w("# Performance\n")
    w(
        "What the local server, the linter and the client cost, measured on the project machine by one script. Every "
        "figure is a median over repeated runs with its spread beside it: min–max where each sample is a whole "
        "process or a whole run (starts, memory, lint, throughput, reload saves), p10–p90 where there are hundreds "
        "or thousands of samples (calls, cache operations). Nothing "
        "here is asserted by the test suite; the targets below come from earlier issues. How it is measured, and how "
        "to measure it yourself, is at the end ([Method](#method)).\n"
    )
    lines = takeaway(r)
    if lines:
        w("## In short\n")
        w("\n".join(f"- {line}" for line in lines) + "\n")
    w(
        "Two references stand beside data-mcp in the figures. **The SDK floor** is a process that only imports the MCP "
        "SDK's server modules and says it is ready: the least any server built on that SDK pays, so what data-mcp "
        "adds is its distance from the floor. **The earlier client** is an earlier MCP server for the same API "
        "(144 tools), installed outside this repository and measured the same way, as a point of comparison.\n"
    )
    call_cpu_page.clocks(w)
    rows = r.get("targets", [])
    if rows:
        w("## Targets\n")
        w("| Target | Measured | Status | Note |\n|---|---|---|---|")
        for t in rows:
            w(f"| {t['target']} | {t['figure']} | {t['status']} | {t['note']} |")
        w("")
        missed = [t for t in rows if "missed" in t["status"]]
        w(
            "Every target is met.\n"
            if not missed
            else f"{len(missed)} target(s) missed; the notes say why, and the sections below give the detail.\n"
        )

    start = r.get("start")
    if start:
        sets = start["sets"]
        fl = start["floor"]
        w("## Server start\n")
        w(
            "**What:** wall time from spawning `python -m data_pkg.mcp` to reading the complete answer to "
            "`tools/list`, over real pipes: the `initialize` request, its answer, `notifications/initialized`, then "
            "`tools/list`. One fresh process per run; the sets are measured round-robin (run 1 of each, then run 2 of "
            "each, ...) so drift on the machine hits all alike. The floor is a process that imports "
            "`mcp.server.lowlevel` and `mcp.server.stdio` in the same venv and then prints a line, timed from spawn "
            "to that line: the least any server built on the MCP SDK pays before it can answer. **Rerun:** "
            "`benchmarks/report.py --only start` (or `benchmarks/server.py`).\n"
        )
        w(
            f"SDK floor: {span(fl['start_s'], fmt_s)} ({fl['start_s']['n']} runs). Timed to the process's exit "
            "instead, as `benchmarks/server.py` times its floor, the same imports take "
            f"{span(fl['to_exit_s'], fmt_s)}: "
            "interpreter shutdown is in that figure, and a server start (timed to its answer) has none, so this "
            "report compares against the first.\n"
        )
        w("| Set | Tools | Spawn → tools/list, median (min–max) | Above the floor | Non-JSON stdout lines |")
        w("|---|---|---|---|---|")
        for label, s in sets.items():
            above = s["start_s"]["median"] - fl["start_s"]["median"]
            w(f"| {label} | {s['tools']} | {span(s['start_s'], fmt_s)} | {above:+.2f} s | {s['stray_stdout_lines']} |")
        w(f"\n{start['sets']['default']['start_s']['n']} runs each.\n")
        image("bench-start-by-set.png", "Bar chart of seconds from spawn to a complete tools/list per tool set")
        aboves = [s["start_s"]["median"] - fl["start_s"]["median"] for k, s in sets.items() if k != STICK]
        widths = [s["start_s"]["p90"] - s["start_s"]["p10"] for s in sets.values()]
        w(
            f"data-mcp's medians sit {min(aboves):+.2f} to {max(aboves):+.2f} s from the floor: what it adds (its own "
            "imports, resolving the tool set, the handshake, building the list) is small next to the SDK's imports. "
            "Single starts on this machine scatter widely even when it is otherwise idle (the p10–p90 width of one "
            f"set's runs is {statistics.median(widths):.2f} s at the median), so differences between sets of less than "
            "about 0.1 s are noise, not cost.\n"
        )

        w("## Context cost\n")
        w(
            "**What:** the size of the `tools/list` result (the `tools` array as compact JSON, which is what a host "
            "puts in front of the model), bytes per tool, and its tokens counted with the real o200k tokenizer "
            "(`bpe-openai`, offline). The last column is data-mcp's own estimate, bytes / 4, which `data-mcp tools`, "
            "`--max-tokens` and lock files use (no tokenizer ships with the server); the ratio says how far it is "
            "from the exact count. **Rerun:** `benchmarks/report.py --only start`.\n"
        )
        w("| Set | Tools | tools/list | Bytes per tool | Tokens (o200k) | data-mcp's estimate |")
        w("|---|---|---|---|---|---|")
        for label, s in sets.items():
            w(
                f"| {label} | {s['tools']} | {kb(s['tools_list_bytes'])} | {s['bytes_per_tool']} | {s['tokens']:,} | "
                f"{s['est_tokens']:,} ({s['est_tokens'] / s['tokens']:.2f}×) |"
            )
        w("")
        image("bench-context-by-set.png", "Bar chart of tools/list size in KB per tool set")

    scaling = r.get("scaling")
    if scaling:
        w("## How cost grows with the tool count\n")
        w(
            "**What:** start time (as above) and `tools/list` size for YAML manifests listing the first 10, 50, 100 "
            "and all live tool candidates of the catalog, in catalog order (no extends, no patterns). **Rerun:** "
            "`benchmarks/report.py --only scaling`.\n"
        )
        w("| Tools | Spawn → tools/list, median (min–max) | tools/list | Bytes/tool | Tokens (o200k) | Idle RSS |")
        w("|---|---|---|---|---|---|")
        for row in scaling:
            w(
                f"| {row['tools']} | {span(row['start_s'], fmt_s)} | {kb(row['tools_list_bytes'])} | "
                f"{row['bytes_per_tool']} | {row['tokens']:,} | {row['rss_mb']['median']:.1f} MB |"
            )
        w("")
        image("bench-start-vs-tools.png", "Line chart of start seconds against tools in the manifest")
        image("bench-size-vs-tools.png", "Line chart of tools/list KB against tools in the manifest")
        first, last = scaling[0], scaling[-1]
        grow = last["start_s"]["median"] - first["start_s"]["median"]
        per_tool = [row["bytes_per_tool"] for row in scaling]
        noise = statistics.median(row["start_s"]["p90"] - row["start_s"]["p10"] for row in scaling)
        verdict = (
            "within the run-to-run scatter of a single case, so the tool count does not measurably move the start"
            if abs(grow) < noise
            else "more than the run-to-run scatter of a single case"
        )
        w(
            f"From {first['tools']} to {last['tools']} tools the median start changes by {grow * 1e3:+.0f} ms, "
            f"{verdict} (p10–p90 width {noise * 1e3:.0f} ms at the median). The list grows in proportion to the "
            f"tools, at {min(per_tool)}–{max(per_tool)} bytes per tool: the context, not the start, is what a large "
            "tool set costs.\n"
        )

    reload = r.get("reload")
    if reload:
        w("## Hot reload\n")
        w(
            "**What:** time from saving a manifest (write a temporary file, then rename it over the manifest, as "
            "editors do) to reading `notifications/tools/list_changed` on the server's stdout. Every save swaps one "
            "tool, so every save changes the list; saves are 0.1 s apart so each is its own reload. Against size: "
            "one manifest listing N tools. Against depth: `team.yaml` extends `level1.yaml`, which extends "
            f"`level2.yaml`, ...; the deepest file lists {RELOAD_DEPTH_SIZE} tools and is the one saved, so the "
            "watcher must follow the extends chain and the whole chain is resolved again. p95 is the nearest-rank "
            "95th percentile. **Rerun:** `benchmarks/report.py --only reload` (`benchmarks/server.py` measures the "
            "small case alone).\n"
        )
        w("| Manifest | Saves | p50 | p95 | min–max |")
        w("|---|---|---|---|---|")
        for row in reload["by_size"]:
            w(
                f"| {row['tools']} tools, no extends | {row['saves']} | {fmt_ms(row['p50_ms'])} | "
                f"{fmt_ms(row['p95_ms'])} | {row['min_ms']:.0f}–{row['max_ms']:.0f} ms |"
            )
        for row in reload["by_depth"]:
            w(
                f"| {row['tools']} tools, extends depth {row['depth']} | {row['saves']} | {fmt_ms(row['p50_ms'])} | "
                f"{fmt_ms(row['p95_ms'])} | {row['min_ms']:.0f}–{row['max_ms']:.0f} ms |"
            )
        w("")
        image("bench-reload-vs-size.png", "Line chart of reload p50 and p95 in ms against manifest size")
        image("bench-reload-vs-depth.png", "Line chart of reload p50 and p95 in ms against extends depth")

    lint = r.get("lint")
    if lint:
        w("## Lint\n")
        w(
            "**What:** linting a folder of generated manifests (a third each Python, YAML and JSON; about half "
            "extend a built-in profile, the rest pick tools, patterns, exclusions, overrides, prefixes and tier "
            "limits; all lint clean of errors, so each is resolved in full). Two figures: `lint_paths` called in a "
            "process that has already imported it, and the `data-mcp lint FOLDER` command, wall time including "
            "interpreter start. **Rerun:** `benchmarks/report.py --only lint` (or `benchmarks/lint.py --count N`).\n"
        )
        w("| Manifests | In-process, median (min–max) | `data-mcp lint`, median (min–max) | In-process per manifest |")
        w("|---|---|---|---|")
        for row in lint:
            cli = span(row["cli_s"], fmt_s) if "cli_s" in row else "not installed"
            per = row["warm_s"]["median"] / row["manifests"] * 1e3
            w(f"| {row['manifests']} | {span(row['warm_s'], fmt_s)} | {cli} | {per:.2f} ms |")
        w(f"\n{lint[0]['warm_s']['n']} runs each.\n")
        image("bench-lint-vs-manifests.png", "Line chart of lint seconds against number of manifests")

    calls = r.get("calls")
    if calls:
        w("## Tool call overhead\n")
        w(
            "**What:** one call of the `quote` endpoint for the same symbol, three ways, against one sandbox process "
            "on loopback: a bare `httpx2.AsyncClient.get` of the URL; `AsyncDataClient.company.get_quote` (argument "
            'checks, limiter, error mapping, decoding into a typed model); and `call_tool("quote")` from an MCP SDK '
            "client session in this process to a spawned `data-mcp` over stdio (JSON-RPC both ways, the server's "
            "client call, JSON text result). The response cache is off everywhere (`DATA_CACHE=off` in the server's "
            "environment), so every call reaches the sandbox. After a warm-up the three take turns in blocks of "
            f"{CALL_BLOCK} calls, in a rotating order; the first call of each block is not counted, since it runs "
            "while the previous path is still winding down (right after a server call, the server and its SDK are "
            f"still finishing up on the two cores). {calls['calls']} counted calls each. **Rerun:** "
            "`benchmarks/report.py --only calls` (`benchmarks/run.py` "
            "has the synchronous client against a mock transport and against the sandbox).\n"
        )
        w("| Path | Median (p10–p90) | Added over the bare GET (medians) |")
        w("|---|---|---|")
        base = calls["bare"]["median"]
        for key, label in (
            ("bare", "bare HTTP GET"),
            ("client", "async client"),
            ("server", "through the stdio server"),
        ):
            s = calls[key]
            added = "" if key == "bare" else f"{s['median'] - base:+.2f} ms"
            w(f"| {label} | {span(s, fmt_ms, 'p10', 'p90')} | {added} |")
        w("")
        image("bench-call-overhead.png", "Bar chart of milliseconds per call for bare GET, client and server")
        w(
            "The server's extra over the client is the MCP round trip: two JSON-RPC messages over pipes, the SDK's "
            "request handling on both sides, and the result serialised as JSON text. It is paid once per tool call "
            "an agent makes, next to seconds of model time.\n"
        )

    cache = r.get("cache")
    if cache:
        w("## Client cache\n")
        w(
            "**What:** per backend, `get` of a present key (2 KB value) and of an absent one, timed on the cache "
            "object alone; then a whole synchronous `DataClient.company.get_quote` call served from that cache (hit) "
            "and one for a symbol not yet cached (miss: lookup, HTTP request to the sandbox process, store). Redis is "
            "a private `redis-server` on loopback, so its figures include a network round trip. **Rerun:** "
            "`benchmarks/report.py --only cache` (`benchmarks/run.py` has memory and SQLite hits).\n"
        )
        w("| Backend | get, hit | get, miss | client call, hit | client call, miss |")
        w("|---|---|---|---|---|")
        for name, label in (("memory", "memory"), ("sqlite", "SQLite"), ("redis", "Redis")):
            f = cache.get(name)
            if not f:
                w(f"| {label} | not measured (no redis-server) | | | |")
                continue
            cells = [span(f[k], fmt_us, "p10", "p90") for k in ("get_hit_us", "get_miss_us", "call_hit_us",
                                                                   "call_miss_us")]  # fmt: skip
            w(f"| {label} | " + " | ".join(cells) + " |")
        first = next(v for v in cache.values() if v)
        w(
            f"\nMedians with p10–p90; {first['get_hit_us']['n']:,} gets and {first['call_hit_us']['n']:,} calls per "
            "figure.\n"
        )
        image("bench-cache.png", "Grouped bar chart of cache hit and miss microseconds per backend, log scale")

    thr = r.get("throughput")
    if thr:
        w("## Concurrent async calls and the local rate limiter\n")
        w(
            f"**What:** {thr['calls']} `AsyncDataClient.company.get_quote` calls started together, at most "
            f"{thr['concurrency']} in flight (a semaphore), cache off, against the sandbox process; a fresh client per "
            "run. Three settings of the client's local limiter (`rate_limit`, calls per minute): off; on at a rate "
            "that never binds; on at half the number of calls, which binds. Calls per second count the calls that "
            "were admitted and answered. **Rerun:** `benchmarks/report.py --only throughput`.\n"
        )
        w("| Limiter | Answered calls/s, median (min–max) | Answered | Refused by the limiter | Time to refuse |")
        w("|---|---|---|---|---|")
        for label, c in thr["cases"].items():
            refusal = span(c["refusal_us"], fmt_us, "p10", "p90") if c["refusal_us"] else "–"
            answered = "/".join(str(x) for x in sorted(set(c["admitted"])))
            refused = "/".join(str(x) for x in sorted(set(c["refused"])))
            rate = span(c["admitted_per_s"], lambda x: f"{x:.0f} /s")
            w(f"| {label} | {rate} | {answered} | {refused} | {refusal} |")
        w("")
        w(
            "The limiter keeps a sliding 60-second log: it admits up to its rate at once, and when the next free "
            "slot is further away than `rate_limit_max_wait` (5 s by default) it refuses the call at once with a "
            "`RateLimitError` that says when to retry, instead of sleeping. At a rate that does not bind its cost "
            "does not show against the HTTP round trip; at a binding rate the calls beyond the quota fail fast, in "
            "microseconds, and the answered ones run at full speed.\n"
        )

    load = r.get("load")
    if load and "runs" in load:
        w("## Hosted server under load\n")
        w(
            f"**What:** `benchmarks/hosted_load.py`'s load test, shortened: {load['sessions']} concurrent MCP sessions "
            f"against `data-hosted serve` for {load['seconds']:g} s per run, with one and with two workers sharing a "
            "private Redis; every call goes upstream to the sandbox process (cache off). Latency is per tool call, "
            "client side. Load generator, workers and sandbox share the two cores, so read it as a check for errors "
            "more than as capacity. **Rerun:** `benchmarks/report.py --only load` (or `benchmarks/hosted_load.py` for "
            "the 10 s default).\n"
        )
        w("| Workers | Calls | Calls/s | p50 | p99 | Errors |")
        w("|---|---|---|---|---|---|")
        for row in load["runs"]:
            w(
                f"| {row['workers']} | {row['calls']} | {row['calls_per_second']:.0f} | {row['p50_ms']:.0f} ms | "
                f"{row['p99_ms']:.0f} ms | {row['errors']} |"
            )
        w("")

    if start:
        w("## Memory\n")
        w(
            "**What:** `VmRSS` from `/proc/PID/status` of each server right after its first complete `tools/list`, "
            "idle; the floor is the same figure for the floor process above, read once its imports are done. Taken in "
            "the start runs above. **Rerun:** "
            "`benchmarks/report.py --only start`.\n"
        )
        fl_mb = start["floor"]["rss_mb"]["median"]
        w("| Set | Tools | Idle RSS, median (min–max) | Above the floor |")
        w("|---|---|---|---|")
        w(f"| SDK floor | | {span(start['floor']['rss_mb'], lambda x: f'{x:.1f} MB')} | |")
        for label, s in start["sets"].items():
            w(
                f"| {label} | {s['tools']} | {span(s['rss_mb'], lambda x: f'{x:.1f} MB')} | "
                f"{s['rss_mb']['median'] - fl_mb:+.1f} MB |"
            )
        w("")
        image("bench-rss-by-set.png", "Bar chart of idle server memory in MB per tool set")

    answers = r.get("answers")
    if answers:
        answers_page(answers, w, image)
    cpu = r.get("cpu")
    if cpu:
        call_cpu_page.page(cpu, w, image)
    method(r, w)
    return "\n".join(out).rstrip() + "\n"


def method(r: dict[str, Any], w: Callable[[str], None]) -> None:
    """The closing section: how the figures were measured, on what, and how to rerun them."""
    m = r["machine"]
    w("## Method\n")
    w("### How to rerun\n")
    w(
        "```bash\n"
        '.venv/bin/pip install -e ".[dev,bench]"         # matplotlib for the plots\n'
        ".venv/bin/python benchmarks/report.py           # everything (a few minutes on 2 cores)\n"
        ".venv/bin/python benchmarks/report.py --quick   # fewer repetitions (about a minute)\n"
        ".venv/bin/python benchmarks/report.py --only reload lint   # some sections; the rest kept from report.json\n"
        ".venv/bin/python benchmarks/report.py --render-only        # redraw plots and this page from report.json\n"
        "```\n"
    )
    w(
        "Results go to `benchmarks/results/report.json`, plots to `docs/img/bench-*.png`, and this page is "
        "rewritten. Sections: "
        + ", ".join(f"`{s}`" for s in SECTIONS)
        + '. `--compare "ENV=VALUE /path/to/python -m module"` adds another stdio server to the start, size and '
        "memory figures (a measuring stick installed outside the repository; its command is not stored). Everything "
        "runs on loopback: a sandbox process stands in for the REST API, and a private `redis-server` is started "
        "when one is installed.\n"
    )
    w(
        f"Run of {m['date']} in {r.get('mode', 'full')} mode, {r.get('elapsed_s', 0):.0f} s in all. "
        f"Machine: {m['cores']} cores, Python {m['python']}, MCP SDK "
        f"{m['mcp_sdk']}, {m['platform']}.\n"
    )
    w(
        f"`PYTHONDONTWRITEBYTECODE={m['PYTHONDONTWRITEBYTECODE']}` is set on this machine, so no new `.pyc` files "
        f"are written: a module without a cached one is compiled from source in every spawned process. At this "
        f"run {m['project_sources_with_pyc']} of the project's {m['project_sources']} source files had a cached "
        "`.pyc` (left from earlier runs without the variable); installed dependencies, the MCP SDK included, carry "
        "theirs from installation. Every contender (the SDK floor, data-mcp, the earlier client) starts under the "
        "same setting. Two cores are shared by the process measured, the measuring process and, where there is one, "
        "the sandbox. Other jobs may share them too: the one-minute load average was "
        f"{m.get('load_average_at_start', '?')} when the run began and {m.get('load_average_at_end', '?')} when it "
        "ended, and the spread of each figure shows how much that moved it.\n"
    )


def answers_page(a: dict[str, Any], w: Callable[[str], None], image: Callable[[str, str], None]) -> None:
    """The "Answers" section: sizes before and after, per profile, the table's saving, the estimator, the cost."""
    history = a["history_5y"]
    full = a["profiles"]["full"]
    w("## Answers\n")
    w(
        "**What:** every tool of the `full` profile called once against the sandbox (at the upstream's depths) with "
        "the catalog's typical arguments (required ones only, so a history comes at its default five years), then "
        "counted with the real o200k tokenizer (`bpe-openai`, offline). *Before* is the answer as the server sent it "
        "before answer shaping: the whole upstream JSON, compact, nulls left out. *After* is what it sends now with "
        f"the defaults: table format, {DEFAULT_BUDGET:,}-token budget, the note included. Each profile's figures are "
        "read off the same calls. **Shapes:** the sandbox answers in the upstream's own shapes: for every path its "
        "documentation shows an example of (`tests/upstream_examples/`), exactly that example's fields in its formats "
        "(`tests/sandbox/test_upstream_shapes.py` holds it to them), and the response models' fields for the few "
        "paths without one. (Figures before this report were measured on the models' shapes, which carried fields "
        "the upstream never sends.) **Rerun:** `benchmarks/report.py --only answers` (or `benchmarks/answers.py`).\n"
    )
    w(
        "| Profile | Tools | Tokens before (all answers) | After | Largest before | Largest after "
        "| Over 10K before → after | Over 25K before → after | Cut |"
    )
    w("|---|---|---|---|---|---|---|---|---|")
    for name, p in a["profiles"].items():
        w(
            f"| {name} | {p['tools']} | {p['before_total']:,} | {p['after_total']:,} | {p['before_max']:,} | "
            f"{p['after_max']:,} | {p['before_over_10k']} → {p['after_over_10k']} | "
            f"{p['before_over_25k']} → {p['after_over_25k']} | {p['cut']} |"
        )
    w("")
    image("bench-answers.png", "Sorted answer sizes in tokens per tool, before and after, with the 10K and 25K lines")
    w(
        f"The issue's example, AAPL's daily history from 2020-01-01 to 2024-12-31 ({history['rows']:,} rows): "
        f"{history['json_tokens']:,} tokens as compact JSON ({history['json_bytes'] / 1000:.0f} KB), "
        f"{history['table_tokens']:,} as a table with a budget large enough for all of it: "
        f"**{history['ratio']:.2f}×**. With the default budget the server shows the newest {history['default_shown']} "
        f"rows in {history['default_tokens']:,} tokens and ends with:\n"
    )
    w(f"```text\n{history['default_note']}\n```\n")
    w(
        f"Over all {full['tools']} tools, a table costs {full['table_json_ratio']:.2f}× the same answer in compact "
        f"JSON, and it is the cheaper of the two for {full['tables_cheaper']} of them (the others answer one object, "
        "which stays JSON in both formats).\n"
    )
    if "bound_under" in full:
        w(
            "**The bound.** The writer does not tokenize: it counts an upper bound on o200k tokens in C "
            "(`data_pkg/answers/_tokens.py`; [server](server.md#answers-that-fit) says how). Against the exact count "
            f"of every answer above it undercounts {full['bound_under']} of them; of those of 50 tokens or more it "
            f"overcounts {full['bound_over_median']:.2f}× at the median and {full['bound_over_max']:.2f}× at most "
            "(prose and names cost more in the bound than in o200k, numbers about the same).\n"
        )
    else:  # figures measured before the writer counted a bound
        w("**The bound.** These figures predate the writer's bound: rerun `benchmarks/report.py --only answers`.\n")
    w(
        "**The cost.** CPU time in the measuring process (`time.process_time`; the sandbox runs in its own "
        "process), median of repeated calls per tool. Budgeting (counting, choosing the rows, the note) costs "
        f"{a['budgeting_share_median'] * 100:.1f}% of the client call at the median over tools, "
        f"{a['budgeting_share_p90'] * 100:.1f}% at the 90th percentile and {a['budgeting_share_max'] * 100:.0f}% at "
        "worst (small answers whose call costs well under a millisecond, where the writer's fixed cost shows). "
        "The whole writer (formatting included) costs "
        f"{a['writer_vs_old_total']:.2f}× what encoding every answer whole as JSON cost before, summed over tools, "
        "because a cut answer renders only the rows it shows.\n"
    )


# --------------------------------------------------------------------------------------------- main


def measure(sections: Sequence[str], plan: Plan, compare: str | None, results: dict[str, Any]) -> None:
    with ExitStack() as stack:
        sandbox = Sandbox(stack)
        runners: dict[str, Callable[[], Any]] = {
            "start": lambda: measure_start(plan, compare),
            "scaling": lambda: measure_scaling(plan),
            "reload": lambda: measure_reload(plan),
            "lint": lambda: measure_lint(plan),
            "calls": lambda: measure_calls(plan, sandbox),
            "cache": lambda: measure_cache(plan, sandbox),
            "throughput": lambda: measure_throughput(plan, sandbox),
            "load": lambda: measure_load(plan, sandbox),
            "answers": lambda: answers_bench.measure(sandbox.url, quick=plan is QUICK),
            "cpu": lambda: measure_cpu(plan),
        }
        for section in sections:
            began = time.perf_counter()
            say(f"{section} ...")
            results[section] = runners[section]()
            say(f"{section}: {time.perf_counter() - began:.1f} s")


@contextmanager
def _timer(results: dict[str, Any]) -> Iterator[None]:
    began = time.perf_counter()
    yield
    results["elapsed_s"] = time.perf_counter() - began


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (about a minute)")
    parser.add_argument("--only", nargs="+", choices=SECTIONS, help="measure these sections; keep the rest")
    parser.add_argument("--render-only", action="store_true", help="measure nothing; redraw from report.json")
    parser.add_argument("--compare", help='another stdio server: "ENV=VALUE /path/to/python -m module" (not stored)')
    options = parser.parse_args(argv)
    plan = QUICK if options.quick else FULL
    previous: dict[str, Any] = json.loads(REPORT.read_text()) if REPORT.is_file() else {}
    if options.render_only:
        if not previous:
            parser.error(f"{REPORT} does not exist yet: run without --render-only first")
        results = previous
    else:
        sections = options.only or list(SECTIONS)
        results = {k: v for k, v in previous.items() if options.only and k in SECTIONS and k not in sections}
        results["machine"] = machine()
        results["mode"] = "quick" if options.quick else "full"
        with _timer(results):
            measure(sections, plan, options.compare, results)
        results["machine"]["load_average_at_end"] = round(os.getloadavg()[0], 2)
        if options.only and previous.get("elapsed_s"):
            results["elapsed_s"] = previous["elapsed_s"]  # the page states the time of a whole run
            results["mode"] = previous.get("mode", results["mode"])
        results["targets"] = targets(results)
        RESULTS.mkdir(parents=True, exist_ok=True)
        REPORT.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    results["targets"] = targets(results)
    images = plots(results)
    PAGE.write_text(page(results, images), encoding="utf-8")
    for t in results["targets"]:
        say(f"{t['status']:>14}  {t['target']}: {t['figure']}")
    say(f"wrote {REPORT.relative_to(ROOT)}, {PAGE.relative_to(ROOT)} and {len(images)} plots in docs/img")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
