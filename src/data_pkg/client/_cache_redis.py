"""Redis cache, shared by every process that can reach the server (the ``redis`` extra).

Imported only by :func:`data_pkg.client._cache.open_cache`, so ``redis`` is not
loaded unless a Redis cache is configured.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

import redis
import redis.asyncio
from redis.asyncio.retry import Retry as AsyncRetry
from redis.backoff import NoBackoff
from redis.connection import parse_url as _untyped_parse_url
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError
from redis.retry import Retry

from data_pkg.client._cache_shared import redact_url
from data_pkg.errors import ConfigurationError

__all__ = ["KEY_PREFIX", "RedisCache"]

logger = logging.getLogger("data_pkg.cache")

KEY_PREFIX = "data_pkg:cache:"
"""Prefix of every key this cache writes, so a shared Redis can tell them apart."""

_FAILURES = (RedisError, OSError)
# Failures that mean "the server is not there": back off instead of retrying on every call.
_OUTAGES = (RedisConnectionError, RedisTimeoutError, OSError)
_MAX_TTL_SECONDS = 10 * 365 * 86400.0  # keeps PX in range for any float TTL, inf included

parse_url: Callable[[str], dict[str, Any]] = _untyped_parse_url  # redis-py leaves it unannotated


class RedisCache:
    """Cache entries in Redis as ``SET <prefix><key> <value> PX <ttl ms>``.

    A Redis failure never fails the caller: a connection error, timeout or
    server error is logged as a warning (with the URL's password masked) and the
    operation behaves as a miss (``get``) or does nothing (``set``). After a
    failure the server is left alone for ``retry_interval`` seconds, so an
    outage costs one warning and one timeout per interval, not one per call.
    Socket timeouts default to ``timeout`` seconds and redis-py's own retries
    are off: a slow cache must not be slower than the upstream call it saves.
    Timeouts given in the URL's query (``?socket_timeout=...``) take precedence.

    The sync client is created at once (it connects on first use); the asyncio
    client is created on first async use and belongs to the event loop that made
    it. Call :meth:`aclose` before that loop ends; after it, a later loop gets a
    fresh client.
    """

    def __init__(
        self,
        url: str,
        *,
        prefix: str = KEY_PREFIX,
        timeout: float = 1.0,
        retry_interval: float = 10.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.url = redact_url(url)
        try:
            options = parse_url(url)
        except ValueError as exc:
            raise ConfigurationError(
                f"DATA_CACHE={self.url!r} is not a usable Redis URL: {self._scrub(str(exc), url)}"
            ) from None
        if options.get("decode_responses"):
            raise ConfigurationError(f"DATA_CACHE={self.url!r}: remove decode_responses, the cache stores raw bytes")
        self._raw_url = url
        self._password: str | None = options.get("password")
        self.prefix = prefix
        self._timeout = timeout
        self._retry_interval = retry_interval
        self._clock = clock
        self._down_until: float | None = None
        self._client: redis.Redis = redis.Redis.from_url(
            url,
            socket_timeout=timeout,
            socket_connect_timeout=timeout,
            retry=Retry(NoBackoff(), 0),
        )
        self._aclient: redis.asyncio.Redis | None = None
        self._aloop: asyncio.AbstractEventLoop | None = None

    def __repr__(self) -> str:
        return f"RedisCache({self.url!r})"

    @staticmethod
    def _scrub(text: str, url: str) -> str:
        try:
            password = parse_url(url).get("password")
        except ValueError:
            _, _, rest = url.partition("://")
            userinfo = rest.partition("/")[0].rpartition("@")[0]
            password = userinfo.partition(":")[2] or userinfo
        return text.replace(password, "***") if password else text

    # A cache outage is the caller's business only as a warning in the log.
    def _usable(self) -> bool:
        return self._down_until is None or self._clock() >= self._down_until

    def _failed(self, operation: str, exc: BaseException) -> None:
        detail = str(exc)
        if self._password:
            detail = detail.replace(self._password, "***")
        if isinstance(exc, _OUTAGES):
            self._down_until = self._clock() + self._retry_interval
            logger.warning(
                "Redis cache %s unavailable during %s (%s: %s); treated as a miss, next try in %g s",
                self.url,
                operation,
                type(exc).__name__,
                detail,
                self._retry_interval,
            )
        else:  # the server answered with an error (out of memory, read-only replica...)
            logger.warning(
                "Redis cache %s refused %s (%s: %s); treated as a miss",
                self.url,
                operation,
                type(exc).__name__,
                detail,
            )

    def _succeeded(self) -> None:
        if self._down_until is not None:
            self._down_until = None
            logger.info("Redis cache %s reachable again", self.url)

    def _aclient_for_loop(self) -> redis.asyncio.Redis:
        loop = asyncio.get_running_loop()
        if self._aclient is None or self._aloop is not loop:
            self._aclient = redis.asyncio.Redis.from_url(
                self._raw_url,
                socket_timeout=self._timeout,
                socket_connect_timeout=self._timeout,
                retry=AsyncRetry(NoBackoff(), 0),
            )
            self._aloop = loop
        return self._aclient

    def get(self, key: str) -> bytes | None:
        if not self._usable():
            return None
        try:
            value: Any = self._client.get(self.prefix + key)
        except _FAILURES as exc:
            self._failed("get", exc)
            return None
        self._succeeded()
        return _as_bytes(value)

    def set(self, key: str, value: bytes, ttl: float) -> None:
        if not self._usable():
            return
        try:
            if not ttl > 0:  # also NaN
                self._client.delete(self.prefix + key)
            else:
                self._client.set(self.prefix + key, value, px=_ttl_ms(ttl))
        except _FAILURES as exc:
            self._failed("set", exc)
            return
        self._succeeded()

    async def aget(self, key: str) -> bytes | None:
        if not self._usable():
            return None
        try:
            value: Any = await self._aclient_for_loop().get(self.prefix + key)
        except _FAILURES as exc:
            self._failed("get", exc)
            return None
        self._succeeded()
        return _as_bytes(value)

    async def aset(self, key: str, value: bytes, ttl: float) -> None:
        if not self._usable():
            return
        try:
            client = self._aclient_for_loop()
            if not ttl > 0:  # also NaN
                await client.delete(self.prefix + key)
            else:
                await client.set(self.prefix + key, value, px=_ttl_ms(ttl))
        except _FAILURES as exc:
            self._failed("set", exc)
            return
        self._succeeded()

    def close(self) -> None:
        """Close the sync client's connections (use :meth:`aclose` when the async side was used)."""
        self._client.close()

    async def aclose(self) -> None:
        """Close both clients; the cache stays usable and reconnects on next use."""
        aclient, self._aclient, self._aloop = self._aclient, None, None
        if aclient is not None:
            await aclient.aclose()
        self._client.close()


def _ttl_ms(ttl: float) -> int:
    return max(1, round(min(ttl, _MAX_TTL_SECONDS) * 1000))


def _as_bytes(value: object) -> bytes | None:
    if value is None or isinstance(value, bytes):
        return value
    if isinstance(value, (bytearray, memoryview)):
        return bytes(value)
    if isinstance(value, str):  # only if a custom connection decodes responses
        return value.encode("utf-8")
    return None
