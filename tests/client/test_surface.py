"""The public surface is exactly what __all__ says, and importing the package stays cheap."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

import httpx2
import pytest

import data_pkg
from data_pkg import AsyncDataClient, DataClient
from data_pkg.client import RateLimitInfo
from data_pkg.models.company import Quote
from tests.support import Recorder, quote_row


def test_the_public_names_are_exactly_all() -> None:
    assert sorted(data_pkg.__all__) == sorted(
        [
            "AsyncDataClient", "AuthenticationError", "ConfigurationError", "DataClient", "DataError",
            "EndpointUnavailableError", "InvalidRequestError", "NotFoundError", "PlanRestrictedError",
            "RateLimitError", "RateLimitInfo", "ResponseValidationError", "Settings", "TransportError",
            "UpstreamServerError", "__version__",
        ]
    )  # fmt: skip
    for name in data_pkg.__all__:
        assert getattr(data_pkg, name) is not None
    assert data_pkg.RateLimitInfo is RateLimitInfo


def test_importing_the_package_loads_no_client_pydantic_or_http_stack() -> None:
    code = "import sys, data_pkg; print(sorted(m for m in sys.modules if m.split('.')[0] in ('pydantic', 'httpx2', 'data_pkg')))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60).stdout
    assert loaded.strip() == "['data_pkg', 'data_pkg._version']"


def test_using_one_group_loads_only_the_models_it_needs() -> None:
    code = (
        "import sys; from data_pkg import DataClient; c = DataClient('k', base_url='http://x.test'); c.technical; "
        "print(sorted(m for m in sys.modules if m.startswith('data_pkg.models.')))"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60).stdout
    shared = "'data_pkg.models._base', 'data_pkg.models._index', 'data_pkg.models._time'"
    assert loaded.strip() == f"[{shared}, 'data_pkg.models.technical']"


def test_sync_and_async_clients_have_the_same_groups_and_methods() -> None:
    from data_pkg.catalog import client_endpoints

    for endpoint in client_endpoints():
        module = __import__(f"data_pkg.client.groups.{endpoint.group}", fromlist=["_"])
        names = [n for n in dir(module) if n.endswith("Group") and n not in ("SyncGroup", "AsyncGroup")]
        sync_cls = next(getattr(module, n) for n in names if not n.startswith("Async"))
        async_cls = next(getattr(module, n) for n in names if n.startswith("Async"))
        assert hasattr(sync_cls, endpoint.method), endpoint.spec
        assert hasattr(async_cls, endpoint.method), endpoint.spec


def test_quote_returns_a_typed_object_with_a_price(make_client: Callable[..., tuple[DataClient, Recorder]]) -> None:
    client, _ = make_client(lambda r: httpx2.Response(200, json=[quote_row(price=123.25)]))
    quote = client.company.get_quote("AAPL")
    assert isinstance(quote, Quote)
    assert quote.price == 123.25


@pytest.mark.anyio
async def test_the_async_client_answers_the_same(
    make_async_client: Callable[..., tuple[AsyncDataClient, Recorder]],
) -> None:
    client, _ = make_async_client(lambda r: httpx2.Response(200, json=[quote_row(price=7.5)]))
    async with client:
        quote = await client.company.get_quote("AAPL")
    assert quote.price == 7.5


def test_a_cached_answer_is_served_without_a_request(make_client: Callable[..., tuple[DataClient, Recorder]]) -> None:
    client, upstream = make_client(lambda r: httpx2.Response(200, json=[quote_row()]), cache="memory")
    client.company.get_quote("AAPL")
    client.company.get_quote("AAPL")
    client.company.get_quote("MSFT")
    assert [r.url.params["symbol"] for r in upstream.requests] == ["AAPL", "MSFT"]


def test_errors_are_not_cached(make_client: Callable[..., tuple[DataClient, Recorder]]) -> None:
    replies = iter([httpx2.Response(404), httpx2.Response(200, json=[quote_row()])])
    client, upstream = make_client(lambda r: next(replies), cache="memory")
    with pytest.raises(data_pkg.NotFoundError):
        client.company.get_quote("AAPL")
    assert client.company.get_quote("AAPL").symbol == "AAPL"
    assert len(upstream.requests) == 2
