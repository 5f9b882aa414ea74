"""The typed client: ``DataClient`` (blocking) and ``AsyncDataClient`` (asyncio).

``Cache`` is what a ``cache_backend`` provides and ``open_cache`` builds one from a ``DATA_CACHE``
value. A server that sends calls with many keys uses :mod:`data_pkg.client.transport`. ``History``
is what the price-history methods return: a list of bars that also reads as ``.historical``.
"""

from __future__ import annotations

from data_pkg.client._cache import Cache, open_cache
from data_pkg.client._client import AsyncDataClient, DataClient
from data_pkg.client._history import History
from data_pkg.client._ratelimit import RateLimitInfo
from data_pkg.settings import Secret, Settings, ValidationMode

__all__ = [
    "AsyncDataClient",
    "Cache",
    "DataClient",
    "History",
    "RateLimitInfo",
    "Secret",
    "Settings",
    "ValidationMode",
    "open_cache",
]
