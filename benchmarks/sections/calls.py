"""Section ``calls``: one tool (``quote``) through the stdio server vs the async client vs a bare HTTP GET.

Against a sandbox process, in alternating blocks. On the page: *Tool call overhead*.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Awaitable, Callable
from typing import Any, TextIO

from .common import SERVER, Add, Figures, Run, say, stats
from .text import Page, fmt_ms, span

CALL_BLOCK = 20
"""Consecutive calls of one path in the call-overhead comparison."""
CLIENT_OVERHEAD_MS = 1.0
PATHS = (("bare", "bare HTTP GET"), ("client", "async client"), ("server", "through the stdio server"))

Contender = Callable[[], Awaitable[None]]


async def blocks(contenders: dict[str, Contender], calls: int, warmup: int) -> dict[str, list[float]]:
    """Seconds per call of each contender, after ``warmup`` calls each.

    Blocks of CALL_BLOCK calls, the paths taking turns in a rotating order, so drift hits all alike; the first call
    of each block is not counted, because it pays for the previous path's wind-down (a call right after a server
    call runs while that server is still finishing up).
    """
    names = list(contenders)
    for name in names:
        for _ in range(warmup):
            await contenders[name]()
    times: dict[str, list[float]] = {name: [] for name in names}
    for index in range(max(1, calls // CALL_BLOCK)):
        turn = index % len(names)
        for name in names[turn:] + names[:turn]:
            times[name] += await block(contenders[name])
    return times


async def block(contender: Contender) -> list[float]:
    """One block: CALL_BLOCK timed calls after one that is not counted."""
    await contender()
    timed = []
    for _ in range(CALL_BLOCK):
        started = time.perf_counter()
        await contender()
        timed.append(time.perf_counter() - started)
    return timed


async def overhead(base_url: str, calls: int, warmup: int, errlog: TextIO) -> dict[str, Any]:
    """The three paths against one sandbox, milliseconds per call."""
    import httpx2
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters, stdio_client

    import server as server_bench
    from data_pkg import AsyncDataClient

    env = server_bench.our_env(DATA_BASE_URL=base_url, DATA_CACHE="off")
    params = StdioServerParameters(command=SERVER[0], args=SERVER[1:], env=env)
    url = f"{base_url}/stable/quote"
    query = {"symbol": "AAPL", "apikey": "demo"}
    async with (
        Client(stdio_client(params, errlog=errlog), mode="legacy", read_timeout_seconds=30) as session,
        AsyncDataClient("demo", base_url=base_url, cache="off") as client,
        httpx2.AsyncClient(timeout=30) as bare,
    ):

        async def via_bare() -> None:
            (await bare.get(url, params=query)).raise_for_status()

        async def via_client() -> None:
            await client.company.get_quote("AAPL")

        async def via_server() -> None:
            result = await session.call_tool("quote", {"symbol": "AAPL"})
            if result.is_error:
                raise RuntimeError(f"the server answered an error: {result.content}")

        times = await blocks({"bare": via_bare, "client": via_client, "server": via_server}, calls, warmup)
    return {name: stats(samples, 1e3) for name, samples in times.items()}


def measure(run: Run) -> Figures:
    """The comparison, with the server's log lines out of the way."""
    say(f"  calls: {run.plan.calls} round trips per contender")
    with open(os.devnull, "w") as errlog:
        coroutine = overhead(run.sandbox.url, run.plan.calls, 30, errlog)
        figures = asyncio.run(asyncio.wait_for(coroutine, timeout=600))
    return {"unit": "ms", "calls": run.plan.calls, **figures}


def targets(calls: Figures, add: Add) -> None:
    """What the client adds to a bare GET."""
    added = calls["client"]["median"] - calls["bare"]["median"]
    add(
        f"client overhead < {CLIENT_OVERHEAD_MS:g} ms over a bare GET (median)",
        f"+{added * 1e3:.0f} µs (client {calls['client']['median']:.2f} ms, bare GET {calls['bare']['median']:.2f} ms)",
        added < CLIENT_OVERHEAD_MS,
        "",
    )


def page(calls: Figures, p: Page) -> None:
    """*Tool call overhead*."""
    p.w("## Tool call overhead\n")
    p.w(
        "**What:** one call of the `quote` endpoint for the same symbol, three ways, against one sandbox process "
        "on loopback: a bare `httpx2.AsyncClient.get` of the URL; `AsyncDataClient.company.get_quote` (argument "
        'checks, limiter, error mapping, decoding into a typed model); and `call_tool("quote")` from an MCP SDK '
        "client session in this process to a spawned `data-mcp` over stdio (JSON-RPC both ways, the server's "
        "client call, JSON text result). The response cache is off everywhere (`DATA_CACHE=off` in the server's "
        "environment), so every call reaches the sandbox. After a warm-up the three take turns in blocks of "
        f"{CALL_BLOCK} calls, in a rotating order; the first call of each block is not counted, since it runs "
        "while the previous path is still winding down (right after a server call, the server and its SDK are "
        f"still finishing up on the two cores). {calls['calls']} counted calls each. **Rerun:** "
        "`benchmarks/report.py --only calls` (`benchmarks/run.py` "
        "has the synchronous client against a mock transport and against the sandbox).\n"
    )
    p.w("| Path | Median (p10–p90) | Added over the bare GET (medians) |")
    p.w("|---|---|---|")
    base = calls["bare"]["median"]
    for key, label in PATHS:
        s = calls[key]
        added = "" if key == "bare" else f"{s['median'] - base:+.2f} ms"
        p.w(f"| {label} | {span(s, fmt_ms, 'p10', 'p90')} | {added} |")
    p.w("")
    p.image("bench-call-overhead.png", "Bar chart of milliseconds per call for bare GET, client and server")
    p.w(
        "The server's extra over the client is the MCP round trip: two JSON-RPC messages over pipes, the SDK's "
        "request handling on both sides, and the result serialised as JSON text. It is paid once per tool call "
        "an agent makes, next to seconds of model time.\n"
    )
