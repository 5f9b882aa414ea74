"""``python -m data_pkg.mcp``: serve MCP over stdio."""

from data_pkg.mcp.server import main

raise SystemExit(main())
