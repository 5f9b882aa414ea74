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

Each rule is declared once, here, with its summary and a bad and a fixed manifest (the docs page shows
them; the tests lint both). The checks (``_checks``, ``_host_limits``) report with
:class:`~data_pkg.rules.Report` (``Report(LINT_RULES, file).add(code, ...)``).
"""

from __future__ import annotations

from functools import cache

from data_pkg.rules import HERE, Example, Rule, RuleTable, Snippet
from data_pkg.toolsets import RULES

_BASE = "tools: [company.quote]\n"
"""A manifest for another to extend."""

_QUOTE = "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio."
_LONG_QUOTE = f"      {_QUOTE}\n" * 25
"""A folded YAML text of 25 lines, 2,150 characters: over the 2,048 some hosts keep (DM508)."""
_LONG_DESK = "  This desk covers the companies the team follows, with statements, prices and news.\n" * 20
"""A folded YAML text of 20 lines, 1,660 characters: more than the instructions have room for (DM509)."""

LINT_RULES = RuleTable(
    Rule(
        "DM501",
        "non-portable-name",
        "warning",
        "A tool name has a character outside A-Z a-z 0-9 _ - (a dot) or more than 64 characters: MCP allows it,"
        " model APIs and hosts that accept only ^[a-zA-Z0-9_-]{1,64}$ refuse the tool.",
        example=Example(
            Snippet("tools: [company.quote]\nname_style: spec\n"),
            Snippet("tools: [company.quote]\nname_style: snake\n"),
            "Keep spec only when every host that uses the server accepts dots in tool names.",
        ),
    ),
    Rule(
        "DM502",
        "dropped-by-tier",
        "info",
        "max_tier leaves tools out; they are listed with the plan tier each one needs.",
        example=Example(
            Snippet("extends: [analyst]\nmax_tier: premium\n"),
            Snippet('extends: [analyst]\nexclude: ["transcripts.*"]\nmax_tier: premium\n'),
            "A note, never a failure: dropping what the plan cannot call is what max_tier is for."
            " Excluding those tools by name says so explicitly.",
        ),
    ),
    Rule(
        "DM503",
        "secret",
        "error",
        "An API-key-like string, or a URL with a key parameter (apikey=...), is written in the manifest.",
        example=Example(
            Snippet(
                "description: Quotes from https://api.example.com/v3/quote?apikey=9f3c2a7b1e8d4c6f0a5b9e2d7c1f4a8b\n"
                "tools: [company.quote]\n"
            ),
            Snippet("description: Quotes for the desk.\ntools: [company.quote]\n"),
            "An error although the server would start: a key in a committed file is leaked. Rotate it.",
        ),
    ),
    Rule(
        "DM504",
        "non-portable-path",
        "warning",
        "An extends path has backslashes, a drive letter or is absolute: it works on one machine only.",
        example=Example(
            Snippet(f'extends: ["{HERE}/shared/base.yaml"]\n', files=(("shared/base.yaml", _BASE),)),
            Snippet("extends: [./shared/base.yaml]\n", files=(("shared/base.yaml", _BASE),)),
            "A warning, not an error: the server starts on this machine, but nowhere else.",
        ),
    ),
    Rule(
        "DM505",
        "path-leaves-folder",
        "info",
        "An extends path climbs out of the manifest's folder (../) and out of its repository: it works in"
        " one checkout layout only. Inside one repository (base/ beside team folders) it is quiet.",
        example=Example(
            Snippet("extends: [../shared/base.yaml]\n", files=(("../shared/base.yaml", _BASE),)),
            Snippet("extends: [./shared/base.yaml]\n", files=(("shared/base.yaml", _BASE),)),
            "A note, and only outside a repository (or for a path that leaves the one the manifest is in): the"
            " natural base/ + team-folder layout inside one repository is quiet. Disable it, or make it a warning,"
            " in the repository's configuration (see the teams page).",
        ),
    ),
    Rule(
        "DM506",
        "named-above-tier",
        "warning",
        "A tool named in tools or include needs a plan above the manifest's own max_tier, so it is dropped.",
        example=Example(
            Snippet("tools: [company.quote, transcripts.transcript]\nmax_tier: premium\n"),
            Snippet("tools: [company.quote]\nmax_tier: premium\n"),
        ),
    ),
    Rule(
        "DM507",
        "over-token-budget",
        "error",
        "The tool list costs more estimated tokens than the manifest's max_tokens (or the repository's).",
        example=Example(
            Snippet("extends: [minimal]\nmax_tokens: 800\n"),
            Snippet('extends: [minimal]\nexclude: ["fundamental.*", "intelligence.*"]\nmax_tokens: 800\n'),
            "Tokens are counted as data-mcp tools counts them. A budget is the manifest's own (not inherited through"
            " extends); max_tokens in the repository's configuration covers manifests that set none.",
        ),
    ),
    Rule(
        "DM508",
        "long-description",
        "warning",
        "A tool's description (an override's) is over 2,048 characters: some hosts cut descriptions there.",
        example=Example(
            Snippet(f"tools: [company.quote]\noverrides:\n  company.quote:\n    description: >\n{_LONG_QUOTE}"),
            Snippet(f'tools: [company.quote]\noverrides:\n  company.quote:\n    description: "{_QUOTE}"\n'),
            "The same sentence 25 times makes 2,150 characters. The catalog's own descriptions are one line each.",
        ),
    ),
    Rule(
        "DM509",
        "long-instructions",
        "warning",
        "The manifest's description does not fit whole in the server's instructions (2,048 characters with what"
        " the server adds about tools, answers and errors): some hosts cut instructions there, so the server cuts it.",
        example=Example(
            Snippet(f"description: >\n{_LONG_DESK}tools: [company.quote]\n"),
            Snippet(
                "description: This desk covers the companies the team follows, with statements, prices and news.\n"
                "tools: [company.quote]\n"
            ),
            "The same sentence 20 times makes 1,660 characters; the server adds about 700 of its own (the tools, how"
            " answers are cut and noted, how errors read), so the instructions keep the first sentences. Notes for the"
            " people who maintain the manifest fit in a comment.",
        ),
    ),
    Rule(
        "DM510",
        "too-many-tools",
        "warning",
        "The manifest publishes more than 128 tools: some hosts take no more, and agents choose worse among many.",
        example=Example(
            Snippet('include: ["*"]\n'),
            Snippet('include: ["group:company", "group:fundamental", "group:market"]\n'),
            "Every tool is what the full profile serves, for exploration and for hosts with tool search; it says so"
            " with an inline ignore.",
        ),
    ),
)
"""The lint-only rules, by code."""


@cache
def all_rules() -> RuleTable:
    """Every code lint can report, the resolver's and its own, in code order."""
    return RuleTable(*RULES.values(), *LINT_RULES.values())
