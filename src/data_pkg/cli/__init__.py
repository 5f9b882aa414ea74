"""The ``data-mcp`` command.

``data-mcp`` and ``data-mcp serve`` start the stdio server straight away: a
desktop assistant spawns this command and waits for its first reply, so the
command-line framework is not even imported on that path. Every other
command goes through the typer application in ``_app.py``.
"""

from __future__ import annotations

import sys


def serve() -> int:
    """Run the stdio server; without the ``mcp`` extra, one line naming it and exit status 2."""
    try:
        from data_pkg.mcp.server import main as run
    except ModuleNotFoundError as error:
        from data_pkg.extras import exit_for_missing_extra

        exit_for_missing_extra(error, "mcp", "data-mcp", "the server")
    return run()


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``data-mcp`` command."""
    args = sys.argv[1:] if argv is None else argv
    if not args or args == ["serve"]:
        return serve()
    from data_pkg.cli._app import app

    try:
        app(args=args, prog_name="data-mcp")
    except SystemExit as exit_:  # typer ends every run this way; usage errors carry code 2
        code = exit_.code
        return code if isinstance(code, int) else (0 if code is None else 1)
    return 0
