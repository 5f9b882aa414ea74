"""Small HTTP pieces of the hosted layer: refusals, JSON answers, header and query handling."""

from __future__ import annotations

import json
from collections.abc import Iterable
from urllib.parse import unquote_plus

from mcp_types import INVALID_REQUEST
from starlette.types import Scope, Send

from data_pkg.redact import redact

__all__ = [
    "RefusedError",
    "error_payload",
    "json_response",
    "masked_query",
    "request_headers",
    "send_response",
]


class RefusedError(Exception):
    """An HTTP answer decided before the SDK sees the request."""

    def __init__(
        self,
        status: int,
        message: str,
        *,
        code: int = INVALID_REQUEST,
        headers: Iterable[tuple[str, str]] = (),
        request_id: str | int | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code
        self.headers = tuple(headers)
        self.request_id = request_id
        """The id of the JSON-RPC request refused, when it could be read (else the answer says null)."""


def json_response(
    status: int, payload: object, headers: Iterable[tuple[str, str]] = ()
) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    """Status, raw ASGI headers and body of a compact JSON answer."""
    body = json.dumps(payload, separators=(",", ":")).encode()
    raw = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    raw += [(k.lower().encode(), v.encode()) for k, v in headers]
    return status, raw, body


async def send_response(send: Send, status: int, headers: list[tuple[bytes, bytes]], body: bytes) -> None:
    """Send a whole answer in one body message."""
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def error_payload(message: str, code: int = INVALID_REQUEST, request_id: object = None) -> dict[str, object]:
    """A JSON-RPC error message."""
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}


def request_headers(scope: Scope) -> dict[str, str]:
    """The request's headers by lower-case name."""
    # Latin-1 is how ASGI servers hand over header bytes; the last value of a repeated header wins.
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", ())}


def masked_query(query: str) -> str:
    """The query string with the value of every parameter that decodes to ``apikey`` (any case, any encoding) masked."""
    parts = []
    for part in query.split("&"):
        name = part.partition("=")[0]
        parts.append(f"{name}=***" if unquote_plus(name).strip().lower() == "apikey" else part)
    return redact("&".join(parts))
