"""``data-mcp check-key``: is DATA_API_KEY valid? One call to the profile endpoint, a clear answer.

The work is :func:`data_pkg.desktop.check_key`. Exit codes: 0 the key is usable (valid, or valid
but limited by the plan), 1 invalid, rate-limited, unreachable, not set, or the API failed.
"""

from __future__ import annotations

import json
import os
from typing import Annotated, Optional

import typer

from data_pkg.cli._options import JsonOption

HELP = """Check DATA_API_KEY against the API: GET {base_url}/stable/profile?symbol=AAPL.

Reads DATA_API_KEY and DATA_BASE_URL from the environment (--base-url overrides the address).
The key is never printed: at most its last four characters.

\b
Answers:
  valid         the key works: the API answered a profile (exit 0)
  plan_limited  the key is valid; the plan does not cover this request (exit 0)
  invalid       the API refused the key (exit 1)
  rate_limited  the plan's calls are used up; says when to retry (exit 1)
  unreachable   no answer from DATA_BASE_URL (exit 1)
  wrong_address could not check: the address does not look like the API (exit 1)
  missing_key, missing_base_url, error  nothing to check with (a placeholder
                key is not sent), or the API failed (exit 1)

\b
Examples:
  data-mcp check-key
  data-mcp check-key --base-url http://127.0.0.1:8765
  data-mcp check-key --symbol VOD.L --json
"""


def register(app: typer.Typer) -> None:
    """Add ``check-key`` to ``app``."""

    @app.command(
        "check-key",
        help=HELP,
        short_help="Check DATA_API_KEY: valid, invalid, plan-limited, rate-limited, unreachable.",
    )
    def check_key_command(
        base_url: Annotated[
            Optional[str], typer.Option("--base-url", help="API address (default: DATA_BASE_URL).")
        ] = None,
        symbol: Annotated[str, typer.Option("--symbol", help="Symbol to ask the profile of.")] = "AAPL",
        timeout: Annotated[float, typer.Option("--timeout", min=0.1, help="Seconds to wait for the answer.")] = 10.0,
        as_json: JsonOption = False,
    ) -> None:
        from data_pkg.desktop import check_key

        result = check_key(os.environ, base_url=base_url, symbol=symbol, timeout=timeout)
        if as_json:
            typer.echo(json.dumps(result.as_dict(), indent=2))
        else:
            typer.echo(f"{result.status}: {result.message}")
            if result.fix:
                typer.echo(f"  fix: {result.fix}")
        raise typer.Exit(0 if result.ok else 1)
