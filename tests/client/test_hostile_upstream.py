"""A hostile upstream gets bounded time and memory from the client, sync and async, calls and bulk streams.

The upstream is real HTTP on loopback (:mod:`tests.hostile_upstream`): a gzip body that decodes to
32 MiB, a body that drips one byte every 0.2 s, a million rows, a CSV line that never ends. Each call
ends with the error that names the bound it hit; that it is the size error (not a MemoryError, not a
model list) is what shows memory stayed bounded. No assertion is about time.
"""

from __future__ import annotations

import logging
import socket
import struct
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from data_pkg import AsyncDataClient, DataClient, TransportError, UpstreamServerError
from data_pkg.errors import ConfigurationError, DataError, WrongAddressError
from tests.hostile_upstream import hostile_upstream
from tests.support import SECRET_KEY

SMALL = 2**20
"""The byte bound the tests set: far below what the bomb and the endless line decode to."""


@pytest.fixture(scope="module")
def upstream() -> Iterator[str]:
    with hostile_upstream() as url:
        yield url


def leftovers(folder: Path) -> list[str]:
    """What the downloads left in ``folder``."""
    return sorted(p.name for p in folder.iterdir())


def client(upstream: str, behaviour: str, **settings: Any) -> DataClient:
    return DataClient(SECRET_KEY, base_url=f"{upstream}/{behaviour}", max_retries=0, **settings)


def aclient(upstream: str, behaviour: str, **settings: Any) -> AsyncDataClient:
    return AsyncDataClient(SECRET_KEY, base_url=f"{upstream}/{behaviour}", max_retries=0, **settings)


@pytest.mark.parametrize("plain", [False, True], ids=["models", "json"])
def test_a_gzip_bomb_stops_at_the_byte_bound(upstream: str, plain: bool) -> None:
    with client(upstream, "bomb", max_reply_bytes=SMALL) as data, pytest.raises(UpstreamServerError) as caught:
        data.call_json("company.quote", symbol="AAPL") if plain else data.company.get_quote("AAPL")
    assert str(caught.value).startswith("the reply was larger than 1 MiB (DATA_MAX_REPLY_BYTES)")
    assert "raise DATA_MAX_REPLY_BYTES" in str(caught.value)


@pytest.mark.anyio
async def test_a_gzip_bomb_stops_at_the_byte_bound_async(upstream: str) -> None:
    async with aclient(upstream, "bomb", max_reply_bytes=SMALL) as data:
        with pytest.raises(UpstreamServerError, match=r"^the reply was larger than 1 MiB"):
            await data.company.get_quote("AAPL")


def test_a_dripping_body_stops_at_the_deadline(upstream: str) -> None:
    # Each byte comes well within DATA_TIMEOUT (30 s): only the deadline of the whole call stops it.
    with client(upstream, "drip", deadline=1.0) as data, pytest.raises(TransportError) as caught:
        data.company.get_quote("AAPL")
    assert str(caught.value).startswith("company.quote took longer than 1 s in all (DATA_DEADLINE)")


@pytest.mark.anyio
async def test_a_dripping_body_stops_at_the_deadline_async(upstream: str) -> None:
    async with aclient(upstream, "drip", deadline=1.0) as data:
        with pytest.raises(TransportError, match=r"^company.quote took longer than 1 s in all"):
            await data.company.get_quote("AAPL")


def test_the_deadline_covers_the_retries_too(upstream: str) -> None:
    with (
        DataClient(SECRET_KEY, base_url=f"{upstream}/drip", max_retries=5, deadline=1.0) as data,
        pytest.raises(TransportError, match="took longer than 1 s in all"),
    ):
        data.company.get_quote("AAPL")


@pytest.mark.parametrize("plain", [False, True], ids=["models", "json"])
def test_a_million_rows_are_refused_before_any_model_is_built(upstream: str, plain: bool) -> None:
    with client(upstream, "rows") as data, pytest.raises(UpstreamServerError) as caught:
        data.call_json("company.quote", symbol="AAPL") if plain else data.company.get_quote("AAPL")
    assert str(caught.value).startswith("the reply held more than 200,000 rows (DATA_MAX_ROWS)")


def test_rows_that_are_not_objects_are_counted_too() -> None:
    from data_pkg.catalog import lookup
    from data_pkg.client._decode import decode_json

    body = b"[" + b",".join([b"1"] * 5_000) + b"]"
    with pytest.raises(UpstreamServerError, match=r"more than 1,000 rows"):
        decode_json(lookup("company.quote"), body, "warn", 1_000)


def test_misfit_rows_are_logged_a_few_times_then_counted(caplog: pytest.LogCaptureFixture) -> None:
    from data_pkg.catalog import lookup
    from data_pkg.client._decode import decode_json

    caplog.set_level(logging.WARNING, "data_pkg.client")
    rows = decode_json(lookup("company.quote"), b"[" + b",".join([b"1"] * 500) + b"]", "warn", 1_000)
    assert len(rows) == 500
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 4
    assert lines[-1] == "company.quote: 497 more rows kept unvalidated (the first 3 are logged above)"


def test_a_bulk_download_has_its_own_byte_bound_and_leaves_no_file(upstream: str, tmp_path: Path) -> None:
    # The ordinary bound does not apply to a bulk file: it is allowed through up to its own.
    with client(upstream, "bomb_csv", max_reply_bytes=SMALL) as data:
        data.download("batch.peers_bulk", tmp_path / "whole.csv")
    assert (tmp_path / "whole.csv").stat().st_size == 32 * 2**20
    with client(upstream, "bomb_csv", max_download_bytes=SMALL) as data, pytest.raises(UpstreamServerError) as caught:
        data.download("batch.peers_bulk", tmp_path / "peers.csv")
    assert str(caught.value).startswith("the reply was larger than 1 MiB (DATA_MAX_DOWNLOAD_BYTES)")
    assert leftovers(tmp_path) == ["whole.csv"]


def test_a_bulk_stream_has_its_own_deadline(upstream: str, tmp_path: Path) -> None:
    with client(upstream, "drip", download_deadline=1.0) as data, pytest.raises(TransportError) as caught:
        data.download("batch.peers_bulk", tmp_path / "peers.csv")
    assert str(caught.value).startswith("batch.peers_bulk took longer than 1 s in all (DATA_DOWNLOAD_DEADLINE)")
    assert leftovers(tmp_path) == []


def test_a_csv_line_that_never_ends_is_not_held_whole(upstream: str) -> None:
    with client(upstream, "one_line", max_reply_bytes=SMALL) as data, pytest.raises(UpstreamServerError) as caught:
        list(data.batch.get_peers_bulk())
    assert "a row of the file was longer than 1 MiB (DATA_MAX_REPLY_BYTES)" in str(caught.value)


@pytest.mark.anyio
async def test_async_bulk_streams_and_downloads_are_bounded(upstream: str, tmp_path: Path) -> None:
    async with aclient(upstream, "bomb_csv", max_download_bytes=SMALL) as data:
        with pytest.raises(UpstreamServerError, match=r"^the reply was larger than 1 MiB"):
            await data.download("batch.peers_bulk", tmp_path / "peers.csv")
        with pytest.raises(UpstreamServerError, match=r"^the reply was larger than 1 MiB"):
            [row async for row in data.batch.get_peers_bulk()]
    async with aclient(upstream, "drip", download_deadline=1.0) as data:
        with pytest.raises(TransportError, match=r"^batch.peers_bulk took longer than 1 s in all"):
            [row async for row in data.batch.get_peers_bulk()]
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize(
    ("behaviour", "what"),
    [("redirect", "it answered a redirect (HTTP 302 to "), ("page", "it answered a web page (HTTP 200, HTML)")],
)
def test_a_reply_that_is_not_the_api_says_so(upstream: str, behaviour: str, what: str) -> None:
    with client(upstream, behaviour) as data, pytest.raises(WrongAddressError) as caught:
        data.company.get_quote("AAPL")
    message = str(caught.value)
    assert message.startswith("company.quote: the address does not look like the API: " + what)
    assert "Check DATA_BASE_URL" in message and SECRET_KEY not in message
    assert caught.value.category == "config"


@pytest.mark.parametrize("behaviour", ["echo", "echo200"])
def test_a_key_the_upstream_echoes_is_masked(upstream: str, behaviour: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with client(upstream, behaviour) as data, pytest.raises(DataError) as caught:
        data.company.get_quote("AAPL")
    assert "***" in str(caught.value)
    assert SECRET_KEY not in str(caught.value) and SECRET_KEY not in repr(caught.value)
    assert SECRET_KEY not in caplog.text


def test_a_base_url_ending_in_the_version_is_refused_with_the_fix(upstream: str) -> None:
    with pytest.raises(ConfigurationError) as caught:
        DataClient(SECRET_KEY, base_url=f"{upstream}/stable")
    assert str(caught.value) == (
        f"base URL '{upstream}/stable' ends in the version path /stable, which the client adds to every request"
        f" itself (it would ask /stable/stable/... and find nothing): set DATA_BASE_URL={upstream}"
    )


def test_a_password_in_the_base_url_is_never_logged(upstream: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    address = upstream.replace("http://", "http://user:hunter2-password@") + "/page"
    with DataClient(SECRET_KEY, base_url=address, max_retries=0) as data, pytest.raises(WrongAddressError):
        data.company.get_quote("AAPL")
    assert caplog.records, "DEBUG logging must have logged the request"
    assert "hunter2-password" not in caplog.text
    assert "hunter2-password" not in repr(data.settings)
    assert "http://***@127.0.0.1" in caplog.text


def test_a_client_resetting_its_connection_prints_nothing(capfd: pytest.CaptureFixture[str]) -> None:
    # A client that stops reading at its bound resets the connection the server then waits on for a next request;
    # the standard server printed a traceback (ConnectionResetError in handle_one_request) to the terminal.
    with hostile_upstream() as url:
        address = urlsplit(url)
        serving = set(threading.enumerate())
        with socket.create_connection((address.hostname, address.port), timeout=10) as connection:
            connection.sendall(b"GET /page/stable/quote HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            head = b""
            while b"</html>" not in head:  # the whole answer: the server now waits for the next request
                chunk = connection.recv(4096)
                assert chunk, head
                head += chunk
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close = reset
        for handler in set(threading.enumerate()) - serving:
            handler.join(timeout=10)
            assert not handler.is_alive()
    assert capfd.readouterr().err == ""
