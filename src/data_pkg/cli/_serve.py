"""``data-mcp serve``: the stdio server, started without the command-line framework.

Its own module, below both the package (which starts it for a bare ``data-mcp``) and the typer
commands (``data-mcp serve``), so that neither imports the other.
"""

from __future__ import annotations


def serve() -> int:
    """Run the stdio server; without the ``mcp`` extra, one line naming it and exit status 2."""
    try:
        from data_pkg.mcp.server import main as run
    except ModuleNotFoundError as error:
        from data_pkg.extras import exit_for_missing_extra

        exit_for_missing_extra(error, "mcp", "data-mcp", "the server")
    return run()
