"""The ``cpu`` section of the performance report: its targets, its plot and its part of docs/benchmarks.md.

The figures come from ``call_cpu.py`` (CPU time per call read from /proc, contenders in one run);
``report.py`` measures, then hands the results here to be judged, drawn and written up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from call_cpu import HOSTED_TARGET, STDIO_CPU_TARGET_MS, STDIO_P50_TARGET, STRETCH_MS

PLOT = "bench-cpu-per-call.png"
RATIOS = "bench-cpu-ratios.png"
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

Add = Callable[[str, str, "bool | None", str], None]


def _load(part: dict[str, Any]) -> str:
    load = part["load_average"]
    return f"load {load['min']:.1f}–{load['max']:.1f}"


def targets(c: dict[str, Any], add: Add) -> None:
    """The issue's targets, judged on the ``cpu`` results."""
    for key, stack in STACKS:
        part = c.get(key)
        if not part:
            continue
        ours, bare = part["contenders"][OURS], part["contenders"][BARE]
        add(
            f"data-hosted CPU per call ≤ {HOSTED_TARGET:g}× a bare SDK server's trivial tool ({stack}), zero errors",
            f"{part['ratio_vs_bare']:.2f}× ({ours['cpu_ms']['median']:.2f} vs {bare['cpu_ms']['median']:.2f} ms), "
            f"{part['errors']} errors ({_load(part)})",
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
    stdio = c.get("stdio")
    if stdio:
        add(
            f"stdio server CPU per call ≤ {STDIO_CPU_TARGET_MS:g} ms (cache off, one upstream GET)",
            f"{stdio['server_cpu_ms']:.2f} ms ({_load(stdio)})",
            stdio["server_cpu_ms"] <= STDIO_CPU_TARGET_MS,
            "the upstream GET through httpx2's AsyncClient is most of it; see CPU per call",
        )
        ours, bare = stdio["contenders"][STDIO], stdio["contenders"][BARE_GET]
        add(
            f"stdio call p50 ≤ {STDIO_P50_TARGET:g}× a bare GET to the same sandbox (wall-clock)",
            f"{stdio['p50_ratio']:.2f}× ({ours['wall_p50_ms']:.2f} vs {bare['wall_p50_ms']:.2f} ms, {_load(stdio)})",
            stdio["p50_ratio"] <= STDIO_P50_TARGET,
            "wall-clock: moves with the machine's load; see CPU per call",
        )


def plot(c: dict[str, Any], plt: Any, save: Callable[[Any, str], None], colors: tuple[str, str, str]) -> None:
    """CPU per call of every contender (bars: median, whiskers: min–max over blocks), with the load average."""
    ours_c, theirs_c, accent = colors
    rows: list[tuple[str, dict[str, float], str]] = []
    for key, stack in STACKS:
        part = c.get(key)
        if part:
            for name in (OURS, BARE, GET):
                color = ours_c if name == OURS else theirs_c
                rows.append((f"{name} ({stack})", part["contenders"][name]["cpu_ms"], color))
    stdio = c.get("stdio")
    if stdio:
        for name, label in STDIO_ROWS:
            if name in stdio["contenders"]:
                color = accent if name.startswith("data-mcp") else theirs_c
                rows.append(
                    (label.replace(" (CPU of the measuring process)", ""), stdio["contenders"][name]["cpu_ms"], color)
                )
    if not rows:
        return
    fig, ax = plt.subplots(figsize=(11, 0.42 * len(rows) + 1.8))
    values = [v for _, v, _ in rows]
    medians = [v["median"] for v in values]
    spread = [[m - v["min"] for m, v in zip(medians, values, strict=True)],
              [v["max"] - m for m, v in zip(medians, values, strict=True)]]  # fmt: skip
    ax.barh(range(len(rows)), medians, xerr=spread, color=[color for _, _, color in rows], capsize=3)
    ax.set_yticks(range(len(rows)), [label for label, _, _ in rows])
    ax.invert_yaxis()
    top = max(v["max"] for v in values)
    for i, m in enumerate(medians):
        ax.text(values[i]["max"] + top * 0.015, i, f"{m:.2f} ms", va="center", fontsize=9)
    ax.set_xlim(0, top * 1.2)
    loads = [p["load_average"] for p in (c.get("hosted"), c.get("hosted_pure"), stdio) if p]
    low, high = min(x["min"] for x in loads), max(x["max"] for x in loads)
    ax.set_xlabel(f"CPU ms per call, from /proc (median of blocks; bar = min–max)\nload average {low:.1f}–{high:.1f}")
    ax.set_title("CPU time per call: hosted (blue) and stdio (orange) against the bare SDK")
    save(fig, PLOT)
    ratios(c, plt, save, colors)


def ratios(c: dict[str, Any], plt: Any, save: Callable[[Any, str], None], colors: tuple[str, str, str]) -> None:
    """Each ratio the issue sets a target for, against its target."""
    ours_c, _, accent = colors
    rows: list[tuple[str, float, float, str]] = []
    for key, stack in STACKS:
        if part := c.get(key):
            rows.append((f"data-hosted / bare SDK trivial tool,\nCPU per call ({stack})", part["ratio_vs_bare"],
                         HOSTED_TARGET, ours_c))  # fmt: skip
    if stdio := c.get("stdio"):
        rows.append(("data-mcp stdio / bare GET,\np50 wall-clock", stdio["p50_ratio"], STDIO_P50_TARGET, accent))
    if not rows:
        return
    fig, ax = plt.subplots(figsize=(9, 0.75 * len(rows) + 1.4))
    ax.barh(range(len(rows)), [r for _, r, _, _ in rows], color=[color for *_, color in rows])
    for i, (_, ratio, target, _) in enumerate(rows):
        ax.plot([target, target], [i - 0.4, i + 0.4], color="#c0392b", lw=2)
        ax.text(max(ratio, target) + 0.06, i, f"{ratio:.2f}× (target ≤ {target:g}×)", va="center", fontsize=9)
    ax.set_yticks(range(len(rows)), [label for label, *_ in rows])
    ax.invert_yaxis()
    ax.set_xlim(0, max(max(r for _, r, _, _ in rows), HOSTED_TARGET) * 1.45)
    loads = [p["load_average"] for p in (c.get("hosted"), c.get("hosted_pure"), c.get("stdio")) if p]
    ax.set_xlabel(
        f"ratio (red mark: target); load average {min(x['min'] for x in loads):.1f}–{max(x['max'] for x in loads):.1f}"
    )
    ax.set_title("Ratios against the floors, measured in one run")
    save(fig, RATIOS)


def clocks(w: Callable[[str], None]) -> None:
    """Which figures on the page are wall-clock and which are CPU time."""
    w("## Wall-clock and CPU time\n")
    w(
        "The machine is shared with other jobs, so **wall-clock figures are noisy here**: server start, reload "
        "latency, lint time, the tool call overhead (milliseconds per call), the concurrent calls, the hosted load "
        "test, cache timings, and the p50 latencies in *CPU per call*. They move with the load average printed "
        "beside them, and their spread says by how much. **CPU figures are stable**: *CPU per call* reads the "
        "serving process's own `utime + stime` from `/proc` before and after each block of calls, which a busy "
        "machine delays but does not inflate, and compares contenders measured in the same run as ratios; the "
        "answer budgeting cost in *Answers* is `time.process_time` of the measuring process. Memory (VmRSS) and "
        "sizes (bytes, tokens) do not depend on load at all.\n"
    )


def page(c: dict[str, Any], w: Callable[[str], None], image: Callable[[str, str], None]) -> None:
    """The "CPU per call" section."""
    w("## CPU per call\n")
    any_part = c.get("hosted") or c.get("hosted_pure") or c.get("stdio") or {}
    calls, rounds = any_part.get("calls_per_block", 0), any_part.get("rounds", 0)
    w(
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
        if not part:
            continue
        w(f"Hosted, {stack} ({_load(part)}):\n")
        w("| Server and tool | CPU per call, median (min–max) | Sandbox CPU per call | p50 wall-clock | Errors |")
        w("|---|---|---|---|---|")
        for name in (OURS, BARE, GET):
            f = part["contenders"][name]
            cpu = f["cpu_ms"]
            w(
                f"| {name} | {cpu['median']:.2f} ({cpu['min']:.2f}–{cpu['max']:.2f}) ms | "
                f"{f.get('sandbox_cpu_ms', 0):.2f} ms | {f['wall_p50_ms']:.2f} ms | {f['errors']} |"
            )
        w(
            f"\ndata-hosted costs **{part['ratio_vs_bare']:.2f}×** the bare SDK server's trivial tool, and "
            f"{part['above_bare_upstream_ms']:+.2f} ms against the bare SDK making one upstream GET.\n"
        )
    stdio = c.get("stdio")
    if stdio:
        stdio_page(stdio, w)
    image(RATIOS, "Bar chart of the hosted CPU ratios and the stdio p50 ratio against their targets")
    image(PLOT, "Bar chart of CPU milliseconds per call for data-hosted, the bare SDK server and the stdio server")


def stdio_page(stdio: dict[str, Any], w: Callable[[str], None]) -> None:
    """The stdio table, where the server's CPU goes, and the SDK's own floor for the same path."""
    figures = stdio["contenders"]
    w(f"Stdio ({_load(stdio)}):\n")
    w("| Path | CPU per call, median (min–max) | Sandbox CPU per call | p50 wall-clock | p90 wall-clock |")
    w("|---|---|---|---|---|")
    for name, label in STDIO_ROWS:
        f = figures.get(name)
        if f is None:
            continue
        cpu = f["cpu_ms"]
        w(
            f"| {label} | {cpu['median']:.2f} ({cpu['min']:.2f}–{cpu['max']:.2f}) ms | "
            f"{f.get('sandbox_cpu_ms', 0):.2f} ms | {f['wall_p50_ms']:.2f} ms | {f['wall_p90_ms']:.2f} ms |"
        )
    cpu = {name: f["cpu_ms"]["median"] for name, f in figures.items()}
    ours = cpu[STDIO]
    w(
        f"\nThe stdio server spent **{ours:.2f} ms** of CPU per call, its p50 is **{stdio['p50_ratio']:.2f}×** the "
        f"bare GET's, and {stdio['stray_stdout_lines']} stdout lines were not JSON-RPC.\n"
    )
    if CACHED in cpu and PING in cpu:
        get = ours - cpu[CACHED]
        w(
            f"Where that goes: a `ping` (pipes, line checks, the SDK's dispatch) costs {cpu[PING]:.2f} ms; the same "
            f"call answered from the server's memory cache {cpu[CACHED]:.2f} ms (tool lookup, arguments, the cache, "
            f"the answer writer, the result); so the upstream GET, through the data client and httpx2's "
            f"`AsyncClient`, costs the server about {get:.2f} ms, {get / ours * 100:.0f}% of the call, where the same "
            f"GET costs the measuring process {cpu[BARE_GET]:.2f} ms."
            + (
                f" Of the cache-answered call, data-mcp's own `tools/call` handler (lookup, arguments, the client "
                f"and its cache, the answer writer, the result) is {stdio['handler_us']:.0f} µs, called in-process; "
                "the rest is the SDK's dispatch and the pipes."
                if "handler_us" in stdio
                else ""
            )
            + "\n"
        )
    if CACHED in figures and BARE_GET in figures:
        bare_p50 = figures[BARE_GET]["wall_p50_ms"]
        allowed = (STDIO_P50_TARGET - 1) * bare_p50
        rest = figures[CACHED]["wall_p50_ms"]
        w(
            f"The p50 target leaves {allowed:.2f} ms on top of one GET ({STDIO_P50_TARGET:g}× its {bare_p50:.2f} ms) "
            f"for everything else the call does: both pipe trips, the JSON-RPC on each side, the tool and the answer. "
            f"That everything else, measured alone as the call answered from the cache, takes {rest:.2f} ms at p50 "
            f"({figures[PING]['wall_p50_ms']:.2f} ms of it for a bare `ping`), so even a server whose GET cost no "
            f"more than the measuring process's would sit at {(bare_p50 + rest) / bare_p50:.2f}× here.\n"
            if PING in figures
            else ""
        )
    if SDK_GET in cpu and SDK_TRIVIAL in cpu:
        w(
            f"The MCP SDK's own stdio transport serving `MCPServer` with the same one-GET tool costs "
            f"{cpu[SDK_GET]:.2f} ms per call (p50 {figures[SDK_GET]['wall_p50_ms']:.2f} ms), and "
            f"{cpu[SDK_TRIVIAL]:.2f} ms for a trivial tool: data-mcp's whole call costs {ours / cpu[SDK_GET]:.2f}× "
            "what the SDK's floor costs for the same work.\n"
        )
    writer = stdio.get("answer_writer")
    if writer:
        w(
            f"The answer writer (fields, table, budget, note) costs {writer['writer_us']:.0f} µs of CPU for this "
            f"answer against {writer['json_text_us']:.0f} µs for encoding it whole as JSON text: "
            f"{writer['added_us']:+.0f} µs per call, {writer['added_us'] / 10 / ours:.1f}% of the call.\n"
        )
