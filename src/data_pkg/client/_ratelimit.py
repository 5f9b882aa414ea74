"""Local rate limiting and the upstream's rate-limit signals.

The limiter keeps the client under its plan's calls-per-minute quota so the
upstream never has to answer 429. It waits for a free slot only up to a short
cap (``max_wait``); past it, it fails at once with a
:class:`~data_pkg.errors.RateLimitError` that says when to retry. It never
sleeps for minutes, let alone until midnight.
"""

from __future__ import annotations

import asyncio
import math
import re
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import timezone
from email.utils import parsedate_to_datetime

from data_pkg.errors import ConfigurationError, RateLimitError

__all__ = [
    "PLAN_RATES",
    "WINDOW",
    "RateLimitInfo",
    "RateLimiter",
    "parse_rate_limit_headers",
    "parse_retry_after",
    "plan_rate",
]

WINDOW = 60.0
"""Length in seconds of the window the per-minute limit applies to."""

PLAN_RATES: dict[str, int | None] = {
    # The free plan's quota is 250 calls per *day*. A per-minute limiter cannot
    # express that, and spreading a daily budget would mean sleeping for hours;
    # the upstream's 429 ("Limit Reach") says when it is used up instead.
    "basic": None,
    "starter": 300,
    "premium": 750,
    "ultimate": 3000,
}
"""Calls per minute each plan allows; None means no local per-minute limit."""


@dataclass(frozen=True)
class RateLimitInfo:
    """The upstream's rate-limit numbers from the latest response; None means unknown, never zero."""

    limit: int | None = None
    remaining: int | None = None


_UNKNOWN = RateLimitInfo()
_INT = re.compile(r"\s*([0-9]{1,15})\s*")
_SECONDS = re.compile(r"\s*([+-]?[0-9]+(?:\.[0-9]+)?)\s*")


def _header(headers: Mapping[str, str], name: str) -> str | None:
    value = headers.get(name)
    if value is not None:
        return value
    # A plain dict is case-sensitive; HTTP header names are not.
    wanted = name.lower()
    for key, candidate in headers.items():
        if key.lower() == wanted:
            return candidate
    return None


def _count(value: str | None) -> int | None:
    match = _INT.fullmatch(value) if value is not None else None
    return int(match.group(1)) if match else None


def parse_rate_limit_headers(headers: Mapping[str, str]) -> RateLimitInfo:
    """Read ``X-Rate-Limit-Limit`` and ``X-Rate-Limit-Remaining`` (any case).

    A missing or unreadable header gives None (unknown). The upstream is not
    known to send them always, so None must never be read as "nothing left".
    A limit of 0 is not a limit anyone has and is treated as unreadable.
    """
    limit = _count(_header(headers, "X-Rate-Limit-Limit"))
    remaining = _count(_header(headers, "X-Rate-Limit-Remaining"))
    return RateLimitInfo(limit=limit if limit else None, remaining=remaining)


def parse_retry_after(value: str | None, now: float | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header: delay-seconds or an HTTP date.

    ``now`` is the wall-clock time (``time.time()``) the date is measured from.
    A delay in the past or negative gives 0; a missing or unreadable value, None.
    """
    if value is None:
        return None
    match = _SECONDS.fullmatch(value)
    if match:
        seconds = float(match.group(1))
        return max(0.0, seconds) if math.isfinite(seconds) else None
    text = value.strip()
    if not text:
        return None
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if when.tzinfo is None:  # "-0000" means UTC with unknown local zone
        when = when.replace(tzinfo=timezone.utc)
    reference = time.time() if now is None else now
    seconds = when.timestamp() - reference
    return max(0.0, seconds) if math.isfinite(seconds) else None


def plan_rate(plan: str) -> int | None:
    """Calls per minute the local limiter allows for ``plan`` (``basic`` gives None: no per-minute limit)."""
    key = plan.strip().lower()
    if key not in PLAN_RATES:
        known = ", ".join(PLAN_RATES)
        raise ConfigurationError(f"unknown plan {plan!r}; known plans: {known}")
    return PLAN_RATES[key]


class RateLimiter:
    """At most ``per_minute`` calls in any 60-second window (a sliding log).

    The limiter remembers when each of the last ``per_minute`` admitted calls
    may start. A new call may start once the oldest of them is 60 s old, so no
    window of 60 s ever holds more than ``per_minute`` starts, whatever the
    burst pattern. (A token bucket with a full-minute burst would let nearly
    twice that through a window.) The cost is a deque of ``per_minute`` floats.

    One ``threading.Lock`` guards the arithmetic only; callers sleep outside it,
    so the limiter is shared safely by threads and by asyncio tasks.

    ``clock`` reads the time, ``sleep`` and ``asleep`` wait (blocking and on
    the event loop): a simulation passes a virtual clock's, whose time moves
    only when something waits on it.
    """

    def __init__(
        self,
        per_minute: int | None,
        *,
        max_wait: float = 5.0,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], object] = time.sleep,
        asleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        if per_minute is not None and (
            isinstance(per_minute, bool) or not isinstance(per_minute, int) or per_minute < 1
        ):
            raise ConfigurationError(
                f"DATA_RATE_LIMIT must be a positive number of calls per minute (or off), got {per_minute!r}"
            )
        if not (isinstance(max_wait, (int, float)) and math.isfinite(max_wait) and max_wait >= 0):
            raise ConfigurationError(f"DATA_RATE_LIMIT_MAX_WAIT must be a number of seconds >= 0, got {max_wait!r}")
        self.per_minute = per_minute
        self.max_wait = float(max_wait)
        self._clock = clock
        self._sleep = sleep
        self._asleep = asleep
        self._starts: deque[float] = deque(maxlen=per_minute or 1)
        self._lock = threading.Lock()
        self._last_info = _UNKNOWN

    def __repr__(self) -> str:
        return f"RateLimiter(per_minute={self.per_minute!r}, max_wait={self.max_wait!r})"

    def reserve(self) -> float:
        """Reserve a slot and return how many seconds to wait before using it.

        Raises :class:`~data_pkg.errors.RateLimitError` (``kind="local"``) and
        reserves nothing when the wait would exceed ``max_wait``.
        """
        limit = self.per_minute
        if limit is None:
            return 0.0
        with self._lock:
            now = self._clock()
            starts = self._starts
            start = now if len(starts) < limit else max(now, starts[0] + WINDOW)
            wait = start - now
            if wait <= self.max_wait:
                starts.append(start)  # maxlen drops the oldest, which leaves the window at `start`
                return wait
        raise self._used_up(wait)

    def _used_up(self, retry_after: float) -> RateLimitError:
        shown = math.ceil(retry_after * 10) / 10
        return RateLimitError(
            f"Local rate limit reached: all {self.per_minute} calls per minute are used. "
            f"The next slot frees in {shown:g} s, longer than the {self.max_wait:g} s this client waits; "
            f"retry after {shown:g} s. If your plan allows more calls, raise DATA_RATE_LIMIT "
            f"(calls per minute), or let the client wait longer with DATA_RATE_LIMIT_MAX_WAIT (seconds).",
            retry_after=retry_after,
            kind="local",
            status=None,
        )

    def acquire(self) -> None:
        """Block the thread until a slot is free (at most ``max_wait`` seconds)."""
        wait = self.reserve()
        if wait > 0:
            self._sleep(wait)

    async def aacquire(self) -> None:
        """Wait without blocking the event loop until a slot is free (at most ``max_wait`` seconds)."""
        wait = self.reserve()
        if wait > 0:
            await self._asleep(wait)

    def observe(self, info: RateLimitInfo) -> None:
        """Remember the upstream's latest numbers (see :attr:`last_info`)."""
        self._last_info = info

    @property
    def last_info(self) -> RateLimitInfo:
        """The numbers from the latest response observed; unknown until one arrives."""
        return self._last_info
