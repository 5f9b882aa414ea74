"""The typer application behind ``data-mcp``: one module per command, registered here.

Commands reuse the library's own pieces (the resolver, the registry, the client, the
sandbox); none re-implements a rule. Exit codes: 0 clean, 1 findings or failed checks,
2 usage errors or unreadable input.
"""

from __future__ import annotations

from typing import Annotated

import typer

from data_pkg import __version__

app = typer.Typer(
    name="data-mcp",
    help="The local market-data MCP server, and tools for the teams that run it.",
    add_completion=False,
    no_args_is_help=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"data-mcp {__version__}")
        raise typer.Exit(0)


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    version: Annotated[
        bool, typer.Option("--version", "-V", help="Print the version and exit.", callback=_show_version, is_eager=True)
    ] = False,
) -> None:
    """data-mcp: run the server (the default), lint manifests, inspect tool sets, set up a desktop assistant."""
    if ctx.invoked_subcommand is None:
        from data_pkg.cli._serve import serve

        raise typer.Exit(serve())


def _register() -> None:
    # One line per command module; each module defines register(app).
    from data_pkg.cli import _cmd_basics, _cmd_demo, _cmd_toolsets

    _cmd_basics.register(app)
    _cmd_toolsets.register(app)
    _cmd_demo.register(app)
    # -- more commands register below this line --
    from data_pkg.cli import _cmd_check_key, _cmd_config, _cmd_doctor

    _cmd_config.register(app)
    _cmd_doctor.register(app)
    _cmd_check_key.register(app)
    from data_pkg.cli import _cmd_impact, _cmd_lint, _cmd_lock

    _cmd_lint.register(app)
    _cmd_lock.register(app)
    _cmd_impact.register(app)


_register()
