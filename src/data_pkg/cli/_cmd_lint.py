"""``data-mcp lint``: check manifests the way the server reads them, and more.

The work is :func:`data_pkg.lint.lint_paths`; this module only maps options to it and the
report to output and an exit code (0 clean, 1 findings, 2 usage or unreadable input).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal, Optional

import typer

OutputFormat = Literal["text", "json", "github", "sarif"]
"""The names of :data:`data_pkg.lint.FORMATS` (a test keeps the two equal)."""
StyleName = Literal["key", "spec", "snake"]
"""The names of :data:`data_pkg.toolsets.NAME_STYLES` (a test keeps the two equal)."""

HELP = """Lint manifests: every problem the server would report, plus lint-only checks.

Lint-only checks (DM5xx): tool names model APIs refuse under the naming style, tools max_tier
drops, API keys or key-carrying URLs written in a manifest, extends paths that work on one
machine only, a tool list over its max_tokens budget.

\b
Every code, with a bad and a fixed example: docs/lint-rules.md
Repository settings, inline ignores, the CI recipe: docs/teams.md

Every manifest in the repository that extends a linted file (directly or through others) is
linted too, and what is found there names the base as its cause: a change to a shared base
cannot pass while it breaks a team's manifest (--no-dependents to skip them). With
--missing-bases, so is every manifest that extends a file that is not there: a deleted base is
no file to pass, yet it breaks every manifest built on it.

PATH is a manifest file, a folder (searched recursively for .py, .yaml, .yml and .json, skipping
hidden folders, __pycache__, names starting with _ and *.schema.json), a glob (quote it; ** recurses)
or a profile name; without PATH, the paths set in the repository's configuration. The
environment applies as in the server: DATA_MCP_TOOL_NAME_STYLE and the path-segment variables.

\b
Repository settings: [tool.data-mcp] in pyproject.toml, or a .data-mcp.toml
  (paths, disable, severity, max_tokens, dependents).
Inline: # data-mcp: ignore[DM503] in YAML and Python,
  "$comment": "data-mcp: ignore[DM503]" in a JSON object.

Exit status: 0 no errors (warnings and info allowed, unless --strict), 1 errors found,
2 usage error, a PATH that does not exist or cannot be read, or an invalid configuration.

\b
Examples:
  data-mcp lint manifests/research-desk.py
  data-mcp lint profiles manifests --strict
  data-mcp lint 'teams/**/*.yaml' --format github
  data-mcp lint analyst --style spec
  data-mcp lint manifests --format sarif > lint.sarif
  data-mcp lint manifests --format json | jq '.findings[].code'
  data-mcp lint --missing-bases
"""


def register(app: typer.Typer) -> None:
    """Add ``lint`` to ``app``."""

    @app.command(help=HELP)
    def lint(
        paths: Annotated[
            Optional[list[str]],
            typer.Argument(metavar="PATH", help="Manifest files, folders, globs or profile names."),
        ] = None,
        output: Annotated[
            OutputFormat,
            typer.Option(
                "--format",
                "-f",
                help="text for people; json for scripts; github for Actions annotations; sarif for code scanning.",
            ),
        ] = "text",
        strict: Annotated[bool, typer.Option("--strict", help="Count warnings as errors (exit 1).")] = False,
        style: Annotated[
            Optional[StyleName],
            typer.Option(help="Lint under this naming style, as if DATA_MCP_TOOL_NAME_STYLE were set."),
        ] = None,
        dependents: Annotated[
            Optional[bool],
            typer.Option(
                "--dependents/--no-dependents",
                help="Also lint the manifests that extend a linted one (default: on, or the configuration's).",
            ),
        ] = None,
        missing_bases: Annotated[
            bool,
            typer.Option(
                "--missing-bases",
                help="Also lint every manifest of this repository that extends a file that is not there"
                " (a deleted or renamed base); PATH may then be left out. The pre-commit hook sets it.",
            ),
        ] = False,
    ) -> None:
        from data_pkg.lint import LintInputError, lint_paths, load_config, render, repository_root, summary

        try:
            config = load_config()
            # The hook passes only the changed files that exist (none, when a commit only deletes): with
            # --missing-bases no PATH means none, not the configured paths.
            targets = paths or ([] if missing_bases else [str(p) for p in config.paths])
            if not targets and not missing_bases:
                raise LintInputError(
                    "name the manifests to lint (files, folders, globs or profiles), or set paths"
                    " in the repository's configuration ([tool.data-mcp] in pyproject.toml)"
                )
            # Annotations and code scanning read paths from the repository's root, wherever lint runs.
            here = Path.cwd()
            base = (repository_root(here) or here) if output in ("github", "sarif") else here
            report = lint_paths(
                targets,
                style=style,
                strict=strict,
                dependents=config.dependents if dependents is None else dependents,
                missing_bases=missing_bases,
                config=config,
                relative_to=base,
            )
        except LintInputError as error:
            typer.echo(f"data-mcp lint: {error}", err=True)
            raise typer.Exit(2) from None
        typer.echo(render(report, output), nl=False)
        if output != "text":
            typer.echo(summary(report), err=True)
        raise typer.Exit(report.exit_code)
