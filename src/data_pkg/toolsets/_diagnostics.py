"""Diagnostics: what the resolver (and so the server and the linter) reports about a manifest.

Every problem has a stable rule code from :data:`RULES`, a severity, a message, an optional hint
and, when it comes from a file, the 1-based line and column of the offending value. Codes are
grouped by hundreds:

- ``DM1xx`` the document itself: syntax, constructs, fields and their types;
- ``DM2xx`` the selection: tool names, patterns, availability, plan tier, the result;
- ``DM3xx`` where manifests come from: files, profiles, ``extends`` chains;
- ``DM4xx`` naming and overrides: styles, prefixes, renames, fixed arguments.

Codes are never renumbered or reused: tools, docs and people's notes refer to them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from data_pkg.errors import ConfigurationError
from data_pkg.toolsets._limits import MAX_DEPTH, MAX_DIGITS, MAX_VALUES

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Rule:
    """One diagnostic rule: its code, default severity, a short slug and a one-line summary."""

    code: str
    severity: Severity
    slug: str
    summary: str


def _rules(*rules: Rule) -> MappingProxyType[str, Rule]:
    return MappingProxyType({rule.code: rule for rule in rules})


RULES = _rules(
    Rule("DM101", "error", "syntax", "The file is not valid Python, YAML or JSON."),
    Rule(
        "DM102",
        "error",
        "unsupported-construct",
        "Something other than a literal: a Python statement or computed expression, a YAML alias, anchor or tag.",
    ),
    Rule("DM103", "error", "unknown-field", "A field (or override key) the manifest format does not define."),
    Rule("DM104", "error", "wrong-type", "A field's value has the wrong type or is empty."),
    Rule("DM105", "error", "duplicate-field", "The same field or mapping key is given twice."),
    Rule(
        "DM106",
        "error",
        "unreadable-file",
        "The file cannot be read: permissions, encoding (UTF-8 only), size (1 MiB), or it is not a regular file"
        " (a FIFO, a folder, a device, a symlink loop).",
    ),
    Rule("DM107", "error", "unsupported-format", "The file's suffix is not .py, .yaml, .yml or .json."),
    Rule(
        "DM108",
        "error",
        "too-large",
        f"The document builds more than a manifest may: over {MAX_VALUES:,} values (a Python + that keeps doubling"
        f" a list), nesting deeper than {MAX_DEPTH}, or an integer of more than {MAX_DIGITS} digits.",
    ),
    Rule("DM201", "error", "unknown-tool", "No catalog endpoint has this name; a close match is suggested."),
    Rule("DM202", "error", "duplicate-entry", "The same tool, pattern or extended manifest is listed twice."),
    Rule("DM203", "error", "name-collision", "Two tools get the same name under the active naming style and prefix."),
    Rule("DM204", "error", "not-a-tool", "A bulk, file-download or hosted-only endpoint is named: it is never a tool."),
    Rule("DM205", "warning", "withdrawn", "A withdrawn endpoint is named; it is skipped and its successor suggested."),
    Rule("DM206", "error", "unavailable", "The endpoint needs a path segment the environment does not configure."),
    Rule("DM207", "error", "empty-tool-set", "The manifest resolves to no tools at all."),
    Rule("DM208", "warning", "pattern-matches-nothing", "An include or exclude pattern matches no available tool."),
    Rule("DM209", "error", "bad-pattern", "A pattern is malformed, names an unknown group or tag, or sits in tools."),
    Rule("DM210", "error", "unknown-tier", "max_tier is not one of the plan tiers."),
    Rule("DM301", "error", "extends-cycle", "Manifests extend each other in a cycle; the chain is shown."),
    Rule("DM302", "error", "file-not-found", "The manifest file, or a file it extends, does not exist."),
    Rule("DM303", "error", "unknown-profile", "No built-in profile has this name; the available ones are listed."),
    Rule("DM304", "error", "bad-path", "A manifest path cannot be used as written (e.g. backslashes on POSIX)."),
    Rule("DM401", "error", "unknown-name-style", "The naming style (manifest or DATA_MCP_TOOL_NAME_STYLE) is unknown."),
    Rule("DM402", "error", "invalid-prefix", "The prefix is not a letter then up to 15 letters, digits, _ or -."),
    Rule("DM403", "error", "override-not-selected", "An override names a tool that the manifest does not select."),
    Rule("DM404", "error", "invalid-fixed-argument", "A fixed argument names no parameter, or its value does not fit."),
    Rule("DM405", "error", "invalid-tool-name", "A tool name breaks the naming rules of the active style."),
    Rule(
        "DM406",
        "error",
        "unknown-answer-field",
        "fields or exclude_fields names a field the tool's answer does not have; a close match is suggested.",
    ),
    Rule(
        "DM407",
        "error",
        "invalid-answer-setting",
        "max_answer_tokens or answer_format (manifest or DATA_MCP_* variable) is out of range or unknown.",
    ),
)
"""Every rule, by code. A docs page can be generated from this table."""


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding about a manifest, with where it is.

    ``file`` is None for problems that come from the environment (an unknown
    ``DATA_MCP_TOOL_NAME_STYLE``, say); ``line`` and ``col`` are 1-based and point
    at the offending value, or are None when no single value is to blame.
    """

    code: str
    severity: Severity
    message: str
    hint: str | None = None
    file: str | None = None
    line: int | None = None
    col: int | None = None

    def __str__(self) -> str:
        text = f"{self.code} {self.message}"
        if self.hint:
            text += f" ({self.hint})"
        if self.file is None:
            return text
        where = self.file
        if self.line is not None:
            where += f":{self.line}:{self.col if self.col is not None else 1}"
        return f"{where}: {text}"

    @property
    def is_error(self) -> bool:
        """Whether this finding stops the manifest from resolving."""
        return self.severity == "error"


def diagnostic(
    code: str,
    message: str,
    *,
    hint: str | None = None,
    file: str | None = None,
    line: int | None = None,
    col: int | None = None,
) -> Diagnostic:
    """A :class:`Diagnostic` with the severity its rule declares (KeyError for an unknown code)."""
    return Diagnostic(code, RULES[code].severity, message, hint, file, line, col)


class ToolsetError(ConfigurationError):
    """A tool set cannot be built; carries every diagnostic, errors and warnings alike.

    Raised for environment problems (an unknown naming style) and by
    :meth:`Resolution.raise_for_errors`. Its text is one diagnostic per line.
    """

    def __init__(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.diagnostics = tuple(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics) or "tool set error")
