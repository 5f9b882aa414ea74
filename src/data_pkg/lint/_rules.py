"""The lint-only rules, and one table of every code ``data-mcp lint`` can report.

The resolver's rules (``DM1xx``–``DM4xx``, :data:`data_pkg.toolsets.RULES`) are what the server
enforces; lint reports them unchanged. The ``DM5xx`` rules here are checks the server does not
make, because a manifest that breaks them still works: names some model APIs refuse, tools a plan
tier filter drops, secrets, paths that only work on one machine. They follow the same rules as the
resolver's codes: never renumbered, never reused.

Severity (:data:`data_pkg.rules.Severity`): ``error`` fails lint, ``warning`` fails it under
``--strict``, ``info`` never fails it. A manifest the server starts with never gets a lint error
from these rules, with two deliberate exceptions: a secret (DM503), because committing a key is
worse than a failed build, and a tool list over the budget its own manifest sets (DM507), because
the team asked for that failure.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from data_pkg.lint._examples import EXAMPLES
from data_pkg.rules import Rule, RuleTable
from data_pkg.toolsets import RULES

LINT_RULES = RuleTable(
    Rule(
        "DM501",
        "non-portable-name",
        "warning",
        "A tool name has a character outside A-Z a-z 0-9 _ - (a dot) or more than 64 characters: MCP allows it,"
        " model APIs and hosts that accept only ^[a-zA-Z0-9_-]{1,64}$ refuse the tool.",
    ),
    Rule(
        "DM502",
        "dropped-by-tier",
        "info",
        "max_tier leaves tools out; they are listed with the plan tier each one needs.",
    ),
    Rule(
        "DM503",
        "secret",
        "error",
        "An API-key-like string, or a URL with a key parameter (apikey=...), is written in the manifest.",
    ),
    Rule(
        "DM504",
        "non-portable-path",
        "warning",
        "An extends path has backslashes, a drive letter or is absolute: it works on one machine only.",
    ),
    Rule(
        "DM505",
        "path-leaves-folder",
        "info",
        "An extends path climbs out of the manifest's folder (../) and out of its repository: it works in"
        " one checkout layout only. Inside one repository (base/ beside team folders) it is quiet.",
    ),
    Rule(
        "DM506",
        "named-above-tier",
        "warning",
        "A tool named in tools or include needs a plan above the manifest's own max_tier, so it is dropped.",
    ),
    Rule(
        "DM507",
        "over-token-budget",
        "error",
        "The tool list costs more estimated tokens than the manifest's max_tokens (or the repository's).",
    ),
    Rule(
        "DM508",
        "long-description",
        "warning",
        "A tool's description (an override's) is over 2,048 characters: some hosts cut descriptions there.",
    ),
    Rule(
        "DM509",
        "long-instructions",
        "warning",
        "The manifest's description does not fit whole in the server's instructions (2,048 characters with what"
        " the server adds about tools, answers and errors): some hosts cut instructions there, so the server cuts it.",
    ),
    Rule(
        "DM510",
        "too-many-tools",
        "warning",
        "The manifest publishes more than 128 tools: some hosts take no more, and agents choose worse among many.",
    ),
)
"""The lint-only rules, by code."""


@cache
def all_rules() -> RuleTable:
    """Every code lint can report, the resolver's and its own, in code order, each with its example."""
    merged = (*RULES.values(), *LINT_RULES.values())
    return RuleTable(*(replace(rule, examples=(EXAMPLES[rule.code],)) for rule in merged))
