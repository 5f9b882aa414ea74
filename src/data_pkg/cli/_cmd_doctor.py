"""``data-mcp doctor``: the spec's error table as real checks, each with what to do.

The work is :func:`data_pkg.desktop.run_doctor`; this module prints each check as it finishes
(starting the server takes a moment) and exits 1 when any check failed.
"""

from __future__ import annotations

import json
from typing import Annotated, Optional

import typer

from data_pkg.cli._options import AssistantOption, JsonOption

HELP = """Check everything a desktop assistant needs to start the local server, and say what to fix.

\b
Checks, in order:
  python           the configured command's Python is 3.10 to 3.14
  package          data_pkg and the mcp extra import in that Python
  config-location  the config file is where the assistant reads it on this system
  config-json      the file is strict JSON (no comments, trailing commas, single quotes)
  config-entry     command, args and env of the server entry
  server-start     the configured command answers initialize and tools/list in time
  api-key-set      DATA_API_KEY is in the entry's env
  api-key-valid    GET {base_url}/stable/profile answers 200
  manifest         DATA_MCP_MANIFEST resolves (the server's own resolver)
  logs             where the assistant's logs are
  restart          the assistant must be fully quit and restarted after a change

The server is started from the config (command, args, env) with the few variables a host
passes on; without a usable config, this Python with this shell's DATA_* variables.
A server that does not answer within --timeout seconds fails the check.

Exit status: 0 no check failed (warnings allowed), 1 any check failed.

\b
Examples:
  data-mcp doctor
  data-mcp doctor --assistant Acme
  data-mcp doctor --json | jq '.checks[] | select(.status == "fail")'
"""

_MARK = {"ok": "  ok", "warn": "warn", "fail": "FAIL", "skip": "skip", "info": "info"}


def register(app: typer.Typer) -> None:
    """Add ``doctor`` to ``app``."""

    @app.command("doctor", help=HELP, short_help="Check a desktop assistant setup end to end and say what to fix.")
    def doctor_command(
        assistant: AssistantOption = None,
        name: Annotated[
            Optional[str], typer.Option("--name", "-n", help="Server entry to check (default: the data-mcp one).")
        ] = None,
        timeout: Annotated[
            float, typer.Option("--timeout", min=0.5, help="Seconds the server may take to answer.")
        ] = 20.0,
        as_json: JsonOption = False,
    ) -> None:
        from data_pkg.desktop import Check, DoctorOptions, run_doctor

        def show(check: Check) -> None:
            typer.echo(f"[{_MARK[check.status]}] {check.name}: {check.detail}")
            if check.fix and check.status in ("fail", "warn"):
                typer.echo(f"       fix: {check.fix}")

        options = DoctorOptions(assistant=assistant, name=name, timeout=timeout)
        report = run_doctor(options, on_check=None if as_json else show)
        if as_json:
            typer.echo(json.dumps(report.as_dict(), indent=2, ensure_ascii=False))
        else:
            failed = [c.name for c in report.checks if c.status == "fail"]
            typer.echo(f"{len(failed)} check(s) failed: {', '.join(failed)}" if failed else "All checks passed.")
        raise typer.Exit(0 if report.ok else 1)
