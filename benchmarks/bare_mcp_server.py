"""A bare MCP SDK Streamable HTTP server: the floor that data-hosted's cost per call is measured against.

Run: ``.venv/bin/python benchmarks/bare_mcp_server.py [--port 0] [--upstream URL] [--stateless] [--stdio]``.
It prints ``bare MCP server at http://127.0.0.1:PORT/mcp`` once it listens, and serves until stopped; with
``--stdio`` it serves MCP over stdin and stdout instead (the SDK's own stdio transport), until EOF.

What a minimal server built on the SDK is: ``MCPServer`` with one trivial tool, ``ping`` (answers
``pong``; text only, no structured output: the SDK's cheapest result), its Streamable HTTP app in
JSON-response mode (data-hosted answers JSON too), served by uvicorn with the same settings data-hosted
uses (no access log, no server header) and the same event loop and HTTP parser (uvicorn picks uvloop and
httptools when they are installed, as for data-hosted).
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


def tools(upstream: str | None) -> tuple[MCPServer, list[httpx2.AsyncClient]]:
    """The server with ``ping``, and ``quote`` when an upstream is given; ``quote``'s HTTP client goes in
    the list (made on first use when nobody put one there: the stdio transport has no lifespan to do it)."""
    server = MCPServer("bare")
    http: list[httpx2.AsyncClient] = []

    @server.tool(structured_output=False)
    def ping() -> str:
        """Answer pong."""
        return "pong"

    if upstream is not None:

        @server.tool(structured_output=False)
        async def quote(symbol: str) -> str:
            """The upstream's quote of ``symbol``, as text."""
            if not http:
                http.append(httpx2.AsyncClient(timeout=30))
            response = await http[0].get(f"{upstream}/stable/quote", params={"symbol": symbol, "apikey": KEY})
            response.raise_for_status()
            return response.content.decode()

    return server, http


def build(upstream: str | None, *, stateless: bool) -> Any:
    """The Starlette app of :func:`tools`, its HTTP client opened and closed with the app."""
    server, http = tools(upstream)
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
    parser.add_argument("--stdio", action="store_true", help="serve over stdin/stdout with the SDK's transport")
    options = parser.parse_args(argv)
    if options.stdio:
        tools(options.upstream)[0].run("stdio")
        return 0
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
