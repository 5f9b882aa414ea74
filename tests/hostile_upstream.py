"""An upstream on loopback that answers the way a hostile or misconfigured one does, over real HTTP.

One server, one behaviour per first path segment: a client whose ``DATA_BASE_URL`` is
``{url}/bomb`` asks ``/bomb/stable/quote?...`` and gets the bomb. Every reply ends by itself (a
dripping body stops after a bounded number of bytes, or as soon as the client hangs up), and the
server listens on a port the kernel picks.
"""

from __future__ import annotations

import gzip
import io
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

__all__ = ["BOMB_BYTES", "DRIP_INTERVAL", "LINE_BYTES", "MANY_ROWS", "hostile_upstream"]

BOMB_BYTES = 32 * 2**20
"""What the gzip bomb decodes to (it travels as 32 KB): far past the bound the tests set."""
MANY_ROWS = 1_000_000
LINE_BYTES = 4 * 2**20
DRIP_INTERVAL = 0.2
"""Seconds between two bytes of a dripping body: well inside any read timeout."""
_DRIP_MAX = 300
"""The most bytes a dripping body sends (a minute of dripping), should no client hang up."""


@cache
def gzip_bomb() -> bytes:
    """``BOMB_BYTES`` of spaces (leading whitespace, so the start is valid JSON), gzip-compressed."""
    block = b" " * 2**20
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", compresslevel=9) as sink:
        for _ in range(BOMB_BYTES // len(block)):
            sink.write(block)
    return out.getvalue()


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:
        pass  # the test's output is the client's, not the server's

    def do_GET(self) -> None:
        parts = urlsplit(self.path)
        behaviour = parts.path.strip("/").split("/")[0]
        key = parse_qs(parts.query).get("apikey", [""])[0]
        getattr(self, f"_{behaviour.replace('-', '_')}", self._unknown)(key)

    def _send(self, status: int, body: bytes, content_type: str = "application/json", **headers: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers.items():
            self.send_header(name.replace("_", "-"), value)
        self.end_headers()
        self.wfile.write(body)

    def _unknown(self, key: str) -> None:
        self._send(404, b'{"Error Message": "no such behaviour"}')

    def _bomb(self, key: str) -> None:
        """A small gzip body that decodes to ``BOMB_BYTES``."""
        self._send(200, gzip_bomb(), Content_Encoding="gzip")

    def _bomb_csv(self, key: str) -> None:
        """The same bomb served as a bulk CSV file."""
        self._send(200, gzip_bomb(), "text/csv", Content_Encoding="gzip")

    def _one_line(self, key: str) -> None:
        """A CSV file of ``LINE_BYTES`` without a line break: one row that never ends."""
        self._send(200, b"symbol,peers\n" + b"a" * LINE_BYTES, "text/csv")

    def _drip(self, key: str) -> None:
        """A body that promises 1 KB and sends one byte every ``DRIP_INTERVAL`` seconds."""
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "1024")
        self.end_headers()
        try:
            for _ in range(_DRIP_MAX):
                self.wfile.write(b" ")
                self.wfile.flush()
                time.sleep(DRIP_INTERVAL)  # the behaviour under test, not synchronisation
        except OSError:
            pass  # the client hung up: what a bounded client does
        self.close_connection = True

    def _rows(self, key: str) -> None:
        """A JSON list of ``MANY_ROWS`` small rows."""
        self._send(200, b"[" + b",".join([b'{"symbol":"A","price":1}'] * MANY_ROWS) + b"]")

    def _redirect(self, key: str) -> None:
        """A redirect to a sign-in page, as a web site in front of nothing would answer."""
        self._send(302, b"", "text/plain", Location=f"http://127.0.0.1:{self.server.server_port}/login?apikey={key}")

    def _page(self, key: str) -> None:
        """A web page with status 200."""
        self._send(200, b"<!DOCTYPE html><html><body>Welcome</body></html>", "text/html; charset=utf-8")

    def _echo(self, key: str) -> None:
        """An error body that quotes the key back, bare (no ``apikey=`` before it)."""
        self._send(400, b'{"Error Message": "The key ' + key.encode() + b' is not allowed to ask this."}')

    def _echo200(self, key: str) -> None:
        """The same, with status 200, as the upstream sometimes answers errors."""
        self._send(200, b'{"Error Message": "Unexpected request from ' + key.encode() + b'."}')


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        # A client that stops reading at its bound hangs up with the rest unread, so its kernel resets the
        # connection, and the handler, waiting for the next request on it, gets ECONNRESET: expected here, where
        # the standard server prints a traceback to the terminal for it.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def hostile_upstream() -> Iterator[str]:
    """Serve the behaviours on loopback; yields the server's URL (``http://127.0.0.1:PORT``)."""
    server = _Server(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
