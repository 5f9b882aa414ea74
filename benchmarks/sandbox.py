"""Sandbox benchmarks: what its deepest answers cost to generate and to serve.

Run: ``.venv/bin/python benchmarks/sandbox.py [--quick]``. Figures are printed as a table and written
to ``benchmarks/results/sandbox.json``; nothing here is asserted by the test suite.

For each request (the upstream's depths: a 25,874-row stock list, five years of daily bars, a week of
1-minute bars, one page of the CIK list, one quote):
- ``rows`` and ``bytes`` of the answer;
- ``cpu_ms``: CPU time to generate every row and encode the JSON body in-process (median);
- ``served_ms``: wall time of a GET over loopback until the last byte has arrived (median), with a
  sandbox running in this process on a free port.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import httpx2

from data_pkg.sandbox import SandboxConfig, running_sandbox
from data_pkg.sandbox._data import route_data
from data_pkg.sandbox._query import parse_query
from data_pkg.sandbox._routes import Router, build_routes

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"

REQUESTS: tuple[tuple[str, dict[str, str]], ...] = (
    ("/stable/stock-list", {}),
    ("/stable/historical-price-eod/full", {"symbol": "AAPL"}),
    ("/stable/historical-price-eod/full", {"symbol": "AAPL", "from": "2020-01-01", "to": "2024-12-31"}),
    ("/stable/technical-indicators/rsi", {"symbol": "AAPL", "periodLength": "14", "timeframe": "1day"}),
    ("/stable/historical-chart/1min", {"symbol": "AAPL"}),
    ("/stable/cik-list", {"page": "42"}),
    ("/stable/quote", {"symbol": "AAPL"}),
)


def generate(router: Router, path: str, params: dict[str, str]) -> tuple[int, int, float]:
    """Rows, bytes and CPU seconds of one in-process generation with its JSON encoding."""
    matched = router.match(path)
    assert matched is not None, path
    route, path_values = matched
    data = route_data(route)
    values = parse_query(route, list(params.items()))
    values.update(path_values)
    start = time.process_time()
    rows = data.rows(path, values)
    body = json.dumps(rows, separators=(",", ":")).encode()
    return len(rows), len(body), time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    """Run every measurement, print a table, write the JSON results."""
    parser = argparse.ArgumentParser(description="sandbox benchmarks")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions, for a smoke run")
    repeat = 3 if parser.parse_args(argv).quick else 9
    router = Router(build_routes())
    results: dict[str, Any] = {"python": sys.version.split()[0], "answers": []}
    with running_sandbox(SandboxConfig()) as url, httpx2.Client(base_url=url, timeout=60) as http:
        for path, params in REQUESTS:
            generate(router, path, params)  # models imported, caches warm
            cpu = [generate(router, path, params) for _ in range(repeat)]
            served = []
            for _ in range(repeat):
                start = time.perf_counter()
                response = http.get(path, params={**params, "apikey": "demo"})
                served.append(time.perf_counter() - start)
                assert response.status_code == 200, response.text
            rows, size, _ = cpu[0]
            query = "&".join(f"{k}={v}" for k, v in params.items())
            results["answers"].append(
                {
                    "request": f"{path}?{query}" if query else path,
                    "rows": rows,
                    "bytes": size,
                    "cpu_ms": statistics.median(c for _, _, c in cpu) * 1000,
                    "served_ms": statistics.median(served) * 1000,
                }
            )
    print(f"{'request':<78} {'rows':>7} {'KB':>7} {'cpu ms':>8} {'served ms':>10}")
    for answer in results["answers"]:
        print(
            f"{answer['request']:<78} {answer['rows']:>7,} {answer['bytes'] / 1024:>7,.0f} "
            f"{answer['cpu_ms']:>8.1f} {answer['served_ms']:>10.1f}"
        )
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "sandbox.json").write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
