"""Rules and findings: one shape for every code the project reports.

Three families of codes share it:

- ``DM1xx``-``DM4xx``: what the resolver (so the server and lint) reports about a manifest
  (:data:`data_pkg.toolsets.RULES`);
- ``DM5xx``: what only lint reports, because the server works all the same
  (:data:`data_pkg.lint.LINT_RULES`);
- ``DC1xx``-``DC4xx``: what ``data-mcp config validate`` and ``doctor`` report about a desktop
  assistant's config file (:data:`data_pkg.desktop.CODES`).

A :class:`Rule` says what a code means, with an :class:`Example` (a bad and a fixed file) beside it;
a :class:`Finding` is one occurrence of it, with where it is. Each family declares its rules, examples
included, in one :class:`RuleTable`, from which its docs page is generated (``scripts/lint_rules_doc.py``,
``scripts/config_codes_doc.py``). Every check reports through a :class:`Report`, the one way to make a
finding, which gives it the severity its rule declares. Codes are never renumbered or reused: tools,
docs and people's notes refer to them; a code no longer reported stays, with status ``retired``.

This module sits beside :mod:`data_pkg.errors` at the bottom of the layers: every package may
import it, and it imports nothing of the project but :mod:`data_pkg.files` (the standard library only),
through which :meth:`Snippet.write` writes.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Literal, Protocol

from data_pkg.files import write_atomic

__all__ = [
    "SEVERITIES",
    "Example",
    "Finding",
    "Position",
    "Report",
    "Rule",
    "RuleTable",
    "Severity",
    "Snippet",
    "Status",
]

Severity = Literal["error", "warning", "info"]
"""``error`` fails (the host, the server or a lint run); ``warning`` fails lint only under ``--strict``;
``info`` is a note that never fails anything."""

SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info")
"""Severities, most serious first."""

Status = Literal["active", "retired"]
"""A retired code is no longer reported; it keeps its entry, and is never reused."""

HERE = "{here}"
"""In a snippet, the folder the file is written to (an absolute path)."""
DOCS_HERE = "/home/me/manifests"
"""What the docs show for :data:`HERE`."""
PYTHON = "{python}"
"""In a snippet, the Python running the check (a desktop config's ``command``)."""
DOCS_PYTHON = "/usr/bin/python3"
"""What the docs show for :data:`PYTHON`."""


@dataclass(frozen=True)
class Snippet:
    """One file (``name``, ``text``) and the files beside it that it refers to (relative path, text)."""

    text: str
    name: str = "desk.yaml"
    files: tuple[tuple[str, str], ...] = ()
    encoding: str = "utf-8"
    """How the file is saved: UTF-8, except to show a file that is not."""

    def write(self, folder: Path) -> Path:
        """Write the file into ``folder`` (and its companions beside it); the file's path."""
        folder.mkdir(parents=True, exist_ok=True)
        here, python = folder.resolve().as_posix(), Path(sys.executable).as_posix()
        for relative, text in self.files:
            companion = (folder / relative).resolve()
            companion.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(companion, _filled(text, here, python).encode("utf-8"), mode=None)
        path = folder / self.name
        write_atomic(path, _filled(self.text, here, python).encode(self.encoding), mode=None)
        return path

    def shown(self) -> str:
        """The text as the docs show it."""
        return _filled(self.text, DOCS_HERE, DOCS_PYTHON)


def _filled(text: str, here: str, python: str) -> str:
    return text.replace(HERE, here).replace(PYTHON, python)


@dataclass(frozen=True)
class Example:
    """A file that breaks a rule and the same file fixed: part of the rule's declaration."""

    bad: Snippet
    fixed: Snippet
    note: str = ""
    """Anything the reader needs beyond the two snippets."""


@dataclass(frozen=True)
class Rule:
    """One code, declared once with everything about it: a short slug, the severity its findings have by
    default, a one-line summary (the docs table's), and an example.

    ``example`` holds a bad and a fixed file (the docs page shows them; the tests check that the bad
    one reports this code and nothing else, and the fixed one nothing). Every active rule has one; a
    retired rule keeps its entry and may drop it.
    """

    code: str
    slug: str
    severity: Severity
    summary: str
    example: Example | None = None
    status: Status = "active"


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem, with where it is.

    ``file`` is None for a problem that comes from the environment (an unknown
    ``DATA_MCP_TOOL_NAME_STYLE``) or from a text read without a name (a desktop config is
    validated as text; the file is named when it is printed); ``line`` and ``col`` are 1-based
    and point at the offending value, or are None when no single value is to blame. ``hint``
    says how to fix it.
    """

    code: str
    severity: Severity
    message: str
    hint: str | None = None
    file: str | None = None
    line: int | None = None
    col: int | None = None
    via: tuple[str, ...] = ()
    """For a manifest linted because it extends a linted one: the chain from it to that base (both
    included), which names the base as the cause; empty otherwise."""

    @property
    def is_error(self) -> bool:
        """Whether this finding fails what reported it."""
        return self.severity == "error"

    @property
    def fix(self) -> str | None:
        """The hint, under the name the desktop config commands print it with (``fix:``)."""
        return self.hint

    @property
    def location(self) -> str:
        """``file:line:col``, ``file``, ``line:col`` or empty, from what is known (a missing column is 1)."""
        parts = [self.file] if self.file else []
        if self.line is not None:
            parts += [str(self.line), str(self.col if self.col is not None else 1)]
        return ":".join(parts)

    def as_dict(self) -> dict[str, object]:
        """The finding as plain JSON-ready data: every field, ``via`` as a list."""
        return {**asdict(self), "via": list(self.via)}

    def __str__(self) -> str:
        """``file:line:col: CODE message (hint)``: how the server logs it and errors quote it."""
        text = f"{self.code} {self.message}"
        if self.hint:
            text += f" ({self.hint})"
        where = self.location if self.file is not None else ""
        return f"{where}: {text}" if where else text


class RuleTable(Mapping[str, Rule]):
    """The rules of one family, by code, in code order; each code is declared once (ValueError otherwise)."""

    def __init__(self, *rules: Rule) -> None:
        table: dict[str, Rule] = {}
        for rule in rules:
            if rule.code in table:
                raise ValueError(f"rule {rule.code} is declared twice")
            table[rule.code] = rule
        self._rules = dict(sorted(table.items()))

    def __getitem__(self, code: str) -> Rule:
        return self._rules[code]

    def __iter__(self) -> Iterator[str]:
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)

    def __repr__(self) -> str:
        return f"RuleTable({', '.join(self._rules)})"


class Position(Protocol):
    """Anything that knows where it was written: a manifest's node, a desktop config's JSON node."""

    @property
    def line(self) -> int | None:
        """1-based line, or None."""

    @property
    def col(self) -> int | None:
        """1-based column, or None."""


class Report:
    """The one way a check reports: ``report.add(code, message, hint=..., at=node)``.

    A report belongs to one family of rules (``rules``) and, where the findings are about one file,
    to that ``file``. Each finding it makes has the severity its rule declares (KeyError for a code
    the family does not have), so no check spells a severity or builds a :class:`Finding` itself.
    A check that finds one problem and hands it on at once (a parser that stops at the first
    syntax error) uses ``Report(rules, file).add(...)``, which returns the finding too.
    """

    def __init__(self, rules: RuleTable, file: str | None = None) -> None:
        self.rules = rules
        self.file = file
        self.findings: list[Finding] = []
        """What was reported, in the order it was."""

    def add(
        self,
        code: str,
        message: str,
        *,
        hint: str | None = None,
        at: Position | None = None,
        line: int | None = None,
        col: int | None = None,
        file: str | None = None,
        severity: Severity | None = None,
    ) -> Finding:
        """Report rule ``code``: the finding, kept in :attr:`findings` and returned.

        Where it is: ``at`` (a node with a line and column) or ``line`` and ``col``; in ``file``, or
        the report's. Its severity is the rule's unless ``severity`` gives another: a desktop entry's
        launcher is a warning where a wrong ``args`` is an error, under one code.
        """
        if at is not None:
            line, col = at.line, at.col
        found = Finding(
            code, severity or self.rules[code].severity, message, hint, self.file if file is None else file, line, col
        )
        self.findings.append(found)
        return found
