"""Bulk CSV arrives in chunks and leaves as typed rows, whatever the chunk boundaries."""

from __future__ import annotations

import csv
import io
import socket
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx2
import pytest
from hypothesis import given
from hypothesis import strategies as st

from data_pkg import AsyncDataClient, DataClient, PlanRestrictedError, TransportError
from data_pkg.catalog import by_spec
from data_pkg.client._bulk import CsvRows
from data_pkg.models.company import CompanyPeer
from data_pkg.sandbox import SandboxConfig, running_sandbox
from tests.support import Recorder

MakeClient = Callable[..., tuple[DataClient, Recorder]]

PEERS = by_spec("batch.peers_bulk")


def _csv(rows: list[dict[str, str]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=["symbol", "peers"], lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


ROWS = [
    {"symbol": "AAPL", "peers": "MSFT,GOOG"},
    {"symbol": 'Q"UOTE', "peers": "line one\nline two"},
    {"symbol": "EMPTY", "peers": ""},
]


@given(cuts=st.lists(st.integers(min_value=0, max_value=200), max_size=12))
def test_rows_are_the_same_for_any_chunking(cuts: list[int]) -> None:
    text = _csv(ROWS)
    points = sorted({min(c, len(text)) for c in cuts})
    chunks = [text[a:b] for a, b in zip([0, *points], [*points, len(text)], strict=True)]
    parser = CsvRows(PEERS, "lenient")
    rows = [row for chunk in chunks for row in parser.feed(chunk)] + list(parser.close())
    assert [r.symbol for r in rows] == ["AAPL", 'Q"UOTE', "EMPTY"]
    assert rows[1].peers == "line one\nline two"
    assert rows[2].peers is None


def test_a_last_line_without_newline_is_not_lost() -> None:
    parser = CsvRows(PEERS, "lenient")
    assert list(parser.feed("symbol,peers\nAAPL,MSFT")) == []
    assert [r.symbol for r in parser.close()] == ["AAPL"]


def _stream_handler(body: str) -> Callable[[httpx2.Request], httpx2.Response]:
    def handler(request: httpx2.Request) -> httpx2.Response:
        chunks = [body[i : i + 7].encode() for i in range(0, len(body), 7)]
        return httpx2.Response(200, content=iter(chunks), headers={"content-type": "text/csv"})

    return handler


def test_the_client_streams_typed_rows(make_client: MakeClient) -> None:
    body = _csv([{"symbol": f"S{i}", "peers": "A,B"} for i in range(50)])
    client, upstream = make_client(_stream_handler(body), validation_mode="lenient")
    rows = client.batch.get_peers_bulk()
    first = next(rows)
    assert isinstance(first, CompanyPeer) and first.symbol == "S0"
    assert sum(1 for _ in rows) == 49
    assert upstream.requests[0].url.path == "/stable/peers-bulk"


def test_a_bulk_plan_error_is_raised_before_any_row(make_client: MakeClient) -> None:
    client, _ = make_client(lambda r: httpx2.Response(402, text="Restricted Endpoint: no"))
    with pytest.raises(PlanRestrictedError):
        next(client.batch.get_peers_bulk())


def test_download_writes_the_file_atomically(make_client: MakeClient, tmp_path: Path) -> None:
    body = _csv(ROWS)
    client, _ = make_client(_stream_handler(body))
    target = client.download("batch.peers_bulk", tmp_path / "peers.csv")
    assert target.read_text() == body
    assert [p.name for p in tmp_path.iterdir()] == ["peers.csv"]


@pytest.mark.anyio
async def test_the_async_client_streams_rows_too(
    make_async_client: Callable[..., tuple[AsyncDataClient, Recorder]],
) -> None:
    body = _csv([{"symbol": f"S{i}", "peers": "A"} for i in range(20)])

    def handler(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(200, content=body.encode())

    client, _ = make_async_client(handler, validation_mode="lenient")
    async with client:
        symbols = [row.symbol async for row in client.batch.get_peers_bulk()]
    assert symbols == [f"S{i}" for i in range(20)]


# -- a body cut mid-stream: our TransportError, with no trace of the HTTP library's exception ----------


def _no_library_trace(error: BaseException) -> None:
    """Neither the cause nor the context is the HTTP library's exception (its request holds the key's URL)."""
    assert error.__cause__ is None
    assert not isinstance(error.__context__, httpx2.HTTPError), repr(error.__context__)


KEY = "bulk-test-key-7f3a"


def free_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.fixture(scope="module")
def dropping_sandbox() -> Iterator[str]:
    with running_sandbox(SandboxConfig(drop_rate=1.0, bulk_rows=5000, extra_keys={KEY: "ultimate"})) as url:
        yield url


def test_rows_cut_mid_stream_raise_our_transport_error(dropping_sandbox: str) -> None:
    with DataClient(KEY, base_url=dropping_sandbox, max_retries=0) as client, pytest.raises(TransportError) as caught:
        list(client.batch.get_peers_bulk())
    assert "batch.peers_bulk: lost the connection" in str(caught.value)
    assert KEY not in str(caught.value) and KEY not in repr(caught.value)
    _no_library_trace(caught.value)


def test_a_download_cut_mid_stream_raises_our_error_and_leaves_no_file(dropping_sandbox: str, tmp_path: Path) -> None:
    with DataClient(KEY, base_url=dropping_sandbox, max_retries=0) as client, pytest.raises(TransportError) as caught:
        client.download("batch.peers_bulk", tmp_path / "peers.csv")
    _no_library_trace(caught.value)
    assert leftovers(tmp_path) == []


@pytest.mark.anyio
async def test_async_rows_and_downloads_cut_mid_stream_raise_our_error(dropping_sandbox: str, tmp_path: Path) -> None:
    async with AsyncDataClient(KEY, base_url=dropping_sandbox, max_retries=0) as client:
        with pytest.raises(TransportError) as rows:
            _ = [row async for row in client.batch.get_peers_bulk()]
        with pytest.raises(TransportError) as download:
            await client.download("batch.peers_bulk", tmp_path / "peers.csv")
    for caught in (rows, download):
        _no_library_trace(caught.value)
    assert leftovers(tmp_path) == []


def leftovers(folder: Path) -> list[str]:
    """What a failed download left in ``folder``."""
    return sorted(p.name for p in folder.iterdir())


def test_a_refused_stream_keeps_no_trace_of_the_library_error(tmp_path: Path) -> None:
    refused = f"http://127.0.0.1:{free_port()}"
    with DataClient(KEY, base_url=refused, max_retries=0) as client, pytest.raises(TransportError) as caught:
        next(client.batch.get_peers_bulk())
    assert "could not connect" in str(caught.value)
    _no_library_trace(caught.value)
