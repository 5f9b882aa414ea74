"""Lint manifests: everything the server would report about them, and what it would not.

    >>> from data_pkg.lint import lint_paths, render
    >>> report = lint_paths(["manifests/newsroom.json", "analyst"])   # files, folders, globs, profiles
    >>> print(render(report, "text"), end="")                         # or "json", "github", "sarif"
    2 files checked: no problems
    >>> report.exit_code
    0

Findings are the resolver's diagnostics (the same codes, messages and positions the server
logs: lint never re-implements a rule) plus lint-only rules in the ``DM5xx`` range
(:data:`LINT_RULES`): names model APIs refuse, tools ``max_tier`` drops, secrets, extends paths
that only work on one machine. :func:`all_rules` lists every code, each declared with a bad and a
fixed manifest (``Rule.example``), from which ``docs/lint-rules.md`` is generated.

For teams sharing a base (``docs/teams.md``): :func:`lint_paths` with ``dependents=True`` also lints
every manifest of the repository that extends a linted one; :func:`impact` compares every manifest a
change reaches with a git ref; :func:`lock_text` and :func:`lock_targets` make and find lock files;
:func:`load_config` reads the repository's settings (``[tool.data-mcp]``).

Layering: this package uses the tool-set layer and the catalog, never the client, the server or
the command line.
"""

from __future__ import annotations

from data_pkg.lint._config import LintConfig, load_config
from data_pkg.lint._formats import FORMATS, render
from data_pkg.lint._formats import summary as summary
from data_pkg.lint._impact import Impact, ImpactError, ManifestImpact, impact
from data_pkg.lint._impact_report import render_impact
from data_pkg.lint._inputs import LintInputError
from data_pkg.lint._lock import lock_diff as lock_diff
from data_pkg.lint._lock import lock_path, lock_targets, lock_text
from data_pkg.lint._lock import read_lock as read_lock
from data_pkg.lint._repo import PathDisplay as PathDisplay
from data_pkg.lint._repo import repository_root as repository_root
from data_pkg.lint._rules import LINT_RULES, all_rules
from data_pkg.lint._run import LintReport, lint_paths

# The user API, rendered on docs/api.md. A name imported as itself (``name as name``) is for the command line,
# not users: importable and type-checked, not listed here. Rules and findings are data_pkg.rules'.
__all__ = [
    "FORMATS",
    "LINT_RULES",
    "Impact",
    "ImpactError",
    "LintConfig",
    "LintInputError",
    "LintReport",
    "ManifestImpact",
    "all_rules",
    "impact",
    "lint_paths",
    "load_config",
    "lock_path",
    "lock_targets",
    "lock_text",
    "render",
    "render_impact",
]
