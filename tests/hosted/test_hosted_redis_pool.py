"""A burst of requests waits for a Redis connection instead of failing (issue 21 item 4).

Against a private redis-server on loopback. Before the fix the client library's default pool raised
``MaxConnectionsError`` past 100 connections in use, and every request beyond that answered 503.
"""

from __future__ import annotations

from collections.abc import Callable

import anyio
import httpx2
import pytest

from tests.hosted._support import INITIALIZE, TIMEOUT, Upstream, headers, with_key

pytestmark = pytest.mark.anyio

MakeServer = Callable[..., tuple[str, Upstream]]

SESSIONS = 300
KEYS = 30
"""Sessions opened at once, spread over keys so that no key reaches its in-flight bound."""


async def _burst(url: str) -> list[int]:
    statuses: list[int] = []
    limits = httpx2.Limits(max_connections=SESSIONS, max_keepalive_connections=SESSIONS)
    async with httpx2.AsyncClient(timeout=TIMEOUT * 3, limits=limits) as http:

        async def initialize(number: int) -> None:
            key = f"pool-key-{number % KEYS:02d}"
            response = await http.post(with_key(url, key), headers=headers(), json=INITIALIZE)
            statuses.append(response.status_code)

        async with anyio.create_task_group() as group:
            for number in range(SESSIONS):
                group.start_soon(initialize, number)
    return statuses


@pytest.mark.e2e
@pytest.mark.parametrize("pool", [None, "4"], ids=["default-pool", "pool-of-4"])
async def test_concurrent_sessions_wait_for_a_redis_connection(
    make_server: MakeServer, redis_url: str, pool: str | None
) -> None:
    # Waits are what is tested, not how fast a shared machine serves: a generous bound on each.
    env = {"DATA_HOSTED_REDIS_WAIT": "60", **({"DATA_HOSTED_REDIS_CONNECTIONS": pool} if pool else {})}
    url, _ = make_server(redis_url=redis_url.rsplit("/", 1)[0] + "/7", env=env)
    statuses = await _burst(url)
    assert len(statuses) == SESSIONS
    assert {status: statuses.count(status) for status in set(statuses)} == {200: SESSIONS}
