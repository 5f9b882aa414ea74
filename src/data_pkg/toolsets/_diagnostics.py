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

from data_pkg.errors import ConfigurationError
from data_pkg.rules import Finding, Report, Rule, RuleTable, Severity
from data_pkg.toolsets._limits import MAX_DEPTH, MAX_DIGITS, MAX_VALUES, LimitError

__all__ = ["RULES", "Diagnostic", "Rule", "Severity", "ToolsetError", "limit_diagnostic"]


RULES = RuleTable(
    Rule("DM101", "syntax", "error", "The file is not valid Python, YAML or JSON."),
    Rule(
        "DM102",
        "unsupported-construct",
        "error",
        "Something other than a literal: a Python statement or computed expression, a YAML alias, anchor or tag.",
    ),
    Rule("DM103", "unknown-field", "error", "A field (or override key) the manifest format does not define."),
    Rule("DM104", "wrong-type", "error", "A field's value has the wrong type or is empty."),
    Rule("DM105", "duplicate-field", "error", "The same field or mapping key is given twice."),
    Rule(
        "DM106",
        "unreadable-file",
        "error",
        "The file cannot be read: permissions, encoding (UTF-8 only), size (1 MiB), or it is not a regular file"
        " (a FIFO, a folder, a device, a symlink loop).",
    ),
    Rule("DM107", "unsupported-format", "error", "The file's suffix is not .py, .yaml, .yml or .json."),
    Rule(
        "DM108",
        "too-large",
        "error",
        f"The document builds more than a manifest may: over {MAX_VALUES:,} values (a Python + that keeps doubling"
        f" a list), nesting deeper than {MAX_DEPTH}, or an integer of more than {MAX_DIGITS} digits.",
    ),
    Rule(
        "DM109",
        "not-unicode",
        "error",
        "A string holds text that cannot be encoded as UTF-8: a lone surrogate escape (\\ud800 without its pair).",
    ),
    Rule("DM201", "unknown-tool", "error", "No catalog endpoint has this name; a close match is suggested."),
    Rule("DM202", "duplicate-entry", "error", "The same tool, pattern or extended manifest is listed twice."),
    Rule("DM203", "name-collision", "error", "Two tools get the same name under the active naming style and prefix."),
    Rule("DM204", "not-a-tool", "error", "A bulk, file-download or hosted-only endpoint is named: it is never a tool."),
    Rule("DM205", "withdrawn", "warning", "A withdrawn endpoint is named; it is skipped and its successor suggested."),
    Rule("DM206", "unavailable", "error", "The endpoint needs a path segment the environment does not configure."),
    Rule("DM207", "empty-tool-set", "error", "The manifest resolves to no tools at all."),
    Rule("DM208", "pattern-matches-nothing", "warning", "An include or exclude pattern matches no available tool."),
    Rule("DM209", "bad-pattern", "error", "A pattern is malformed, names an unknown group or tag, or sits in tools."),
    Rule("DM210", "unknown-tier", "error", "max_tier is not one of the plan tiers."),
    Rule("DM301", "extends-cycle", "error", "Manifests extend each other in a cycle; the chain is shown."),
    Rule("DM302", "file-not-found", "error", "The manifest file, or a file it extends, does not exist."),
    Rule("DM303", "unknown-profile", "error", "No built-in profile has this name; the available ones are listed."),
    Rule("DM304", "bad-path", "error", "A manifest path cannot be used as written (e.g. backslashes on POSIX)."),
    Rule("DM401", "unknown-name-style", "error", "The naming style (manifest or DATA_MCP_TOOL_NAME_STYLE) is unknown."),
    Rule("DM402", "invalid-prefix", "error", "The prefix is not a letter then up to 15 letters, digits, _ or -."),
    Rule("DM403", "override-not-selected", "error", "An override names a tool that the manifest does not select."),
    Rule("DM404", "invalid-fixed-argument", "error", "A fixed argument names no parameter, or its value does not fit."),
    Rule("DM405", "invalid-tool-name", "error", "A tool name breaks the naming rules of the active style."),
    Rule(
        "DM406",
        "unknown-answer-field",
        "error",
        "fields or exclude_fields names a field the tool's answer does not have; a close match is suggested.",
    ),
    Rule(
        "DM407",
        "invalid-answer-setting",
        "error",
        "max_answer_tokens or answer_format (manifest or DATA_MCP_* variable) is out of range or unknown.",
    ),
    Rule(
        "DM408",
        "renamed-answer-field",
        "warning",
        "fields or exclude_fields uses the earlier name of a field the upstream now sends under another name"
        " (mktCap for marketCap); the current name is used.",
    ),
    Rule(
        "DM409",
        "invalid-analysis-limit",
        "error",
        "A limit of analysis is out of its range, or a table's limit is above the total it is part of.",
    ),
)
"""Every rule the resolver reports, by code (``docs/lint-rules.md`` is generated from it and lint's)."""


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
