"""Per-key limits: calls per minute (shared through Redis when configured) and requests in flight.

The call limit is a sliding log, so no 60-second window ever admits more than
the limit. With Redis, Redis does the counting: a short Lua script trims the
key's sorted set to the window, counts it and adds the call, atomically, on
Redis's own clock, so every worker sees the same window whatever its clock
says. Without Redis the same log lives in the worker's memory.

A refused call is not counted, and the refusal says when the oldest call in
the window leaves it.
"""

from __future__ import annotations

import logging
import math
import secrets
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol

from redis.exceptions import RedisError

from data_pkg.errors import RateLimitError

__all__ = ["ConcurrencyLimit", "MemoryRateLimit", "RateLimit", "RedisRateLimit", "TooManyInFlightError"]

logger = logging.getLogger("data_hosted.limits")

WINDOW = 60.0
_SWEEP_EVERY = 1024
"""Takes between two sweeps of the memory logs."""
KEY_PREFIX = "data_hosted:calls:"

# KEYS[1]: the key's call log. ARGV: window in ms, limit, a unique member for this call.
# Answers {admitted (0/1), calls in the window after this one, ms until a slot frees}.
_SLIDING_LOG = """
local now = redis.call('TIME')
local now_ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now_ms - window)
local count = redis.call('ZCARD', KEYS[1])
if count < limit then
  redis.call('ZADD', KEYS[1], now_ms, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, count + 1, 0}
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {0, count, tonumber(oldest[2]) + window - now_ms}
"""


def _refusal(limit: int, retry_after: float) -> RateLimitError:
    shown = max(1, math.ceil(retry_after))
    return RateLimitError(
        f"rate limit exceeded: this API key has used all {limit} calls per minute this server allows; "
        f"retry after {shown} s",
        retry_after=float(shown),
        kind="local",
        status=None,
    )


class RateLimit(Protocol):
    """Admits or refuses one tool call for a key."""

    limit: int

    async def take(self, tag: str) -> None:
        """Count a call for the key with ``tag``; raises RateLimitError when its window is full."""
        ...


class MemoryRateLimit:
    """Sliding logs in this worker's memory, one per key tag."""

    def __init__(self, limit: int, *, window: float = WINDOW, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.window = window
        self._clock = clock
        self._logs: dict[str, deque[float]] = {}
        self._takes = 0

    async def take(self, tag: str) -> None:
        now = self._clock()
        self._takes += 1
        if self._takes % _SWEEP_EVERY == 0:
            self._sweep(now)
        log = self._logs.setdefault(tag, deque())
        while log and log[0] <= now - self.window:
            log.popleft()
        if len(log) >= self.limit:
            raise _refusal(self.limit, log[0] + self.window - now)
        log.append(now)

    def _sweep(self, now: float) -> None:
        # Tags (keys, client addresses) come and go: forget those with no call left in the window.
        for tag in [tag for tag, log in self._logs.items() if not log or log[-1] <= now - self.window]:
            del self._logs[tag]


class RedisRateLimit:
    """Sliding logs in Redis, shared by every worker using the same server."""

    def __init__(self, client: Any, limit: int, *, window: float = WINDOW) -> None:
        self.limit = limit
        self._window_ms = round(window * 1000)
        self._script = client.register_script(_SLIDING_LOG)

    async def take(self, tag: str) -> None:
        try:
            admitted, _, wait_ms = await self._script(
                keys=[KEY_PREFIX + tag], args=[self._window_ms, self.limit, secrets.token_hex(8)]
            )
        except (RedisError, OSError) as exc:
            # An outage of the limiter must not take the data down with it: admit, and say so.
            logger.warning("rate limit store unavailable (%s); call admitted", type(exc).__name__)
            return
        if not admitted:
            raise _refusal(self.limit, int(wait_ms) / 1000)


class TooManyInFlightError(Exception):
    """A key already has as many requests in flight on this worker as it may."""


class ConcurrencyLimit:
    """At most ``limit`` requests in flight per key on this worker; the next one is refused, not queued."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._in_flight: dict[str, int] = {}

    def in_flight(self, tag: str) -> int:
        """Requests of the key with ``tag`` being served now."""
        return self._in_flight.get(tag, 0)

    def take(self, tag: str, count: int = 1) -> None:
        """Hold ``count`` of the key's slots until :meth:`release` (a batch takes one per message); raises
        TooManyInFlightError when fewer are free."""
        # One event loop per worker and no await between the check and the increment: no lock needed.
        held = self._in_flight.get(tag, 0)
        if held + count > self.limit:
            raise TooManyInFlightError(tag)
        self._in_flight[tag] = held + count

    def release(self, tag: str, count: int = 1) -> None:
        """Free ``count`` slots that :meth:`take` held."""
        left = self._in_flight[tag] - count
        if left:
            self._in_flight[tag] = left
        else:
            del self._in_flight[tag]

    @contextmanager
    def slot(self, tag: str, count: int = 1) -> Iterator[None]:
        """Hold ``count`` of the key's slots for the block (:meth:`take`, then :meth:`release`)."""
        self.take(tag, count)
        try:
            yield
        finally:
            self.release(tag, count)
