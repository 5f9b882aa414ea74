"""Drive the real server: a subprocess over stdio, spoken to by the MCP SDK client."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
from mcp import Client
from mcp.client.stdio import StdioServerParameters, stdio_client

from tests import preforked

TIMEOUT = 30.0
SERVER_ARGS = ("-m", "data_pkg.mcp")
"""How ``connect`` starts the server: ``python -m data_pkg.mcp``."""


def server_env(base_url: str | None, **extra: str) -> dict[str, str]:
    """The process environment without any DATA_* variable, plus what the test sets."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DATA_")}
    env["PYTHONUNBUFFERED"] = "1"
    if base_url is not None:
        env["DATA_BASE_URL"] = base_url
        env["DATA_API_KEY"] = "demo"
    env.update(extra)
    return {k: v for k, v in env.items() if v != ""}


class Notifications:
    """Collects tools/list_changed notifications; waits for them with a bound."""

    def __init__(self) -> None:
        self.count = 0
        self.logs: list[str] = []
        self._event = anyio.Event()
        self._logged = anyio.Event()

    async def __call__(self, message: Any) -> None:
        if getattr(message, "method", None) == "notifications/message":
            self.logs.append(str(message.params.data))
            self._logged.set()
        # Notification classes differ per protocol version: match the wire method instead.
        if getattr(message, "method", None) == "notifications/tools/list_changed":
            self.count += 1
            self._event.set()

    async def wait(self, within: float = 10.0) -> None:
        with anyio.fail_after(within):
            await self._event.wait()
        self._event = anyio.Event()

    async def wait_log(self, within: float = 10.0) -> None:
        """Wait for the next MCP log message (``notifications/message``)."""
        with anyio.fail_after(within):
            await self._logged.wait()
        self._logged = anyio.Event()


@asynccontextmanager
async def connect(
    env: Mapping[str, str],
    stderr: Path,
    *,
    mode: str = "legacy",
    notifications: Notifications | None = None,
    args: Sequence[str] = SERVER_ARGS,
) -> AsyncIterator[Client]:
    """A connected client to the server (``python`` with ``args``) started with ``env``; stderr goes to a file."""
    program, *arguments = preforked.argv([sys.executable, *args], env)
    params = StdioServerParameters(command=program, args=arguments, env=dict(env))
    with stderr.open("a") as errlog:
        transport = stdio_client(params, errlog=errlog)
        # read_timeout_seconds bounds every request, so a hung server fails the test instead of stalling it.
        async with Client(transport, mode=mode, read_timeout_seconds=TIMEOUT, message_handler=notifications) as client:
            yield client


async def wait_for_log(log: Path, fragment: str, within: float = TIMEOUT, *, times: int = 1) -> None:
    """Wait until the server's stderr file contains ``fragment`` ``times`` times (a file another process writes: polled)."""
    with anyio.fail_after(within):
        while log.read_text().count(fragment) < times:  # noqa: ASYNC110, ASYNC240 - polled: no event crosses processes
            await anyio.sleep(0.02)


def text(result: types.CallToolResult) -> str:
    """The single text block of a tool result."""
    (block,) = result.content
    assert isinstance(block, types.TextContent)
    return block.text


WITHHELD_AT_DEFAULT = {"full_financial_statement": "statements/as-reported-financial-statements"}
"""The one tool (and its hosted endpoint) withheld at the default budget: 305 run-together XBRL names a row, which
the writer's bound (no tokenizer) charges about four times their o200k count, so its row is over 8,000 by the
bound even cut, and the answer is an error saying so (docs/server.md states it; a manifest's fields get it)."""

WITHHELD = re.compile(r"\[config\] Row 1 of [\d,]+ is over the 8,000-token budget even with its texts and lists cut")
"""The start of that error's text (its category, ``answers.results.WITHHELD``, then what was withheld)."""
