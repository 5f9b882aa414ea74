"""The asyncio transport: the same rules as ``_sync.py`` over ``httpx2.AsyncClient``."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

import httpx2

from data_pkg.client._bulk import CsvRows
from data_pkg.client._engine import Call, Sender, arelayed, transport_error
from data_pkg.errors import DataError, TransportError
from data_pkg.files import atomic_writer


class AsyncTransport(Sender[httpx2.AsyncClient, httpx2.AsyncBaseTransport]):
    """Sends checked calls for :class:`~data_pkg.AsyncDataClient`."""

    http_class = httpx2.AsyncClient

    async def call(self, name: str, args: Mapping[str, object], *, plain: bool = False, refresh: bool = False) -> Any:
        """Call endpoint ``name`` and return its model(s), or with ``plain`` its JSON values."""
        call = self.engine.prepare(name, args)
        self.engine.expect_json(call)
        return self.engine.answer(call, await self.fetch(call, refresh=refresh), plain=plain)

    async def fetch(self, call: Call, *, refresh: bool = False) -> bytes:
        """The answer body: from the cache when fresh, else from the network (then cached).

        With ``refresh`` the cache is not read (the caller wants the upstream's answer now), but
        the answer still replaces the cached one, so the next plain call sees it.
        """
        cache = self.engine.cache
        if cache is not None and not refresh and (hit := await cache.aget(call.cache_key)) is not None:
            return hit
        body = await self._send(call)
        if cache is not None:
            await cache.aset(call.cache_key, body, call.ttl)
        return body

    async def _send(self, call: Call) -> bytes:
        url, query = self.engine.url_and_query(call)
        attempt = 0
        while True:
            await self.engine.limiter.aacquire()
            started = time.perf_counter()
            try:
                return self.engine.reply(call, await self.http.get(url, params=query), started)
            except (httpx2.TransportError, DataError) as exc:
                failure = exc
            await asyncio.sleep(self.engine.retry_or_raise(call, attempt, failure))
            attempt += 1

    async def stream_rows(self, name: str, args: Mapping[str, object]) -> AsyncIterator[Any]:
        """Rows of a CSV endpoint, decoded one at a time while the body streams in."""
        call = self.engine.prepare(name, args)
        parser = CsvRows(call.endpoint, self.engine.settings.validation_mode)
        response = await self._open(call)
        try:
            async for chunk in arelayed(call, response.aiter_text()):
                for row in parser.feed(chunk):
                    yield row
        finally:
            await response.aclose()
        for row in parser.close():
            yield row

    async def download(self, name: str, destination: str | os.PathLike[str], args: Mapping[str, object]) -> Path:
        """Stream an endpoint's raw body into ``destination``, atomically; returns the path."""
        call = self.engine.prepare(name, args)
        target = Path(destination)
        response = await self._open(call)
        try:
            with atomic_writer(target, mode=None) as sink:
                async for chunk in arelayed(call, response.aiter_bytes()):
                    sink.write(chunk)
        finally:
            await response.aclose()
        return target

    async def _open(self, call: Call) -> httpx2.Response:
        """A streaming response whose status was checked; the caller closes it."""
        url, query = self.engine.url_and_query(call)
        await self.engine.limiter.aacquire()
        request = self.http.build_request("GET", url, params=query)
        try:
            sent: httpx2.Response | TransportError = await self.http.send(request, stream=True)
        except httpx2.TransportError as exc:
            sent = transport_error(call, exc)
        response = self.engine.opened(sent)
        if response.status_code >= 400:
            body = await response.aread()
            await response.aclose()
            self.engine.check(call, response.status_code, response.headers, body)
        return response

    async def aclose(self) -> None:
        """Close the HTTP client and the cache."""
        if self._http is not None:
            await self._http.aclose()
            self._http = None
        if self.engine.cache is not None:
            await self.engine.cache.aclose()
