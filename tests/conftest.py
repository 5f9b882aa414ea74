"""Fixtures shared by every test package."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import httpx2
import pytest

from data_pkg import AsyncDataClient, DataClient
from tests.redis_server import dead_redis_url, redis_url
from tests.support import BASE_URL, SECRET_KEY, Handler, Recorder

__all__ = ["dead_redis_url", "redis_url"]  # fixtures shared by every test package


@pytest.fixture
def make_client() -> Iterator[Callable[..., tuple[DataClient, Recorder]]]:
    """Factory: a DataClient whose upstream is ``handler``; closed after the test."""
    made: list[DataClient] = []

    def factory(handler: Handler, **options: Any) -> tuple[DataClient, Recorder]:
        recorder = Recorder(handler)
        options.setdefault("max_retries", 2)
        client = DataClient(SECRET_KEY, base_url=BASE_URL, transport=httpx2.MockTransport(recorder), **options)
        made.append(client)
        return client, recorder

    yield factory
    for client in made:
        client.close()


@pytest.fixture
def make_async_client() -> Callable[..., tuple[AsyncDataClient, Recorder]]:
    """Factory: an AsyncDataClient whose upstream is ``handler`` (close it in the test)."""

    def factory(handler: Handler, **options: Any) -> tuple[AsyncDataClient, Recorder]:
        recorder = Recorder(handler)
        options.setdefault("max_retries", 2)
        client = AsyncDataClient(SECRET_KEY, base_url=BASE_URL, transport=httpx2.MockTransport(recorder), **options)
        return client, recorder

    return factory


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The files of the long end-to-end tests (marked ``e2e``) first, the rest in their order.

    A file's tests all run on one worker (``./dev pytest`` passes ``--dist loadfile --no-loadscope-reorder``, which
    keeps this order): a long file handed out last keeps one worker busy while the other has nothing left to do.
    """
    long_files = {item.path for item in items if item.get_closest_marker("e2e")}
    items.sort(key=lambda item: item.path not in long_files)  # a stable sort: each group keeps its order
