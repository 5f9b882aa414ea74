"""The ``data-mcp`` command.

``data-mcp`` and ``data-mcp serve`` start the stdio server straight away: a
desktop assistant spawns this command and waits for its first reply, so the
command-line framework is not even imported on that path.
"""

from __future__ import annotations

import sys

USAGE = """usage: data-mcp [COMMAND]

commands:
  serve       run the MCP server over stdio (the default)
  sandbox     run the offline sandbox API (data-mcp sandbox --help)
  demo        a short tour against the sandbox: no key, no network

options:
  --version   print the version
  --help      this text
"""


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``data-mcp`` command."""
    args = sys.argv[1:] if argv is None else argv
    command, rest = (args[0], args[1:]) if args else ("serve", [])
    if command == "serve":
        from data_pkg.mcp.server import main as serve

        return serve()
    if command == "sandbox":
        from data_pkg.sandbox.__main__ import main as sandbox

        sandbox(rest)
        return 0
    if command == "demo":
        from data_pkg.cli.tour import main as demo

        return demo()
    if command in ("--version", "-V"):
        from data_pkg import __version__

        print(f"data-mcp {__version__}")
        return 0
    if command in ("--help", "-h", "help"):
        print(USAGE, end="")
        return 0
    print(f"data-mcp: unknown command {command!r}\n\n{USAGE}", end="", file=sys.stderr)
    return 2
