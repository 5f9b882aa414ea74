"""The upstream's own documentation examples (``tests/upstream_examples``), each with the endpoints that answer it.

One example is one reply body for one ``/stable/`` path. Every catalog endpoint on that path (a path such as
``/stable/quote`` serves stocks, crypto, forex and commodities alike, and ``/stable/historical-chart/{interval}``
every interval) must read it: the tests check the client, the output schemas and the stdio server against these.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
import threading
from dataclasses import dataclass
from functools import cache
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from data_pkg.catalog import Endpoint, client_endpoints, typical_arguments

ROOT = Path(__file__).parent / "upstream_examples"

SHIFTED = frozenset({"stable/profile-bulk/1.csv"})
"""Examples whose values sit under the wrong names (see the README): only their field names are facts."""


@dataclass(frozen=True)
class Example:
    """One reply body: where it is, the path and query it answers, and its endpoints."""

    file: str
    path: str
    query: str
    endpoints: tuple[Endpoint, ...]

    @property
    def body(self) -> bytes:
        return (ROOT / self.file).read_bytes()

    @property
    def is_csv(self) -> bool:
        return self.file.endswith(".csv")

    @property
    def names(self) -> list[str]:
        """The field names the example sends, in order of first appearance."""
        return list(dict.fromkeys(name for row in self.rows() if isinstance(row, dict) for name in row))

    def rows(self) -> list[Any]:
        """The rows as sent: a JSON list's items, a JSON object as one row, or a CSV file's records as text."""
        if self.is_csv:
            header, *records = csv.reader(io.StringIO(self.body.decode()))
            if header and header[-1].endswith('"'):
                # The file ends every line with one quote too many (``"lastUpdated"""``): not part of the value.
                header[-1] = header[-1][:-1]
                records = [[*record[:-1], record[-1].removesuffix('"')] for record in records]
            return [dict(zip(header, record, strict=True)) for record in records]
        body = json.loads(self.body)
        return body if isinstance(body, list) else [body]

    def __str__(self) -> str:
        return self.file


def _pattern(path: str) -> re.Pattern[str]:
    """A catalog path as a pattern: ``{interval}`` matches one segment, ``{provider}`` only itself (as written)."""
    parts = re.split(r"(\{[a-z_]+\})", path)
    return re.compile(
        "".join("[^/]+" if part.startswith("{") and part != "{provider}" else re.escape(part) for part in parts)
    )


@cache
def examples() -> tuple[Example, ...]:
    """Every example with the live client endpoints whose path it answers."""
    live = [e for e in client_endpoints() if e.status == "live"]
    found = []
    with (ROOT / "index.tsv").open() as index:
        for entry in csv.DictReader(index, delimiter="\t"):
            endpoints = tuple(e for e in live if _pattern(e.path).fullmatch(entry["path"]))
            found.append(Example(entry["file"], entry["path"], entry["query"] or "", endpoints))
    return tuple(found)


def pairs() -> list[tuple[Example, Endpoint]]:
    """(example, endpoint) for every endpoint of every example."""
    return [(example, endpoint) for example in examples() for endpoint in example.endpoints]


def arguments(example: Example, endpoint: Endpoint) -> dict[str, Any]:
    """The required arguments; a path argument (``{interval}``) as the example's path has it."""
    args = typical_arguments(endpoint)
    for param in endpoint.params:
        if param.location == "path":
            index = endpoint.path.split("/").index("{" + param.wire + "}")
            args[param.name] = example.path.split("/")[index]
    return args


_TIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{2}:[0-9]{2}")


def same_value(sent: Any, kept: Any, *, csv_text: bool) -> bool:
    """Whether ``kept`` (a row's JSON dump) says what ``sent`` said.

    JSON: the same JSON type and value (a number sent as a string stays a string). Times are written with
    their offset (RFC 3339), so a time (or epoch seconds) compares by its instant. CSV sends text only: a value compares by
    what the text means, and an empty field is a null.
    """
    if isinstance(sent, dict):
        return (
            isinstance(kept, dict)
            and sent.keys() == kept.keys()
            and all(same_value(sent[k], kept[k], csv_text=csv_text) for k in sent)
        )
    if isinstance(sent, list):
        return (
            isinstance(kept, list)
            and len(sent) == len(kept)
            and all(same_value(a, b, csv_text=csv_text) for a, b in zip(sent, kept, strict=True))
        )
    if isinstance(sent, str) and isinstance(kept, str) and sent != kept and _TIME.match(sent) and _TIME.match(kept):
        return _instant(sent) == _instant(kept)
    if type(sent) is int and isinstance(kept, str) and _TIME.match(kept):
        # Epoch seconds are read as a point in time and written as one.
        return dt.datetime.fromtimestamp(sent, dt.timezone.utc) == _instant(kept)
    if csv_text and isinstance(sent, str):
        return _same_text(sent, kept)
    if isinstance(sent, bool) or isinstance(kept, bool):
        return sent is kept
    if isinstance(sent, (int, float)) and isinstance(kept, (int, float)):
        return bool(sent == kept)
    return type(sent) is type(kept) and bool(sent == kept)


def _same_text(sent: str, kept: Any) -> bool:
    if sent == "":
        return kept is None or kept == ""
    if isinstance(kept, bool):
        return sent.lower() == str(kept).lower()
    if isinstance(kept, (int, float)):
        try:
            return float(sent) == kept
        except ValueError:
            return False
    return isinstance(kept, str) and sent == kept


def _instant(text: str) -> dt.datetime:
    from data_pkg.models._time import UPSTREAM_TIME_ZONE

    value = dt.datetime.fromisoformat(text.replace("Z", "+00:00").replace(" ", "T"))
    return value if value.tzinfo else value.replace(tzinfo=UPSTREAM_TIME_ZONE)


class FakeUpstream:
    """The test's own upstream on loopback: answers a path with the example body it was last given for it.

    Tests call one endpoint at a time, so "the body for this path now" is all it needs to know; any other
    path is a 404. ``{provider}`` in an example's path stands for the segment the client is configured with.
    """

    def __init__(self, provider: str) -> None:
        self.provider = provider
        self.bodies: dict[str, tuple[bytes, str]] = {}
        self.requests: list[str] = []
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def serve(self, example: Example) -> None:
        """Answer ``example``'s path with its body from now on."""
        self.answer(example.path, example.body, "text/csv" if example.is_csv else "application/json")

    def answer(self, path: str, body: bytes, kind: str = "application/json") -> None:
        """Answer ``path`` with ``body`` from now on (any body: a test's own, hostile ones included)."""
        self.bodies[path.replace("{provider}", self.provider)] = (body, kind)

    def __enter__(self) -> FakeUpstream:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=10)


def _handler(upstream: FakeUpstream) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            path = urlsplit(self.path).path
            upstream.requests.append(path)
            body, kind = upstream.bodies.get(
                path, (b'{"Error Message": "no example for this path"}', "application/json")
            )
            self.send_response(200 if path in upstream.bodies else 404)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            """Quiet: the test reads ``upstream.requests``."""

    return Handler
