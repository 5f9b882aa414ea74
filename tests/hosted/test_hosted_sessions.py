"""Session tokens and the stores that remember which sessions are open."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import pytest
import redis.asyncio

from data_hosted._sessions import KEY_PREFIX, MemorySessions, RedisSessions, SessionTokens, key_tag

pytestmark = pytest.mark.anyio

SECRET = b"s" * 32


class Clock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_a_token_is_visible_ascii_and_checks_only_for_the_key_it_was_issued_to() -> None:
    tokens = SessionTokens(SECRET, max_age=60)
    tag, other = key_tag(SECRET, "key-a"), key_tag(SECRET, "key-b")
    token, issued = tokens.issue(tag)
    assert re.fullmatch(r"[\x21-\x7e]{20,128}", token)
    assert tokens.check(token, tag) == issued
    assert tokens.check(token, other) is None
    assert SessionTokens(b"x" * 32, max_age=60).check(token, tag) is None  # another secret
    assert tokens.check(token[:-1] + ("A" if token[-1] != "A" else "B"), tag) is None
    assert tokens.check("nonsense", tag) is None
    assert tokens.check("s1." + "a" * 200, tag) is None


def test_a_token_expires_after_its_maximum_age_busy_or_not() -> None:
    clock = Clock()
    tokens = SessionTokens(SECRET, max_age=100, clock=clock)
    tag = key_tag(SECRET, "key-a")
    token, _ = tokens.issue(tag)
    clock.now += 100
    assert tokens.check(token, tag) is not None
    clock.now += 1
    assert tokens.check(token, tag) is None


def test_key_tags_are_stable_per_secret_and_never_contain_the_key() -> None:
    assert key_tag(SECRET, "my-key") == key_tag(SECRET, "my-key")
    assert key_tag(SECRET, "my-key") != key_tag(b"t" * 32, "my-key")
    assert "my-key" not in key_tag(SECRET, "my-key")


async def test_a_memory_session_expires_after_the_idle_time_and_each_request_restarts_it() -> None:
    clock = Clock()
    store = MemorySessions(idle=30, max_sessions=10, clock=clock)
    assert await store.open("a")
    clock.now += 29
    assert await store.touch("a")
    clock.now += 29
    assert await store.touch("a")
    clock.now += 30
    assert not await store.touch("a")
    assert not await store.close("a")


async def test_a_closed_memory_session_is_gone_and_the_bound_frees_with_expiry() -> None:
    clock = Clock()
    store = MemorySessions(idle=30, max_sessions=2, clock=clock)
    assert await store.open("a") and await store.open("b")
    assert not await store.open("c")
    assert await store.close("a")
    assert not await store.touch("a")
    assert await store.open("c")
    clock.now += 31
    assert await store.open("d") and len(store) == 1


@pytest.fixture
async def redis_client(redis_url: str) -> AsyncIterator[redis.asyncio.Redis]:
    client = redis.asyncio.Redis.from_url(redis_url)
    try:
        yield client
    finally:
        await client.aclose()


async def test_a_redis_session_is_one_key_whose_ttl_is_the_idle_time(redis_client: redis.asyncio.Redis) -> None:
    store = RedisSessions(redis_client, idle=30)
    other_worker = RedisSessions(redis_client, idle=30)
    assert await store.open("sess-1")
    ttl = await redis_client.pttl(KEY_PREFIX + "sess-1")
    assert 29_000 < ttl <= 30_000
    await redis_client.pexpire(KEY_PREFIX + "sess-1", 5_000)  # as if 25 s had passed
    assert await other_worker.touch("sess-1")
    assert await redis_client.pttl(KEY_PREFIX + "sess-1") > 29_000
    assert await other_worker.close("sess-1")
    assert not await store.touch("sess-1")
    assert not await store.close("sess-1")


async def test_an_expired_redis_session_is_unknown_to_every_worker(redis_client: redis.asyncio.Redis) -> None:
    store = RedisSessions(redis_client, idle=30)
    await store.open("sess-2")
    await redis_client.delete(KEY_PREFIX + "sess-2")  # what the TTL does when the idle time runs out
    assert not await RedisSessions(redis_client, idle=30).touch("sess-2")
