"""``data-mcp serve``: the server, started without the command-line framework.

Its own module, below both the package (which starts it for a bare ``data-mcp``) and the typer
commands (``data-mcp serve``, ``data-mcp serve --http``), so that neither imports the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class HttpChoice:
    """The ``serve --http`` options as given (``data_pkg.mcp.http`` checks them)."""

    host: str | None = None
    """None: the server's default (loopback)."""
    port: int | None = None
    """None: the server's default port."""
    allow_remote: bool = False
    origins: Sequence[str] = ()
    hosts: Sequence[str] = ()


def serve(http: HttpChoice | None = None) -> int:
    """Run the server over stdio, or over Streamable HTTP with ``http``; without the ``mcp`` extra, one line
    naming it and exit status 2."""
    try:
        from data_pkg.mcp import server

        if http is not None:
            from data_pkg.mcp import http as over_http
    except ModuleNotFoundError as error:
        from data_pkg.extras import exit_for_missing_extra

        exit_for_missing_extra(error, "mcp", "data-mcp", "the server")
    if http is None:
        return server.main()
    defaults = over_http.HttpOptions()
    return over_http.main(
        over_http.HttpOptions(
            defaults.host if http.host is None else http.host,
            defaults.port if http.port is None else http.port,
            http.allow_remote,
            _listed(http.origins),
            _listed(http.hosts),
        )
    )


def _listed(values: Sequence[str]) -> tuple[str, ...]:
    """Repeated or comma-separated values, trimmed, without a trailing slash (as an ``Origin`` is sent)."""
    return tuple(part.strip().rstrip("/") for value in values for part in value.split(",") if part.strip())
