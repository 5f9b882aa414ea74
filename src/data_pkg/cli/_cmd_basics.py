"""``data-mcp serve``, ``sandbox`` and ``demo``: start things."""

from __future__ import annotations

from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    """Add the commands of this module to ``app``."""

    @app.command()
    def serve() -> None:
        """Run the MCP server over stdio (what a desktop assistant starts).

        Example: DATA_API_KEY=... DATA_BASE_URL=... DATA_MCP_MANIFEST=analyst data-mcp serve
        """
        from data_pkg.cli._serve import serve as run

        raise typer.Exit(run())

    @app.command()
    def sandbox(
        port: Annotated[int, typer.Option(help="Port on 127.0.0.1; 0 picks a free one.")] = 8765,
        host: Annotated[str, typer.Option(help="Loopback address to listen on.")] = "127.0.0.1",
    ) -> None:
        """Run the offline sandbox API: synthetic data, real error bodies, plans and quotas.

        Example: data-mcp sandbox --port 8765, then DATA_BASE_URL=http://127.0.0.1:8765 DATA_API_KEY=demo.
        For fault injection use python -m data_pkg.sandbox --help.
        """
        from data_pkg.sandbox.__main__ import main

        main(["--host", host, "--port", str(port)], prog="data-mcp sandbox")
