"""Section ``reload``: save -> ``notifications/tools/list_changed``, p50/p95, against manifest size and extends depth.

Reuses ``server.py``. On the page: *Hot reload*.
"""

from __future__ import annotations

import itertools
import statistics

from .common import Add, Figures, Run, nearest_rank, say, tool_candidates, yaml_tools
from .text import Page, fmt_ms

RELOAD_SIZES = (5, 50, 200)
RELOAD_DEPTHS = (0, 2, 4)
RELOAD_DEPTH_SIZE = 50
"""Tools in the manifests of the extends-depth series."""
RELOAD_P95_MS = 150.0


def chain(depth: int, deepest: str) -> tuple[dict[str, str], str]:
    """``team.yaml`` extending ``level1.yaml`` ... ``depth`` times; the files and the name of the deepest."""
    if depth == 0:
        return {"team.yaml": deepest}, "team.yaml"
    names = ["team.yaml", *[f"level{i}.yaml" for i in range(1, depth + 1)]]
    files = {name: f"description: {name}\nextends: [./{parent}]\n" for name, parent in itertools.pairwise(names)}
    files[names[-1]] = deepest
    return files, names[-1]


def case(size: int, depth: int, saves: int) -> Figures:
    """``depth`` YAML files extending each other; the deepest holds ``size`` tools and is the one saved.

    Each save swaps the last tool for the next candidate and back, so every save changes the list.
    """
    import server as server_bench

    candidates = tool_candidates()
    variants = (
        yaml_tools(candidates[:size], description="base"),
        yaml_tools([*candidates[: size - 1], candidates[size]], description="base"),
    )
    files, edited = chain(depth, variants[0])
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


def measure(run: Run) -> Figures:
    """Every size without extends, then every depth at one size."""
    by_size = []
    for size in RELOAD_SIZES:
        say(f"  reload: {size} tools")
        by_size.append(case(size, 0, run.plan.saves))
    by_depth = []
    for depth in RELOAD_DEPTHS:
        say(f"  reload: depth {depth}")
        by_depth.append(case(RELOAD_DEPTH_SIZE, depth, run.plan.saves))
    return {"by_size": by_size, "by_depth": by_depth}


def targets(reload: Figures, add: Add) -> None:
    """The worst case's p95 against the target."""
    worst = max(reload["by_size"] + reload["by_depth"], key=lambda c: c["p95_ms"])
    add(
        f"save → list_changed ≤ {RELOAD_P95_MS:g} ms p95",
        f"worst case ({worst['tools']} tools, depth {worst['depth']}): p95 {worst['p95_ms']:.0f} ms",
        worst["p95_ms"] <= RELOAD_P95_MS,
        "",
    )


def page(reload: Figures, p: Page) -> None:
    """*Hot reload*."""
    p.w("## Hot reload\n")
    p.w(
        "**What:** time from saving a manifest (write a temporary file, then rename it over the manifest, as "
        "editors do) to reading `notifications/tools/list_changed` on the server's stdout. Every save swaps one "
        "tool, so every save changes the list; saves are 0.1 s apart so each is its own reload. Against size: "
        "one manifest listing N tools. Against depth: `team.yaml` extends `level1.yaml`, which extends "
        f"`level2.yaml`, ...; the deepest file lists {RELOAD_DEPTH_SIZE} tools and is the one saved, so the "
        "watcher must follow the extends chain and the whole chain is resolved again. p95 is the nearest-rank "
        "95th percentile. **Rerun:** `benchmarks/report.py --only reload` (`benchmarks/server.py` measures the "
        "small case alone).\n"
    )
    p.w("| Manifest | Saves | p50 | p95 | min–max |")
    p.w("|---|---|---|---|---|")
    for row in reload["by_size"]:
        p.w(row_line(row, "no extends"))
    for row in reload["by_depth"]:
        p.w(row_line(row, f"extends depth {row['depth']}"))
    p.w("")
    p.image("bench-reload-vs-size.png", "Line chart of reload p50 and p95 in ms against manifest size")
    p.image("bench-reload-vs-depth.png", "Line chart of reload p50 and p95 in ms against extends depth")


def row_line(row: Figures, how: str) -> str:
    """One case's row of the table."""
    return (
        f"| {row['tools']} tools, {how} | {row['saves']} | {fmt_ms(row['p50_ms'])} | "
        f"{fmt_ms(row['p95_ms'])} | {row['min_ms']:.0f}–{row['max_ms']:.0f} ms |"
    )
