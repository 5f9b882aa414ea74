"""What the sync and async clients share: checking a call, reading a reply, retry policy.

Everything here is free of I/O (``Sender`` builds an HTTP client, it does not
use it) so that the two transports in ``_sync.py`` and ``_async.py`` stay thin
loops around ``send``: each keeps only what it awaits or blocks on.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import AsyncIterator, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import httpx2

from data_pkg._version import __version__
from data_pkg.catalog import Endpoint, lookup
from data_pkg.client._args import WireRequest, encode, query_string
from data_pkg.client._cache import TTLS, Cache, cache_key, open_cache
from data_pkg.client._decode import decode_json, decode_rows, json_rows
from data_pkg.client._lazy import LazyAnswer
from data_pkg.client._limits import Limits, holds_more_rows, too_many_rows
from data_pkg.client._ratelimit import RateLimiter, RateLimitInfo, parse_rate_limit_headers, plan_rate
from data_pkg.client._upstream_errors import classify, error_message_of, looks_like_a_page
from data_pkg.errors import (
    AuthenticationError,
    ConfigurationError,
    DataError,
    InvalidRequestError,
    NotFoundError,
    TransportError,
)
from data_pkg.redact import MIN_SECRET, install_log_redaction, redact
from data_pkg.settings import Settings

logger = logging.getLogger("data_pkg.client")

_BACKOFF_BASE = 0.25
_BACKOFF_CAP = 4.0


@dataclass(frozen=True, slots=True)
class Call:
    """A checked call, ready to send: the wire request plus its cache identity."""

    request: WireRequest
    cache_key: str
    ttl: float

    @property
    def endpoint(self) -> Endpoint:
        """The catalog entry being called."""
        return self.request.endpoint

    def describe(self) -> str:
        """``GET /stable/quote?symbol=AAPL``: the request as sent (URL-encoded), without the key: safe to log.

        Encoded, so a value is never read as more of the query (``symbol=AAPL%26apikey%3Dx``).
        """
        query = query_string(self.request.query)
        return f"GET {self.request.path}{'?' + query if query else ''}"


class Engine:
    """Settings, cache and limiter of one client, and the rules both transports follow."""

    def __init__(self, settings: Settings, *, cache: Cache | None = None) -> None:
        install_log_redaction()
        self.settings = settings
        self.cache = cache if cache is not None else open_cache(settings.cache)
        per_minute = settings.rate_limit if settings.rate_limit is not None else _plan_rate(settings.plan)
        self.limiter = RateLimiter(per_minute, max_wait=settings.rate_limit_max_wait)
        if settings.log_level:
            logging.getLogger("data_pkg").setLevel(settings.log_level)

    @property
    def rate_limit(self) -> RateLimitInfo:
        """The upstream's rate-limit headers from the latest reply (None fields when unknown)."""
        return self.limiter.last_info

    def prepare(self, name: str, args: Mapping[str, object]) -> Call:
        """Check ``args`` for the endpoint called ``name`` (key or spec name) before any I/O."""
        try:
            endpoint = lookup(name)
        except KeyError:
            raise InvalidRequestError(f"unknown endpoint {name!r}") from None
        request = encode(endpoint, args, self.settings.segments)
        # The base URL scopes the cache so that a sandbox's answers never serve a real API.
        key = cache_key(request.path, dict(request.query), scope=self.settings.base_url or "")
        return Call(request, key, TTLS[endpoint.freshness])

    def url_and_query(self, call: Call) -> tuple[str, httpx2.QueryParams]:
        """Absolute URL and query with the key: for the wire only, never for logs."""
        if not self.settings.base_url:
            raise ConfigurationError(
                "DATA_BASE_URL is not set: point it at the API (or at a sandbox started with"
                " `python -m data_pkg.sandbox`, e.g. http://127.0.0.1:8765)"
            )
        if not self.settings.api_key:
            raise AuthenticationError("DATA_API_KEY is not set: put your API key in the environment")
        query = httpx2.QueryParams([*call.request.query, ("apikey", self.settings.api_key.reveal())])
        return self.settings.base_url + call.request.path, query

    def observe(self, headers: Mapping[str, str]) -> None:
        """Record the rate-limit headers of a reply."""
        self.limiter.observe(parse_rate_limit_headers(headers))

    def check(self, call: Call, status: int, headers: Mapping[str, str], body: bytes) -> bytes:
        """``body`` when the reply is a usable answer (the key masked, should the upstream echo it).

        Raises the matching error otherwise.
        """
        body = self.masked(body)
        if (
            not self.streamable(status, headers)
            or looks_like_a_page(headers, body)
            or (call.endpoint.format == "json" and error_message_of(body) is not None)
        ):
            raise classify(call.endpoint, status, headers, body)
        return body

    @staticmethod
    def streamable(status: int, headers: Mapping[str, str]) -> bool:
        """Whether a reply may carry the answer (2xx, not a web page); any other is read whole and raised."""
        return 200 <= status < 300 and not looks_like_a_page(headers, b"")

    def masked(self, body: bytes) -> bytes:
        """``body`` with the key's value masked: an upstream that echoes it must not hand it on."""
        key = self.settings.api_key.reveal().encode() if self.settings.api_key else b""
        return body.replace(key, b"***") if len(key) >= MIN_SECRET and key in body else body

    def reply(self, call: Call, response: httpx2.Response, body: bytes, started: float) -> bytes:
        """``body``, the whole of ``response`` sent at ``started`` (``time.perf_counter()``), once recorded and logged.

        Raises the matching error when the reply is not a usable answer (see :meth:`check`).
        """
        self.observe(response.headers)
        elapsed = (time.perf_counter() - started) * 1000
        logger.debug("%s -> %s in %.1f ms", call.describe(), response.status_code, elapsed)
        return self.check(call, response.status_code, response.headers, body)

    def limits(self, call: Call) -> Limits:
        """The deadline and byte bound of ``call``, starting now."""
        return Limits.of_call(call.endpoint.spec, self.settings)

    def stream_limits(self, call: Call) -> Limits:
        """The deadline and byte bound of a bulk stream or download of ``call``, starting now."""
        return Limits.of_stream(call.endpoint.spec, self.settings)

    def opened(self, sent: httpx2.Response | TransportError) -> httpx2.Response:
        """A streamed reply once its rate-limit headers are recorded; the failure to open it raised.

        Call this after the ``except`` block that made the failure: raised there, the error would
        carry the HTTP library's exception, whose request holds the URL with the key.
        """
        if isinstance(sent, TransportError):
            raise sent
        self.observe(sent.headers)
        return sent

    def retry_or_raise(
        self, call: Call, attempt: int, failure: httpx2.TransportError | DataError, limits: Limits
    ) -> float:
        """Seconds to wait before retrying ``call`` after ``failure`` of try ``attempt``; raises it if not retried.

        An HTTP-library failure becomes our :class:`TransportError` first (a timeout past the call's
        deadline, the deadline's error). A retry that could not end before the deadline is not made.
        Call this outside the ``except`` block that caught ``failure``: the error raised then carries
        no trace of the library's exception, whose text was not redacted.
        """
        if isinstance(failure, httpx2.TimeoutException) and limits.left() <= 0:
            raise limits.expired()
        error = transport_error(call, failure) if isinstance(failure, httpx2.TransportError) else failure
        delay = self.retry_delay(attempt, error)
        if delay is None or delay >= limits.left():
            raise error
        logger.info("%s failed (%s); retry %d in %.2f s", call.describe(), error, attempt + 1, delay)
        return delay

    def retry_delay(self, attempt: int, error: DataError) -> float | None:
        """Seconds to wait before retrying ``error``, or None when it must not be retried.

        Only transport failures and 5xx are retried: anything else would fail
        the same way again, or (429) cost the caller more of the quota.
        """
        retryable = error.category == "transport" or (error.category == "upstream" and (error.status or 0) >= 500)
        if not retryable or attempt >= self.settings.max_retries:
            return None
        # Full jitter: spreads retries of many clients hitting the same outage.
        return random.uniform(0, min(_BACKOFF_CAP, _BACKOFF_BASE * 2**attempt))  # noqa: S311

    def expect_json(self, call: Call) -> None:
        """Refuse, before any request, to decode an endpoint whose answer is not JSON rows."""
        endpoint = call.endpoint
        if endpoint.model is None or endpoint.format != "json":
            raise InvalidRequestError(
                f"{endpoint.spec} answers a {endpoint.format} file, not JSON rows:"
                f" use download({endpoint.spec!r}, path) or its streaming method",
                endpoint=endpoint.spec,
            )

    def answer(
        self, call: Call, body: bytes, *, plain: bool = False, with_models: bool = False, lazy: bool = False
    ) -> Any:
        """The result of a JSON answer: model(s), or with ``plain`` the upstream's own JSON values.

        Plain values are validated all the same, so the validation mode still applies (strict refuses
        a misfit, warn logs it); only the conversion into models is skipped. ``with_models`` gives both,
        ``(values, models)``, from the one body. ``lazy`` gives both too, as sequences whose rows are
        parsed (values) and validated (models) only when read (see ``_lazy.py``): the validation mode
        applies to the models read. A single-row endpoint gives its one row, or NotFoundError when the
        answer is empty.
        """
        mode = self.settings.validation_mode
        limit = self.settings.max_rows
        # Counted before the body is split too: a million empty rows would each cost the splitter an object.
        if holds_more_rows(body, limit, strings=call.endpoint.model == "str"):
            raise too_many_rows(call.endpoint.spec, limit)
        split = LazyAnswer.split(call.endpoint, body, mode) if lazy else None
        if split is not None:
            if len(split.values) > limit:  # rows of other kinds, which the count above leaves to the decoder
                raise too_many_rows(call.endpoint.spec, limit)
            rows, models = (split.values, split.models) if split.values else ([], [])
            with_models = True
        elif plain or with_models or lazy:  # lazy: a body the splitter refused is decoded whole, as before
            with_models = with_models or lazy
            rows = json_rows(call.endpoint, body, limit)
            models = decode_rows(call.endpoint, rows, mode)
        else:
            rows = models = decode_json(call.endpoint, body, mode, limit)
        if not call.endpoint.single:
            return (rows, models) if with_models else rows
        if not rows:
            raise NotFoundError(
                f"{call.endpoint.spec}: nothing found for {call.describe()}", endpoint=call.endpoint.spec
            )
        return (rows[0], models[0]) if with_models else rows[0]


_Http = TypeVar("_Http", httpx2.Client, httpx2.AsyncClient)
_Pool = TypeVar("_Pool", httpx2.BaseTransport, httpx2.AsyncBaseTransport)
_Chunk = TypeVar("_Chunk", str, bytes)


class Sender(Generic[_Http, _Pool]):
    """What both transports hold: the engine, and an HTTP client (``http_class``) made on first use."""

    http_class: type[_Http]

    def __init__(self, engine: Engine, *, transport: _Pool | None = None) -> None:
        self.engine = engine
        self._transport: _Pool | None = transport
        self._http: _Http | None = None

    @property
    def http(self) -> _Http:
        """The HTTP client, created on first use so that building a client costs nothing."""
        if self._http is None:
            # Keyword arguments typed loosely: each subclass pairs its client with the matching transport.
            options: dict[str, Any] = {
                "timeout": self.engine.settings.timeout,
                "transport": self._transport,
                "headers": {"User-Agent": f"data-pkg/{__version__}"},
            }
            self._http = self.http_class(**options)
        return self._http


def _plan_rate(plan: str | None) -> int | None:
    return plan_rate(plan) if plan else None


def transport_error(call: Call, exc: Exception) -> TransportError:
    """Our error for an HTTP-library failure; its text is redacted, the original is not kept."""
    if isinstance(exc, httpx2.TimeoutException):
        what = "timed out (raise DATA_TIMEOUT if the API is slow)"
    elif isinstance(exc, httpx2.ConnectError):
        what = "could not connect (check DATA_BASE_URL and the network)"
    else:
        what = "lost the connection before a full answer arrived"
    reason = redact(str(exc))[:200]
    return TransportError(f"{call.endpoint.spec}: {what}{': ' + reason if reason else ''}", endpoint=call.endpoint.spec)


def relayed(call: Call, chunks: Iterator[_Chunk]) -> Iterator[_Chunk]:
    """``chunks`` of a streamed body, a connection lost mid-body raised as our :class:`TransportError`.

    Raised after the ``except`` block, so the error keeps no trace of the HTTP library's exception
    (whose request holds the URL with the key).
    """
    failure = None
    try:
        yield from chunks
    except httpx2.TransportError as exc:
        failure = transport_error(call, exc)
    if failure is not None:
        raise failure


async def arelayed(call: Call, chunks: AsyncIterator[_Chunk]) -> AsyncIterator[_Chunk]:
    """:func:`relayed` for an async stream."""
    failure = None
    try:
        async for chunk in chunks:
            yield chunk
    except httpx2.TransportError as exc:
        failure = transport_error(call, exc)
    if failure is not None:
        raise failure
