"""Section ``throughput``: concurrent async calls with the local rate limiter off, on and not binding, on and binding.

On the page: *Concurrent async calls and the local rate limiter*.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from .common import Figures, Run, say, stats
from .text import Page, fmt_us, span


async def burst(base_url: str, calls: int, concurrency: int, rate_limit: int | None) -> dict[str, Any]:
    """``calls`` quote calls started together, ``concurrency`` at most in flight; how many were answered."""
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


def cases(calls: int) -> dict[str, int | None]:
    """The limiter's settings by label: off, a rate that never binds, half the calls (binds)."""
    binding = calls // 2
    return {"limiter off": None, "limiter on, 1,000,000/min": 1_000_000, f"limiter on, {binding}/min": binding}


def case_figures(rate: int | None, runs: list[dict[str, Any]]) -> Figures:
    """One setting's runs summed up."""
    refusals = [x for r in runs for x in r["refusal_s"]]
    return {
        "rate_per_min": rate,
        "admitted_per_s": stats([r["admitted"] / r["elapsed_s"] for r in runs]),
        "elapsed_s": stats([r["elapsed_s"] for r in runs]),
        "admitted": [r["admitted"] for r in runs],
        "refused": [r["refused"] for r in runs],
        "refusal_us": stats(refusals, 1e6) if refusals else None,
    }


def measure(run: Run) -> Figures:
    """The settings take turns, so drift hits all alike."""
    plan = run.plan
    settings = cases(plan.throughput_calls)
    results: dict[str, list[dict[str, Any]]] = {label: [] for label in settings}
    for repeat in range(plan.throughput_repeats):
        say(f"  throughput: run {repeat + 1}/{plan.throughput_repeats}")
        for label, rate in settings.items():
            coroutine = burst(run.sandbox.url, plan.throughput_calls, plan.concurrency, rate)
            results[label].append(asyncio.run(asyncio.wait_for(coroutine, timeout=120)))
    return {
        "calls": plan.throughput_calls,
        "concurrency": plan.concurrency,
        "cases": {label: case_figures(rate, results[label]) for label, rate in settings.items()},
    }


def page(thr: Figures, p: Page) -> None:
    """*Concurrent async calls and the local rate limiter*."""
    p.w("## Concurrent async calls and the local rate limiter\n")
    p.w(
        f"**What:** {thr['calls']} `AsyncDataClient.company.get_quote` calls started together, at most "
        f"{thr['concurrency']} in flight (a semaphore), cache off, against the sandbox process; a fresh client per "
        "run. Three settings of the client's local limiter (`rate_limit`, calls per minute): off; on at a rate "
        "that never binds; on at half the number of calls, which binds. Calls per second count the calls that "
        "were admitted and answered. **Rerun:** `benchmarks/report.py --only throughput`.\n"
    )
    p.w("| Limiter | Answered calls/s, median (min–max) | Answered | Refused by the limiter | Time to refuse |")
    p.w("|---|---|---|---|---|")
    for label, c in thr["cases"].items():
        refusal = span(c["refusal_us"], fmt_us, "p10", "p90") if c["refusal_us"] else "–"
        answered = "/".join(str(x) for x in sorted(set(c["admitted"])))
        refused = "/".join(str(x) for x in sorted(set(c["refused"])))
        rate = span(c["admitted_per_s"], per_second)
        p.w(f"| {label} | {rate} | {answered} | {refused} | {refusal} |")
    p.w("")
    p.w(
        "The limiter keeps a sliding 60-second log: it admits up to its rate at once, and when the next free "
        "slot is further away than `rate_limit_max_wait` (5 s by default) it refuses the call at once with a "
        "`RateLimitError` that says when to retry, instead of sleeping. At a rate that does not bind its cost "
        "does not show against the HTTP round trip; at a binding rate the calls beyond the quota fail fast, in "
        "microseconds, and the answered ones run at full speed.\n"
    )


def per_second(x: float) -> str:
    """Calls per second, whole."""
    return f"{x:.0f} /s"
