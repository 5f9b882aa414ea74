"""The parsed form of a manifest, whatever its format: values that remember where they were written.

The three parsers (Python, YAML, JSON) each turn a file into a tree of :class:`Node` values; one
validator (``_manifest.py``) turns that tree into a :class:`~data_pkg.toolsets._manifest.Manifest`.
Keeping positions on every value is what lets a diagnostic point at the exact list item or
mapping key that is wrong, in any of the three formats.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Union

Scalar = Union[str, int, float, bool, None]
NodeKind = Literal["scalar", "list", "map"]


@dataclass(frozen=True, slots=True)
class Node:
    """A value from a manifest file, with the 1-based line and column where it starts.

    ``value`` is a :data:`Scalar` for ``kind == "scalar"``, a tuple of nodes for
    ``"list"`` and a tuple of ``(key, value)`` node pairs for ``"map"`` (keys are
    string scalars; order is the file's).
    """

    kind: NodeKind
    value: Scalar | tuple[Node, ...] | tuple[tuple[Node, Node], ...]
    line: int
    col: int

    @property
    def items(self) -> tuple[Node, ...]:
        """The elements of a list node."""
        assert self.kind == "list"
        return self.value  # type: ignore[return-value]

    @property
    def pairs(self) -> tuple[tuple[Node, Node], ...]:
        """The ``(key, value)`` pairs of a map node."""
        assert self.kind == "map"
        return self.value  # type: ignore[return-value]

    @property
    def scalar(self) -> Scalar:
        """The value of a scalar node."""
        assert self.kind == "scalar"
        return self.value  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """One manifest field: its name (lowercase; Python spells it in UPPERCASE) and what it means."""

    name: str
    summary: str


FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("description", "What this tool set is for; in Python the module docstring."),
    FieldSpec("extends", "Profiles (by name) or manifest files (paths relative to this file) to start from."),
    FieldSpec("tools", "Tools to add, by spec name (company.quote) or bare key (quote)."),
    FieldSpec("include", "Patterns of tools to add: spec globs (fundamental.*), group:NAME, tag:NAME."),
    FieldSpec("exclude", "Patterns or names of tools to remove, after extends, include and tools."),
    FieldSpec("name_style", "Tool naming style: key (quote), spec (company.quote) or snake (company_quote)."),
    FieldSpec("prefix", "Prepended to every tool name, e.g. mkt_; a letter, then up to 15 of A-Z a-z 0-9 _ -."),
    FieldSpec("max_tier", "Drop tools above this plan tier: basic, starter, premium or ultimate."),
    FieldSpec(
        "max_tokens",
        "Budget of this tool list in estimated tokens (as data-mcp tools counts them); lint fails above it.",
    ),
    FieldSpec("overrides", "Per-tool changes, keyed by tool name: name, title, description, fixed arguments."),
    FieldSpec("output_schemas", "Publish output schemas for tools (costs tokens; off by default)."),
    FieldSpec(
        "fields_argument",
        "Give tools whose answers are rows a fields argument, to choose columns per call (on by default).",
    ),
    FieldSpec(
        "max_answer_tokens",
        "Token budget of every tool answer (500 to 1,000,000); longer answers are cut with a note."
        " Default: DATA_MCP_MAX_ANSWER_TOKENS, else 8,000.",
    ),
    FieldSpec(
        "answer_format",
        "table (lists of flat rows as CSV, header once) or json. Default: DATA_MCP_ANSWER_FORMAT, else table.",
    ),
    FieldSpec(
        "analysis",
        "Keep every answer made of rows as a table in the server and add the query tool (read-only SQL with"
        " finance functions over them): true, or a mapping of limits (max_table_rows, max_bytes, ...).",
    ),
)
"""Every field, in documentation order. YAML and JSON spell them in lowercase."""

FIELD_NAMES: frozenset[str] = frozenset(f.name for f in FIELDS)

OVERRIDE_FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("name", "The tool's name instead of the style's (the prefix still applies)."),
    FieldSpec("title", "The tool's title, what hosts show for it, instead of the catalog's."),
    FieldSpec("description", "The tool's description instead of the catalog's."),
    FieldSpec("fixed", "Argument values always sent; these parameters disappear from the tool's input schema."),
    FieldSpec("fields", "Keep only these fields of each answer row (the answer's names, e.g. date, close)."),
    FieldSpec("exclude_fields", "Leave these fields out of each answer row."),
    FieldSpec("max_answer_tokens", "This tool's answer budget, instead of the manifest's."),
)
"""The keys an entry of ``overrides`` may have."""

SCHEMA_KEY = "$schema"
"""A key YAML and JSON manifests may carry for editor support; the resolver ignores it."""

COMMENT_KEY = "$comment"
"""A key YAML and JSON manifests may carry at the top level or in an override: a note for people (and a
``data-mcp: ignore[CODE]`` directive for lint, JSON having no comments); the resolver ignores it."""
