"""Per-key call limits (in memory, and shared through Redis) and the in-flight bound."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
import redis.asyncio

from data_hosted._limits import (
    KEY_PREFIX,
    ConcurrencyLimit,
    MemoryRateLimit,
    RedisRateLimit,
    TooManyInFlightError,
)
from data_pkg.errors import RateLimitError

pytestmark = pytest.mark.anyio


class Clock:
    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


async def test_the_memory_limit_admits_the_limit_then_says_when_to_retry() -> None:
    clock = Clock()
    limit = MemoryRateLimit(3, clock=clock)
    for _ in range(3):
        await limit.take("tag-a")
    clock.now += 10
    with pytest.raises(RateLimitError) as refused:
        await limit.take("tag-a")
    assert refused.value.retry_after == 50
    assert "3 calls per minute" in refused.value.message
    await limit.take("tag-b")  # another key has its own window
    clock.now += 50
    await limit.take("tag-a")  # the oldest call left the window


@pytest.fixture
async def redis_client(redis_url: str) -> AsyncIterator[redis.asyncio.Redis]:
    client = redis.asyncio.Redis.from_url(redis_url)
    try:
        yield client
    finally:
        await client.aclose()


async def test_two_workers_share_one_redis_window(redis_client: redis.asyncio.Redis) -> None:
    tag = "shared-window-test"
    await redis_client.delete(KEY_PREFIX + tag)
    worker_a, worker_b = RedisRateLimit(redis_client, 4), RedisRateLimit(redis_client, 4)
    await worker_a.take(tag)
    await worker_b.take(tag)
    await worker_a.take(tag)
    await worker_b.take(tag)
    for worker in (worker_a, worker_b):
        with pytest.raises(RateLimitError) as refused:
            await worker.take(tag)
        assert refused.value.retry_after is not None and 1 <= refused.value.retry_after <= 60
    # Refused calls are not counted; the window holds exactly the admitted ones and expires with them.
    assert await redis_client.zcard(KEY_PREFIX + tag) == 4
    assert 0 < await redis_client.pttl(KEY_PREFIX + tag) <= 60_000


async def test_the_redis_window_slides(redis_client: redis.asyncio.Redis) -> None:
    tag = "sliding-window-test"
    await redis_client.delete(KEY_PREFIX + tag)
    limit = RedisRateLimit(redis_client, 2, window=60)
    await limit.take(tag)
    await limit.take(tag)
    # Age the oldest entry past the window, as 60 s would.
    oldest: Any = await redis_client.zrange(KEY_PREFIX + tag, 0, 0, withscores=True)
    member, score = oldest[0]
    await redis_client.zadd(KEY_PREFIX + tag, {member: score - 61_000})
    await limit.take(tag)


async def test_an_unreachable_redis_does_not_stop_calls(redis_url: str) -> None:
    dead = redis.asyncio.Redis.from_url("redis://127.0.0.1:1/0", socket_connect_timeout=0.5)
    try:
        await RedisRateLimit(dead, 1).take("any")
    finally:
        await dead.aclose()


def test_the_in_flight_bound_refuses_the_next_request_and_frees_on_exit() -> None:
    bound = ConcurrencyLimit(2)
    with bound.slot("k"), bound.slot("k"):
        assert bound.in_flight("k") == 2
        with pytest.raises(TooManyInFlightError), bound.slot("k"):
            pass
        with bound.slot("other"):
            pass
    assert bound.in_flight("k") == 0
    with bound.slot("k"):
        assert bound.in_flight("k") == 1
