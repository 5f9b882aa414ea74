"""Bulk CSV arrives in chunks and leaves as typed rows, whatever the chunk boundaries."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from pathlib import Path

import httpx2
import pytest
from hypothesis import given
from hypothesis import strategies as st

from data_pkg import AsyncDataClient, DataClient, PlanRestrictedError
from data_pkg.catalog import by_spec
from data_pkg.client._bulk import CsvRows
from data_pkg.models.company import CompanyPeer
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
    rows = [row for chunk in chunks for row in parser.feed(chunk)] + parser.close()
    assert [r.symbol for r in rows] == ["AAPL", 'Q"UOTE', "EMPTY"]
    assert rows[1].model_extra == {"peers": "line one\nline two"}
    assert rows[2].model_extra == {"peers": None}


def test_a_last_line_without_newline_is_not_lost() -> None:
    parser = CsvRows(PEERS, "lenient")
    assert parser.feed("symbol,peers\nAAPL,MSFT") == []
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
