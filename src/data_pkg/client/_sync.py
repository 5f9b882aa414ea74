"""The blocking transport: cache, limiter, retries and streaming over ``httpx2.Client``."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import httpx2

from data_pkg.client._bulk import CsvRows, text_of
from data_pkg.client._engine import Call, Sender, relayed, transport_error
from data_pkg.client._limits import Limits
from data_pkg.errors import DataError, TransportError
from data_pkg.files import atomic_writer


class SyncTransport(Sender[httpx2.Client, httpx2.BaseTransport]):
    """Sends checked calls for :class:`~data_pkg.DataClient`."""

    http_class = httpx2.Client

    def call(
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
            call, self.fetch(call, refresh=refresh), plain=plain, with_models=with_models, lazy=lazy
        )

    def fetch(self, call: Call, *, refresh: bool = False) -> bytes:
        """The answer body: from the cache when fresh, else from the network (then cached).

        With ``refresh`` the cache is not read (the caller wants the upstream's answer now), but
        the answer still replaces the cached one, so the next plain call sees it.
        """
        cache = self.engine.cache
        if cache is not None and not refresh and (hit := cache.get(call.cache_key)) is not None:
            return hit
        body = self._send(call)
        if cache is not None:
            cache.set(call.cache_key, body, call.ttl)
        return body

    def _send(self, call: Call) -> bytes:
        url, query = self.engine.url_and_query(call)
        limits = self.engine.limits(call)
        attempt = 0
        while True:
            self.engine.limiter.acquire()
            started = time.perf_counter()
            try:
                return self._attempt(call, url, query, limits, started)
            except (httpx2.TransportError, DataError) as exc:
                failure = exc
            time.sleep(self.engine.retry_or_raise(call, attempt, failure, limits))
            attempt += 1

    def _attempt(self, call: Call, url: str, query: httpx2.QueryParams, limits: Limits, started: float) -> bytes:
        """One try: the body read chunk by chunk within ``limits``; a blocked read waits at most DATA_TIMEOUT."""
        if limits.left() <= 0:
            raise limits.expired()
        timeout = limits.timeout(self.engine.settings.timeout)
        response = self.http.send(self.http.build_request("GET", url, params=query, timeout=timeout), stream=True)
        try:
            limits.check_declared(response.headers)
            body = b"".join(limits.guard(response.iter_bytes()))
        finally:
            response.close()
        return self.engine.reply(call, response, body, started)

    def stream_rows(self, name: str, args: Mapping[str, object]) -> Iterator[Any]:
        """Rows of a CSV endpoint, decoded one at a time while the body streams in."""
        call = self.engine.prepare(name, args)
        settings = self.engine.settings
        parser = CsvRows(call.endpoint, settings.validation_mode, max_record=settings.max_reply_bytes)
        limits = self.engine.stream_limits(call)
        response = self._open(call, limits)
        try:
            for chunk in relayed(call, text_of(response, limits.guard(response.iter_bytes()))):
                yield from parser.feed(chunk)
        finally:
            response.close()
        yield from parser.close()

    def download(self, name: str, destination: str | os.PathLike[str], args: Mapping[str, object]) -> Path:
        """Stream an endpoint's raw body into ``destination``, atomically; returns the path."""
        call = self.engine.prepare(name, args)
        target = Path(destination)
        limits = self.engine.stream_limits(call)
        response = self._open(call, limits)
        try:
            with atomic_writer(target, mode=None) as sink:
                for chunk in relayed(call, limits.guard(response.iter_bytes())):
                    sink.write(chunk)
        finally:
            response.close()
        return target

    def _open(self, call: Call, limits: Limits) -> httpx2.Response:
        """A streaming response whose status was checked; the caller closes it."""
        url, query = self.engine.url_and_query(call)
        self.engine.limiter.acquire()
        timeout = limits.timeout(self.engine.settings.timeout)
        request = self.http.build_request("GET", url, params=query, timeout=timeout)
        try:
            sent: httpx2.Response | TransportError = self.http.send(request, stream=True)
        except httpx2.TransportError as exc:
            sent = transport_error(call, exc)
        response = self.engine.opened(sent)
        if not self.engine.streamable(response.status_code, response.headers):
            try:
                body = b"".join(relayed(call, limits.guard(response.iter_bytes())))
            finally:
                response.close()
            self.engine.check(call, response.status_code, response.headers, body)
        return response

    def close(self) -> None:
        """Close the HTTP client and the cache."""
        if self._http is not None:
            self._http.close()
            self._http = None
        if self.engine.cache is not None:
            self.engine.cache.close()
