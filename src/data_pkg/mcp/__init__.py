"""data-mcp, the local MCP server: one tool per endpoint, composed from a manifest, over stdio.

Start it with ``python -m data_pkg.mcp`` (or ``data-mcp``); build the application with
:func:`data_pkg.mcp.server.create_app`. This package never imports the hosted-compatible server.

Its Python API is :mod:`data_pkg.mcp.server` (``create_app``, ``serve``, ``main``); importing this package loads
nothing, so ``python -m data_pkg.mcp`` can say which extra is missing before the SDK is imported.
"""

__all__: list[str] = []
