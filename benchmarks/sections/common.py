"""What every section of the performance report shares: paths, how much to do, statistics and the sandbox."""

from __future__ import annotations

import json
import math
import os
import platform
import shutil
import statistics
import sys
import tempfile
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from datetime import datetime, timezone
from importlib.metadata import version
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1]
"""The ``benchmarks`` folder: the benchmark scripts the sections run import from it."""
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

ROOT = HERE.parent
RESULTS = HERE / "results"
REPORT = RESULTS / "report.json"
DOCS = ROOT / "docs"
PAGE = DOCS / "benchmarks.md"
IMG = DOCS / "img"
SERVER = [sys.executable, "-m", "data_pkg.mcp"]
STICK = "earlier client (measuring stick)"

Figures = dict[str, Any]
"""One section's results, as report.json holds them."""
Add = Callable[[str, str, "bool | None", str], None]
"""Records one target: what it is, the figure that decides it, met (None: not measured) and a note."""


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
    quick: bool = False


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
    quick=True,
)


class Sandbox:
    """A sandbox process and a private redis-server, started when first asked for, stopped at the end."""

    def __init__(self, stack: ExitStack) -> None:
        self.stack = stack
        self._url: str | None = None
        self._redis: str | None = None
        self._redis_checked = False

    @property
    def url(self) -> str:
        """The sandbox's base URL, the process started on first use."""
        import hosted_load

        if self._url is None:
            self._url = self.stack.enter_context(hosted_load.sandbox_process())
        return self._url

    @property
    def redis(self) -> str | None:
        """A redis:// URL, or None when no ``redis-server`` binary is installed."""
        import hosted_load

        if not self._redis_checked:
            self._redis_checked = True
            if shutil.which("redis-server") is not None:
                folder = self.stack.enter_context(tempfile.TemporaryDirectory())
                self._redis = self.stack.enter_context(hosted_load.redis_server(Path(folder)))
        return self._redis


@dataclass(frozen=True)
class Run:
    """What a section's measurement gets: how much to do, the servers it may share, another server to compare."""

    plan: Plan
    sandbox: Sandbox
    compare: str | None = None


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


def say(text: str) -> None:
    """Progress, on stderr."""
    print(text, file=sys.stderr, flush=True)
