"""A short tour of the client against the built-in sandbox: no key, no network.

Run it with ``./dev demo`` or ``python -m data_pkg.cli.tour``. It starts the
sandbox on a free loopback port, then makes the calls a new user would: a
quote, an income statement, a bulk CSV stream, and a call above the plan to
show what an error looks like.
"""

from __future__ import annotations

import itertools
import sys
import time

from data_pkg import DataClient, PlanRestrictedError
from data_pkg.sandbox import running_sandbox

__all__ = ["main"]


def _say(text: str = "") -> None:
    print(text, flush=True)


def main() -> int:
    """Run the tour; returns the process exit code."""
    started = time.perf_counter()
    with running_sandbox() as base_url:
        _say(f"sandbox running at {base_url} (synthetic data, keys: demo, sandbox-basic ...)")
        with DataClient("demo", base_url=base_url, validation_mode="strict") as client:
            quote = client.company.get_quote("AAPL")
            _say("\n1. client.company.get_quote('AAPL')")
            _say(f"   {quote.symbol} {quote.price:.2f} ({quote.change_percentage:+.2f}%)")
            limits = client.rate_limit
            _say(f"   rate limit: {limits.remaining} of {limits.limit} calls left")

            statements = client.fundamental.get_income_statement("AAPL", period="annual", limit=3)
            _say("\n2. client.fundamental.get_income_statement('AAPL', period='annual', limit=3)")
            for row in statements:
                revenue, income = row.revenue or 0, row.net_income or 0
                _say(f"   FY{row.fiscal_year}  revenue {revenue:>18,.0f}  net income {income:>16,.0f}")

            _say("\n3. client.batch.get_income_statement_bulk(2024, 'FY')  (CSV, streamed row by row)")
            rows = client.batch.get_income_statement_bulk(2024, "FY")
            for row in itertools.islice(rows, 3):
                _say(f"   {row.symbol:<8} revenue {row.revenue or 0:>18,.0f}")
            rest = sum(1 for _ in rows)
            _say(f"   ... and {rest} more rows, never held in memory at once")

        with DataClient("sandbox-basic", base_url=base_url) as basic:
            _say("\n4. a basic-plan key asking for a starter-plan endpoint")
            try:
                basic.technical.get_rsi("AAPL", 14, "1day")
            except PlanRestrictedError as error:
                _say(f"   {type(error).__name__}: {error}")
    _say(f"\ndone in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
