"""Typical arguments for every endpoint: what a user asking the obvious question would send.

Only required parameters are filled (an agent adds the rest when the user asks for them), so a
history comes back at its default depth, the worst case an answer budget has to handle. Used to
measure answer sizes (``data-mcp tools --answers``, ``benchmarks/answers.py``) and by tests.
"""

from __future__ import annotations

import datetime as dt

from data_pkg.catalog._types import Endpoint, Param

_BY_NAME: dict[str, object] = {
    "symbol": "AAPL",
    "symbols": ["AAPL", "MSFT"],
    "cik": "0000320193",
    "cusip": "037833100",
    "isin": "US0378331005",
    "year": 2024,
    "quarter": 2,
    "period": "annual",
    "period_length": 14,
    "page": 0,
    "limit": 10,
    "part": "0",
    "senate_id": "S000123",
    "name": "apple",
    "query": "apple",
    "exchange": "NASDAQ",
    "sector": "Technology",
    "industry": "Consumer Electronics",
    "form_type": "8-K",
}

_TODAY = dt.date(2026, 11, 13)
"""A fixed date inside the sandbox's data, so measurements repeat."""

_BY_TYPE: dict[str, object] = {
    "str": "apple",
    "int": 1,
    "float": 1.5,
    "bool": True,
    "date": _TODAY,
    "cik": "0000320193",
    "list": ["AAPL"],
}


def typical_value(param: Param) -> object:
    """A plausible value for ``param``: its first allowed value, a common one by name, else one of its type."""
    if param.enum:
        return param.enum[0]
    if param.name == "from_date":
        return _TODAY - dt.timedelta(days=30)
    if param.name in _BY_NAME:
        return _BY_NAME[param.name]
    return _BY_TYPE[param.type]


def typical_arguments(endpoint: Endpoint) -> dict[str, object]:
    """Arguments for ``endpoint``'s required parameters only."""
    return {p.name: typical_value(p) for p in endpoint.params if p.required}
