"""Running lint: targets in, one report out.

For each target the resolver runs exactly as the server would run it (same environment, so
``DATA_MCP_TOOL_NAME_STYLE`` and the path-segment variables apply), and its diagnostics are the
first findings; the lint-only rules add theirs. A finding reached from several targets (a profile
that two linted manifests extend) is reported once.

Performance: each linted file is parsed twice (by the resolver, then here for the positions of its
fields), and a profile extended by many manifests is re-read for each. Parsing is about half of a
run, and 200 manifests still lint in ~0.3 s in-process, ~0.5 s as one ``data-mcp lint`` process
(``benchmarks/lint.py``), so there is no cache: the clean fix would be for the resolver to keep the
parsed top manifest on its result.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from data_pkg.lint._checks import name_findings, path_findings, secret_findings, tier_findings
from data_pkg.lint._findings import Finding, from_diagnostic
from data_pkg.lint._inputs import LintInputError, Target, expand
from data_pkg.lint._rules import LintSeverity
from data_pkg.toolsets import NAME_STYLES, STYLE_ENV, real_path, resolve


@dataclass(frozen=True)
class LintReport:
    """What a lint run found: the targets (as written in reports) and every finding, in order."""

    files: tuple[str, ...]
    findings: tuple[Finding, ...]
    strict: bool = False
    """Whether warnings were turned into errors."""

    def count(self, severity: LintSeverity) -> int:
        """How many findings have ``severity``."""
        return sum(1 for f in self.findings if f.severity == severity)

    @property
    def exit_code(self) -> int:
        """1 when any finding is an error, else 0."""
        return 1 if self.count("error") else 0


def _lint_target(target: Target, env: Mapping[str, str], style_origin: str | None) -> list[Finding]:
    resolution = resolve(target.source, env=env)
    found = [from_diagnostic(d) for d in resolution.diagnostics]
    # The resolver parsed the target's file (a profile's too) already: its own checks reuse that reading.
    parsed = resolution.parsed
    manifest, file = None, None
    if parsed is not None:
        manifest, file = parsed.manifest, str(parsed.path)
        found += secret_findings(parsed.text, file)
        if manifest is not None:
            found += path_findings(manifest, resolution.diagnostics)
    found += tier_findings(resolution, manifest, file)
    found += name_findings(resolution, manifest, file, style_origin)
    return _ordered(found, file)


def _ordered(found: list[Finding], top: str | None) -> list[Finding]:
    """The environment first, then the target's own file, then other files in order of mention, by position."""
    rank: dict[str | None, int] = {None: 0, top: 1}
    for f in found:
        rank.setdefault(f.file, len(rank))
    return sorted(found, key=lambda f: (rank[f.file], f.line or 0, f.col or 0))


class _Display:
    """Report paths relative to the working directory when they are under it, as written otherwise."""

    def __init__(self) -> None:
        self.cwd = Path.cwd()
        self.cache: dict[str, tuple[str, Path]] = {}

    def __call__(self, file: str) -> tuple[str, Path]:
        """(how to show ``file``, its identity for de-duplication)."""
        known = self.cache.get(file)
        if known is None:
            path = Path(file)
            identity = real_path(path)  # a finding may be about a symlink loop
            shown = os.path.normpath(file)
            if path.is_absolute() and path.is_relative_to(self.cwd):
                shown = str(path.relative_to(self.cwd))
            known = self.cache[file] = (shown, identity)
        return known


def lint_paths(
    paths: Iterable[str | os.PathLike[str]],
    *,
    env: Mapping[str, str] | None = None,
    style: str | None = None,
    strict: bool = False,
) -> LintReport:
    """Lint manifest files, folders, globs and profile names (see :mod:`data_pkg.lint`).

    ``env`` defaults to ``os.environ``; ``style`` lints under that naming style, as if
    ``DATA_MCP_TOOL_NAME_STYLE`` were set. ``strict`` turns warnings into errors. Raises
    :class:`LintInputError` for arguments that name nothing lintable and for an unknown style.
    """
    environ = dict(os.environ if env is None else env)
    style_origin = None
    if style is not None:
        if style not in NAME_STYLES:
            raise LintInputError(f"unknown naming style {style!r}; use one of {', '.join(NAME_STYLES)}")
        environ[STYLE_ENV] = style
        style_origin = "--style"
    elif environ.get(STYLE_ENV, "").strip():
        style_origin = STYLE_ENV
    targets = expand(paths)
    display = _Display()
    findings: list[Finding] = []
    seen: set[tuple[object, ...]] = set()
    for target in targets:
        for found in _lint_target(target, environ, style_origin):
            identity: object = None
            if found.file is not None:
                shown, identity = display(found.file)
                found = replace(found, file=shown)
            key = (found.code, identity, found.line, found.col, found.message)
            if key in seen:
                continue
            seen.add(key)
            if strict and found.severity == "warning":
                found = replace(found, severity="error")
            findings.append(found)
    labels = tuple(display(t.label)[0] if isinstance(t.source, Path) else t.label for t in targets)
    return LintReport(labels, tuple(findings), strict)
