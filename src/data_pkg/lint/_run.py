"""Running lint: targets in, one report out.

For each target the resolver runs exactly as the server would run it (same environment, so
``DATA_MCP_TOOL_NAME_STYLE`` and the path-segment variables apply), and its diagnostics are the
first findings; the lint-only rules add theirs, reading the file as the resolver parsed it. A finding
reached from several targets (a profile that two linted manifests extend) is reported once.

With ``dependents``, every manifest in the repository that extends a linted file is linted after the
named targets, and its findings carry the chain to that base (:attr:`Finding.via`). Then the
repository's settings apply (:class:`LintConfig`: disabled rules, changed severities, a default token
budget), then inline ignores, then ``strict``.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from data_pkg.files import read_regular, real_path
from data_pkg.lint._checks import budget_findings, name_findings, path_findings, secret_findings, tier_findings
from data_pkg.lint._config import LintConfig, enforced
from data_pkg.lint._dependents import DependentFinder
from data_pkg.lint._host_limits import host_limit_findings
from data_pkg.lint._ignore import Ignore, ignores_in
from data_pkg.lint._inputs import LintInputError, Target, expand
from data_pkg.lint._repo import PathDisplay
from data_pkg.rules import Finding, Severity
from data_pkg.toolsets import MAX_MANIFEST_BYTES, NAME_STYLES, STYLE_ENV, resolve

_OWN_TEXT = frozenset({"DM503", "DM504", "DM505"})
"""Rules about a file's own text: what they find in a dependent is not caused by its base."""


@dataclass(frozen=True)
class LintReport:
    """What a lint run found: the targets (as written in reports) and every finding, in order."""

    files: tuple[str, ...]
    findings: tuple[Finding, ...]
    strict: bool = False
    """Whether warnings were turned into errors."""
    dependents: tuple[str, ...] = ()
    """The files among ``files`` that were linted because they extend a linted one."""
    orphans: tuple[str, ...] = ()
    """The files among ``files`` that were linted because they extend one that is not there (``missing_bases``)."""

    def count(self, severity: Severity) -> int:
        """How many findings have ``severity``."""
        return sum(1 for f in self.findings if f.severity == severity)

    @property
    def exit_code(self) -> int:
        """1 when any finding is an error, else 0."""
        return 1 if self.count("error") else 0


@dataclass(frozen=True)
class _Context:
    env: Mapping[str, str]
    style_origin: str | None
    config: LintConfig
    finder: DependentFinder


def _lint_target(target: Target, ctx: _Context) -> list[Finding]:
    resolution = resolve(target.source, env=ctx.env)
    found = list(resolution.diagnostics)
    # The resolver parsed the target's file (a profile's too) already: its own checks reuse that reading.
    parsed = resolution.parsed
    manifest, file = None, None
    if parsed is not None:
        manifest, file = parsed.manifest, str(parsed.path)
        found += secret_findings(parsed.text, file)
        if manifest is not None:
            found += path_findings(manifest, resolution.diagnostics, ctx.finder.root(parsed.path))
    found += tier_findings(resolution, manifest, file)
    found += name_findings(resolution, manifest, file, ctx.style_origin)
    default = None
    if ctx.config.max_tokens is not None and ctx.config.source is not None and isinstance(target.source, Path):
        default = (ctx.config.max_tokens, ctx.config.source.name)
    found += budget_findings(resolution, manifest, file, default)
    found += host_limit_findings(resolution, manifest, file)
    return _ordered(found, file)


def _ordered(found: list[Finding], top: str | None) -> list[Finding]:
    """The environment first, then the target's own file, then other files in order of mention, by position."""
    rank: dict[str | None, int] = {None: 0, top: 1}
    for f in found:
        rank.setdefault(f.file, len(rank))
    return sorted(found, key=lambda f: (rank[f.file], f.line or 0, f.col or 0))


class _Ignores:
    """Each file's inline ignores, read once."""

    def __init__(self) -> None:
        self.cache: dict[Path, tuple[Ignore, ...]] = {}

    def silenced(self, found: Finding, identity: Path) -> bool:
        if enforced(found.code):
            return False
        if identity not in self.cache:
            try:  # a finding may be about a FIFO or a link to a device: never block on it, never read it all
                text = read_regular(identity, limit=MAX_MANIFEST_BYTES).decode("utf-8-sig")
            except (OSError, UnicodeDecodeError):
                text = ""
            self.cache[identity] = ignores_in(text, identity) if "data-mcp" in text else ()
        return any(i.covers(found.code, found.line) for i in self.cache[identity])


def _style_origin(environ: dict[str, str], style: str | None) -> str | None:
    if style is not None:
        if style not in NAME_STYLES:
            raise LintInputError(f"unknown naming style {style!r}; use one of {', '.join(NAME_STYLES)}")
        environ[STYLE_ENV] = style
        return "--style"
    return STYLE_ENV if environ.get(STYLE_ENV, "").strip() else None


def lint_paths(
    paths: Iterable[str | os.PathLike[str]],
    *,
    env: Mapping[str, str] | None = None,
    style: str | None = None,
    strict: bool = False,
    dependents: bool = False,
    missing_bases: bool = False,
    config: LintConfig | None = None,
    relative_to: Path | None = None,
) -> LintReport:
    """Lint manifest files, folders, globs and profile names (see :mod:`data_pkg.lint`).

    ``env`` defaults to ``os.environ``; ``style`` lints under that naming style, as if
    ``DATA_MCP_TOOL_NAME_STYLE`` were set. ``strict`` turns warnings into errors. ``dependents`` also
    lints every manifest of the repository that extends a linted file; ``missing_bases`` every manifest of the
    working directory's repository that extends a file of it that is not there (a deleted base, which
    pre-commit never passes to a hook). ``config`` holds the repository's
    settings (:func:`load_config`; none by default). Paths in findings are relative to ``relative_to``
    (default: the working directory) when they are inside it. Raises :class:`LintInputError` for
    arguments that name nothing lintable and for an unknown style.
    """
    environ = dict(os.environ if env is None else env)
    style_origin = _style_origin(environ, style)
    settings = config or LintConfig()
    ctx = _Context(environ, style_origin, settings, DependentFinder(settings.root))
    targets = expand(paths)
    chains: list[tuple[Path, ...]] = [() for _ in targets]
    if dependents:
        files = [t.source for t in targets if isinstance(t.source, Path)]
        for dependent in ctx.finder.of_all(files):
            targets.append(Target(dependent.path))
            chains.append(dependent.chain)
    orphaned = 0
    if missing_bases:
        linted = {real_path(t.source) for t in targets if isinstance(t.source, Path)}
        for dependent in ctx.finder.of_missing(Path.cwd()):
            if dependent.path not in linted:
                targets.append(Target(dependent.path))
                chains.append(dependent.chain)
                orphaned += 1
    display = PathDisplay(relative_to or Path.cwd())
    ignores = _Ignores()
    findings: list[Finding] = []
    seen: set[tuple[object, ...]] = set()
    for target, chain in zip(targets, chains, strict=True):
        own = chain[0] if chain else None
        via = tuple(display(str(p))[0] for p in chain)
        for found in _lint_target(target, ctx):
            identity: Path | None = None
            if found.file is not None:
                shown, identity = display(found.file)
                found = replace(found, file=shown)
            key = (found.code, identity, found.line, found.col, found.message)
            if key in seen:
                continue
            seen.add(key)
            if identity is not None and ignores.silenced(found, identity):
                continue
            severity = settings.settle(found.code, found.severity)  # the config holds no enforced code
            if severity is None:
                continue
            if strict and severity == "warning":
                severity = "error"
            if via and not (found.code in _OWN_TEXT and identity == own):
                found = replace(found, via=via)
            findings.append(replace(found, severity=severity))
    labels = tuple(display(t.label)[0] if isinstance(t.source, Path) else t.label for t in targets)
    extra = tuple(label for label, chain in zip(labels, chains, strict=True) if chain)
    split = len(extra) - orphaned
    return LintReport(labels, tuple(findings), strict, extra[:split], extra[split:])
