"""API keys, the plan each one stands for, and per-key quota windows.

The quotas mirror the upstream plans (basic 250 calls a day, starter 300 a
minute ...) so that a client's rate-limit handling meets the same numbers it
will meet in production. Tests override them with tiny windows.
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from data_pkg.catalog import TIERS

__all__ = [
    "DEFAULT_KEYS",
    "PLAN_QUOTAS",
    "Quota",
    "QuotaBook",
    "QuotaDecision",
    "parse_quota",
]


@dataclass(frozen=True, slots=True)
class Quota:
    """At most ``calls`` calls in any window of ``seconds`` seconds."""

    calls: int
    seconds: float

    def __post_init__(self) -> None:
        if self.calls < 1:
            raise ValueError(f"quota calls must be at least 1, got {self.calls}")
        if not self.seconds > 0 or math.isinf(self.seconds):
            raise ValueError(f"quota window must be a positive number of seconds, got {self.seconds}")


PLAN_QUOTAS: Mapping[str, Quota] = {
    "basic": Quota(250, 86_400.0),
    "starter": Quota(300, 60.0),
    "premium": Quota(750, 60.0),
    "ultimate": Quota(3000, 60.0),
}
"""Calls per window for each plan tier, as the upstream sells them."""

DEFAULT_KEYS: Mapping[str, str] = {
    "demo": "ultimate",
    "sandbox-basic": "basic",
    "sandbox-starter": "starter",
    "sandbox-premium": "premium",
    "sandbox-ultimate": "ultimate",
}
"""Every key the sandbox accepts out of the box, and its plan tier."""

_DEMO_QUOTA = Quota(3000, 60.0)


def default_quota(key: str, tier: str) -> Quota:
    """The window a key gets unless the configuration overrides it."""
    if key == "demo":
        return _DEMO_QUOTA
    return PLAN_QUOTAS[tier]


def parse_quota(text: str) -> tuple[str, Quota]:
    """Parse ``KEY=CALLS/SECONDS`` (``sandbox-basic=3/60``); ValueError with a clear message otherwise."""
    key, sep, rest = text.partition("=")
    calls_text, slash, seconds_text = rest.partition("/")
    if not (sep and slash and key.strip()):
        raise ValueError(f"quota {text!r} must look like KEY=CALLS/SECONDS, e.g. sandbox-basic=3/60")
    try:
        calls = int(calls_text)
        seconds = float(seconds_text)
    except ValueError:
        raise ValueError(f"quota {text!r}: CALLS must be an integer and SECONDS a number") from None
    return key.strip(), Quota(calls, seconds)


@dataclass(frozen=True, slots=True)
class QuotaDecision:
    """What one call did to its key's window."""

    allowed: bool
    limit: int
    remaining: int
    retry_after: int
    """Whole seconds until the window frees a call (0 when allowed)."""


class QuotaBook:
    """Sliding-window call logs per key, safe to share between threads.

    A sliding log (timestamps of the calls inside the window) rather than
    fixed buckets, so that ``Retry-After`` can say exactly when the oldest
    call leaves the window.
    """

    def __init__(
        self,
        keys: Mapping[str, str],
        overrides: Mapping[str, Quota] | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        overrides = overrides or {}
        self._quotas = {key: overrides.get(key) or default_quota(key, tier) for key, tier in keys.items()}
        self._logs: dict[str, deque[float]] = {key: deque() for key in keys}
        self._lock = threading.Lock()
        self._clock = clock

    def quota(self, key: str) -> Quota:
        """The window of ``key``; KeyError for a key the sandbox does not know."""
        return self._quotas[key]

    def take(self, key: str) -> QuotaDecision:
        """Count one call for ``key`` if its window has room; a refused call is not counted."""
        quota = self._quotas[key]
        with self._lock:
            now = self._clock()
            log = self._logs[key]
            horizon = now - quota.seconds
            while log and log[0] <= horizon:
                log.popleft()
            if len(log) >= quota.calls:
                wait = log[0] + quota.seconds - now
                return QuotaDecision(False, quota.calls, 0, max(1, math.ceil(wait)))
            log.append(now)
            return QuotaDecision(True, quota.calls, quota.calls - len(log), 0)

    def reset(self) -> None:
        """Forget every call made so far."""
        with self._lock:
            for log in self._logs.values():
                log.clear()


def check_tier(tier: str) -> str:
    """``tier`` itself when it is a known plan tier; ValueError otherwise."""
    if tier not in TIERS:
        raise ValueError(f"unknown plan tier {tier!r}; expected one of {', '.join(TIERS)}")
    return tier
