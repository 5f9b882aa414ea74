"""Test helpers importable from any test module: a recognisable key and a mock upstream."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx2

# Recognisable so that a test can grep every captured byte for it.
SECRET_KEY = "sk-TEST-9f2c7e41b8d3-SECRET"
BASE_URL = "http://api.test"

Handler = Callable[[httpx2.Request], httpx2.Response]


class Recorder:
    """A mock upstream: answers with ``handler`` and remembers every request."""

    def __init__(self, handler: Handler) -> None:
        self.handler = handler
        self.requests: list[httpx2.Request] = []

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        self.requests.append(request)
        return self.handler(request)


def quote_row(symbol: str = "AAPL", price: float = 190.5) -> dict[str, Any]:
    """A row that fits the Quote model."""
    return {
        "symbol": symbol,
        "name": "Example Corp",
        "price": price,
        "changePercentage": 0.5,
        "change": 0.9,
        "dayLow": price - 1,
        "dayHigh": price + 1,
        "exchange": "NASDAQ",
        "timestamp": 1763600000,
    }
