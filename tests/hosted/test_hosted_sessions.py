"""Session tokens and the stores that remember which sessions are open."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import pytest
import redis.asyncio

from data_hosted._session_table import ALL_KEY, KEY_PREFIX, PER_KEY_PREFIX, MemorySessions, RedisSessions
from data_hosted._sessions import SessionTokens, key_tag

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
    store = MemorySessions(idle=30, max_sessions=10, max_per_key=10, clock=clock)
    await store.open("a", "k")
    clock.now += 29
    assert await store.touch("a", "k")
    clock.now += 29
    assert await store.touch("a", "k")
    clock.now += 30
    assert not await store.touch("a", "k")
    assert not await store.close("a", "k")


async def test_a_closed_memory_session_is_gone_and_expiry_frees_room_before_anything_is_evicted() -> None:
    clock = Clock()
    store = MemorySessions(idle=30, max_sessions=2, max_per_key=10, clock=clock)
    await store.open("a", "k")
    await store.open("b", "k")
    assert await store.close("a", "k")
    assert not await store.touch("a", "k")
    assert await store.open("c", "k") == 0
    clock.now += 31
    assert await store.open("d", "k") == 0 and len(store) == 1


async def test_a_full_memory_table_ends_the_least_recently_used_session_of_any_key() -> None:
    clock = Clock()
    store = MemorySessions(idle=30, max_sessions=3, max_per_key=10, clock=clock)
    for session, key in (("a", "k1"), ("b", "k2"), ("c", "k3")):
        await store.open(session, key)
        clock.now += 1
    assert await store.touch("a", "k1")  # b is now the least recently used
    assert await store.open("d", "k4") == 1
    assert not await store.touch("b", "k2")
    assert [await store.touch(s, k) for s, k in (("a", "k1"), ("c", "k3"), ("d", "k4"))] == [True] * 3
    assert len(store) == 3


async def test_a_key_at_its_bound_ends_its_own_oldest_session_and_no_one_elses() -> None:
    clock = Clock()
    store = MemorySessions(idle=30, max_sessions=100, max_per_key=2, clock=clock)
    await store.open("other", "k2")
    await store.open("a", "k1")
    await store.open("b", "k1")
    assert await store.touch("a", "k1")  # b is now k1's least recently used
    assert await store.open("c", "k1") == 1
    assert not await store.touch("b", "k1")
    assert await store.touch("a", "k1") and await store.touch("c", "k1") and await store.touch("other", "k2")
    assert store.sessions_of("k1") == 2


async def test_a_memory_session_is_open_only_for_the_key_that_opened_it() -> None:
    store = MemorySessions(idle=30, max_sessions=10, max_per_key=10)
    await store.open("a", "k1")
    assert not await store.touch("a", "k2")
    assert not await store.close("a", "k2")
    assert await store.touch("a", "k1")


@pytest.fixture
async def redis_client(redis_url: str) -> AsyncIterator[redis.asyncio.Redis]:
    """A client of a database of the shared redis-server that only these tests use, empty at the start."""
    client = redis.asyncio.Redis.from_url(redis_url.rsplit("/", 1)[0] + "/5")
    await client.flushdb()
    try:
        yield client
    finally:
        await client.aclose()


def redis_store(client: redis.asyncio.Redis, max_sessions: int = 1000, max_per_key: int = 100) -> RedisSessions:
    return RedisSessions(client, idle=30, max_sessions=max_sessions, max_per_key=max_per_key)


async def test_a_redis_session_is_one_key_whose_ttl_is_the_idle_time(redis_client: redis.asyncio.Redis) -> None:
    store, other_worker = redis_store(redis_client), redis_store(redis_client)
    await store.open("sess-1", "tag1")
    ttl = await redis_client.pttl(KEY_PREFIX + "sess-1")
    assert 29_000 < ttl <= 30_000
    await redis_client.pexpire(KEY_PREFIX + "sess-1", 5_000)  # as if 25 s had passed
    assert await other_worker.touch("sess-1", "tag1")
    assert await redis_client.pttl(KEY_PREFIX + "sess-1") > 29_000
    assert await other_worker.close("sess-1", "tag1")
    assert not await store.touch("sess-1", "tag1")
    assert not await store.close("sess-1", "tag1")
    assert await redis_client.dbsize() == 0  # ending the session removed it from every index too


async def test_an_expired_redis_session_is_unknown_to_every_worker(redis_client: redis.asyncio.Redis) -> None:
    store = redis_store(redis_client)
    await store.open("sess-2", "tag2")
    await redis_client.delete(KEY_PREFIX + "sess-2")  # what the TTL does when the idle time runs out
    assert not await redis_store(redis_client).touch("sess-2", "tag2")


async def test_every_key_the_redis_table_writes_expires(redis_client: redis.asyncio.Redis) -> None:
    store = redis_store(redis_client)
    for number in range(5):
        await store.open(f"sess-{number}", f"tag{number % 2}")
    await store.touch("sess-0", "tag0")
    written = await redis_client.keys("*")
    assert {PER_KEY_PREFIX.encode() + b"tag0", PER_KEY_PREFIX.encode() + b"tag1", ALL_KEY.encode()} < set(written)
    assert len(written) == 8
    for key in written:
        assert 0 < await redis_client.pttl(key) <= 30_000, key


async def test_the_redis_table_bounds_each_key_and_the_total_across_workers(redis_client: redis.asyncio.Redis) -> None:
    worker_a = redis_store(redis_client, max_sessions=4, max_per_key=2)
    worker_b = redis_store(redis_client, max_sessions=4, max_per_key=2)
    await worker_a.open("a1", "ka")
    await worker_b.open("a2", "ka")
    assert await worker_a.touch("a1", "ka")  # a2 is now ka's least recently used
    assert await worker_b.open("a3", "ka") == 1
    assert not await worker_a.touch("a2", "ka")
    await worker_a.open("b1", "kb")
    await worker_b.open("c1", "kc")
    assert await worker_b.touch("a3", "ka") and await worker_a.touch("b1", "kb") and await worker_b.touch("c1", "kc")
    # Four open, a1 the least recently used: the fifth session of a new key ends it.
    assert await worker_a.open("d1", "kd") == 1
    assert not await worker_b.touch("a1", "ka")
    assert await redis_client.zcard(ALL_KEY) == 4
    assert await redis_client.zrange(PER_KEY_PREFIX + "ka", 0, -1) == [b"a3"]
    assert sorted(await redis_client.keys(KEY_PREFIX + "*")) == [
        (KEY_PREFIX + s).encode() for s in ("a3", "b1", "c1", "d1")
    ]
