"""docs/benchmarks.md from report.json: the opening, the targets, each section's part, the kept sections, the method.

A section of the page that the report does not write (its figures come from another benchmark, or it is prose)
carries the marker :data:`KEPT` under its heading; rendering keeps it as it is, after the section it followed, so
``--render-only`` gives the committed page back.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

from . import answers, cache, calls, cpu, lint, load, reload, scaling, start, throughput
from .common import Figures
from .text import Page

KEPT = "<!-- kept: not written by benchmarks/report.py, which keeps this section as it is -->"
PARTS: tuple[tuple[str, Callable[[Any, Page], None]], ...] = (
    ("start", start.page),
    ("scaling", scaling.page),
    ("reload", reload.page),
    ("lint", lint.page),
    ("calls", calls.page),
    ("cache", cache.page),
    ("throughput", throughput.page),
    ("load", load.page),
    ("start", start.memory_page),
    ("answers", answers.page),
    ("cpu", cpu.page),
)
"""The page's sections in order, each with the report section whose figures it shows."""
TAKEAWAYS: tuple[tuple[str, Callable[[Figures], list[str]]], ...] = (
    ("start", start.takeaway),
    ("answers", answers.takeaway),
)
HEADING = re.compile(r"^## ", re.M)


def opening(r: Figures, p: Page) -> None:
    """The title, what the page is, *In short*, the two references, the clocks and the targets."""
    p.w("# Performance\n")
    p.w(
        "What the local server, the linter and the client cost, measured on the project machine by one script. Every "
        "figure is a median over repeated runs with its spread beside it: min–max where each sample is a whole "
        "process or a whole run (starts, memory, lint, throughput, reload saves), p10–p90 where there are hundreds "
        "or thousands of samples (calls, cache operations). Nothing "
        "here is asserted by the test suite; the targets below come from earlier issues. How it is measured, and how "
        "to measure it yourself, is at the end ([Method](#method)).\n"
    )
    lines = [line for section, takeaway in TAKEAWAYS if r.get(section) for line in takeaway(r[section])]
    if lines:
        p.w("## In short\n")
        p.w("\n".join(f"- {line}" for line in lines) + "\n")
    p.w(
        "Two references stand beside data-mcp in the figures. **The SDK floor** is a process that only imports the MCP "
        "SDK's server modules and says it is ready: the least any server built on that SDK pays, so what data-mcp "
        "adds is its distance from the floor. **The earlier client** is an earlier MCP server for the same API "
        "(144 tools), installed outside this repository and measured the same way, as a point of comparison.\n"
    )
    cpu.clocks(p)
    targets_table(r.get("targets", []), p)


def targets_table(rows: list[dict[str, str]], p: Page) -> None:
    """*Targets*: each target, the figure that decides it, met or missed, and why."""
    if not rows:
        return
    p.w("## Targets\n")
    p.w("| Target | Measured | Status | Note |\n|---|---|---|---|")
    for t in rows:
        p.w(f"| {t['target']} | {t['figure']} | {t['status']} | {t['note']} |")
    p.w("")
    missed = [t for t in rows if "missed" in t["status"]]
    p.w(
        "Every target is met.\n"
        if not missed
        else f"{len(missed)} target(s) missed; the notes say why, and the sections below give the detail.\n"
    )


def method(r: Figures, sections: Collection[str], p: Page) -> None:
    """The closing section: how to rerun, what was measured when, on what."""
    m = r["machine"]
    p.w("## Method\n")
    p.w("### How to rerun\n")
    p.w(
        "```bash\n"
        '.venv/bin/pip install -e ".[dev,bench]"         # matplotlib for the plots\n'
        ".venv/bin/python benchmarks/report.py           # all of it (minutes)\n"
        ".venv/bin/python benchmarks/report.py --quick   # fewer repetitions\n"
        "# some sections; the rest kept from report.json\n"
        ".venv/bin/python benchmarks/report.py --only reload lint\n"
        "# redraw the plots and this page from report.json\n"
        ".venv/bin/python benchmarks/report.py --render-only\n"
        "# which sections' code changed since they were measured\n"
        ".venv/bin/python benchmarks/report.py --check-stale\n"
        "```\n"
    )
    p.w(
        "Results go to `benchmarks/results/report.json`, plots to `docs/img/bench-*.png`, and this page is "
        "rewritten. Sections: "
        + ", ".join(f"`{s}`" for s in sections)
        + '. `--compare "ENV=VALUE /path/to/python -m module"` adds another stdio server to the start, size and '
        "memory figures (a measuring stick installed outside the repository; its command is not stored). Everything "
        "runs on loopback: a sandbox process stands in for the REST API, and a private `redis-server` is started "
        "when one is installed.\n"
    )
    measured_table(r.get("measured", {}), sections, p)
    p.w(
        f"Run of {m['date']} in {r.get('mode', 'full')} mode, {r.get('elapsed_s', 0):.0f} s in all. "
        f"Machine: {m['cores']} cores, Python {m['python']}, MCP SDK "
        f"{m['mcp_sdk']}, {m['platform']}.\n"
    )
    p.w(
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


def measured_table(measured: Figures, sections: Collection[str], p: Page) -> None:
    """*When each section was measured*: the commit its figures describe."""
    rows = [(s, measured[s]) for s in sections if s in measured]
    if not rows:
        return
    p.w("### When each section was measured\n")
    p.w(
        "A section's figures describe the code at the commit it was measured on; report.json records, beside it, a "
        "hash of each source file the section depends on, and `--check-stale` names the files changed since.\n"
    )
    p.w("| Section | Commit | Date | Mode |\n|---|---|---|---|")
    for name, m in rows:
        p.w(f"| `{name}` | `{m['commit']}` | {m['date']} | {m['mode']} |")
    p.w("")


def blocks(text: str) -> list[str]:
    """The page cut before each ``## `` heading (the first block is what comes before the first heading)."""
    starts = [0, *(match.start() for match in HEADING.finditer(text))]
    return [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)], strict=True) if b > a]


def heading(block: str) -> str:
    """A block's first line."""
    return block.split("\n", 1)[0]


def kept(old: str) -> list[tuple[str, str]]:
    """The kept sections of ``old``, each with the heading of the section before it."""
    found = []
    previous = ""
    for block in blocks(old):
        if KEPT in block:
            found.append((previous, block))
        else:
            previous = heading(block)
    return found


def merge(new: str, old: str) -> str:
    """``new`` with ``old``'s kept sections put back after the sections they followed (else before the method)."""
    out = blocks(new)
    for anchor, block in kept(old):
        headings = [heading(b) for b in out]
        at = headings.index(anchor) + 1 if anchor in headings else headings.index("## Method")
        while at < len(out) and KEPT in out[at]:  # after the kept sections already put there
            at += 1
        out.insert(at, block.rstrip("\n") + "\n\n")
    return "".join(out).rstrip() + "\n"


def render(r: Figures, sections: Collection[str], images: Collection[str], img: Path, old: str) -> str:
    """The whole page from the results ``r``, with ``old``'s kept sections."""
    p = Page(img, images, r.get("notes", {}))
    opening(r, p)
    for section, part in PARTS:
        if r.get(section):
            part(r[section], p)
    method(r, sections, p)
    return merge(p.text(), old)
