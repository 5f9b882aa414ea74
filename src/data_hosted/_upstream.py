"""Calling the REST API with each caller's own key, through the client's public transport.

One :class:`~data_pkg.client.transport.AsyncEndpointTransport` per key (a small
LRU): it brings the client's request checks, retries on transport errors and
5xx, error classification (401/402/429 and the ``Error Message`` bodies) and the
response cache. All of them share one connection pool and one cache backend.

The cache is scoped per key. The client's cache key leaves the API key out so
that one user's processes share entries; on a server shared by many keys that
would let a key on a cheaper plan read what a dearer plan fetched, without the
upstream ever checking its plan or counting the call. Scoping by key tag keeps
every answer behind the plan and quota of the key that asked, and still shares
entries across workers when the cache is Redis.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Mapping

import httpx2

from data_pkg.client import Cache, Secret, Settings, open_cache
from data_pkg.client.transport import AsyncEndpointTransport, Call

__all__ = ["UPSTREAM_CONNECTIONS", "Upstream"]

logger = logging.getLogger("data_hosted.upstream")

UPSTREAM_CONNECTIONS = 200
"""Connections to the data service one worker opens at most (50 of them kept alive)."""
MAX_KEYS = 512
"""Per-key transports kept; the least recently used one is dropped beyond that (it holds no connection)."""


class KeyScopedCache:
    """A view of a shared cache whose keys are prefixed with one API key's tag."""

    def __init__(self, inner: Cache, tag: str) -> None:
        self._inner = inner
        self._prefix = f"k:{tag}:"

    def get(self, key: str) -> bytes | None:
        return self._inner.get(self._prefix + key)

    def set(self, key: str, value: bytes, ttl: float) -> None:
        self._inner.set(self._prefix + key, value, ttl)

    async def aget(self, key: str) -> bytes | None:
        return await self._inner.aget(self._prefix + key)

    async def aset(self, key: str, value: bytes, ttl: float) -> None:
        await self._inner.aset(self._prefix + key, value, ttl)

    def close(self) -> None:
        """The shared cache is closed by its owner."""

    async def aclose(self) -> None:
        """The shared cache is closed by its owner."""


class Upstream:
    """Prepares and sends calls for any caller's key; close it with :meth:`aclose`."""

    def __init__(
        self,
        settings: Settings,
        *,
        http_transport: httpx2.AsyncBaseTransport | None = None,
        cache: Cache | None = None,
        max_keys: int = MAX_KEYS,
    ) -> None:
        self._cache = cache if cache is not None else open_cache(settings.cache)
        self._http = http_transport or httpx2.AsyncHTTPTransport(
            limits=httpx2.Limits(max_connections=UPSTREAM_CONNECTIONS, max_keepalive_connections=50)
        )
        self._max_keys = max_keys
        self._by_tag: OrderedDict[str, AsyncEndpointTransport] = OrderedDict()
        # Checking arguments needs no key: one transport does it for every caller.
        self._checker = AsyncEndpointTransport(settings, http_transport=self._http)
        self._key_check = self._checker.prepare("profile", {"symbol": "AAPL"})

    def prepare(self, endpoint: str, args: Mapping[str, object]) -> Call:
        """The checked call; raises InvalidRequestError (before any I/O) for a bad argument."""
        return self._checker.prepare(endpoint, args)

    def _transport(self, api_key: Secret, tag: str) -> AsyncEndpointTransport:
        found = self._by_tag.get(tag)
        if found is not None:
            self._by_tag.move_to_end(tag)
            return found
        scoped = KeyScopedCache(self._cache, tag) if self._cache is not None else None
        made = self._checker.with_key(api_key, cache=scoped)
        self._by_tag[tag] = made
        if len(self._by_tag) > self._max_keys:
            # It only wraps the shared pool: dropping it leaks nothing.
            self._by_tag.popitem(last=False)
        return made

    async def fetch(self, call: Call, api_key: Secret, tag: str) -> bytes:
        """The answer body for ``call`` sent with ``api_key``: cached, or fetched (with the client's retries)."""
        return await self._transport(api_key, tag).fetch(call)

    async def check_key(self, api_key: Secret) -> bytes:
        """Send the spec's key check (``/stable/profile?symbol=AAPL``) with ``api_key``, past the response cache.

        Returns the body of a reply the client takes as usable (what it proves is the caller's question);
        raises the DataError the reply amounts to otherwise.
        """
        # No cache, and the transport only wraps the shared pool.
        return await self._checker.with_key(api_key, cache=None).fetch(self._key_check)

    async def aclose(self) -> None:
        """Close the connection pool and the cache."""
        self._by_tag.clear()
        await self._http.aclose()
        if self._cache is not None:
            await self._cache.aclose()
