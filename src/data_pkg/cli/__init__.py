"""The ``data-mcp`` command.

``data-mcp`` and ``data-mcp serve`` start the stdio server straight away: a
desktop assistant spawns this command and waits for its first reply, so the
command-line framework is not even imported on that path. Every other
command goes through the typer application in ``_app.py``.
"""

from __future__ import annotations

import sys

from data_pkg.cli._serve import serve

__all__ = ["main", "serve"]


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
