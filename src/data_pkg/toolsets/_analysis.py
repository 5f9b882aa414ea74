"""The manifest's ``analysis`` option: kept tables, their bounds, and the query tool it adds.

``analysis: true`` keeps every answer made of rows as a named table in the server and adds one
tool, ``query``, that runs a read-only SQL statement over those tables. ``analysis`` may instead be
a mapping of limits (which turns it on too); each limit has a default, a range, and DM409 when a
value is outside it. The server side (the tables and the locked-down engine) is ``data_pkg.analysis``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from data_pkg.toolsets._answer import MAX_ANSWER_TOKENS, MIN_ANSWER_TOKENS, AnswerSpec
from data_pkg.toolsets._naming import base_name_of

MIB = 1 << 20


@dataclass(frozen=True, slots=True)
class Limit:
    """One limit of ``analysis``: its name, default, allowed range and meaning (docs and schema use it)."""

    name: str
    default: int
    low: int
    high: int
    summary: str


LIMITS: tuple[Limit, ...] = (
    Limit("max_table_rows", 100_000, 1, 10_000_000, "Rows kept per table; an answer with more keeps its first rows."),
    Limit("max_table_bytes", 64 * MIB, 1 << 10, 1 << 31, "Bytes kept per table (values as text, estimated)."),
    Limit("max_rows", 1_000_000, 1, 100_000_000, "Rows kept in all tables together; the oldest table goes first."),
    Limit("max_bytes", 256 * MIB, 1 << 10, 1 << 33, "Bytes kept in all tables together; the oldest table goes first."),
    Limit("max_query_ms", 2_000, 10, 60_000, "Time one query may run, in milliseconds, before it is stopped."),
    Limit("max_result_rows", 10_000, 1, 1_000_000, "Rows a query's result may have; more is refused with advice."),
    Limit(
        "max_shown_tokens",
        2_000,
        MIN_ANSWER_TOKENS,
        MAX_ANSWER_TOKENS,
        "Tokens an answer kept whole shows of its rows (its budget, when lower); the rest are read with query.",
    ),
)
"""Every limit, in documentation order."""

LIMIT_NAMES: frozenset[str] = frozenset(limit.name for limit in LIMITS)

_PAIRS = (("max_table_rows", "max_rows"), ("max_table_bytes", "max_bytes"))
"""A table's limit may not exceed the total it is part of."""


@dataclass(frozen=True, slots=True)
class AnalysisSpec:
    """Whether answers are kept as tables (``enabled``) and the bounds of the tables and queries."""

    enabled: bool = True
    max_table_rows: int = LIMITS[0].default
    max_table_bytes: int = LIMITS[1].default
    max_rows: int = LIMITS[2].default
    max_bytes: int = LIMITS[3].default
    max_query_ms: int = LIMITS[4].default
    max_result_rows: int = LIMITS[5].default
    max_shown_tokens: int = LIMITS[6].default

    def shown(self, answer: AnswerSpec) -> AnswerSpec:
        """How an answer whose rows are all kept is written: its budget lowered to ``max_shown_tokens``."""
        return replace(answer, max_tokens=min(answer.max_tokens, self.max_shown_tokens))

    def with_limits(self, values: dict[str, int]) -> AnalysisSpec:
        """This spec with the limits in ``values`` replaced; a table's default is lowered to a lower total."""
        spec = replace(self, **values)  # type: ignore[arg-type]
        for table, total in _PAIRS:
            if table not in values and getattr(spec, table) > getattr(spec, total):
                spec = replace(spec, **{table: getattr(spec, total)})
        return spec

    def limits(self) -> dict[str, int]:
        """Every limit by name."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "enabled"}


def limit_problem(name: str, value: object) -> str | None:
    """Why ``value`` cannot be the limit ``name``, or None when it can."""
    limit = next(limit for limit in LIMITS if limit.name == name)
    if isinstance(value, bool) or not isinstance(value, int):
        return f"must be a whole number, not {type(value).__name__}"
    if not limit.low <= value <= limit.high:
        return f"must be between {limit.low:,} and {limit.high:,}, not {value:,}"
    return None


def pair_problems(values: dict[str, int]) -> list[tuple[str, str]]:
    """``(name, message)`` for each per-table limit set above the total it is part of (a total set alone
    lowers the table's default instead)."""
    spec = AnalysisSpec().with_limits(values)
    found = []
    for table, total in _PAIRS:
        if table in values and getattr(spec, table) > getattr(spec, total):
            found.append((table, f"{table} ({getattr(spec, table):,}) is more than {total} ({getattr(spec, total):,})"))
    return found


QUERY_GROUP = "analysis"
QUERY_KEY = "query"
MAX_SQL_CHARS = 20_000
"""Characters of one statement: a real analytic query is a few hundred."""

QUERY_TITLE = "Query kept tables (SQL)"
"""What hosts show for the query tool."""
QUERY_DESCRIPTION = (
    "Run one read-only SQLite SELECT over the tables kept from earlier answers (each answer's note names its"
    " table and row count); columns keep the answer's names, dates are ISO text. Finance aggregates, each"
    " taking (date, price) and ordering by date itself: period_return, cagr, volatility (annualised, 252 days),"
    " max_drawdown, sma(date, price, n), ema(date, price, n), rsi(date, price, n=14); correlation(x, y)."
    " Example: SELECT cagr(date, close), max_drawdown(date, close) FROM historical_prices_1."
    " Moving averages over time: AVG(close) OVER (ORDER BY date ROWS 49 PRECEDING)."
)


def query_tool_name(style: str, prefix: str) -> str:
    """The query tool's name under ``style`` and ``prefix`` (``query``, ``analysis.query``, ``analysis_query``)."""
    return prefix + base_name_of(QUERY_GROUP, QUERY_KEY, style)


def query_input_schema() -> dict[str, Any]:
    """The query tool's input schema: one SQL statement."""
    return {
        "type": "object",
        "properties": {
            "sql": {
                "type": "string",
                "description": "One SELECT (or WITH ... SELECT) statement over kept tables.",
                "maxLength": MAX_SQL_CHARS,
            }
        },
        "required": ["sql"],
        "additionalProperties": False,
    }
