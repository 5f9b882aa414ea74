"""Two server processes on loopback sharing one redis-server: sessions, limits and the cache hold across both."""

from __future__ import annotations

from collections.abc import Iterator

import httpx2
import pytest
import redis

from data_hosted._sessions import key_tag
from tests.hosted._support import (
    KEY,
    SECRET,
    TIMEOUT,
    ServerProcess,
    call_tool,
    headers,
    open_session,
    result_text,
    rpc,
    server_env,
    server_process,
    with_key,
)

pytestmark = [pytest.mark.slow, pytest.mark.e2e]


@pytest.fixture(scope="module")
def workers(sandbox: str, redis_url: str) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    env = server_env(
        sandbox,
        DATA_HOSTED_REDIS=redis_url,
        DATA_CACHE=redis_url,
        DATA_RATE_LIMIT="5",
    )
    with server_process(env) as first, server_process(env) as second:
        yield first, second
    assert KEY not in first.output() + second.output()


@pytest.fixture
def http() -> Iterator[httpx2.Client]:
    with httpx2.Client(timeout=TIMEOUT) as client:
        yield client


def test_a_session_opened_on_one_worker_is_served_by_the_other(
    workers: tuple[ServerProcess, ServerProcess], http: httpx2.Client
) -> None:
    a, b = workers
    assert a.url != b.url
    session = open_session(http, a.url)
    listed = http.post(with_key(b.url), headers=headers(session), json=rpc("tools/list"))
    assert listed.status_code == 200 and len(listed.json()["result"]["tools"]) == 28
    # Ended on the second, unknown to the first.
    assert http.delete(with_key(b.url), headers={"mcp-session-id": session}).status_code == 200
    assert http.post(with_key(a.url), headers=headers(session), json=rpc("tools/list")).status_code == 404


def test_the_per_key_call_limit_holds_across_both_workers(
    workers: tuple[ServerProcess, ServerProcess], http: httpx2.Client, redis_url: str
) -> None:
    a, b = workers
    with redis.Redis.from_url(redis_url) as client:
        client.delete("data_hosted:calls:" + key_tag(SECRET.encode(), KEY))
    session = open_session(http, a.url)
    arguments = {"endpoint": "quote", "symbol": "AAPL"}
    answers = [call_tool(http, url, session, "quote", arguments) for url in (a.url, b.url, a.url, b.url, a.url)]
    assert not any(answer["result"].get("isError") for answer in answers)
    for url in (b.url, a.url):
        limited = call_tool(http, url, session, "quote", arguments)
        assert limited["result"]["isError"] and result_text(limited).startswith("[rate_limit]")


def test_the_response_cache_is_shared_per_key_through_redis(
    workers: tuple[ServerProcess, ServerProcess], http: httpx2.Client, redis_url: str
) -> None:
    a, b = workers
    with redis.Redis.from_url(redis_url) as client:
        client.delete("data_hosted:calls:" + key_tag(SECRET.encode(), KEY))
        session = open_session(http, b.url)
        first = call_tool(http, a.url, session, "company", {"endpoint": "profile-symbol", "symbol": "NVDA"})
        second = call_tool(http, b.url, session, "company", {"endpoint": "profile-symbol", "symbol": "NVDA"})
        tag = key_tag(SECRET.encode(), KEY)
        cached = client.keys(f"data_pkg:cache:k:{tag}:*")
    assert result_text(first) == result_text(second)
    assert cached, "the answer is cached in Redis under the key's tag"
    assert not any(KEY.encode() in key for key in cached)
