"""A finding: one thing lint reports, from the resolver or from a lint-only rule."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from data_pkg.lint._rules import LintRule, LintSeverity, all_rules
from data_pkg.toolsets import Diagnostic


@cache
def rules() -> Mapping[str, LintRule]:
    """Every rule, by code (computed once)."""
    return all_rules()


@dataclass(frozen=True, slots=True)
class Finding:
    """One finding, with where it is: ``file`` None for the environment, ``line``/``col`` 1-based or None.

    The same shape as :class:`data_pkg.toolsets.Diagnostic`, with one more severity (``info``)
    for notes that never fail a run.
    """

    code: str
    severity: LintSeverity
    message: str
    hint: str | None = None
    file: str | None = None
    line: int | None = None
    col: int | None = None
    via: tuple[str, ...] = ()
    """For a manifest linted because it extends a linted one: the chain from it to that base (both
    included), which names the base as the cause; empty otherwise."""

    @property
    def rule(self) -> LintRule:
        """The rule this finding comes from."""
        return rules()[self.code]

    @property
    def location(self) -> str:
        """``file:line:col``, ``file``, or empty when the finding comes from the environment."""
        if self.file is None:
            return ""
        if self.line is None:
            return self.file
        return f"{self.file}:{self.line}:{self.col if self.col is not None else 1}"

    @property
    def cause(self) -> str | None:
        """``because of base/desk.yaml, which team/a.yaml extends``, for a finding reached through a base."""
        if len(self.via) < 2:
            return None
        dependent, *between, base = self.via
        through = f" through {', '.join(between)}" if between else ""
        return f"because of {base}, which {dependent} extends{through}"

    @property
    def text(self) -> str:
        """The message, then the hint in parentheses, then the cause in brackets (each when there is one)."""
        text = self.message
        if self.hint:
            text += f" ({self.hint})"
        cause = self.cause
        if cause:
            text += f" [{cause}]"
        return text

    def __str__(self) -> str:
        text = f"{self.code} {self.severity}: {self.text}"
        where = self.location
        return f"{where}: {text}" if where else text


def finding(
    code: str,
    message: str,
    *,
    hint: str | None = None,
    file: str | None = None,
    line: int | None = None,
    col: int | None = None,
) -> Finding:
    """A :class:`Finding` with the severity its rule declares (KeyError for an unknown code)."""
    return Finding(code, rules()[code].severity, message, hint, file, line, col)


def from_diagnostic(diagnostic: Diagnostic) -> Finding:
    """The resolver's diagnostic as a finding, unchanged."""
    d = diagnostic
    return Finding(d.code, d.severity, d.message, d.hint, d.file, d.line, d.col)
