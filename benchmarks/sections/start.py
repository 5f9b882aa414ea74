"""Section ``start``: spawn -> initialize -> complete tools/list per tool set, its size and tokens, idle memory.

The default set, each profile and the full catalog (and ``--compare``'s server, labelled only as the earlier
client); tools/list bytes, exact o200k tokens and data-mcp's own bytes / 4 estimate; VmRSS of the idle server;
the MCP SDK's import floor. Reuses ``server.py``. On the page: *Server start*, *Context cost* and *Memory*.
"""

from __future__ import annotations

import statistics
from typing import Any

from .common import SERVER, STICK, Add, Figures, Run, say, stats
from .text import Page, fmt_s, kb, span

START_ABOVE_FLOOR_S = 0.2
BYTES_PER_TOOL = 650
RSS_ABOVE_FLOOR_MB = 20.0
DEFAULT_MAX_TOOLS = 50
DEFAULT_TOKENS = 10_000


def summary(samples: list[dict[str, Any]]) -> Figures:
    """One set's runs: its list's cost (from the first), start and memory over all of them."""
    import server as server_bench

    first = samples[0]
    return {
        **server_bench.list_cost(first),
        "start_s": stats([s["seconds"] for s in samples]),
        "rss_mb": stats([s["rss_mb"] for s in samples]),
        "stray_stdout_lines": first["stray_stdout_lines"],
    }


def contenders(compare: str | None) -> dict[str, tuple[list[str], dict[str, str]]]:
    """Every set to start (the default, each profile, ``--compare``'s server): its command and environment."""
    import server as server_bench

    found: dict[str, tuple[list[str], dict[str, str]]] = {"default": (SERVER, server_bench.our_env())}
    for name in server_bench.PROFILES:
        found[name] = (SERVER, server_bench.our_env(DATA_MCP_PROFILE=name))
    if compare:
        found[STICK] = server_bench.parse_compare(compare)
    return found


def measure(run: Run) -> Figures:
    """The floor and every set round-robin (run 1 of each, run 2 of each, ...) so drift hits all alike."""
    import server as server_bench

    seconds: list[float] = []
    rss: list[float] = []
    exit_seconds: list[float] = []
    servers = contenders(run.compare)
    samples: dict[str, list[dict[str, Any]]] = {label: [] for label in servers}
    for index in range(run.plan.runs):
        say(f"  start: run {index + 1}/{run.plan.runs}")
        ready = server_bench.floor_ready_samples(1)
        seconds += ready[0]
        rss += ready[1]
        exit_seconds += server_bench.floor_samples(1)[0]
        for label, (command, env) in servers.items():
            samples[label].append(server_bench.start_and_list(command, env))
    return {
        "floor": {"start_s": stats(seconds), "rss_mb": stats(rss), "to_exit_s": stats(exit_seconds)},
        "sets": {label: summary(runs) for label, runs in samples.items()},
    }


def ours(start: Figures) -> dict[str, Figures]:
    """The sets data-mcp served (the measuring stick left out)."""
    return {k: v for k, v in start["sets"].items() if k != STICK}


def targets(start: Figures, add: Add) -> None:
    """Start within the floor's reach, bytes per tool, idle memory, the default set's size."""
    sets = ours(start)
    floor_s = start["floor"]["start_s"]["median"]
    worst = max(sets, key=lambda k: sets[k]["start_s"]["median"])
    above = sets[worst]["start_s"]["median"] - floor_s
    add(
        f"spawn → tools/list within {START_ABOVE_FLOOR_S:g} s of the SDK floor",
        f"slowest set ({worst}) {fmt_s(sets[worst]['start_s']['median'])}, floor {fmt_s(floor_s)} ({above:+.2f} s)",
        above <= START_ABOVE_FLOOR_S,
        "",
    )
    worst_b = max(sets, key=lambda k: sets[k]["bytes_per_tool"])
    add(
        f"tools/list ≤ {BYTES_PER_TOOL} B per tool",
        f"largest: {worst_b} {sets[worst_b]['bytes_per_tool']} B/tool; default "
        f"{sets['default']['bytes_per_tool']} B/tool",
        sets[worst_b]["bytes_per_tool"] <= BYTES_PER_TOOL,
        "",
    )
    memory_target(start, sets, add)
    default = sets["default"]
    add(
        f"default set ≤ {DEFAULT_MAX_TOOLS} tools and ~{DEFAULT_TOKENS // 1000}K tokens",
        f"{default['tools']} tools, {default['tokens'] / 1000:.1f}K o200k tokens",
        default["tools"] <= DEFAULT_MAX_TOOLS and default["tokens"] <= DEFAULT_TOKENS * 1.1,
        "",
    )


def memory_target(start: Figures, sets: dict[str, Figures], add: Add) -> None:
    """Idle memory within reach of the floor's."""
    floor_mb = start["floor"]["rss_mb"]["median"]
    worst = max(sets, key=lambda k: sets[k]["rss_mb"]["median"])
    above = sets[worst]["rss_mb"]["median"] - floor_mb
    add(
        f"idle RSS within {RSS_ABOVE_FLOOR_MB:g} MB of the floor",
        f"largest: {worst} {sets[worst]['rss_mb']['median']:.1f} MB vs floor {floor_mb:.1f} MB ({above:+.1f} MB)",
        above <= RSS_ABOVE_FLOOR_MB,
        "",
    )


def takeaway(start: Figures) -> list[str]:
    """The start and context lines of *In short*."""
    sets = ours(start)
    floor = start["floor"]["start_s"]["median"]
    aboves = [v["start_s"]["median"] - floor for v in sets.values()]
    tools = sorted(v["tools"] for v in sets.values())
    per_tool = sum(v["tools_list_bytes"] for v in sets.values()) / sum(tools)
    tokens_per_tool = sum(v["tokens"] for v in sets.values()) / sum(tools)
    default = sets.get("default")
    size = (
        f"; the default set of {default['tools']} tools is {default['tokens'] / 1000:.1f}K tokens." if default else "."
    )
    return [
        f"**Start:** data-mcp answers its first `tools/list` {min(aboves):.2f}–{max(aboves):.2f} s after the MCP "
        f"SDK's own imports, whatever the tool set ({tools[0]} to {tools[-1]} tools).",
        f"**Context:** each tool costs about {per_tool:.0f} bytes ({tokens_per_tool:.0f} o200k tokens) of the "
        "agent's context" + size,
    ]


def page(start: Figures, p: Page) -> None:
    """*Server start* and *Context cost*."""
    sets, fl = start["sets"], start["floor"]
    p.w("## Server start\n")
    p.w(
        "**What:** wall time from spawning `python -m data_pkg.mcp` to reading the complete answer to "
        "`tools/list`, over real pipes: the `initialize` request, its answer, `notifications/initialized`, then "
        "`tools/list`. One fresh process per run; the sets are measured round-robin (run 1 of each, then run 2 of "
        "each, ...) so drift on the machine hits all alike. The floor is a process that imports "
        "`mcp.server.lowlevel` and `mcp.server.stdio` in the same venv and then prints a line, timed from spawn "
        "to that line: the least any server built on the MCP SDK pays before it can answer. **Rerun:** "
        "`benchmarks/report.py --only start` (or `benchmarks/server.py`).\n"
    )
    p.w(
        f"SDK floor: {span(fl['start_s'], fmt_s)} ({fl['start_s']['n']} runs). Timed to the process's exit "
        "instead, as `benchmarks/server.py` times its floor, the same imports take "
        f"{span(fl['to_exit_s'], fmt_s)}: "
        "interpreter shutdown is in that figure, and a server start (timed to its answer) has none, so this "
        "report compares against the first.\n"
    )
    p.w("| Set | Tools | Spawn → tools/list, median (min–max) | Above the floor | Non-JSON stdout lines |")
    p.w("|---|---|---|---|---|")
    for label, s in sets.items():
        above = s["start_s"]["median"] - fl["start_s"]["median"]
        p.w(f"| {label} | {s['tools']} | {span(s['start_s'], fmt_s)} | {above:+.2f} s | {s['stray_stdout_lines']} |")
    p.w(f"\n{sets['default']['start_s']['n']} runs each.\n")
    p.image("bench-start-by-set.png", "Bar chart of seconds from spawn to a complete tools/list per tool set")
    aboves = [s["start_s"]["median"] - fl["start_s"]["median"] for s in ours(start).values()]
    widths = [s["start_s"]["p90"] - s["start_s"]["p10"] for s in sets.values()]
    p.w(
        f"data-mcp's medians sit {min(aboves):+.2f} to {max(aboves):+.2f} s from the floor: what it adds (its own "
        "imports, resolving the tool set, the handshake, building the list) is small next to the SDK's imports. "
        "Single starts on this machine scatter widely even when it is otherwise idle (the p10–p90 width of one "
        f"set's runs is {statistics.median(widths):.2f} s at the median), so differences between sets of less than "
        "about 0.1 s are noise, not cost.\n"
    )
    context_page(sets, p)


def context_page(sets: dict[str, Figures], p: Page) -> None:
    """*Context cost*: each set's tools/list in bytes and tokens, and data-mcp's estimate of them."""
    p.w("## Context cost\n")
    p.w(
        "**What:** the size of the `tools/list` result (the `tools` array as compact JSON, which is what a host "
        "puts in front of the model), bytes per tool, and its tokens counted with the real o200k tokenizer "
        "(`bpe-openai`, offline). The last column is data-mcp's own estimate, bytes / 4, which `data-mcp tools`, "
        "`--max-tokens` and lock files use (no tokenizer ships with the server); the ratio says how far it is "
        "from the exact count. **Rerun:** `benchmarks/report.py --only start`.\n"
    )
    p.w("| Set | Tools | tools/list | Bytes per tool | Tokens (o200k) | data-mcp's estimate |")
    p.w("|---|---|---|---|---|---|")
    for label, s in sets.items():
        p.w(
            f"| {label} | {s['tools']} | {kb(s['tools_list_bytes'])} | {s['bytes_per_tool']} | {s['tokens']:,} | "
            f"{s['est_tokens']:,} ({s['est_tokens'] / s['tokens']:.2f}×) |"
        )
    p.w("")
    p.image("bench-context-by-set.png", "Bar chart of tools/list size in KB per tool set")
    p.note("start")


def memory_page(start: Figures, p: Page) -> None:
    """*Memory*: idle VmRSS per set against the floor's, taken in the start runs."""
    p.w("## Memory\n")
    p.w(
        "**What:** `VmRSS` from `/proc/PID/status` of each server right after its first complete `tools/list`, "
        "idle; the floor is the same figure for the floor process above, read once its imports are done. Taken in "
        "the start runs above. **Rerun:** "
        "`benchmarks/report.py --only start`.\n"
    )
    fl_mb = start["floor"]["rss_mb"]["median"]
    p.w("| Set | Tools | Idle RSS, median (min–max) | Above the floor |")
    p.w("|---|---|---|---|")
    p.w(f"| SDK floor | | {span(start['floor']['rss_mb'], megabytes)} | |")
    for label, s in start["sets"].items():
        p.w(f"| {label} | {s['tools']} | {span(s['rss_mb'], megabytes)} | {s['rss_mb']['median'] - fl_mb:+.1f} MB |")
    p.w("")
    p.image("bench-rss-by-set.png", "Bar chart of idle server memory in MB per tool set")


def megabytes(x: float) -> str:
    """Megabytes, one decimal."""
    return f"{x:.1f} MB"
