"""``data-hosted`` (also ``python -m data_hosted``): serve, or refresh the coverage table.

Exit status: 0 done, 1 the server stopped after a failed start, 2 a setting
or option to fix (the message names it).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from data_pkg.errors import ConfigurationError
from data_pkg.extras import require_extra
from data_pkg.net import cannot_listen

__all__ = ["main"]

DEFAULT_PORT = 8766


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="data-hosted",
        description="A server compatible with the hosted MCP server: 28 dataset tools over Streamable HTTP, "
        "each caller's key in the query string (?apikey=).",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser(
        "serve",
        help="serve MCP at /mcp",
        description="Serve MCP at http://HOST:PORT/mcp. Upstream, cache and limits come from the DATA_* variables "
        "(DATA_BASE_URL, DATA_CACHE, DATA_RATE_LIMIT ...); DATA_HOSTED_* ones set sessions and bounds "
        "(see docs/hosted.md).",
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0 picks one)")
    serve.add_argument(
        "--log-level", default=None, help="DEBUG, INFO, WARNING or ERROR (default: DATA_LOG_LEVEL or INFO)"
    )
    coverage = commands.add_parser(
        "coverage",
        help="write the coverage table from a live tools/list",
        description="Call tools/list on a hosted MCP server and write the coverage table. The key is read from "
        "DATA_API_KEY only; a URL that contains apikey= is refused.",
    )
    coverage.add_argument("--url", required=True, help="the MCP endpoint, without the key (e.g. https://host/mcp)")
    coverage.add_argument(
        "--output", type=Path, default=None, help="file to write (and compare with); stdout if omitted"
    )
    coverage.add_argument("--timeout", type=float, default=30.0, help="seconds to wait for the server (default 30)")
    return parser


def _fail(message: str) -> int:
    print(f"data-hosted: {message}", file=sys.stderr)
    return 2


def _serve(options: argparse.Namespace, env: Mapping[str, str]) -> int:
    from data_hosted._config import HostedConfig
    from data_pkg.net import is_loopback

    try:
        config = HostedConfig.from_env(env)
    except ConfigurationError as error:
        return _fail(str(error))
    if not config.settings.base_url:
        return _fail("DATA_BASE_URL is not set: point it at the REST API (or a sandbox: `data-sandbox`)")
    if not is_loopback(options.host) and not config.allowed_hosts:
        return _fail(
            f"--host {options.host} accepts connections from other machines: set DATA_HOSTED_ALLOWED_HOSTS to the "
            "host names clients use (Host header check against DNS rebinding), and put TLS in front: every "
            "request carries an API key in its URL"
        )
    if not 0 <= options.port <= 65535:
        return _fail(f"--port must be between 0 and 65535, got {options.port}")

    import logging

    from data_hosted._app import HostedApp
    from data_hosted._logging import configure_logging
    from data_hosted._serve import base_url, bind, run, server_stack

    configure_logging(options.log_level or env.get("DATA_LOG_LEVEL", "").strip() or "INFO")
    log = logging.getLogger("data_hosted")
    app = HostedApp(config)
    for line in app.toolset.unlisted:
        log.warning("not listed: %s", line)
    try:
        sock = bind(options.host, options.port)
    except OSError as error:
        return _fail(cannot_listen(options.host, options.port, error, "server"))
    url = base_url(sock) + config.path
    sessions = "shared through Redis" if config.redis_url else "in this process"
    limit = f"{config.rate_limit} calls/min per key" if config.rate_limit else "no per-key call limit"
    log.info(
        "data-hosted serving %d tools at %s (sessions %s; %s; cache %s; %s + %s)",
        len(app.toolset.tools),
        url,
        sessions,
        limit,
        "off" if not config.settings.cache else config.settings.cache.split("://")[0],
        *server_stack(),
    )
    if not config.secret_is_shared:
        log.info("DATA_HOSTED_SECRET is not set: sessions are signed with a key of this process only")
    try:
        started = run(app, sock)
    finally:
        sock.close()
    return 0 if started else 1


def _coverage(options: argparse.Namespace, env: Mapping[str, str]) -> int:
    from data_hosted._coverage import CoverageError, run

    try:
        table, changes = run(options.url, options.output, env, timeout=options.timeout)
    except (CoverageError, ConfigurationError) as error:
        return _fail(str(error))
    if options.output is None:
        sys.stdout.write(table)
    else:
        print(f"wrote {options.output}", file=sys.stderr)
        for line in changes:
            print(line, file=sys.stderr)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``data-hosted`` and ``python -m data_hosted``."""
    require_extra("hosted", "data-hosted", "data-hosted")
    options = _parser().parse_args(argv)
    env = dict(os.environ)
    if options.command == "serve":
        return _serve(options, env)
    return _coverage(options, env)
