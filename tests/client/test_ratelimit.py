"""The local rate limiter and the parsing of the upstream's rate-limit headers."""

from __future__ import annotations

import asyncio
import math
import threading
import time
from datetime import datetime, timezone
from email.utils import format_datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from data_pkg.catalog._types import TIERS
from data_pkg.client._ratelimit import (
    PLAN_RATES,
    WINDOW,
    RateLimiter,
    RateLimitInfo,
    parse_rate_limit_headers,
    parse_retry_after,
    plan_rate,
)
from data_pkg.errors import ConfigurationError, RateLimitError


class FakeClock:
    """Virtual time: it moves when a test sets it or when the limiter sleeps on it, never by itself."""

    def __init__(self, now: float = 500.0) -> None:
        self.now = now
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds

    async def asleep(self, seconds: float) -> None:
        self.sleep(seconds)
        await asyncio.sleep(0)


# --- headers ------------------------------------------------------------------------------------


def test_rate_limit_headers_are_read_in_any_case() -> None:
    info = parse_rate_limit_headers({"x-rate-limit-limit": "300", "X-RATE-LIMIT-REMAINING": " 299 "})
    assert info == RateLimitInfo(limit=300, remaining=299)


def test_missing_rate_limit_headers_mean_unknown_not_zero() -> None:
    assert parse_rate_limit_headers({"content-type": "application/json"}) == RateLimitInfo(None, None)


def test_zero_remaining_is_kept_but_a_zero_limit_is_unknown() -> None:
    info = parse_rate_limit_headers({"X-Rate-Limit-Limit": "0", "X-Rate-Limit-Remaining": "0"})
    assert info == RateLimitInfo(limit=None, remaining=0)


@pytest.mark.parametrize("garbage", ["", "abc", "-1", "1.5", "3e2", "300, 300", "٣٠٠"])
def test_garbage_rate_limit_headers_mean_unknown(garbage: str) -> None:
    info = parse_rate_limit_headers({"X-Rate-Limit-Limit": garbage, "X-Rate-Limit-Remaining": garbage})
    assert info == RateLimitInfo(None, None)


@pytest.mark.parametrize(
    ("value", "expected"),
    [("120", 120.0), (" 5 ", 5.0), ("1.5", 1.5), ("0", 0.0), ("-3", 0.0), ("+2", 2.0)],
)
def test_retry_after_in_seconds(value: str, expected: float) -> None:
    assert parse_retry_after(value) == expected


def test_retry_after_as_an_http_date() -> None:
    now = datetime(2026, 3, 1, 12, 0, 0, tzinfo=timezone.utc).timestamp()
    later = format_datetime(datetime(2026, 3, 1, 12, 1, 30, tzinfo=timezone.utc), usegmt=True)
    earlier = format_datetime(datetime(2026, 3, 1, 11, 0, 0, tzinfo=timezone.utc), usegmt=True)
    assert parse_retry_after(later, now=now) == 90.0
    assert parse_retry_after(earlier, now=now) == 0.0
    assert parse_retry_after("Sun, 01 Mar 2026 12:00:10 -0000", now=now) == 10.0


def test_retry_after_date_defaults_to_the_wall_clock() -> None:
    soon = format_datetime(datetime.fromtimestamp(time.time() + 3600, tz=timezone.utc), usegmt=True)
    seconds = parse_retry_after(soon)
    assert seconds is not None
    assert 3500 < seconds <= 3600


@pytest.mark.parametrize(
    "value", [None, "", "  ", "soon", "nan", "inf", "1e3", "9" * 400, "\u0663", "Mon, 99 Foo 2026", "12 seconds"]
)
def test_unreadable_retry_after_is_none(value: str | None) -> None:
    assert parse_retry_after(value) is None


# --- plans --------------------------------------------------------------------------------------


def test_plan_rates_follow_the_published_quotas() -> None:
    assert [plan_rate(p) for p in ("basic", "starter", "premium", "ultimate")] == [None, 300, 750, 3000]
    assert plan_rate(" Premium ") == 750


def test_every_catalog_tier_has_a_plan_rate() -> None:
    assert tuple(PLAN_RATES) == TIERS


def test_unknown_plan_is_a_configuration_error_listing_the_plans() -> None:
    with pytest.raises(ConfigurationError, match=r"unknown plan 'gold'.*basic, starter, premium, ultimate"):
        plan_rate("gold")


# --- limiter, fake clock ------------------------------------------------------------------------


def test_no_limit_never_waits() -> None:
    limiter = RateLimiter(None, clock=FakeClock())
    assert all(limiter.reserve() == 0.0 for _ in range(10_000))


def test_calls_within_the_limit_do_not_wait() -> None:
    limiter = RateLimiter(3, clock=FakeClock())
    assert [limiter.reserve() for _ in range(3)] == [0.0, 0.0, 0.0]


def test_over_the_limit_past_the_cap_fails_with_a_clear_local_error() -> None:
    clock = FakeClock()
    limiter = RateLimiter(3, max_wait=5, clock=clock)
    for _ in range(3):
        limiter.reserve()
    clock.now += 20
    with pytest.raises(RateLimitError) as info:
        limiter.reserve()
    err = info.value
    assert err.kind == "local"
    assert err.status is None
    assert err.category == "rate_limit"
    assert err.retry_after == pytest.approx(40.0)
    message = str(err)
    assert "3 calls per minute" in message
    assert "retry after 40 s" in message
    assert "DATA_RATE_LIMIT " in message
    assert "DATA_RATE_LIMIT_MAX_WAIT" in message


def test_a_refused_reservation_reserves_nothing() -> None:
    clock = FakeClock()
    limiter = RateLimiter(1, max_wait=5, clock=clock)
    limiter.reserve()
    for _ in range(100):
        with pytest.raises(RateLimitError):
            limiter.reserve()
    clock.now += WINDOW
    assert limiter.reserve() == 0.0  # the 100 refusals took no slots


def test_waits_up_to_the_cap_are_handed_out_in_order() -> None:
    clock = FakeClock()
    limiter = RateLimiter(2, max_wait=60, clock=clock)
    assert [limiter.reserve(), limiter.reserve()] == [0.0, 0.0]
    clock.now += 10
    assert [limiter.reserve(), limiter.reserve()] == [50.0, 50.0]
    with pytest.raises(RateLimitError) as info:
        limiter.reserve()  # would start at 120 s, 110 s from now
    assert info.value.retry_after == pytest.approx(110.0)


def test_the_window_slides() -> None:
    clock = FakeClock(0.0)
    limiter = RateLimiter(2, max_wait=60, clock=clock)
    limiter.reserve()
    clock.now = 30.0
    limiter.reserve()
    clock.now = 60.0
    assert limiter.reserve() == 0.0  # the call at 0 s left the window
    clock.now = 61.0
    assert limiter.reserve() == pytest.approx(29.0)  # waits for the call at 30 s to leave


@given(
    per_minute=st.integers(min_value=1, max_value=12),
    max_wait=st.floats(min_value=0, max_value=150, allow_nan=False),
    steps=st.lists(st.floats(min_value=0, max_value=40, allow_nan=False), min_size=1, max_size=120),
)
def test_no_window_ever_admits_more_than_the_limit(per_minute: int, max_wait: float, steps: list[float]) -> None:
    clock = FakeClock(0.0)
    limiter = RateLimiter(per_minute, max_wait=max_wait, clock=clock)
    starts: list[float] = []
    for step in steps:
        clock.now += step
        before = list(limiter._starts)
        refusal: RateLimitError | None = None
        try:
            wait = limiter.reserve()
        except RateLimitError as err:
            refusal = err
        if refusal is not None:
            assert list(limiter._starts) == before  # a refusal reserves nothing
            assert refusal.retry_after is not None
            assert refusal.retry_after > max_wait
            continue
        assert 0.0 <= wait <= max_wait
        start = limiter._starts[-1]  # what the limiter recorded; now + wait can be an ulp off
        assert start == pytest.approx(clock.now + wait, abs=1e-9)
        starts.append(start)
    for first in starts:
        in_window = [s for s in starts if first <= s < first + WINDOW]
        assert len(in_window) <= per_minute


@pytest.mark.parametrize("bad", [0, -1, True, 1.5, "300"])
def test_limiter_rejects_a_rate_that_is_not_a_positive_integer(bad: object) -> None:
    with pytest.raises(ConfigurationError, match="DATA_RATE_LIMIT"):
        RateLimiter(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-1, math.nan, math.inf])
def test_limiter_rejects_a_bad_max_wait(bad: float) -> None:
    with pytest.raises(ConfigurationError, match="DATA_RATE_LIMIT_MAX_WAIT"):
        RateLimiter(10, max_wait=bad)


def test_observe_remembers_the_latest_upstream_numbers() -> None:
    limiter = RateLimiter(300)
    assert limiter.last_info == RateLimitInfo(None, None)
    limiter.observe(RateLimitInfo(limit=300, remaining=12))
    limiter.observe(RateLimitInfo(limit=300, remaining=11))
    assert limiter.last_info == RateLimitInfo(limit=300, remaining=11)


# --- limiter, waiting ---------------------------------------------------------------------------


def test_acquire_sleeps_the_reserved_wait() -> None:
    clock = FakeClock(0.0)
    limiter = RateLimiter(1, max_wait=1, clock=clock, sleep=clock.sleep)
    limiter.acquire()
    assert clock.slept == []  # a free slot: no wait
    clock.now = WINDOW - 0.05  # the next slot frees 50 ms from "now"
    limiter.acquire()
    assert clock.slept == [pytest.approx(0.05)]
    assert clock.now == pytest.approx(WINDOW)  # the call starts when its slot frees, not before


def test_aacquire_sleeps_the_reserved_wait() -> None:
    clock = FakeClock(0.0)
    limiter = RateLimiter(1, max_wait=1, clock=clock, sleep=clock.sleep, asleep=clock.asleep)

    async def scenario() -> None:
        await limiter.aacquire()
        clock.now = WINDOW - 0.05
        await limiter.aacquire()

    asyncio.run(scenario())
    assert clock.slept == [pytest.approx(0.05)]
    assert clock.now == pytest.approx(WINDOW)


def test_aacquire_waits_without_blocking_the_loop() -> None:
    clock = FakeClock(0.0)
    limiter = RateLimiter(1, max_wait=1, clock=clock)  # the real asyncio.sleep

    async def scenario() -> int:
        await limiter.aacquire()
        clock.now = WINDOW - 0.05
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0.005)

        task = asyncio.create_task(ticker())
        await limiter.aacquire()
        task.cancel()
        return ticks

    # The ticker's 5 ms timers fall due before the limiter's 50 ms one; a blocking sleep would let none run.
    assert asyncio.run(scenario()) >= 2


def test_threads_together_get_exactly_the_limit() -> None:
    limiter = RateLimiter(50, max_wait=0)
    barrier = threading.Barrier(8)
    admitted: list[int] = []
    refused: list[int] = []
    lock = threading.Lock()

    def worker(n: int) -> None:
        barrier.wait(timeout=10)
        for _ in range(20):
            try:
                limiter.acquire()
            except RateLimitError:
                outcome = refused
            else:
                outcome = admitted
            with lock:
                outcome.append(n)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(admitted) == 50
    assert len(refused) == 8 * 20 - 50


def test_asyncio_tasks_together_get_exactly_the_limit() -> None:
    limiter = RateLimiter(50, max_wait=0)

    async def one() -> bool:
        try:
            await limiter.aacquire()
        except RateLimitError:
            return False
        return True

    async def scenario() -> list[bool]:
        return await asyncio.gather(*(one() for _ in range(200)))

    outcomes = asyncio.run(scenario())
    assert outcomes.count(True) == 50
    assert outcomes.count(False) == 150


def test_the_cap_bounds_every_wait_even_for_a_huge_backlog() -> None:
    clock = FakeClock()
    limiter = RateLimiter(1, max_wait=5, clock=clock)
    waits: list[float] = []
    refusals: list[RateLimitError] = []
    for _ in range(1000):
        try:
            waits.append(limiter.reserve())
        except RateLimitError as err:
            refusals.append(err)
    assert waits == [0.0]
    assert len(refusals) == 999
    assert all(err.retry_after is not None and 5 < err.retry_after <= WINDOW for err in refusals)
