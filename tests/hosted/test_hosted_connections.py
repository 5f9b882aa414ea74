"""One client cannot starve the rest: header size, request read time and connections are bounded (issue 21 item 5).

Real server processes on loopback, with small limits set through their variables. Before the fix unfinished
50 MB headers grew the worker to 486 MB, slowloris connections stayed open for good, and 1,100 connections held
every file descriptor of a worker limited to 1,024, so nobody else got in.
"""

from __future__ import annotations

import select
import socket
from collections.abc import Iterator
from urllib.parse import urlsplit

import httpx2
import pytest

from tests.hosted._support import (
    TIMEOUT,
    ServerProcess,
    headers,
    open_session,
    rpc,
    server_env,
    server_process,
    with_key,
)

FLOOD = 300
OPEN_FILES = 256
FITTED = 64
"""What 256 open files leave for client connections (a quarter, the rest being too few)."""


@pytest.fixture(scope="module", params=["uvloop + httptools", "asyncio + h11"])
def small_limits(
    request: pytest.FixtureRequest, sandbox: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    """A server with small limits, on each HTTP stack it can run on."""
    env = server_env(sandbox, DATA_HOSTED_MAX_HEADER="4096", DATA_HOSTED_READ_TIMEOUT="1")
    if request.param == "asyncio + h11":
        # Modules first on the path that refuse to import: as if neither package were installed.
        hidden = tmp_path_factory.mktemp("hidden")
        for name in ("uvloop", "httptools"):
            (hidden / f"{name}.py").write_text(f"raise ImportError('{name} is hidden by the test')\n")
        env["PYTHONPATH"] = str(hidden)
    with server_process(env) as process:
        assert request.param in process.output()
        yield process


def _connect(url: str) -> socket.socket:
    parts = urlsplit(url)
    return socket.create_connection((parts.hostname, parts.port), timeout=TIMEOUT)


def _until_closed(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (a timeout fails the test)."""
    received = bytearray()
    with sock:
        while chunk := sock.recv(65536):
            received += chunk
    return bytes(received)


def _first_bytes_or_reset(sock: socket.socket) -> bytes:
    """What a closing server sent first: nothing (EOF or reset) or the start of its answer."""
    try:
        return sock.recv(65536)
    except ConnectionResetError:
        return b""


def _request_head(extra: bytes = b"") -> bytes:
    return b"POST /mcp?apikey=demo HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n" + extra


def test_headers_larger_than_the_bound_are_431_whether_finished_or_not(small_limits: ServerProcess) -> None:
    unfinished = _connect(small_limits.url)
    unfinished.sendall(_request_head(b"X-Pad: " + b"a" * 50_000))  # never finished
    finished = _connect(small_limits.url)
    finished.sendall(_request_head(b"X-Pad: " + b"a" * 5_000 + b"\r\ncontent-length: 2\r\n\r\n{}"))
    answer = _until_closed(unfinished)
    if "h11" in small_limits.output():
        assert answer.startswith(b"HTTP/1.1 400 "), answer[:200]  # h11's own bound answers first
    else:
        assert answer.startswith(b"HTTP/1.1 431 ") and b"larger than 4096 bytes" in answer, answer[:200]
    answer = _until_closed(finished)
    assert answer.startswith(b"HTTP/1.1 431 ") and b"larger than 4096 bytes" in answer, answer[:200]
    with httpx2.Client(timeout=TIMEOUT) as http:
        open_session(http, small_limits.url, key="demo")


def test_a_request_that_does_not_arrive_whole_in_time_is_408(small_limits: ServerProcess) -> None:
    silent = _connect(small_limits.url)
    partial_headers = _connect(small_limits.url)
    partial_headers.sendall(_request_head(b"X-Slow: 1\r\n"))
    partial_body = _connect(small_limits.url)
    partial_body.sendall(_request_head(b'content-length: 100\r\n\r\n{"jsonrpc":'))
    assert _until_closed(silent) == b""  # nothing asked, nothing answered: just closed
    for sock in (partial_headers, partial_body):
        answer = _until_closed(sock)
        assert answer.startswith(b"HTTP/1.1 408 "), answer[:200]
        assert b"did not arrive whole within 1 seconds" in answer


def test_a_flood_of_idle_connections_cannot_lock_a_client_out(sandbox: str) -> None:
    env = server_env(sandbox, DATA_HOSTED_READ_TIMEOUT="600")
    with server_process(env, open_files=OPEN_FILES) as process:
        flood = [_connect(process.url) for _ in range(FLOOD)]
        try:
            for sock in flood:
                sock.sendall(_request_head(b"X-Slow: 1\r\n"))
            with httpx2.Client(timeout=TIMEOUT) as http:
                session = open_session(http, process.url, key="demo")
                assert (
                    http.post(with_key(process.url, "demo"), headers=headers(session), json=rpc("ping")).status_code
                    == 200
                )
            # The oldest waiting connections made room: each was answered 503 and closed (or just closed, when
            # the server had read nothing from it yet; closing a socket with unread bytes is a reset, not an EOF).
            closed: list[socket.socket] = []
            while len(closed) < FLOOD - FITTED:
                readable, _, _ = select.select([s for s in flood if s not in closed], [], [], TIMEOUT)
                assert readable, f"only {len(closed)} connections were closed"
                for sock in readable:
                    answer = _first_bytes_or_reset(sock)
                    assert answer == b"" or answer.startswith(b"HTTP/1.1 503 "), answer[:200]
                    closed.append(sock)
        finally:
            for sock in flood:
                sock.close()
        output = process.output()
    assert f"the open-file limit ({OPEN_FILES}) leaves room for {FITTED} client connections" in output
    assert "Too many open files" not in output
