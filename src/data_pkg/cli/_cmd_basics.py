"""``data-mcp serve``, ``sandbox`` and ``demo``: start things."""

from __future__ import annotations

from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    """Add the commands of this module to ``app``."""

    @app.command()
    def serve(
        http: Annotated[
            bool, typer.Option("--http", help="Serve MCP over Streamable HTTP at http://HOST:PORT/mcp, not stdio.")
        ] = False,
        host: Annotated[
            str | None,
            typer.Option(
                help="With --http: the address to listen on (default 127.0.0.1). One other machines reach needs"
                " --allow-remote.",
                metavar="ADDRESS",
                show_default=False,
            ),
        ] = None,
        port: Annotated[
            int | None,
            typer.Option(
                help="With --http: the port (default 8767); 0 picks a free one.", metavar="PORT", show_default=False
            ),
        ] = None,
        allow_remote: Annotated[
            bool,
            typer.Option(
                "--allow-remote",
                help="With --http: mean it when --host is not loopback; clients must then send the bearer token"
                " set in DATA_MCP_HTTP_TOKEN.",
            ),
        ] = False,
        allow_origin: Annotated[
            list[str] | None,
            typer.Option(
                help="With --http: a browser origin allowed besides pages on this machine (repeatable).",
                metavar="ORIGIN",
            ),
        ] = None,
        allow_host: Annotated[
            list[str] | None,
            typer.Option(help="With --http: a Host name allowed besides loopback names (repeatable).", metavar="NAME"),
        ] = None,
    ) -> None:
        """Run the MCP server over stdio (what a desktop assistant starts), or over Streamable HTTP with --http.

        Example: DATA_API_KEY=... DATA_BASE_URL=... DATA_MCP_MANIFEST=analyst data-mcp serve

        With --http, the same manifest, budgets, hot reload and logs (stderr), and the URL on stderr once it
        listens: data-mcp serve --http --port 0. Web pages from other sites are refused (a DNS-rebinding defence);
        with DATA_MCP_HTTP_TOKEN set, every request needs Authorization: Bearer <token>.
        """
        from data_pkg.cli._serve import HttpChoice
        from data_pkg.cli._serve import serve as run

        only_http = {"--host": host, "--port": port, "--allow-origin": allow_origin, "--allow-host": allow_host}
        given = [flag for flag, value in only_http.items() if value is not None] + ["--allow-remote"] * allow_remote
        if not http and given:
            typer.echo(
                f"data-mcp serve: {', '.join(given)}: add --http (over stdio there is nothing to listen on)", err=True
            )
            raise typer.Exit(2)
        choice = HttpChoice(host, port, allow_remote, allow_origin or (), allow_host or ()) if http else None
        raise typer.Exit(run(choice))

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
