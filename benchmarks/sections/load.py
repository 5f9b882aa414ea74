"""Section ``load``: the hosted-compatible server under concurrent sessions (``hosted_load.py``), one and two workers.

On the page: *Hosted server under load*.
"""

from __future__ import annotations

from .common import Add, Figures, Run, say
from .text import Page


def measure(run: Run) -> Figures:
    """One worker, then two sharing a private Redis; skipped without ``redis-server``."""
    import hosted_load

    plan, sandbox = run.plan, run.sandbox
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


def targets(load: Figures, add: Add) -> None:
    """No errors under load."""
    if "runs" not in load:
        add("hosted load test: zero errors", load.get("skipped", ""), None, "")
        return
    errors = sum(x["errors"] for x in load["runs"])
    calls = sum(x["calls"] for x in load["runs"])
    add("hosted load test: zero errors", f"{errors} errors in {calls} calls", errors == 0, "")


def page(load: Figures, p: Page) -> None:
    """*Hosted server under load* (nothing where it was skipped)."""
    if "runs" not in load:
        return
    p.w("## Hosted server under load\n")
    p.w(
        f"**What:** `benchmarks/hosted_load.py`'s load test, shortened: {load['sessions']} concurrent MCP sessions "
        f"against `data-hosted serve` for {load['seconds']:g} s per run, with one and with two workers sharing a "
        "private Redis; every call goes upstream to the sandbox process (cache off). Latency is per tool call, "
        "client side. Load generator, workers and sandbox share the two cores, so read it as a check for errors "
        "more than as capacity. **Rerun:** `benchmarks/report.py --only load` (or `benchmarks/hosted_load.py` for "
        "the 10 s default).\n"
    )
    p.w("| Workers | Calls | Calls/s | p50 | p99 | Errors |")
    p.w("|---|---|---|---|---|---|")
    for row in load["runs"]:
        p.w(
            f"| {row['workers']} | {row['calls']} | {row['calls_per_second']:.0f} | {row['p50_ms']:.0f} ms | "
            f"{row['p99_ms']:.0f} ms | {row['errors']} |"
        )
    p.w("")
