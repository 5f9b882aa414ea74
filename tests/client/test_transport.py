"""The public transport seam: a call is checked once and fetched with any key through any cache, over one pool."""

from __future__ import annotations

from collections.abc import Iterator

import httpx2
import pytest

from data_pkg.client import Settings, open_cache
from data_pkg.client.transport import AsyncEndpointTransport
from data_pkg.errors import AuthenticationError, InvalidRequestError, PlanRestrictedError, RateLimitError
from data_pkg.sandbox import Quota, SandboxConfig, running_sandbox

pytestmark = pytest.mark.anyio

# One call a minute: a second answer for the same key can only have come from a cache.
ONE_CALL = "sandbox-basic"


@pytest.fixture(scope="module")
def sandbox() -> Iterator[str]:
    """A sandbox where ``demo`` may call everything and ``sandbox-basic`` (the free plan) once a minute."""
    config = SandboxConfig(quotas={"demo": Quota(10**6, 60), ONE_CALL: Quota(1, 60)}, list_rows=300)
    with running_sandbox(config) as url:
        yield url


def test_a_wrong_argument_is_refused_without_a_key_or_a_network() -> None:
    # Port 9 (discard) is never listened on here: any attempt to send would fail differently.
    shared = AsyncEndpointTransport(Settings(base_url="http://127.0.0.1:9"))
    with pytest.raises(InvalidRequestError, match="symbol"):
        shared.prepare("quote", {})
    assert shared.prepare("company.quote", {"symbol": "AAPL"}).describe() == "GET /stable/quote?symbol=AAPL"


async def test_each_key_is_sent_with_its_own_plan_over_one_shared_pool(sandbox: str) -> None:
    pool = httpx2.AsyncHTTPTransport()
    shared = AsyncEndpointTransport(Settings(base_url=sandbox), http_transport=pool)
    call = shared.prepare("esg_ratings", {"symbol": "AAPL"})  # an ultimate-plan endpoint
    try:
        assert b'"symbol"' in await shared.with_key("demo", cache=None).fetch(call)
        with pytest.raises(PlanRestrictedError) as refused:
            await shared.with_key("sandbox-premium", cache=None).fetch(call)
        assert "sandbox-premium" not in str(refused.value)
        with pytest.raises(AuthenticationError, match="DATA_API_KEY"):
            await shared.fetch(call)  # the shared transport has no key of its own
        await shared.aclose()  # leaves the pool it was given open
        assert await shared.with_key("demo", cache=None).fetch(call)
    finally:
        await pool.aclose()


async def test_answers_come_from_the_cache_given_and_only_from_it(sandbox: str) -> None:
    shared = AsyncEndpointTransport(Settings(base_url=sandbox))
    mine, other = open_cache("memory"), open_cache("memory")
    quote = shared.prepare("quote", {"symbol": "AAPL"})
    try:
        cached = shared.with_key(ONE_CALL, cache=mine)
        first = await cached.fetch(quote)
        assert await cached.fetch(quote) == first  # the key's one call is spent: this came from ``mine``
        assert await shared.with_key(ONE_CALL, cache=mine).fetch(quote) == first
        with pytest.raises(RateLimitError):
            await shared.with_key(ONE_CALL, cache=other).fetch(quote)
        with pytest.raises(RateLimitError):
            await shared.with_key(ONE_CALL, cache=None).fetch(quote)
        with pytest.raises(RateLimitError):
            await cached.fetch(shared.prepare("quote", {"symbol": "MSFT"}))  # not cached: sent, and refused
    finally:
        await shared.aclose()
