"""The manifest model at run time: one validator for the node trees of all three formats.

This is plain code on purpose: pydantic costs ~50 ms to import, which the stdio server would pay
before its first answer. ``_model.py`` holds the equivalent pydantic model, used to generate
``schemas/manifest.schema.json``; a property test feeds the same documents to both and requires
the same verdict, so the two cannot drift apart.

Checks made here need no catalog: field names and types, non-empty strings, the naming style,
the prefix, the plan tier and the general shape of override names. Whether tool names exist and
fixed values fit their parameters is the resolver's business.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Literal, TypeVar, Union

from data_pkg.catalog import TIERS
from data_pkg.rules import Report
from data_pkg.toolsets._analysis import LIMIT_NAMES, LIMITS, AnalysisSpec, limit_problem, pair_problems
from data_pkg.toolsets._answer import ANSWER_FORMATS, DEFAULT_MAX_ANSWER_TOKENS, budget_problem
from data_pkg.toolsets._diagnostics import Diagnostic
from data_pkg.toolsets._document import COMMENT_KEY, FIELD_NAMES, OVERRIDE_FIELDS, SCHEMA_KEY, Node
from data_pkg.toolsets._naming import MCP_NAME, NAME_STYLES, PREFIX
from data_pkg.toolsets._rules import RULES
from data_pkg.utf8 import unencodable

T = TypeVar("T")
Format = Literal["python", "yaml", "json"]
FixedValue = Union[str, int, float, bool, tuple[str, ...]]
"""A fixed argument: a scalar, or a list of strings for list parameters."""


@dataclass(frozen=True, slots=True)
class Located(Generic[T]):
    """A value and the 1-based line and column where the manifest wrote it."""

    value: T
    line: int
    col: int


@dataclass(frozen=True, slots=True)
class Override:
    """One entry of ``overrides``: the tool it targets and what changes."""

    target: Located[str]
    name: Located[str] | None = None
    description: Located[str] | None = None
    fixed: tuple[tuple[Located[str], Located[FixedValue]], ...] = ()
    fields: tuple[Located[str], ...] | None = None
    exclude_fields: tuple[Located[str], ...] = ()
    max_answer_tokens: Located[int] | None = None
    title: Located[str] | None = None


@dataclass(frozen=True, slots=True)
class Manifest:
    """A validated manifest: every field that was valid, with positions; absent fields are None or empty."""

    file: str
    format: Format
    description: str | None = None
    extends: tuple[Located[str], ...] = ()
    tools: tuple[Located[str], ...] = ()
    include: tuple[Located[str], ...] = ()
    exclude: tuple[Located[str], ...] = ()
    name_style: Located[str] | None = None
    prefix: Located[str] | None = None
    max_tier: Located[str] | None = None
    max_tokens: Located[int] | None = None
    overrides: tuple[Override, ...] = ()
    output_schemas: Located[bool] | None = None
    fields_argument: Located[bool] | None = None
    max_answer_tokens: Located[int] | None = None
    answer_format: Located[str] | None = None
    analysis: Located[AnalysisSpec] | None = None
    description_at: Located[str] | None = None
    """The description where it was written (lint points at it)."""


def _type_name(node: Node) -> str:
    if node.kind != "scalar":
        return node.kind
    value = node.scalar
    return "null" if value is None else type(value).__name__


class _Validator:
    def __init__(self, file: str, fmt: Format) -> None:
        self.file = file
        self.format = fmt
        self.report = Report(RULES, file)

    def spelled(self, name: str) -> str:
        return name.upper() if self.format == "python" else name

    def unique_pairs(self, node: Node, what: str) -> list[tuple[Node, Node]]:
        """The pairs of a map node with string keys, reporting duplicate and non-string keys."""
        seen: set[str] = set()
        pairs = []
        for key, value in node.pairs:
            if key.kind != "scalar" or not isinstance(key.scalar, str):
                self.report.add("DM104", f"keys of {what} must be strings, not {_type_name(key)}", at=key)
                continue
            if key.scalar in seen:
                self.report.add("DM105", f"{what} has {key.scalar!r} twice", hint="keep one", at=key)
                continue
            seen.add(key.scalar)
            pairs.append((key, value))
        return pairs

    def string(self, node: Node, what: str) -> Located[str] | None:
        if node.kind == "scalar" and isinstance(node.scalar, str):
            if node.scalar.strip(" \t\r\n"):  # the same blank as the JSON Schema pattern
                return Located(node.scalar, node.line, node.col)
            self.report.add("DM104", f"{what} must not be empty", at=node)
            return None
        self.report.add("DM104", f"{what} must be a string, not {_type_name(node)}", at=node)
        return None

    def strings(self, node: Node, what: str) -> tuple[Located[str], ...]:
        if node.kind != "list":
            hint = f"write [{node.scalar!r}]" if node.kind == "scalar" and isinstance(node.scalar, str) else None
            self.report.add("DM104", f"{what} must be a list of strings, not {_type_name(node)}", hint=hint, at=node)
            return ()
        found = (self.string(item, f"an entry of {what}") for item in node.items)
        return tuple(item for item in found if item is not None)

    def choice(self, node: Node, what: str, allowed: tuple[str, ...], code: str) -> Located[str] | None:
        value = self.string(node, what)
        if value is None:
            return None
        if value.value not in allowed:
            self.report.add(code, f"{what} {value.value!r} is not one of {', '.join(allowed)}", at=node)
            return None
        return value

    def note(self, name: str, node: Node) -> None:
        """``$schema`` and ``$comment``: any string (or null), ignored."""
        if node.kind != "scalar" or not isinstance(node.scalar, (str, type(None))):
            self.report.add("DM104", f"{name} must be a string, not {_type_name(node)}", at=node)

    def tokens(self, node: Node, what: str) -> Located[int] | None:
        if node.kind == "scalar" and isinstance(node.scalar, int) and not isinstance(node.scalar, bool):
            if node.scalar >= 1:
                return Located(node.scalar, node.line, node.col)
            self.report.add("DM104", f"{what} must be at least 1, not {node.scalar}", at=node)
            return None
        self.report.add("DM104", f"{what} must be a whole number of tokens, not {_type_name(node)}", at=node)
        return None

    def validate(self, root: Node) -> Manifest:
        if root.kind != "map":
            self.report.add("DM104", f"a manifest must be a mapping of fields, not {_type_name(root)}", at=root)
            return Manifest(self.file, self.format)
        values: dict[str, object] = {}
        for key, node in self.unique_pairs(root, "the manifest"):
            name = key.scalar
            assert isinstance(name, str)
            if name in (SCHEMA_KEY, COMMENT_KEY) and self.format != "python":
                self.note(name, node)
                continue
            if name not in FIELD_NAMES:
                self.report.add("DM103", f"unknown field {name!r}", hint=self.field_hint(name), at=key)
                continue
            if node.kind == "scalar" and node.scalar is None:
                continue  # null means "not set", in every format
            value = self.field(name, node)
            if value is not None:
                values[name] = value
                if name == "description":
                    values["description_at"] = Located(value, node.line, node.col)
        return Manifest(self.file, self.format, **values)  # type: ignore[arg-type]

    def field(self, name: str, node: Node) -> object:
        what = self.spelled(name)
        if name == "description":
            found = self.string(node, what)
            return found.value if found else None
        if name in ("extends", "tools", "include", "exclude"):
            return self.strings(node, what)
        if name == "name_style":
            return self.choice(node, what, NAME_STYLES, "DM401")
        if name == "max_tier":
            return self.choice(node, what, TIERS, "DM210")
        if name == "max_tokens":
            return self.tokens(node, what)
        if name == "prefix":
            return self.prefix(node, what)
        if name == "max_answer_tokens":
            return self.budget(node, what)
        if name == "answer_format":
            return self.choice(node, what, ANSWER_FORMATS, "DM407")
        if name == "analysis":
            return self.analysis(node, what)
        if name in ("output_schemas", "fields_argument"):
            if node.kind == "scalar" and isinstance(node.scalar, bool):
                return Located(node.scalar, node.line, node.col)
            self.report.add("DM104", f"{what} must be true or false, not {_type_name(node)}", at=node)
            return None
        assert name == "overrides"
        return self.overrides(node, what)

    def analysis(self, node: Node, what: str) -> Located[AnalysisSpec] | None:
        """``true``/``false``, or a mapping of limits (which turns analysis on); DM409 for a limit out of range."""
        if node.kind == "scalar" and isinstance(node.scalar, bool):
            return Located(AnalysisSpec(enabled=node.scalar), node.line, node.col)
        if node.kind != "map":
            self.report.add(
                "DM104", f"{what} must be true, false or a mapping of limits, not {_type_name(node)}", at=node
            )
            return None
        values: dict[str, int] = {}
        where: dict[str, Node] = {}
        ok = True
        for key, value in self.unique_pairs(node, what):
            name = key.scalar
            assert isinstance(name, str)
            if name == COMMENT_KEY and self.format != "python":
                self.note(name, value)
                continue
            if name not in LIMIT_NAMES:
                known = ", ".join(limit.name for limit in LIMITS)
                self.report.add("DM103", f"unknown {what} limit {name!r}", hint=f"{what} may set {known}", at=key)
                ok = False
                continue
            if value.kind == "scalar" and value.scalar is None:
                continue  # null means "not set", as at the top level
            if not (value.kind == "scalar" and isinstance(value.scalar, int) and not isinstance(value.scalar, bool)):
                self.report.add("DM104", f"{what}.{name} must be a whole number, not {_type_name(value)}", at=value)
                ok = False
                continue
            problem = limit_problem(name, value.scalar)
            if problem is not None:
                default = next(limit.default for limit in LIMITS if limit.name == name)
                self.report.add("DM409", f"{what}.{name} {problem}", hint=f"the default is {default:,}", at=value)
                ok = False
                continue
            values[name] = value.scalar
            where[name] = value
        for name, message in pair_problems(values):
            self.report.add(
                "DM409", f"{what}: {message}", hint="a table's limit must fit within the total", at=where[name]
            )
            ok = False
        if not ok:
            return None
        return Located(AnalysisSpec().with_limits(values), node.line, node.col)

    def budget(self, node: Node, what: str) -> Located[int] | None:
        if node.kind == "scalar" and isinstance(node.scalar, int) and not isinstance(node.scalar, bool):
            problem = budget_problem(node.scalar)
            if problem is None:
                return Located(node.scalar, node.line, node.col)
            self.report.add("DM407", f"{what} {problem}", hint=f"e.g. {DEFAULT_MAX_ANSWER_TOKENS}", at=node)
            return None
        self.report.add("DM104", f"{what} must be a whole number of tokens, not {_type_name(node)}", at=node)
        return None

    def prefix(self, node: Node, what: str) -> Located[str] | None:
        if not (node.kind == "scalar" and isinstance(node.scalar, str)):
            self.report.add("DM104", f"{what} must be a string, not {_type_name(node)}", at=node)
            return None
        if node.scalar and not PREFIX.fullmatch(node.scalar):
            self.report.add(
                "DM402",
                f"{what} {node.scalar!r} is not a valid prefix",
                hint="a letter, then up to 15 letters, digits, _ or -",
                at=node,
            )
            return None
        return Located(node.scalar, node.line, node.col)

    def overrides(self, node: Node, what: str) -> tuple[Override, ...] | None:
        if node.kind != "map":
            self.report.add(
                "DM104", f"{what} must be a mapping of tool name to changes, not {_type_name(node)}", at=node
            )
            return None
        found = []
        for key, entry in self.unique_pairs(node, what):
            target = self.string(key, f"a tool name in {what}")
            if target is None:
                continue
            if entry.kind == "scalar" and entry.scalar is None:
                found.append(Override(target))
                continue
            if entry.kind != "map":
                kind = _type_name(entry)
                self.report.add("DM104", f"the override of {target.value!r} must be a mapping, not {kind}", at=entry)
                continue
            found.append(self.override(target, entry))
        return tuple(found)

    def override(self, target: Located[str], entry: Node) -> Override:
        name = description = title = None
        fixed: tuple[tuple[Located[str], Located[FixedValue]], ...] = ()
        fields: tuple[Located[str], ...] | None = None
        exclude_fields: tuple[Located[str], ...] = ()
        budget: Located[int] | None = None
        for key, value in self.unique_pairs(entry, f"the override of {target.value!r}"):
            field = key.scalar
            if field == COMMENT_KEY and self.format != "python":
                self.note(field, value)
                continue
            if field not in {f.name for f in OVERRIDE_FIELDS}:
                known = ", ".join(f.name for f in OVERRIDE_FIELDS)
                self.report.add(
                    "DM103", f"unknown override field {field!r}", hint=f"an override may set {known}", at=key
                )
                continue
            if value.kind == "scalar" and value.scalar is None:
                continue
            if field == "name":
                name = self.string(value, "an override's name")
                if name is not None and not MCP_NAME.fullmatch(name.value):
                    self.report.add(
                        "DM405",
                        f"{name.value!r} is not a valid tool name",
                        hint="1 to 128 of A-Z a-z 0-9 _ . - (and no dots unless the style is spec)",
                        at=value,
                    )
                    name = None
            elif field == "description":
                description = self.string(value, "an override's description")
            elif field == "title":
                title = self.string(value, "an override's title")
            elif field == "fields":
                fields = self.strings(value, "an override's fields")
            elif field == "exclude_fields":
                exclude_fields = self.strings(value, "an override's exclude_fields")
            elif field == "max_answer_tokens":
                budget = self.budget(value, "an override's max_answer_tokens")
            else:
                fixed = self.fixed(value)
        return Override(target, name, description, fixed, fields, exclude_fields, budget, title)

    def fixed(self, node: Node) -> tuple[tuple[Located[str], Located[FixedValue]], ...]:
        if node.kind != "map":
            self.report.add("DM104", f"fixed must map parameter names to values, not {_type_name(node)}", at=node)
            return ()
        found: list[tuple[Located[str], Located[FixedValue]]] = []
        for key, value in self.unique_pairs(node, "fixed"):
            param = self.string(key, "a parameter name")
            if param is None:
                continue
            if value.kind == "scalar" and value.scalar is not None:
                found.append((param, Located(value.scalar, value.line, value.col)))
            elif value.kind == "list" and all(i.kind == "scalar" and isinstance(i.scalar, str) for i in value.items):
                items = tuple(str(i.scalar) for i in value.items)
                found.append((param, Located(items, value.line, value.col)))
            else:
                self.report.add(
                    "DM104",
                    f"the fixed value of {param.value!r} must be a string, number, boolean or list of strings,"
                    f" not {_type_name(value)}",
                    at=value,
                )
        return tuple(found)

    def field_hint(self, name: str) -> str | None:
        lower = name.lower()
        if lower in FIELD_NAMES and lower != name:
            return f"YAML and JSON spell fields in lowercase: {lower}"
        from data_pkg.suggest import suggest

        return suggest(lower, FIELD_NAMES) or f"known fields: {', '.join(sorted(FIELD_NAMES))}"


def validate_document(root: Node, *, file: str, fmt: Format) -> tuple[Manifest, list[Diagnostic]]:
    """Check a parsed document against the manifest model; invalid fields are reported and left out."""
    validator = _Validator(file, fmt)
    manifest = validator.validate(root)
    return manifest, [*_not_unicode(root, file, fmt), *validator.report.findings]


_FULL_ESCAPE: dict[Format, str] = {
    "json": "write the character itself, or both halves of its escape pair: \\ud83d\\udcc8",
    "yaml": "write the character itself, or its one escape: \\U0001F4C8, not \\ud83d\\udcc8",
    "python": "write the character itself, or its one escape: \\U0001F4C8, not \\ud83d\\udcc8",
}
"""How each format spells a character beyond U+FFFF (YAML and Python read an escape pair as two halves)."""


def _not_unicode(root: Node, file: str, fmt: Format) -> list[Diagnostic]:
    """DM109 for every string (key or value, comments included) that cannot be encoded as UTF-8.

    All three formats can spell a lone surrogate (``"\\ud800"``). Such a string cannot leave the
    server in any UTF-8 message, so a description holding one would break every ``tools/list``:
    it is refused here, where lint and the server's resolver both look.
    """
    report = Report(RULES, file)
    pending = [root]
    while pending:  # a loop, not recursion: nesting is bounded (DM108), but the stack need not be
        node = pending.pop()
        if node.kind == "list":
            pending.extend(reversed(node.items))
        elif node.kind == "map":
            pending.extend(part for pair in reversed(node.pairs) for part in reversed(pair))
        elif isinstance(node.scalar, str):
            bad = unencodable(node.scalar)
            if bad is not None:
                report.add(
                    "DM109",
                    f"this string holds {bad}, which is not Unicode text and cannot be encoded as UTF-8",
                    hint=_FULL_ESCAPE[fmt],
                    at=node,
                )
    return report.findings
