"""Client benchmarks: import time, per-call overhead, cache hit time.

Run: ``./dev bench`` (or ``.venv/bin/python benchmarks/run.py [--quick]``). Figures are printed as a
table and written to ``benchmarks/results/client.json``. Every figure is a median over many runs with
its spread (p10-p90); nothing here is asserted by the test suite.

What each figure means:
- ``import data_pkg``: wall time of ``python -c "import data_pkg"`` minus ``python -c "pass"``.
- ``import DataClient``: the same for ``from data_pkg import DataClient`` (loads pydantic and httpx2).
- ``overhead, in-process``: a client call minus a bare ``httpx2.Client.get`` of the same URL, both
  over an in-process mock transport returning the same bytes; isolates what the client adds
  (argument checks, limiter, error check, decoding into a typed model).
- ``overhead, over the sandbox``: the same comparison over real loopback HTTP against the sandbox,
  interleaved call by call so drift hits both sides alike.
- ``cache hit``: ``Cache.get`` of a present key (memory, SQLite), and a whole client call answered
  from the memory cache.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import httpx2

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"


def spread(samples: list[float]) -> dict[str, float]:
    """Median and p10/p90 of ``samples`` (seconds), in microseconds."""
    ordered = sorted(samples)
    q = statistics.quantiles(ordered, n=10) if len(ordered) >= 10 else [ordered[0]] * 9
    return {
        "median_us": statistics.median(ordered) * 1e6,
        "p10_us": q[0] * 1e6,
        "p90_us": q[-1] * 1e6,
        "n": len(ordered),
    }


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    """Wall time of each of ``repeat`` calls of ``fn``."""
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def import_time(statement: str, runs: int) -> dict[str, float]:
    """Median wall time of a fresh interpreter running ``statement``, minus an empty one."""

    def once(code: str) -> float:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        return time.perf_counter() - start

    base = [once("pass") for _ in range(runs)]
    full = [once(statement) for _ in range(runs)]
    return {"median_ms": (statistics.median(full) - statistics.median(base)) * 1e3, "runs": runs}


def overhead_in_process(repeat: int) -> dict[str, object]:
    from data_pkg import DataClient

    body = json.dumps(
        [{"symbol": "AAPL", "name": "Example", "price": 190.5, "changePercentage": 0.4, "change": 0.8, "dayLow": 189.0,
          "dayHigh": 191.0, "exchange": "NASDAQ", "timestamp": 1763600000, "volume": 1000, "marketCap": 3.0e12}]
    ).encode()  # fmt: skip
    transport = httpx2.MockTransport(lambda request: httpx2.Response(200, content=body))
    bare = httpx2.Client(transport=transport)
    client = DataClient("k", base_url="http://bench.test", transport=transport, validation_mode="strict")
    url = "http://bench.test/stable/quote"
    for _ in range(200):  # warm both paths (imports, adapters, connection objects)
        bare.get(url, params={"symbol": "AAPL", "apikey": "k"})
        client.company.get_quote("AAPL")
    bare_t, client_t = [], []
    for _ in range(repeat):
        bare_t += timed(lambda: bare.get(url, params={"symbol": "AAPL", "apikey": "k"}), 1)
        client_t += timed(lambda: client.company.get_quote("AAPL"), 1)
    b, c = spread(bare_t), spread(client_t)
    return {"bare": b, "client": c, "added_median_us": c["median_us"] - b["median_us"]}


def overhead_over_sandbox(repeat: int) -> dict[str, object]:
    from data_pkg import DataClient
    from data_pkg.sandbox import running_sandbox

    with running_sandbox() as base_url:
        bare = httpx2.Client()
        client = DataClient("demo", base_url=base_url, validation_mode="strict")
        url = f"{base_url}/stable/quote"
        for _ in range(100):
            bare.get(url, params={"symbol": "AAPL", "apikey": "demo"})
            client.company.get_quote("AAPL")
        bare_t, client_t = [], []
        for _ in range(repeat):
            bare_t += timed(lambda: bare.get(url, params={"symbol": "AAPL", "apikey": "demo"}), 1)
            client_t += timed(lambda: client.company.get_quote("AAPL"), 1)
        client.close()
        bare.close()
    b, c = spread(bare_t), spread(client_t)
    return {"bare": b, "client": c, "added_median_us": c["median_us"] - b["median_us"]}


def cache_hits(repeat: int) -> dict[str, object]:
    from data_pkg import DataClient
    from data_pkg.client import open_cache
    from data_pkg.sandbox import running_sandbox

    value = b"x" * 2048
    out: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as folder:
        for name, spec in (("memory", "memory"), ("sqlite", f"sqlite:///{folder}/bench.db")):
            cache = open_cache(spec)
            assert cache is not None
            cache.set("k", value, 3600)
            for _ in range(1000):
                cache.get("k")
            out[name] = spread(timed(lambda c=cache: c.get("k"), repeat))  # type: ignore[misc]
            cache.close()
    with running_sandbox() as base_url, DataClient("demo", base_url=base_url, cache="memory") as client:
        client.company.get_quote("AAPL")
        out["client call served from memory cache"] = spread(timed(lambda: client.company.get_quote("AAPL"), repeat))
    return out


def main(argv: list[str] | None = None) -> int:
    """Run every benchmark, print a table, write the JSON results."""
    parser = argparse.ArgumentParser(description="client benchmarks")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions, for a smoke run")
    options = parser.parse_args(argv)
    calls = 300 if options.quick else 3000
    runs = 5 if options.quick else 15
    results = {
        "python": sys.version.split()[0],
        "import data_pkg": import_time("import data_pkg", runs),
        "import DataClient": import_time("from data_pkg import DataClient", runs),
        "overhead, in-process": overhead_in_process(calls),
        "overhead, over the sandbox": overhead_over_sandbox(calls // 3),
        "cache hit": cache_hits(calls * 3),
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "client.json").write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
