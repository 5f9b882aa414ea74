"""The Redis cache, against a real redis-server started for the session (see conftest.py)."""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import Iterator

import pytest
import redis

from data_pkg.client._cache import open_cache
from data_pkg.client._cache_redis import KEY_PREFIX, RedisCache
from data_pkg.errors import ConfigurationError

EVERY_BYTE = bytes(range(256)) * 4
POLL_LIMIT = 5.0


def unique() -> str:
    return uuid.uuid4().hex


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def cache(redis_url: str) -> Iterator[RedisCache]:
    made = open_cache(redis_url)
    assert isinstance(made, RedisCache)
    yield made
    made.close()


@pytest.fixture
def raw(redis_url: str) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(redis_url)
    yield client
    client.close()


def test_redis_cache_round_trips_bytes_under_the_prefix_with_a_px_ttl(cache: RedisCache, raw: redis.Redis) -> None:
    key = unique()
    cache.set(key, EVERY_BYTE, 30)
    assert cache.get(key) == EVERY_BYTE
    assert raw.get(KEY_PREFIX + key) == EVERY_BYTE
    assert KEY_PREFIX == "data_pkg:cache:"
    assert 0 < int(raw.pttl(KEY_PREFIX + key)) <= 30_000


def test_redis_cache_misses_and_zero_ttl_deletes(cache: RedisCache, raw: redis.Redis) -> None:
    key = unique()
    assert cache.get(key) is None
    cache.set(key, b"v", 30)
    cache.set(key, b"gone", 0)
    assert cache.get(key) is None
    assert raw.exists(KEY_PREFIX + key) == 0


def test_redis_cache_entries_expire_after_their_ttl(cache: RedisCache) -> None:
    key = unique()
    cache.set(key, b"brief", 0.05)
    deadline = time.monotonic() + POLL_LIMIT
    while cache.get(key) is not None:
        assert time.monotonic() < deadline, "entry with a 50 ms TTL still there after 5 s"
        time.sleep(0.01)


def test_redis_cache_async_round_trip_and_reuse_after_aclose(redis_url: str) -> None:
    cache = RedisCache(redis_url)
    key = unique()

    async def write_then_read() -> bytes | None:
        await cache.aset(key, EVERY_BYTE, 30)
        got = await cache.aget(key)
        await cache.aclose()
        return got

    async def read_then_delete() -> tuple[bytes | None, bytes | None]:
        got = await cache.aget(key)
        await cache.aset(key, b"", 0)
        gone = await cache.aget(key)
        await cache.aclose()
        return got, gone

    assert asyncio.run(write_then_read()) == EVERY_BYTE
    assert asyncio.run(read_then_delete()) == (EVERY_BYTE, None)  # a new loop gets a new client


def test_redis_cache_async_entries_expire(redis_url: str) -> None:
    cache = RedisCache(redis_url)
    key = unique()

    async def scenario() -> None:
        try:
            await cache.aset(key, b"brief", 0.05)
            deadline = time.monotonic() + POLL_LIMIT
            while await cache.aget(key) is not None:
                assert time.monotonic() < deadline, "entry with a 50 ms TTL still there after 5 s"
                await asyncio.sleep(0.01)
        finally:
            await cache.aclose()

    asyncio.run(scenario())


def test_sync_and_async_sides_share_entries(cache: RedisCache) -> None:
    key = unique()
    cache.set(key, b"from sync", 30)

    async def scenario() -> bytes | None:
        try:
            return await cache.aget(key)
        finally:
            await cache.aclose()

    assert asyncio.run(scenario()) == b"from sync"


def test_dead_redis_is_a_miss_with_one_warning_and_no_password(
    dead_redis_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    clock = FakeClock()
    cache = RedisCache(dead_redis_url, retry_interval=10, clock=clock)
    try:
        with caplog.at_level(logging.WARNING, logger="data_pkg.cache"):
            assert cache.get("k") is None
            cache.set("k", b"v", 30)  # inside the retry interval: not even tried
            assert cache.get("k") is None
        warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
        assert len(warnings) == 1
        assert "treated as a miss" in caplog.text
        assert "127.0.0.1" in caplog.text
        assert "s3cret-pw" not in caplog.text
        clock.now += 10  # the interval is over: the next call tries again
        with caplog.at_level(logging.WARNING, logger="data_pkg.cache"):
            cache.set("k", b"v", 30)
        assert len([r for r in caplog.records if r.levelno == logging.WARNING]) == 2
    finally:
        cache.close()


def test_dead_redis_is_a_miss_for_the_async_side_too(dead_redis_url: str, caplog: pytest.LogCaptureFixture) -> None:
    cache = RedisCache(dead_redis_url)

    async def scenario() -> bytes | None:
        try:
            await cache.aset("k", b"v", 30)
            return await cache.aget("k")
        finally:
            await cache.aclose()

    with caplog.at_level(logging.WARNING, logger="data_pkg.cache"):
        assert asyncio.run(scenario()) is None
    assert "treated as a miss" in caplog.text
    assert "s3cret-pw" not in caplog.text


def test_redis_cache_recovers_when_the_server_answers_again(redis_url: str, caplog: pytest.LogCaptureFixture) -> None:
    clock = FakeClock()
    cache = RedisCache(redis_url, retry_interval=10, clock=clock)
    try:
        cache._failed("get", ConnectionError("simulated outage"))  # as if the last call had failed
        key = unique()
        cache.set(key, b"v", 30)
        assert cache.get(key) is None  # still inside the interval: skipped
        clock.now += 10
        with caplog.at_level(logging.INFO, logger="data_pkg.cache"):
            cache.set(key, b"v", 30)
        assert cache.get(key) == b"v"
        assert "reachable again" in caplog.text
    finally:
        cache.close()


@pytest.mark.parametrize(
    "url",
    ["redis://127.0.0.1:6379/0", "REDIS://127.0.0.1:6379/0", "rediss://user:pw@cache.example:6380/2"],
)
def test_open_cache_accepts_redis_urls_without_connecting(url: str) -> None:
    cache = open_cache(url)
    assert isinstance(cache, RedisCache)
    assert "pw@" not in repr(cache)
    cache.close()


def test_open_cache_rejects_a_malformed_redis_url_without_showing_the_password() -> None:
    with pytest.raises(ConfigurationError, match="not a usable Redis URL") as info:
        open_cache("redis://:hunter2@127.0.0.1:notaport/0")
    assert "hunter2" not in str(info.value)


def test_redis_cache_refuses_decoded_responses() -> None:
    with pytest.raises(ConfigurationError, match="decode_responses"):
        RedisCache("redis://127.0.0.1:6379/0?decode_responses=true")


def test_a_server_side_error_is_a_miss_without_backing_off(
    cache: RedisCache, raw: redis.Redis, caplog: pytest.LogCaptureFixture
) -> None:
    wrong, right = unique(), unique()
    raw.rpush(KEY_PREFIX + wrong, b"a list, not a string")
    cache.set(right, b"fine", 30)
    with caplog.at_level(logging.WARNING, logger="data_pkg.cache"):
        assert cache.get(wrong) is None
    assert "refused get" in caplog.text
    assert cache.get(right) == b"fine"  # the server is up: no back-off


def test_redis_cache_clamps_huge_ttls(cache: RedisCache, raw: redis.Redis) -> None:
    key = unique()
    cache.set(key, b"forever-ish", float("inf"))
    assert cache.get(key) == b"forever-ish"
    assert int(raw.pttl(KEY_PREFIX + key)) > 365 * 86400 * 1000
