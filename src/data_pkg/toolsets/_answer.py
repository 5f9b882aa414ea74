"""How a tool's answers are shaped: chosen fields, format and token budget, as the manifest sets them.

The registry carries one :class:`AnswerSpec` per tool; the answer writer (``data_pkg.answers``)
applies it. Defaults come from the environment (``DATA_MCP_MAX_ANSWER_TOKENS``,
``DATA_MCP_ANSWER_FORMAT``); a manifest's ``max_answer_tokens`` / ``answer_format`` replace them
for its tools, and a per-tool override replaces those in turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from data_pkg.rules import Report
from data_pkg.toolsets._diagnostics import Diagnostic
from data_pkg.toolsets._rules import RULES

AnswerFormat = Literal["table", "json"]

ANSWER_FORMATS: tuple[AnswerFormat, ...] = ("table", "json")
"""``table``: lists of flat rows as CSV (header once), anything else as compact JSON; ``json``: always JSON."""

DEFAULT_FORMAT: AnswerFormat = "table"
"""Measured cheaper for every list answer of the catalog (docs/benchmarks.md, "Answers")."""

DEFAULT_MAX_ANSWER_TOKENS = 8_000
"""Below the 10,000 tokens past which assistants warn, with room for the note and the agent's reply."""

MIN_ANSWER_TOKENS = 500
"""Less leaves no room for a header, a row and the note that says what was cut."""

MAX_ANSWER_TOKENS = 1_000_000

BUDGET_ENV = "DATA_MCP_MAX_ANSWER_TOKENS"
FORMAT_ENV = "DATA_MCP_ANSWER_FORMAT"


@dataclass(frozen=True, slots=True)
class AnswerSpec:
    """What a tool's answer keeps and how it is written.

    ``fields`` (when set) keeps only those fields of each row, in the answer's own order;
    ``exclude_fields`` drops fields. Names are the answer's wire names (``changePercent``).
    ``fields_argument``: the tool takes a ``fields`` argument, which narrows ``fields`` for one call.
    """

    max_tokens: int = DEFAULT_MAX_ANSWER_TOKENS
    format: AnswerFormat = DEFAULT_FORMAT
    fields: tuple[str, ...] | None = None
    exclude_fields: tuple[str, ...] = ()
    fields_argument: bool = False


def budget_problem(value: object) -> str | None:
    """Why ``value`` cannot be a token budget, or None when it can."""
    if isinstance(value, bool) or not isinstance(value, int):
        return f"must be a whole number of tokens, not {type(value).__name__}"
    if not MIN_ANSWER_TOKENS <= value <= MAX_ANSWER_TOKENS:
        return f"must be between {MIN_ANSWER_TOKENS:,} and {MAX_ANSWER_TOKENS:,} tokens, not {value:,}"
    return None


def answer_defaults(env: Mapping[str, str]) -> tuple[AnswerSpec, list[Diagnostic]]:
    """The environment's defaults; a bad value is an error (DM407), never a silent fallback."""
    problems = Report(RULES)
    spec = AnswerSpec()
    raw_budget = env.get(BUDGET_ENV, "").strip()
    if raw_budget:
        value: object = int(raw_budget) if raw_budget.isdigit() and len(raw_budget) <= 9 else raw_budget
        problem = budget_problem(value)
        if problem is None:
            assert isinstance(value, int)
            spec = AnswerSpec(max_tokens=value)
        else:
            hint = f"e.g. {BUDGET_ENV}={DEFAULT_MAX_ANSWER_TOKENS}"
            problems.add("DM407", f"{BUDGET_ENV}={raw_budget[:40]!r} {problem}", hint=hint)
    raw_format = env.get(FORMAT_ENV, "").strip()
    if raw_format:
        if raw_format in ANSWER_FORMATS:
            spec = AnswerSpec(max_tokens=spec.max_tokens, format=raw_format)
        else:
            message = f"{FORMAT_ENV}={raw_format[:40]!r} is not one of {', '.join(ANSWER_FORMATS)}"
            problems.add("DM407", message)
    return spec, problems.findings
