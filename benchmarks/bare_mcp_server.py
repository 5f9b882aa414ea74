"""A bare MCP SDK Streamable HTTP server: the floor that data-hosted's cost per call is measured against.

Run: ``.venv/bin/python benchmarks/bare_mcp_server.py [--port 0] [--upstream URL] [--stateless]``.
It prints ``bare MCP server at http://127.0.0.1:PORT/mcp`` once it listens, and serves until stopped.

What a minimal server built on the SDK is: ``MCPServer`` with one trivial tool, ``ping`` (answers
``pong``), its Streamable HTTP app in JSON-response mode (data-hosted answers JSON too), served by
uvicorn with the same settings data-hosted uses (no access log, no server header) and the same event
loop and HTTP parser (uvicorn picks uvloop and httptools when they are installed, as for data-hosted).
With ``--upstream URL`` it has a second tool, ``quote``: one GET of ``URL/stable/quote?symbol=...``
through one shared ``httpx2.AsyncClient``, the body returned as text. That is "the SDK plus one upstream
GET": what any server that forwards a call costs at least. Sessions are the SDK's own (in this process)
unless ``--stateless``. Loopback only; nothing here is asserted by the tests.
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import AsyncIterator, Sequence
from typing import Any

import httpx2
import uvicorn
from mcp.server.mcpserver import MCPServer

from data_pkg.net import base_url, bind

KEY = "demo"


def build(upstream: str | None, *, stateless: bool) -> Any:
    """The Starlette app: ``ping``, and ``quote`` when an upstream is given."""
    server = MCPServer("bare")
    http: list[httpx2.AsyncClient] = []

    @server.tool()
    def ping() -> str:
        """Answer pong."""
        return "pong"

    if upstream is not None:

        @server.tool()
        async def quote(symbol: str) -> str:
            """The upstream's quote of ``symbol``, as text."""
            response = await http[0].get(f"{upstream}/stable/quote", params={"symbol": symbol, "apikey": KEY})
            response.raise_for_status()
            return response.text

    app = server.streamable_http_app(json_response=True, stateless_http=stateless)
    inner = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(app_: Any) -> AsyncIterator[Any]:
        async with httpx2.AsyncClient(timeout=30) as client, inner(app_) as state:
            http.append(client)
            yield state

    app.router.lifespan_context = lifespan
    return app


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--upstream", help="base URL of the REST API (a sandbox) for the quote tool")
    parser.add_argument("--stateless", action="store_true", help="the SDK's stateless mode (no sessions)")
    options = parser.parse_args(argv)
    sock = bind("127.0.0.1", options.port)
    config = uvicorn.Config(
        build(options.upstream, stateless=options.stateless),
        log_config=None,
        access_log=False,
        lifespan="on",
        server_header=False,
    )
    server = uvicorn.Server(config)
    print(f"bare MCP server at {base_url(sock)}/mcp", flush=True)
    server.run(sockets=[sock])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
