"""The lint-only rules DM501–DM507 (hosts' limits, DM508–DM510, are in ``_host_limits``): checks of a resolved
manifest that the server does not make.

Each check reads what the resolver already produced (the :class:`~data_pkg.toolsets.Resolution`,
the validated :class:`~data_pkg.toolsets.Manifest` with its positions) and never re-derives a
selection: which tools a manifest selects, what their names are and which ones ``max_tier`` drops
are the resolver's answers, here only judged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from data_pkg.catalog import lookup, tier_rank
from data_pkg.lint._rules import LINT_RULES
from data_pkg.lint._secrets import find_secrets
from data_pkg.rules import Finding, Report
from data_pkg.toolsets import PORTABLE_NAME, Diagnostic, Resolution, real_path, tool_name

if TYPE_CHECKING:
    from data_pkg.toolsets import Located, Manifest

_LIST_AT_MOST = 8
_DRIVE = re.compile(r"[A-Za-z]:")
_KEY_HINT = "remove it: the server reads the key from DATA_API_KEY in its environment, never from a manifest"


def _listing(names: list[str]) -> str:
    shown = ", ".join(names[:_LIST_AT_MOST])
    more = len(names) - _LIST_AT_MOST
    return f"{shown} and {more} more" if more > 0 else shown


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


# -- DM503 secrets ---------------------------------------------------------------------------


def secret_findings(text: str | None, file: str) -> list[Finding]:
    """DM503: every key-like string, URL passing a key and key assignment, at its position (never its value)."""
    if text is None:
        return []
    report = Report(LINT_RULES, file)
    for secret in find_secrets(text):
        if secret.param is not None and secret.assigned:
            message = f"a credential is assigned to {secret.param!r}"
        elif secret.param is not None:
            message = f"a URL passes a credential in its {secret.param!r} parameter"
        else:
            message = f"a string of {secret.length} letters and digits looks like an API key"
        report.add("DM503", message, hint=_KEY_HINT, line=secret.line, col=secret.col)
    return report.findings


# -- DM504/DM505 extends paths ---------------------------------------------------------------


def _path_problem(value: str, folder: Path, root: Path | None) -> tuple[str, str, str] | None:
    """(code, message, hint) for an ``extends`` value that is a path only one machine can use.

    ``folder`` is the manifest's; ``root`` the repository it is in (None when unknown). Climbing out of
    the folder is the natural ``base/`` + team-folder layout inside a repository: quiet there.
    """
    portable = "write it relative to this manifest, with forward slashes: ./shared/base.yaml"
    if value.startswith(("\\\\", "//")):
        return "DM504", f"extends {value!r} is a network (UNC) path", portable
    if _DRIVE.match(value):
        return "DM504", f"extends {value!r} starts with a drive letter", portable
    if "\\" in value:
        return "DM504", f"extends {value!r} has backslashes", "write forward slashes: they work on Windows too"
    if value.startswith("/"):
        return "DM504", f"extends {value!r} is an absolute path", portable
    if value.startswith("~"):
        return "DM504", f"extends {value!r} is in a home folder", portable
    if ".." in PurePosixPath(value).parts:
        if root is None:
            return (
                "DM505",
                f"extends {value!r} climbs out of this manifest's folder",
                "fine within one repository; keep the base beside or below the manifest to move them together",
            )
        if not real_path(folder / value).is_relative_to(root):
            return (
                "DM505",
                f"extends {value!r} climbs out of the repository this manifest is in",
                "keep the base in the same repository, or extend a profile by name",
            )
    return None


def path_findings(manifest: Manifest, diagnostics: Iterable[Diagnostic], root: Path | None = None) -> list[Finding]:
    """DM504 and DM505 for each ``extends`` entry (profile names never match: they have no / \\ . ~ :).

    Where the resolver already refused the path (DM304: backslashes on POSIX), that error says it.
    ``root`` is the repository the manifest is in: DM505 only fires for paths that leave it.
    """
    here = real_path(Path(manifest.file))
    refused = {
        (d.line, d.col)
        for d in diagnostics
        if d.code == "DM304" and d.file is not None and real_path(Path(d.file)) == here
    }
    report = Report(LINT_RULES, manifest.file)
    for entry in manifest.extends:
        problem = _path_problem(entry.value, here.parent, root)
        if problem is None or (entry.line, entry.col) in refused:
            continue
        code, message, hint = problem
        report.add(code, message, hint=hint, at=entry)
    return report.findings


# -- DM507 token budget ----------------------------------------------------------------------


def budget_findings(
    resolution: Resolution, manifest: Manifest | None, file: str | None, default: tuple[int, str] | None
) -> list[Finding]:
    """DM507 when the tool list costs more than the manifest's ``max_tokens`` (else ``default``: a budget
    and where it is set, from the repository's configuration).

    Tokens are counted as ``data-mcp tools`` counts them (:meth:`Registry.estimated_tokens`). A budget is
    not inherited through ``extends``: each manifest's list is its team's to budget.
    """
    registry = resolution.registry
    if registry is None or file is None:
        return []
    own = manifest.max_tokens if manifest is not None else None
    if own is not None:
        limit, origin = own.value, "its max_tokens"
    elif default is not None:
        limit, origin = default[0], f"max_tokens in {default[1]}"
    else:
        return []
    tokens = registry.estimated_tokens()
    if tokens <= limit:
        return []
    message = f"the tool list costs ~{tokens:,} tokens ({len(registry)} tools), over {origin} of {limit:,}"
    hint = "exclude tools or raise the budget; data-mcp tools shows what each tool costs"
    line, col = (own.line, own.col) if own is not None else (1, 1)
    return [Report(LINT_RULES, file).add("DM507", message, hint=hint, line=line, col=col)]


# -- DM502/DM506 plan tiers ------------------------------------------------------------------


def tier_findings(resolution: Resolution, manifest: Manifest | None, file: str | None) -> list[Finding]:
    """DM506 for tools this manifest names and its own ``max_tier`` drops; DM502 listing the other drops."""
    dropped = resolution.dropped_by_tier
    if not dropped:
        return []
    report = Report(LINT_RULES, file)
    named: set[str] = set()
    limit = manifest.max_tier if manifest is not None else None
    if manifest is not None and limit is not None:
        for entry in (*manifest.tools, *manifest.include):
            try:
                endpoint = lookup(entry.value)
            except KeyError:
                continue  # a pattern, or a name the resolver reported
            if endpoint.spec in named or endpoint.spec not in dropped:
                continue
            if tier_rank(endpoint.tier) > tier_rank(limit.value):
                named.add(endpoint.spec)
                report.add(
                    "DM506",
                    f"{endpoint.spec} needs the {endpoint.tier} plan, so max_tier {limit.value!r} drops it",
                    hint=f"remove it, or raise max_tier to {endpoint.tier}",
                    file=manifest.file,
                    at=entry,
                )
    rest = [spec for spec in dropped if spec not in named]
    if not rest:
        return report.findings
    listing = _listing([f"{spec} ({lookup(spec).tier})" for spec in rest])
    at: Located[str] | None = None
    if limit is not None:
        message = f"max_tier {limit.value!r} leaves out {_plural(len(rest), 'tool')}: {listing}"
        at = limit
    else:
        message = f"a max_tier in an extended manifest leaves out {_plural(len(rest), 'tool')}: {listing}"
        at = manifest.extends[0] if manifest is not None and manifest.extends else None
    hint = "expected when the plan cannot call them; raise max_tier to keep them"
    line, col = (at.line, at.col) if at is not None else ((1, 1) if file is not None else (None, None))
    report.add("DM502", message, hint=hint, line=line, col=col)
    return report.findings


# -- DM501 names -----------------------------------------------------------------------------


def _why(name: str) -> str:
    return "has a dot" if "." in name else "is longer than 64 characters"


def name_findings(
    resolution: Resolution, manifest: Manifest | None, file: str | None, style_origin: str | None
) -> list[Finding]:
    """DM501: published names that break the strict rule of model APIs (dots, more than 64 characters).

    A rename in this manifest is blamed where it is written; names that come from the style are
    reported together, where the style was chosen.
    """
    registry = resolution.registry
    if registry is None:
        return []
    bad = [tool for tool in registry.tools if not PORTABLE_NAME.fullmatch(tool.name)]
    query = registry.query  # analysis's tool is named by the style too (analysis.query under spec)
    query_bad = query is not None and not PORTABLE_NAME.fullmatch(query.name)
    if not bad and not query_bad:
        return []
    style, prefix = registry.name_style, registry.prefix
    renames: dict[str, Located[str]] = {}
    if manifest is not None:
        for override in manifest.overrides:
            if override.name is None:
                continue
            try:
                renames.setdefault(lookup(override.target.value).key, override.name)
            except KeyError:
                continue
    hint = "model APIs that allow only 1 to 64 of A-Z a-z 0-9 _ - refuse such tools; "
    report = Report(LINT_RULES, file)
    from_style = []
    for tool in bad:
        endpoint = lookup(tool.endpoint)
        rename = renames.get(tool.endpoint)
        if rename is not None and tool.name != tool_name(endpoint, style, prefix):
            report.add(
                "DM501",
                f"tool name {tool.name!r} ({endpoint.spec}) {_why(tool.name)}",
                hint=hint + "rename it with letters, digits, _ and -",
                at=rename,
            )
        else:
            from_style.append(tool.name)
    if query_bad and query is not None:
        from_style.append(query.name)
    if from_style:
        at: Located[str] | None = None
        if style_origin is not None:
            origin = f"set by {style_origin}"
        elif manifest is not None and manifest.name_style is not None:
            origin, at = "set here", manifest.name_style
        elif manifest is not None and manifest.extends:
            origin, at = "inherited from an extended manifest", manifest.extends[0]
        else:
            origin = "the default"
        message = (
            f"{_plural(len(from_style), 'tool name')} under the {style} style ({origin})"
            f" {'are' if len(from_style) > 1 else 'is'} not portable"
            f" (a dot, or more than 64 characters): {_listing(from_style)}"
        )
        line, col = (at.line, at.col) if at is not None else ((1, 1) if file is not None else (None, None))
        style_hint = hint + "use the key or snake style unless every host accepts dots"
        report.add("DM501", message, hint=style_hint, line=line, col=col)
    return report.findings
