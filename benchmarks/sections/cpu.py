"""Section ``cpu``: CPU time per tool call from /proc, contenders in one run (``call_cpu.py``).

data-hosted against a bare MCP SDK server (``bare_mcp_server.py``) on uvloop + httptools and on asyncio + h11,
the stdio server against a bare GET, and what the answer writer adds. On the page: *CPU per call* (and the
*Wall-clock and CPU time* note near the top).
"""

from __future__ import annotations

from call_cpu import HOSTED_TARGET, STDIO_CPU_TARGET_MS, STDIO_P50_TARGET, STRETCH_MS

from .common import Add, Figures, Run
from .text import Page

OURS, BARE, GET = "data-hosted", "bare SDK, trivial tool", "bare SDK, one upstream GET"
STDIO, BARE_GET = "data-mcp (stdio)", "bare GET"
CACHED, PING = "data-mcp, answered from its cache", "data-mcp, ping"
SDK_TRIVIAL, SDK_GET = "bare SDK stdio, trivial tool", "bare SDK stdio, one upstream GET"
STDIO_ROWS = (
    (STDIO, "data-mcp: quote, one upstream GET"),
    (CACHED, "data-mcp: quote answered from its memory cache"),
    (PING, "data-mcp: ping"),
    (SDK_TRIVIAL, "bare SDK over its stdio transport: trivial tool"),
    (SDK_GET, "bare SDK over its stdio transport: one upstream GET"),
    (BARE_GET, "bare httpx2 GET (CPU of the measuring process)"),
)
STACKS = (("hosted", "uvloop + httptools"), ("hosted_pure", "asyncio + h11"))
"""Result keys of the two hosted runs and how the page names their stacks."""


def measure(run: Run) -> Figures:
    """CPU per call, against a sandbox of its own (its pid is read too)."""
    import call_cpu

    calls, rounds = (100, 3) if run.plan.quick else (400, 6)
    with call_cpu.sandbox() as (url, pid):
        found: Figures = call_cpu.measure(url, pid, calls, rounds, ("hosted", "hosted-pure", "stdio"))
    return found


def load(part: Figures) -> str:
    """The load average seen during one run's blocks."""
    average = part["load_average"]
    return f"load {average['min']:.1f}–{average['max']:.1f}"


def targets(c: Figures, add: Add) -> None:
    """The issue's targets, judged on the ``cpu`` results."""
    for key, stack in STACKS:
        part = c.get(key)
        if part:
            hosted_targets(part, stack, add)
    stdio = c.get("stdio")
    if stdio:
        stdio_targets(stdio, add)


def hosted_targets(part: Figures, stack: str, add: Add) -> None:
    """data-hosted against the bare SDK server on one stack."""
    ours, bare = part["contenders"][OURS], part["contenders"][BARE]
    add(
        f"data-hosted CPU per call ≤ {HOSTED_TARGET:g}× a bare SDK server's trivial tool ({stack}), zero errors",
        f"{part['ratio_vs_bare']:.2f}× ({ours['cpu_ms']['median']:.2f} vs {bare['cpu_ms']['median']:.2f} ms), "
        f"{part['errors']} errors ({load(part)})",
        part["ratio_vs_bare"] <= HOSTED_TARGET and part["errors"] == 0,
        "",
    )
    add(
        f"stretch: data-hosted within {STRETCH_MS:g} ms of the bare SDK plus one upstream GET ({stack})",
        f"{part['above_bare_upstream_ms']:+.2f} ms ({ours['cpu_ms']['median']:.2f} vs "
        f"{part['contenders'][GET]['cpu_ms']['median']:.2f} ms)",
        part["above_bare_upstream_ms"] <= STRETCH_MS,
        "",
    )


def stdio_targets(stdio: Figures, add: Add) -> None:
    """The stdio server's CPU per call and its p50 against a bare GET's."""
    add(
        f"stdio server CPU per call ≤ {STDIO_CPU_TARGET_MS:g} ms (cache off, one upstream GET)",
        f"{stdio['server_cpu_ms']:.2f} ms ({load(stdio)})",
        stdio["server_cpu_ms"] <= STDIO_CPU_TARGET_MS,
        "the upstream GET through httpx2's AsyncClient is most of it; see CPU per call",
    )
    ours, bare = stdio["contenders"][STDIO], stdio["contenders"][BARE_GET]
    add(
        f"stdio call p50 ≤ {STDIO_P50_TARGET:g}× a bare GET to the same sandbox (wall-clock)",
        f"{stdio['p50_ratio']:.2f}× ({ours['wall_p50_ms']:.2f} vs {bare['wall_p50_ms']:.2f} ms, {load(stdio)})",
        stdio["p50_ratio"] <= STDIO_P50_TARGET,
        "wall-clock: moves with the machine's load; see CPU per call",
    )


def clocks(p: Page) -> None:
    """Which figures on the page are wall-clock and which are CPU time."""
    p.w("## Wall-clock and CPU time\n")
    p.w(
        "The machine is shared with other jobs, so **wall-clock figures are noisy here**: server start, reload "
        "latency, lint time, the tool call overhead (milliseconds per call), the concurrent calls, the hosted load "
        "test, cache timings, and the p50 latencies in *CPU per call*. They move with the load average printed "
        "beside them, and their spread says by how much. **CPU figures are stable**: *CPU per call* reads the "
        "serving process's own `utime + stime` from `/proc` before and after each block of calls, which a busy "
        "machine delays but does not inflate, and compares contenders measured in the same run as ratios; the "
        "answer budgeting cost in *Answers* is `time.process_time` of the measuring process. Memory (VmRSS) and "
        "sizes (bytes, tokens) do not depend on load at all.\n"
    )


def page(c: Figures, p: Page) -> None:
    """*CPU per call*."""
    p.w("## CPU per call\n")
    any_part = c.get("hosted") or c.get("hosted_pure") or c.get("stdio") or {}
    calls, rounds = any_part.get("calls_per_block", 0), any_part.get("rounds", 0)
    p.w(
        "**What:** the CPU time one tool call costs the process that serves it, read from `/proc/PID/stat` "
        f"(`utime + stime`, all threads) before and after each block of {calls} calls, {rounds} blocks per "
        "contender, contenders taking turns in a rotating order in one run against one sandbox process, one call "
        "at a time. Being CPU time, it does not grow when the process waits for a core; the one-minute load "
        "average seen during the blocks is printed beside each figure all the same. **Hosted:** `data-hosted "
        "serve` (`quote` with `endpoint: quote`, the response cache off so every call goes upstream, INFO access "
        "log as deployed) against `benchmarks/bare_mcp_server.py`, the MCP SDK's `MCPServer` with one trivial "
        "tool (`ping`) and one that makes a single upstream GET (`quote`), served by uvicorn the same way. Both "
        "stacks: uvloop + httptools (what the `hosted` extra installs) and asyncio + h11 (uvicorn's pure-Python "
        "fallback, with uvloop and httptools made unimportable). **Stdio:** `python -m data_pkg.mcp` (`quote`, "
        "cache off) over pipes with raw JSON-RPC lines, against a bare `httpx2.AsyncClient` GET of the same "
        "sandbox URL from the measuring process (the HTTP stack the server calls with). **Rerun:** "
        "`benchmarks/report.py --only cpu` (or `benchmarks/call_cpu.py`).\n"
    )
    for key, stack in STACKS:
        part = c.get(key)
        if part:
            hosted_page(part, stack, p)
    stdio = c.get("stdio")
    if stdio:
        stdio_page(stdio, p)
    p.image("bench-cpu-ratios.png", "Bar chart of the hosted CPU ratios and the stdio p50 ratio against their targets")
    p.image(
        "bench-cpu-per-call.png",
        "Bar chart of CPU milliseconds per call for data-hosted, the bare SDK server and the stdio server",
    )


def hosted_page(part: Figures, stack: str, p: Page) -> None:
    """One hosted stack's table and its ratios."""
    p.w(f"Hosted, {stack} ({load(part)}):\n")
    p.w("| Server and tool | CPU per call, median (min–max) | Sandbox CPU per call | p50 wall-clock | Errors |")
    p.w("|---|---|---|---|---|")
    for name in (OURS, BARE, GET):
        f = part["contenders"][name]
        sandbox = f.get("sandbox_cpu_ms", 0)
        p.w(f"| {name} | {cpu_span(f)} | {sandbox:.2f} ms | {f['wall_p50_ms']:.2f} ms | {f['errors']} |")
    p.w(
        f"\ndata-hosted costs **{part['ratio_vs_bare']:.2f}×** the bare SDK server's trivial tool, and "
        f"{part['above_bare_upstream_ms']:+.2f} ms against the bare SDK making one upstream GET.\n"
    )


def cpu_span(f: Figures) -> str:
    """A contender's CPU per call: median (min–max) ms."""
    cpu = f["cpu_ms"]
    return f"{cpu['median']:.2f} ({cpu['min']:.2f}–{cpu['max']:.2f}) ms"


def stdio_page(stdio: Figures, p: Page) -> None:
    """The stdio table, where the server's CPU goes, and the SDK's own floor for the same path."""
    figures = stdio["contenders"]
    p.w(f"Stdio ({load(stdio)}):\n")
    p.w("| Path | CPU per call, median (min–max) | Sandbox CPU per call | p50 wall-clock | p90 wall-clock |")
    p.w("|---|---|---|---|---|")
    for name, label in STDIO_ROWS:
        f = figures.get(name)
        if f is not None:
            p.w(
                f"| {label} | {cpu_span(f)} | {f.get('sandbox_cpu_ms', 0):.2f} ms | {f['wall_p50_ms']:.2f} ms | "
                f"{f['wall_p90_ms']:.2f} ms |"
            )
    p.w(
        f"\nThe stdio server spent **{figures[STDIO]['cpu_ms']['median']:.2f} ms** of CPU per call, its p50 is "
        f"**{stdio['p50_ratio']:.2f}×** the bare GET's, and {stdio['stray_stdout_lines']} stdout lines were not "
        "JSON-RPC.\n"
    )
    for paragraph in (where_it_goes(stdio), p50_room(figures), sdk_floor(figures), writer_cost(stdio)):
        if paragraph:
            p.w(paragraph)


def medians(figures: Figures) -> dict[str, float]:
    """Each contender's median CPU per call."""
    return {name: f["cpu_ms"]["median"] for name, f in figures.items()}


def where_it_goes(stdio: Figures) -> str:
    """The stdio call taken apart: a ping, a cache-answered call, the GET, the handler."""
    cpu = medians(stdio["contenders"])
    if CACHED not in cpu or PING not in cpu:
        return ""
    ours = cpu[STDIO]
    get = ours - cpu[CACHED]
    handler = (
        f" Of the cache-answered call, data-mcp's own `tools/call` handler (lookup, arguments, the client "
        f"and its cache, the answer writer, the result) is {stdio['handler_us']:.0f} µs, called in-process; "
        "the rest is the SDK's dispatch and the pipes."
        if "handler_us" in stdio
        else ""
    )
    return (
        f"Where that goes: a `ping` (pipes, line checks, the SDK's dispatch) costs {cpu[PING]:.2f} ms; the same "
        f"call answered from the server's memory cache {cpu[CACHED]:.2f} ms (tool lookup, arguments, the cache, "
        f"the answer writer, the result); so the upstream GET, through the data client and httpx2's "
        f"`AsyncClient`, costs the server about {get:.2f} ms, {get / ours * 100:.0f}% of the call, where the same "
        f"GET costs the measuring process {cpu[BARE_GET]:.2f} ms." + handler + "\n"
    )


def p50_room(figures: Figures) -> str:
    """What the p50 target leaves on top of one GET, against what the rest of the call takes."""
    if not all(name in figures for name in (CACHED, BARE_GET, PING)):
        return ""
    bare_p50 = figures[BARE_GET]["wall_p50_ms"]
    allowed = (STDIO_P50_TARGET - 1) * bare_p50
    rest = figures[CACHED]["wall_p50_ms"]
    return (
        f"The p50 target leaves {allowed:.2f} ms on top of one GET ({STDIO_P50_TARGET:g}× its {bare_p50:.2f} ms) "
        f"for everything else the call does: both pipe trips, the JSON-RPC on each side, the tool and the answer. "
        f"That everything else, measured alone as the call answered from the cache, takes {rest:.2f} ms at p50 "
        f"({figures[PING]['wall_p50_ms']:.2f} ms of it for a bare `ping`), so even a server whose GET cost no "
        f"more than the measuring process's would sit at {(bare_p50 + rest) / bare_p50:.2f}× here.\n"
    )


def sdk_floor(figures: Figures) -> str:
    """The SDK's own stdio transport serving the same tools."""
    cpu = medians(figures)
    if SDK_GET not in cpu or SDK_TRIVIAL not in cpu:
        return ""
    return (
        f"The MCP SDK's own stdio transport serving `MCPServer` with the same one-GET tool costs "
        f"{cpu[SDK_GET]:.2f} ms per call (p50 {figures[SDK_GET]['wall_p50_ms']:.2f} ms), and "
        f"{cpu[SDK_TRIVIAL]:.2f} ms for a trivial tool: data-mcp's whole call costs {cpu[STDIO] / cpu[SDK_GET]:.2f}× "
        "what the SDK's floor costs for the same work.\n"
    )


def writer_cost(stdio: Figures) -> str:
    """What the answer writer adds to the call."""
    writer = stdio.get("answer_writer")
    if not writer:
        return ""
    ours = stdio["contenders"][STDIO]["cpu_ms"]["median"]
    return (
        f"The answer writer (fields, table, budget, note) costs {writer['writer_us']:.0f} µs of CPU for this "
        f"answer against {writer['json_text_us']:.0f} µs for encoding it whole as JSON text: "
        f"{writer['added_us']:+.0f} µs per call, {writer['added_us'] / 10 / ours:.1f}% of the call.\n"
    )
