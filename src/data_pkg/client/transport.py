"""The client's public seam for servers: check a call once, then fetch it with a given key through a given cache.

:class:`~data_pkg.AsyncDataClient` binds one key and one cache for its whole life. A server that
speaks for many callers needs the same rules for each caller's own key: argument checks before any
I/O, retries on transport errors and 5xx, error classification (401, 402, 429 and the upstream's
error bodies), the local rate limiter and the response cache. :class:`AsyncEndpointTransport` is
that, for one key and one cache, over an HTTP transport it may share with others. It follows httpx's
split between building a request and sending it, and openai's per-call options (:meth:`with_key`)::

    shared = AsyncEndpointTransport(settings, http_transport=pool)  # no key needed to check calls
    call = shared.prepare("quote", {"symbol": "AAPL"})              # InvalidRequestError here, before any I/O
    body = await shared.with_key(key, cache=cache).fetch(call)      # the raw answer, cached per ``cache``

Whoever passes a cache or an HTTP transport owns it and closes it; a transport closes only the HTTP
transport it made itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

import httpx2

from data_pkg.client._async import AsyncTransport
from data_pkg.client._cache import Cache
from data_pkg.client._engine import Call, Engine
from data_pkg.settings import Secret, Settings

__all__ = ["AsyncEndpointTransport", "Call"]


class AsyncEndpointTransport:
    """Checks calls and fetches their answer bodies with one API key through one cache.

    ``settings`` give the base URL, timeouts, retries, path segments and the local rate limit; their
    ``api_key`` is the key sent (none is needed to :meth:`prepare`). ``cache`` is used as given, None
    meaning no cache: ``settings.cache`` is never opened here (``data_pkg.client.open_cache`` does
    that for whoever owns the backend).
    """

    def __init__(
        self,
        settings: Settings,
        *,
        cache: Cache | None = None,
        http_transport: httpx2.AsyncBaseTransport | None = None,
    ) -> None:
        self._owned = None if http_transport is not None else httpx2.AsyncHTTPTransport()
        self._http_transport = http_transport or self._owned
        engine = Engine(replace(settings, cache=None), cache=cache)
        self._sender = AsyncTransport(engine, transport=self._http_transport)

    @property
    def settings(self) -> Settings:
        """The settings calls are checked and sent with (``cache`` is always None here)."""
        return self._sender.engine.settings

    @property
    def cache(self) -> Cache | None:
        """The cache answers are read from and written to, or None."""
        return self._sender.engine.cache

    def prepare(self, endpoint: str, args: Mapping[str, object]) -> Call:
        """The checked call for ``endpoint`` (key or spec name); InvalidRequestError, before any I/O, if it is wrong."""
        return self._sender.engine.prepare(endpoint, args)

    async def fetch(self, call: Call) -> bytes:
        """The answer body of ``call``: from the cache when fresh, else from the upstream (then cached).

        Raises the :class:`~data_pkg.errors.DataError` the upstream's answer amounts to, after the
        client's retries.
        """
        return await self._sender.fetch(call)

    def with_key(self, api_key: Secret | str, *, cache: Cache | None) -> AsyncEndpointTransport:
        """A transport like this one that sends ``api_key`` through ``cache`` (None: no cache).

        It shares this transport's HTTP transport (one connection pool for every key) and has a
        rate limiter of its own, as a client of that key would.
        """
        key = api_key if isinstance(api_key, Secret) else Secret(api_key)
        return AsyncEndpointTransport(
            replace(self.settings, api_key=key), cache=cache, http_transport=self._http_transport
        )

    async def aclose(self) -> None:
        """Close the HTTP transport this one made itself; a given cache or HTTP transport stays open."""
        if self._owned is not None:
            await self._owned.aclose()
