"""The typed client: ``DataClient`` (blocking) and ``AsyncDataClient`` (asyncio)."""

from __future__ import annotations

from data_pkg.client._client import AsyncDataClient, DataClient
from data_pkg.client._ratelimit import RateLimitInfo
from data_pkg.client._settings import Secret, Settings, ValidationMode

__all__ = ["AsyncDataClient", "DataClient", "RateLimitInfo", "Secret", "Settings", "ValidationMode"]
