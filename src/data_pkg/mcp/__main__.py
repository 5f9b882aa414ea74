"""``python -m data_pkg.mcp``: serve MCP over stdio (what a desktop assistant's config starts)."""

try:
    from data_pkg.mcp.server import main
except ModuleNotFoundError as error:
    from data_pkg.extras import exit_for_missing_extra

    exit_for_missing_extra(error, "mcp", "python -m data_pkg.mcp", "the server")

raise SystemExit(main())
