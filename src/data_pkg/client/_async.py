"""The asyncio transport: the same rules as ``_sync.py`` over ``httpx2.AsyncClient``."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

import httpx2

from data_pkg.client._bulk import CsvRows, atext_of
from data_pkg.client._engine import Call, Sender, arelayed, transport_error
from data_pkg.client._limits import Limits
from data_pkg.errors import DataError, TransportError
from data_pkg.files import atomic_writer


class AsyncTransport(Sender[httpx2.AsyncClient, httpx2.AsyncBaseTransport]):
    """Sends checked calls for :class:`~data_pkg.AsyncDataClient`."""

    http_class = httpx2.AsyncClient

    async def call(
        self,
        name: str,
        args: Mapping[str, object],
        *,
        plain: bool = False,
        refresh: bool = False,
        with_models: bool = False,
        lazy: bool = False,
    ) -> Any:
        """Call endpoint ``name`` and return its model(s), or with ``plain`` its JSON values (``with_models``: both;
        ``lazy``: both, each row read when first used)."""
        call = self.engine.prepare(name, args)
        self.engine.expect_json(call)
        return self.engine.answer(
            call, await self.fetch(call, refresh=refresh), plain=plain, with_models=with_models, lazy=lazy
        )

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
        limits = self.engine.limits(call)
        attempt = 0
        while True:
            await self.engine.limiter.aacquire()
            started = time.perf_counter()
            try:
                return await self._attempt(call, url, query, limits, started)
            except (httpx2.TransportError, DataError) as exc:
                failure = exc
            await asyncio.sleep(self.engine.retry_or_raise(call, attempt, failure, limits))
            attempt += 1

    async def _attempt(self, call: Call, url: str, query: httpx2.QueryParams, limits: Limits, started: float) -> bytes:
        """One try: the body read chunk by chunk within ``limits``, cancelled at the deadline."""
        if limits.left() <= 0:
            raise limits.expired()
        timeout = limits.timeout(self.engine.settings.timeout)
        request = self.http.build_request("GET", url, params=query, timeout=timeout)

        async def whole() -> tuple[httpx2.Response, bytes]:
            response = await self.http.send(request, stream=True)
            try:
                limits.check_declared(response.headers)
                return response, b"".join([chunk async for chunk in limits.aguard(response.aiter_bytes())])
            finally:
                await response.aclose()

        try:
            response, body = await asyncio.wait_for(whole(), limits.left())
        except asyncio.TimeoutError:
            failure = limits.expired()
        else:
            return self.engine.reply(call, response, body, started)
        raise failure

    async def stream_rows(self, name: str, args: Mapping[str, object]) -> AsyncIterator[Any]:
        """Rows of a CSV endpoint, decoded one at a time while the body streams in."""
        call = self.engine.prepare(name, args)
        settings = self.engine.settings
        parser = CsvRows(call.endpoint, settings.validation_mode, max_record=settings.max_reply_bytes)
        limits = self.engine.stream_limits(call)
        response = await self._open(call, limits)
        try:
            async for chunk in arelayed(call, atext_of(response, limits.aguard(response.aiter_bytes()))):
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
        limits = self.engine.stream_limits(call)
        response = await self._open(call, limits)
        try:
            with atomic_writer(target, mode=None) as sink:
                async for chunk in arelayed(call, limits.aguard(response.aiter_bytes())):
                    sink.write(chunk)
        finally:
            await response.aclose()
        return target

    async def _open(self, call: Call, limits: Limits) -> httpx2.Response:
        """A streaming response whose status was checked; the caller closes it."""
        url, query = self.engine.url_and_query(call)
        await self.engine.limiter.aacquire()
        timeout = limits.timeout(self.engine.settings.timeout)
        request = self.http.build_request("GET", url, params=query, timeout=timeout)
        try:
            sent: httpx2.Response | TransportError = await self.http.send(request, stream=True)
        except httpx2.TransportError as exc:
            sent = transport_error(call, exc)
        response = self.engine.opened(sent)
        if not self.engine.streamable(response.status_code, response.headers):
            try:
                body = b"".join([chunk async for chunk in arelayed(call, limits.aguard(response.aiter_bytes()))])
            finally:
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
