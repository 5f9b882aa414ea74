"""The performance report's sections: what each measures, the code it measures, how it is judged and written up.

``benchmarks/report.py`` is the orchestrator; each module here is one section (its measurement, its targets, its
part of docs/benchmarks.md), :mod:`.plots` draws, :mod:`.page` writes the page and :mod:`.stale` tells which
sections' code has changed since they were measured.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

for _path in Path(__file__).resolve().parents[1:3]:  # the benchmark scripts, and the tests' import reader
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from . import answers, cache, calls, cpu, lint, load, reload, scaling, start, throughput  # noqa: E402
from .common import Add, Figures, Run  # noqa: E402


@dataclass(frozen=True)
class Section:
    """One section of the report."""

    name: str
    measure: Callable[[Run], Any]
    targets: Callable[[Any, Add], None] | None
    entries: tuple[str, ...]
    """The modules whose code the figures describe: their imports, followed through the source tree, are what
    the section depends on (see :mod:`.stale`)."""
    scripts: tuple[str, ...]
    """The benchmark scripts (in ``benchmarks/``) it runs, beside its own module and the shared ones."""


SERVER = ("data_pkg.mcp.__main__",)
SECTIONS = (
    Section("start", start.measure, start.targets, SERVER, ("server.py", "o200k.py")),
    Section("scaling", scaling.measure, None, SERVER, ("server.py", "o200k.py")),
    Section("reload", reload.measure, reload.targets, SERVER, ("server.py",)),
    Section("lint", lint.measure, lint.targets, ("data_pkg.lint", "data_pkg.cli.__main__"), ("lint.py",)),
    Section("calls", calls.measure, calls.targets, (*SERVER, "data_pkg.client", "data_pkg.sandbox.__main__"), ()),
    Section("cache", cache.measure, cache.targets, ("data_pkg.client", "data_pkg.sandbox.__main__"), ("run.py",)),
    Section("throughput", throughput.measure, None, ("data_pkg.client", "data_pkg.sandbox.__main__"), ()),
    Section("load", load.measure, load.targets, ("data_hosted._cli", "data_pkg.sandbox.__main__"), ("hosted_load.py",)),
    Section(
        "answers",
        answers.measure,
        answers.targets,
        ("data_pkg.answers", "data_pkg.client", "data_pkg.toolsets", "data_pkg.sandbox.__main__"),
        ("answers.py", "o200k.py", "hosted_load.py"),
    ),
    Section(
        "cpu",
        cpu.measure,
        cpu.targets,
        (*SERVER, "data_hosted._cli", "data_pkg.sandbox.__main__"),
        ("call_cpu.py", "bare_mcp_server.py", "hosted_load.py", "server.py"),
    ),
)
"""Every section, in the order a full run measures them."""
TARGET_ORDER = ("calls", "cache", "start", "reload", "lint", "load", "answers", "cpu")
"""The order of the page's targets table."""
BY_NAME = {s.name: s for s in SECTIONS}
NAMES = tuple(BY_NAME)


def targets(results: Figures) -> list[dict[str, str]]:
    """Each target of the earlier issues with the figure that decides it, met or missed, and why."""
    out: list[dict[str, str]] = []

    def add(target: str, figure: str, met: bool | None, note: str) -> None:
        status = "not measured" if met is None else ("met" if met else "**missed**")
        out.append({"target": target, "figure": figure, "status": status, "note": note})

    for name in TARGET_ORDER:
        judge = BY_NAME[name].targets
        if judge is not None and results.get(name):
            judge(results[name], add)
    return out
