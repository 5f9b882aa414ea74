"""Diagnostics: what the resolver (and so the server and the linter) reports about a manifest.

Every problem has a stable rule code from :data:`~data_pkg.toolsets._rules.RULES` (where each rule is
declared with its example), a severity, a message, an optional hint and, when it comes from a file,
the 1-based line and column of the offending value.
"""

from __future__ import annotations

from collections.abc import Iterable

from data_pkg.errors import ConfigurationError
from data_pkg.rules import Finding, Report, Rule, Severity
from data_pkg.toolsets._limits import LimitError
from data_pkg.toolsets._rules import RULES

__all__ = ["Diagnostic", "Rule", "Severity", "ToolsetError", "limit_diagnostic"]


Diagnostic = Finding
"""A finding about a manifest: the resolver's name for :class:`data_pkg.rules.Finding`."""


def limit_diagnostic(limit: LimitError, file: str) -> Diagnostic:
    """The finding (DM108) for a manifest ``file`` that went past one of the limits."""
    return Report(RULES, file).add("DM108", limit.message, hint=limit.hint, at=limit)


class ToolsetError(ConfigurationError):
    """A tool set cannot be built; carries every diagnostic, errors and warnings alike.

    Raised for environment problems (an unknown naming style) and by
    :meth:`Resolution.raise_for_errors`. Its text is one diagnostic per line.
    """

    def __init__(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.diagnostics = tuple(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics) or "tool set error")
