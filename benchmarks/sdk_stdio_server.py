"""data-mcp's own app served over the SDK's stdio transport, with a stream-exception hook: side B of
``stdio_transport.py``.

Run: ``.venv/bin/python benchmarks/sdk_stdio_server.py`` (the same environment as ``python -m data_pkg.mcp``).

Everything but the transport is the server ``python -m data_pkg.mcp`` runs: ``create_app`` and ``serve``
(hot reload, the handshake middleware), with ``serve``'s transport swapped for the SDK's ``stdio_server()``.

The SDK turns a line it cannot read into an ``Exception`` on the read stream, and drops it unless the
dispatcher was given ``on_stream_exception``; ``Server.run`` builds its dispatcher itself and does not take
that argument (mcp 2.3.0), so the hook here is a relay between the transport and ``Server.run``. For each
such exception it recovers the line, as far as the exception still holds it (the text when it was not
JSON, the parsed value when it was JSON but not JSON-RPC), and answers it with what data-mcp's line reader
(``data_pkg.mcp._lines``) answers for that line. What it cannot do is what the transport decided before
the hook is called: bytes that are not UTF-8 are already replaced, a long line already read whole, a
request with an id that is null, an object or a fraction already a notification (never an exception).
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio
import mcp_types as types
from anyio.streams.memory import MemoryObjectSendStream
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage
from pydantic import ValidationError

from data_pkg.mcp._lines import Rejected, read_line  # the answers under test: side A's, word for word
from data_pkg.mcp.server import prepare, serve

logger = logging.getLogger("data_pkg.mcp")


def recovered_line(error: Exception) -> bytes | None:
    """The line an exception from the SDK's reader was raised for, as far as it still holds it."""
    if not isinstance(error, ValidationError):
        return None
    for detail in error.errors(include_url=False, include_context=False):
        loc, value = detail["loc"], detail.get("input")
        whole = not loc or len(loc) == 1 or (detail["type"] == "missing" and len(loc) == 2)
        if not whole:
            continue
        if not loc and isinstance(value, str):  # not JSON: pydantic kept the text
            return value.encode("utf-8", "surrogatepass")
        try:
            return json.dumps(value).encode()  # JSON, but not a message: the parsed value, written again
        except ValueError:  # a number longer than Python writes back
            return None
    return None


def answer_for(error: Exception) -> types.JSONRPCError | None:
    """The hook: the error data-mcp answers the line with, or None (not answered, as for a notification)."""
    line = recovered_line(error)
    if line is None:
        logger.warning("stdin: an unreadable line, not answered: %s", type(error).__name__)
        return None
    outcome = read_line(line)
    if isinstance(outcome, Rejected):
        logger.warning("stdin: %s", outcome.reason)
        return outcome.answer
    return None


async def _relay(read: Any, to_server: MemoryObjectSendStream[SessionMessage | Exception], write: Any) -> None:
    async with to_server:
        async for item in read:
            if not isinstance(item, Exception):
                await to_server.send(item)
                continue
            answer = answer_for(item)
            if answer is not None:
                await write.send(SessionMessage(answer))


@asynccontextmanager
async def sdk_transport() -> AsyncIterator[tuple[Any, Any]]:
    """The SDK's ``stdio_server()``, with the hook between its read stream and the server."""
    async with stdio_server() as (read, write):
        to_server, from_relay = anyio.create_memory_object_stream[SessionMessage | Exception](0)
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(_relay, read, to_server, write)
            yield from_relay, write
            tasks.cancel_scope.cancel()


def main() -> int:
    anyio.run(serve, prepare(dict(os.environ)), sdk_transport)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
