"""``data-mcp lock``: write or check ``NAME.lock.json`` beside each manifest (see :mod:`data_pkg.lint._lock`)."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Optional

import typer

HELP = """Write, next to each manifest, NAME.lock.json: the tools as agents see them and what they cost.

A lock holds each tool's name, description, input schema and annotations as the server lists
them, with the endpoint it calls, its fixed arguments, and its bytes and estimated tokens
(counted as data-mcp tools counts them). Keys are sorted and nothing in it changes unless what
agents see changes, so committing locks makes every such change a reviewed diff, including one
that comes through a shared base or a new version of a profile.

PATH is a manifest file, a folder or a glob, as for lint; the manifests that extend one of them
and already have a lock are locked too. Without PATH: the paths set in the repository's
configuration, else every manifest under the working directory that has a lock.

With --check nothing is written: each lock is compared with what its manifest resolves to now,
and a unified diff is printed for each that differs.

Run lock and lock --check in the same environment (DATA_MCP_TOOL_NAME_STYLE and the path-segment
variables change what agents see).

Exit status: 0 every lock written or up to date, 1 a lock is stale or missing (--check), or a
manifest does not resolve, 2 usage error or a PATH that does not exist.

\b
Examples:
  data-mcp lock teams/                  write or refresh the locks of every manifest in teams/
  data-mcp lock --check                 in CI: fail with a diff when a lock is out of date
  data-mcp lock base/desk.yaml          the base's lock, and its dependents' that have one
"""


def register(app: typer.Typer) -> None:
    """Add ``lock`` to ``app``."""

    @app.command(help=HELP)
    def lock(
        paths: Annotated[
            Optional[list[str]], typer.Argument(metavar="PATH", help="Manifest files, folders or globs.")
        ] = None,
        check: Annotated[
            bool, typer.Option("--check", help="Write nothing; exit 1 with a diff when a lock is stale.")
        ] = False,
    ) -> None:
        from data_pkg.files import write_atomic
        from data_pkg.lint import (
            LintInputError,
            PathDisplay,
            load_config,
            lock_diff,
            lock_path,
            lock_targets,
            lock_text,
            read_lock,
        )
        from data_pkg.toolsets import resolve

        try:
            config = load_config()
            targets = paths or [str(p) for p in config.paths]
            manifests, orphans = lock_targets(targets)
        except LintInputError as error:
            typer.echo(f"data-mcp lock: {error}", err=True)
            raise typer.Exit(2) from None
        if not manifests and not orphans:
            typer.echo(
                "data-mcp lock: nothing to lock: name manifest files or folders (no lock file was found here)",
                err=True,
            )
            raise typer.Exit(2)
        shown = PathDisplay(Path.cwd())
        failed = 0
        for orphan in orphans:
            typer.echo(f"{shown(str(orphan))[0]}: its manifest is gone; delete the lock", err=True)
            failed += 1
        for manifest in manifests:
            resolution = resolve(manifest, env=os.environ)
            name = shown(str(manifest))[0]
            target = lock_path(manifest)
            target_name = shown(str(target))[0]
            if resolution.registry is None:
                for d in resolution.diagnostics:
                    typer.echo(str(replace(d, file=None if d.file is None else shown(d.file)[0])), err=True)
                typer.echo(f"{name} does not resolve: no lock (fix the errors above)", err=True)
                failed += 1
                continue
            text = lock_text(resolution.registry, manifest)
            try:
                committed = read_lock(target)
            except (OSError, UnicodeDecodeError) as error:
                why = error.strerror if isinstance(error, OSError) else "not UTF-8 text"
                typer.echo(f"{target_name}: cannot read the lock: {why or error}; move it away", err=True)
                failed += 1
                continue
            if committed == text:
                typer.echo(f"{target_name} is up to date", err=True)
            elif check:
                failed += 1
                if committed is None:
                    typer.echo(f"{target_name} is missing: run data-mcp lock {name}", err=True)
                else:
                    typer.echo(lock_diff(committed, text, target_name), nl=False)
                    typer.echo(f"{target_name} is stale: run data-mcp lock {name} and review the diff", err=True)
            else:
                try:  # a full disk or a read-only folder leaves the last lock as it was, never half of one
                    write_atomic(target, text.encode("utf-8"), mode=None)
                except OSError as error:
                    why = error.strerror or str(error)
                    typer.echo(f"{target_name}: could not write the lock: {why}; the last one is unchanged", err=True)
                    failed += 1
                    continue
                typer.echo(f"wrote {target_name}", err=True)
        raise typer.Exit(1 if failed else 0)
