"""Helpers the sandbox tests share: sample argument values and request building."""

from __future__ import annotations

from pathlib import Path

import httpx2

from data_pkg.catalog import Endpoint

TIMEOUT = httpx2.Timeout(10.0)
EXAMPLES = Path(__file__).resolve().parent.parent / "upstream_examples"
"""The upstream's own documentation examples (their README says what they are)."""

# A sensible value for every parameter a catalog endpoint may require.
SAMPLE_VALUES: dict[str, str] = {
    "symbol": "AAPL",
    "symbols": "AAPL,MSFT",
    "cik": "0000320193",
    "cusip": "037833100",
    "isin": "US0378331005",
    "year": "2024",
    "quarter": "2",
    "from": "2026-10-01",
    "to": "2026-10-31",
    "date": "2026-11-18",
    "name": "GDP",
    "company": "Acme",
    "query": "AC",
    "periodLength": "10",
    "timeframe": "1day",
    "senateID": "S000001",
    "exchange": "NASDAQ",
    "sector": "Technology",
    "industry": "Software - Infrastructure",
    "page": "0",
    "part": "0",
    "limit": "5",
    "type": "bullish",
    "source": "social",
    "formType": "10-K",
}


def request_for(endpoint: Endpoint) -> tuple[str, dict[str, str]]:
    """The path and query parameters of a valid request to ``endpoint``: its required arguments filled in."""
    path = endpoint.path.replace("{provider}", "acme").replace("{ratings_addon}", "acme")
    params: dict[str, str] = {}
    for param in endpoint.params:
        if not param.required:
            continue
        value = str(param.enum[0]) if param.enum else SAMPLE_VALUES[param.wire]
        if param.location == "path":
            path = path.replace("{" + param.wire + "}", value)
        else:
            params[param.wire] = value
    return path, params
