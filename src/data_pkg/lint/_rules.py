"""The lint-only rules, and one table of every code ``data-mcp lint`` can report.

The resolver's rules (``DM1xx``–``DM4xx``, :data:`data_pkg.toolsets.RULES`) are what the server
enforces; lint reports them unchanged. The ``DM5xx`` rules here are checks the server does not
make, because a manifest that breaks them still works: names some model APIs refuse, tools a plan
tier filter drops, secrets, paths that only work on one machine. They follow the same rules as the
resolver's codes: never renumbered, never reused.

Severity: ``error`` fails lint, ``warning`` fails it under ``--strict``, ``info`` never fails it.
A manifest the server starts with never gets a lint error from these rules, with two deliberate
exceptions: a secret (DM503), because committing a key is worse than a failed build, and a tool list
over the budget its own manifest sets (DM507), because the team asked for that failure.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from data_pkg.toolsets import RULES

LintSeverity = Literal["error", "warning", "info"]
SEVERITIES: tuple[LintSeverity, ...] = ("error", "warning", "info")
"""Severities, most serious first."""


@dataclass(frozen=True)
class LintRule:
    """One rule lint can report: its code, default severity, a short slug and a one-line summary."""

    code: str
    severity: LintSeverity
    slug: str
    summary: str


LINT_RULES: Mapping[str, LintRule] = MappingProxyType(
    {
        rule.code: rule
        for rule in (
            LintRule(
                "DM501",
                "warning",
                "non-portable-name",
                "A tool name has a dot or more than 64 characters: MCP allows it, model APIs that accept only"
                " ^[a-zA-Z0-9_-]{1,64}$ refuse the tool.",
            ),
            LintRule(
                "DM502",
                "info",
                "dropped-by-tier",
                "max_tier leaves tools out; they are listed with the plan tier each one needs.",
            ),
            LintRule(
                "DM503",
                "error",
                "secret",
                "An API-key-like string, or a URL with a key parameter (apikey=...), is written in the manifest.",
            ),
            LintRule(
                "DM504",
                "warning",
                "non-portable-path",
                "An extends path has backslashes, a drive letter or is absolute: it works on one machine only.",
            ),
            LintRule(
                "DM505",
                "info",
                "path-leaves-folder",
                "An extends path climbs out of the manifest's folder (../) and out of its repository: it works in"
                " one checkout layout only. Inside one repository (base/ beside team folders) it is quiet.",
            ),
            LintRule(
                "DM506",
                "warning",
                "named-above-tier",
                "A tool named in tools or include needs a plan above the manifest's own max_tier, so it is dropped.",
            ),
            LintRule(
                "DM507",
                "error",
                "over-token-budget",
                "The tool list costs more estimated tokens than the manifest's max_tokens (or the repository's).",
            ),
        )
    }
)
"""The lint-only rules, by code."""


def all_rules() -> Mapping[str, LintRule]:
    """Every code lint can report, the resolver's and its own, in code order."""
    merged = {code: LintRule(r.code, r.severity, r.slug, r.summary) for code, r in RULES.items()}
    overlap = merged.keys() & LINT_RULES.keys()
    if overlap:  # pragma: no cover - a programming error caught by the tests
        raise RuntimeError(f"lint codes clash with resolver codes: {sorted(overlap)}")
    merged.update(LINT_RULES)
    return MappingProxyType(dict(sorted(merged.items())))
