"""Section ``cache``: hit and miss per backend (memory, SQLite, Redis when ``redis-server`` is installed).

For the backend alone and for a whole client call. On the page: *Client cache*.
"""

from __future__ import annotations

import tempfile

from .common import Add, Figures, Run, Sandbox, say, stats
from .text import Page, fmt_us, span

CACHE_HIT_MEMORY_US = 50.0
CACHE_HIT_SQLITE_US = 1000.0
BACKENDS = (("memory", "memory"), ("sqlite", "SQLite"), ("redis", "Redis"))
KINDS = ("get_hit_us", "get_miss_us", "call_hit_us", "call_miss_us")


def specs(folder: str, sandbox: Sandbox) -> dict[str, tuple[str, str] | None]:
    """Each backend's cache spec for the bare gets and for the client (None: Redis not installed)."""
    redis = sandbox.redis
    return {
        "memory": ("memory", "memory"),
        "sqlite": (f"sqlite:///{folder}/get.db", f"sqlite:///{folder}/client.db"),
        "redis": (redis, redis) if redis else None,
    }


def backend_gets(spec: str, gets: int) -> tuple[list[float], list[float]]:
    """Seconds per ``get`` of a present key (2 KB) and of an absent one, on the cache object alone."""
    import run as client_bench
    from data_pkg.client import open_cache

    backend = open_cache(spec)
    if backend is None:
        raise RuntimeError(f"no cache for {spec!r}")
    backend.set("present", b"x" * 2048, 3600)
    client_bench.timed(lambda: backend.get("present"), 500)
    hit = client_bench.timed(lambda: backend.get("present"), gets)
    miss = client_bench.timed(lambda: backend.get("absent"), gets)
    backend.close()
    return hit, miss


def client_calls(name: str, spec: str, url: str, calls: int) -> tuple[list[float], list[float]]:
    """Seconds per client call served from the cache, and per call of a symbol not yet cached."""
    import run as client_bench
    from data_pkg import DataClient

    with DataClient("demo", base_url=url, cache=spec) as client:
        client.company.get_quote("AAPL")  # fills the entry (and the connection pool)
        hit = client_bench.timed(lambda: client.company.get_quote("AAPL"), calls)
        symbols = iter([f"{name[0].upper()}{i:05d}" for i in range(calls)])
        miss = client_bench.timed(lambda: client.company.get_quote(next(symbols)), calls)
    return hit, miss


def measure(run: Run) -> Figures:
    """Every backend there is, in microseconds."""
    out: Figures = {}
    with tempfile.TemporaryDirectory() as folder:
        for name, spec in specs(folder, run.sandbox).items():
            if spec is None:
                out[name] = None
                continue
            say(f"  cache: {name}")
            hit, miss = backend_gets(spec[0], run.plan.cache_gets)
            call_hit, call_miss = client_calls(name, spec[1], run.sandbox.url, run.plan.cache_calls)
            samples = (hit, miss, call_hit, call_miss)
            out[name] = {kind: stats(values, 1e6) for kind, values in zip(KINDS, samples, strict=True)}
    return out


def targets(cache: Figures, add: Add) -> None:
    """A hit from memory and from SQLite, on the backend and through a whole client call."""
    for name, limit in (("memory", CACHE_HIT_MEMORY_US), ("sqlite", CACHE_HIT_SQLITE_US)):
        figures = cache.get(name)
        label = "SQLite" if name == "sqlite" else name
        if not figures:
            add(f"cache hit < {fmt_us(limit)} ({name})", "", None, "")
            continue
        get, call = figures["get_hit_us"]["median"], figures["call_hit_us"]["median"]
        add(
            f"cache hit < {fmt_us(limit)} ({label})",
            f"backend get {fmt_us(get)}; whole client call served from it {fmt_us(call)}",
            get < limit and call < limit,
            "",
        )


def page(cache: Figures, p: Page) -> None:
    """*Client cache*."""
    p.w("## Client cache\n")
    p.w(
        "**What:** per backend, `get` of a present key (2 KB value) and of an absent one, timed on the cache "
        "object alone; then a whole synchronous `DataClient.company.get_quote` call served from that cache (hit) "
        "and one for a symbol not yet cached (miss: lookup, HTTP request to the sandbox process, store). Redis is "
        "a private `redis-server` on loopback, so its figures include a network round trip. **Rerun:** "
        "`benchmarks/report.py --only cache` (`benchmarks/run.py` has memory and SQLite hits).\n"
    )
    p.w("| Backend | get, hit | get, miss | client call, hit | client call, miss |")
    p.w("|---|---|---|---|---|")
    for name, label in BACKENDS:
        f = cache.get(name)
        if not f:
            p.w(f"| {label} | not measured (no redis-server) | | | |")
            continue
        p.w(f"| {label} | " + " | ".join(span(f[k], fmt_us, "p10", "p90") for k in KINDS) + " |")
    first = next(v for v in cache.values() if v)
    p.w(
        f"\nMedians with p10–p90; {first['get_hit_us']['n']:,} gets and {first['call_hit_us']['n']:,} calls per "
        "figure.\n"
    )
    p.image("bench-cache.png", "Grouped bar chart of cache hit and miss microseconds per backend, log scale")
