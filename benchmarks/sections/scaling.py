"""Section ``scaling``: start time and tools/list size for manifests of the first 10, 50, 100 and all tools.

On the page: *How cost grows with the tool count*.
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path
from typing import Any

from .common import SERVER, Figures, Run, say, tool_candidates, yaml_tools
from .start import summary
from .text import Page, fmt_s, kb, span

TOOL_COUNTS = (10, 50, 100)
"""Tool counts of the scaling manifests; the full list of candidates is added as the last point."""


def measure(run: Run) -> list[Figures]:
    """Start and tools/list size for manifests of the first N tool candidates."""
    import server as server_bench

    candidates = tool_candidates()
    counts = [n for n in TOOL_COUNTS if n < len(candidates)] + [len(candidates)]
    with tempfile.TemporaryDirectory() as folder:
        envs = {}
        for n in counts:
            path = Path(folder) / f"first{n}.yaml"
            path.write_text(yaml_tools(candidates[:n]))
            envs[n] = server_bench.our_env(DATA_MCP_MANIFEST=str(path))
        samples: dict[int, list[dict[str, Any]]] = {n: [] for n in counts}
        for index in range(run.plan.runs):
            say(f"  scaling: run {index + 1}/{run.plan.runs}")
            for n in counts:
                samples[n].append(server_bench.start_and_list(SERVER, envs[n]))
    return [checked(n, summary(samples[n])) for n in counts]


def checked(requested: int, figures: Figures) -> Figures:
    """One manifest's figures, after checking the server listed every tool it named."""
    if figures["tools"] != requested:
        raise RuntimeError(f"a manifest of {requested} tools served {figures['tools']}")
    return {"requested": requested, **figures}


def page(scaling: list[Figures], p: Page) -> None:
    """*How cost grows with the tool count*."""
    p.w("## How cost grows with the tool count\n")
    p.w(
        "**What:** start time (as above) and `tools/list` size for YAML manifests listing the first 10, 50, 100 "
        "and all live tool candidates of the catalog, in catalog order (no extends, no patterns). **Rerun:** "
        "`benchmarks/report.py --only scaling`.\n"
    )
    p.w("| Tools | Spawn → tools/list, median (min–max) | tools/list | Bytes/tool | Tokens (o200k) | Idle RSS |")
    p.w("|---|---|---|---|---|---|")
    for row in scaling:
        p.w(
            f"| {row['tools']} | {span(row['start_s'], fmt_s)} | {kb(row['tools_list_bytes'])} | "
            f"{row['bytes_per_tool']} | {row['tokens']:,} | {row['rss_mb']['median']:.1f} MB |"
        )
    p.w("")
    p.image("bench-start-vs-tools.png", "Line chart of start seconds against tools in the manifest")
    p.image("bench-size-vs-tools.png", "Line chart of tools/list KB against tools in the manifest")
    p.w(reading(scaling))


def reading(scaling: list[Figures]) -> str:
    """What the figures say: whether the start moves with the tool count, and what the list costs per tool."""
    first, last = scaling[0], scaling[-1]
    grow = last["start_s"]["median"] - first["start_s"]["median"]
    per_tool = [row["bytes_per_tool"] for row in scaling]
    noise = statistics.median(row["start_s"]["p90"] - row["start_s"]["p10"] for row in scaling)
    verdict = (
        "within the run-to-run scatter of a single case, so the tool count does not measurably move the start"
        if abs(grow) < noise
        else "more than the run-to-run scatter of a single case"
    )
    return (
        f"From {first['tools']} to {last['tools']} tools the median start changes by {grow * 1e3:+.0f} ms, "
        f"{verdict} (p10–p90 width {noise * 1e3:.0f} ms at the median). The list grows in proportion to the "
        f"tools, at {min(per_tool)}–{max(per_tool)} bytes per tool: the context, not the start, is what a large "
        "tool set costs.\n"
    )
