"""``data-mcp impact``: what a change does to every manifest it reaches (see :mod:`data_pkg.lint._impact`)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from data_pkg.cli._options import JsonOption

HELP = """Every manifest a change reaches, with its tools added, removed and changed, and the token change.

FILE is a changed manifest (typically from git diff --name-only). Every manifest in the repository
that extends one of them, directly or through others, is reached too. Each is resolved as it is in
the work tree and as it was at --base (default HEAD), with the same resolver and environment; old
files are read with git show into a temporary folder, never checked out. Files that are not
manifests by name (README.md, lock files) are listed and skipped; no FILE at all is a report
that says so (exit 0), so a pipeline can pass whatever git diff lists.

The text is Markdown: readable here, and ready to post as a pull-request comment.

Exit status: 0 every reached manifest resolves, 1 one does not, 2 usage error (not a git
repository, a ref that names no commit, a FILE in neither version).

\b
Examples:
  data-mcp impact base/desk.yaml                      the work tree against HEAD
  data-mcp impact base/desk.yaml --base origin/main   a branch against main
  git diff -z --name-only origin/main -- teams | xargs -0 data-mcp impact --base origin/main
"""


def register(app: typer.Typer) -> None:
    """Add ``impact`` to ``app``."""

    @app.command(help=HELP)
    def impact(
        files: Annotated[
            Optional[list[str]], typer.Argument(metavar="FILE", help="Changed files (none: nothing to compare).")
        ] = None,
        base: Annotated[str, typer.Option(help="The git ref to compare with.")] = "HEAD",
        json_output: JsonOption = False,
    ) -> None:
        from data_pkg.lint import ImpactError, render_impact
        from data_pkg.lint import impact as measure

        try:
            report = measure(files or [], base=base)
        except ImpactError as error:
            typer.echo(f"data-mcp impact: {error}", err=True)
            raise typer.Exit(2) from None
        typer.echo(render_impact(report, "json" if json_output else "markdown"), nl=False)
        raise typer.Exit(report.exit_code)
