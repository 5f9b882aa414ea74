"""Kept tables: one in-memory SQLite database per server process, bounded, queried under lock-down.

Why SQLite: it is in the standard library (no extra dependency, every supported Python), an
in-memory database belongs to the process that opened it (two servers never share tables), and it
can be locked down from the outside: an authorizer refuses every action but reading kept tables
and calling allowed functions, a progress handler stops a statement at its time limit, extension
loading is off, and SQLite's own limits bound the length of a value and of the statement. The
heap limit is the process's (SQLite has no per-connection one): it is set once, high enough for
the kept tables, so a runaway statement fails with "out of memory" instead of taking the machine.

Every method blocks: the server calls them in a worker thread, one at a time (a lock).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from data_pkg.analysis._columns import Value, quoted, shape_of, size, values, with_envelope
from data_pkg.analysis._finance import AGGREGATES
from data_pkg.analysis._guard import Guard
from data_pkg.toolsets import AnalysisSpec, AnswerSpec

MIN_ROWS = 2
"""Answers of fewer rows are records, not tables: keeping them would only lengthen their note."""

MAX_VALUE_BYTES = 10_000_000
"""Longest string or blob a query may build (SQLite's default is 1 GB)."""

HEAP_HEADROOM = 1 << 30
"""Heap SQLite may use beyond the kept tables' bytes (queries' sorting, grouping and results)."""

PROGRESS_STEPS = 1_000
"""Virtual-machine steps between two looks at the clock: about 0.05 ms of work."""

MAX_RESULT_BYTES = 16 << 20
"""Bytes of text a result may hold before the query is refused; the answer writer shows far less."""

REMEMBERED = 1_000
"""Dropped tables remembered, to say what became of them and which call brings them back."""


class QueryRefusedError(Exception):
    """A statement the engine will not run, or that failed: ``message`` names the rule or the problem."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class KeptTable:
    """A table kept from an answer: its name, rows kept (of the answer's), size, and the call that made it."""

    name: str
    rows: int
    of: int
    bytes: int
    tool: str
    arguments: Mapping[str, Any] = field(default_factory=dict)
    columns: tuple[str, ...] = ()

    def note(self, query: str) -> str:
        """What the answer's note says of this table: its name, its rows, and the tool that queries it."""
        if self.rows == self.of:
            return f"All {self.rows:,} rows are kept as table `{self.name}`; query it with `{query}`."
        return (
            f"The first {self.rows:,} of {self.of:,} rows are kept as table `{self.name}` (the table limits of"
            f" analysis); query it with `{query}`."
        )

    def written_as(self, answer: AnswerSpec, spec: AnalysisSpec) -> AnswerSpec:
        """How the answer the rows came from is written: within ``max_shown_tokens`` when every row is kept
        (the agent reads the rest with the query tool), as it is when only some are."""
        return spec.shown(answer) if self.rows == self.of else answer

    def example(self) -> str:
        """A typical statement over this table: the finance summary of a price series, else its size."""
        table = quoted(self.name)  # a name the server made: endpoint key and counter
        if {"date", "close"} <= set(self.columns):
            return (
                "SELECT cagr(date, close) AS cagr, volatility(date, close) AS volatility,"  # noqa: S608
                f" max_drawdown(date, close) AS max_drawdown, count(*) AS days FROM {table}"
            )
        return f"SELECT count(*) AS rows FROM {table}"  # noqa: S608

    def call(self) -> str:
        """The call that brings the rows back, as an agent would write it."""
        return f"{self.tool} with {json.dumps(dict(self.arguments), default=str, separators=(', ', ': '))}"


@dataclass(frozen=True)
class QueryResult:
    """A query's rows as JSON objects (column names made unique), in the statement's order."""

    rows: list[dict[str, Value]]
    columns: tuple[str, ...]


class KeptTables:
    """The kept tables of one server process and the locked-down engine that queries them."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._db = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
        functions = _function_names(self._db)
        for name, arity, aggregate in AGGREGATES:
            self._db.create_aggregate(name, arity, aggregate)
        self._guard = Guard(None if functions is None else {*functions, *(name for name, _, _ in AGGREGATES)})
        self._tables: OrderedDict[str, KeptTable] = OrderedDict()
        self._guard.tables = lambda: {name.lower() for name in self._tables}
        self._dropped: OrderedDict[str, tuple[KeptTable, str]] = OrderedDict()
        self._counts: dict[str, int] = {}
        self._heap_set = False
        if hasattr(self._db, "enable_load_extension"):  # absent when Python was built without it
            self._db.enable_load_extension(False)
        if hasattr(self._db, "setlimit"):  # Python 3.11+
            for name, value in (("LENGTH", MAX_VALUE_BYTES), ("SQL_LENGTH", 1_000_000), ("ATTACHED", 0)):
                self._db.setlimit(getattr(sqlite3, f"SQLITE_LIMIT_{name}"), value)
        self._db.set_authorizer(self._guard)

    def close(self) -> None:
        """Free the database and every table in it; the store answers nothing after this."""
        self._db.close()

    def __del__(self) -> None:
        # A store dropped without close() (a test's, the CLI's sizing run) frees its database here rather than
        # leaving it to the connection's finaliser, which warns about an unclosed database (an error in the suite).
        db = getattr(self, "_db", None)
        if db is not None:
            db.close()

    @property
    def tables(self) -> tuple[KeptTable, ...]:
        """The tables kept now, oldest first."""
        return tuple(self._tables.values())

    def keep(
        self,
        key: str,
        rows: Sequence[Any],
        envelope: Mapping[str, Any] | None,
        *,
        tool: str,
        arguments: Mapping[str, Any],
        spec: AnalysisSpec,
    ) -> KeptTable | None:
        """Keep ``rows`` (the upstream's, all of them) as a new table named after ``key``; None when not rows.

        The first rows within the table's limits are kept; then the oldest tables are dropped until
        every table together is within the totals.
        """
        found = list(with_envelope(rows, envelope))
        if len(found) < MIN_ROWS:
            return None
        with self._lock:
            self._limit_heap(spec)
            shape = shape_of(found)
            stored: list[tuple[Value, ...]] = []
            used = 0
            for row in found[: spec.max_table_rows]:
                cells = values(row, shape)
                used += size(cells)
                if used > spec.max_table_bytes and stored:
                    used -= size(cells)
                    break
                stored.append(cells)
            self._counts[key] = self._counts.get(key, 0) + 1
            name = f"{key}_{self._counts[key]}"
            self._db.execute(shape.create(name))
            self._db.executemany(shape.insert(name), stored)
            kept = KeptTable(name, len(stored), len(found), used, tool, dict(arguments), shape.names)
            self._tables[name] = kept
            self._evict(spec, keep=name)
            return kept

    def _evict(self, spec: AnalysisSpec, keep: str) -> None:
        while True:
            rows = sum(t.rows for t in self._tables.values())
            used = sum(t.bytes for t in self._tables.values())
            if rows <= spec.max_rows and used <= spec.max_bytes:
                return
            oldest = next(iter(self._tables))
            if oldest == keep:
                return
            table = self._tables.pop(oldest)
            self._db.execute(f"DROP TABLE {quoted(oldest)}")
            why = f"kept tables hold at most {spec.max_rows:,} rows and {spec.max_bytes:,} bytes together"
            self._dropped[oldest.lower()] = (table, why)
            while len(self._dropped) > REMEMBERED:
                self._dropped.popitem(last=False)

    def _limit_heap(self, spec: AnalysisSpec) -> None:
        """Cap SQLite's heap once: the kept bytes (stored larger than estimated) plus headroom for queries."""
        if self._heap_set:
            return
        self._heap_set = True
        limit = 3 * spec.max_bytes + HEAP_HEADROOM
        try:
            self._db.execute(f"PRAGMA hard_heap_limit={limit}")
            self._db.execute(f"PRAGMA soft_heap_limit={limit // 2}")
        except sqlite3.Error:  # SQLite before 3.31 has no hard limit; the soft one is advice only
            pass

    def query(self, sql: str, spec: AnalysisSpec) -> QueryResult:
        """Run one read-only statement under the guard and the time limit.

        Raises :class:`QueryRefusedError` naming the rule a statement breaks, or why it failed.
        """
        try:
            sql.encode("utf-8")
        except UnicodeEncodeError as error:
            raise QueryRefusedError(
                f"the statement is not valid text: {error.reason} at character {error.start}"
            ) from None
        with self._lock:
            self._limit_heap(spec)
            deadline = time.monotonic() + spec.max_query_ms / 1000
            timed_out = False

            def progress() -> int:
                nonlocal timed_out
                timed_out = time.monotonic() > deadline
                return int(timed_out)

            self._guard.refused = None
            self._guard.active = True
            self._db.set_progress_handler(progress, PROGRESS_STEPS)
            try:
                return self._run(sql, spec)
            except sqlite3.ProgrammingError as error:
                if "one statement" in str(error):
                    raise QueryRefusedError("one statement per query: remove everything after the first ;") from None
                raise QueryRefusedError(f"SQLite refused the statement: {error}") from None
            except sqlite3.Warning as error:  # Python 3.10 and 3.11 report a second statement as a warning
                raise QueryRefusedError(
                    f"one statement per query: remove everything after the first ; ({error})"
                ) from None
            except MemoryError:
                raise QueryRefusedError(
                    "the statement needs more memory than the engine allows: aggregate, or add LIMIT"
                ) from None
            except sqlite3.Error as error:
                raise QueryRefusedError(self._explain(error, spec, timed_out)) from None
            finally:
                self._db.set_progress_handler(None, 0)
                self._guard.active = False

    def _run(self, sql: str, spec: AnalysisSpec) -> QueryResult:
        cursor = self._db.execute(sql)
        if cursor.description is None:
            raise QueryRefusedError("only SELECT is allowed: a query reads the kept tables and returns rows")
        columns = _unique([d[0] for d in cursor.description])
        rows: list[dict[str, Value]] = []
        used = 0
        while True:
            batch = cursor.fetchmany(500)
            if not batch:
                break
            for found in batch:
                row = {c: _plain(v) for c, v in zip(columns, found, strict=True)}
                used += size(tuple(row.values()))
                rows.append(row)
            if len(rows) > spec.max_result_rows:
                raise QueryRefusedError(
                    f"the result has more than {spec.max_result_rows:,} rows (max_result_rows):"
                    " aggregate, or add WHERE or LIMIT"
                )
            if used > MAX_RESULT_BYTES:
                raise QueryRefusedError(
                    f"the result is larger than {MAX_RESULT_BYTES >> 20} MiB: choose fewer columns or rows"
                )
        return QueryResult(rows, tuple(columns))

    def _explain(self, error: sqlite3.Error, spec: AnalysisSpec, timed_out: bool) -> str:
        text = str(error)
        if timed_out:
            return (
                f"the statement ran longer than {spec.max_query_ms:,} ms (max_query_ms) and was stopped:"
                " a join without a condition or a recursive CTE without an end never finishes; a sound statement"
                " over a large table may need fewer rows (WHERE) or a higher max_query_ms in the manifest"
            )
        if self._guard.refused is not None:
            return self._guard.refused
        if text.startswith("no such table: "):
            return self._missing(text.removeprefix("no such table: ").strip())
        if "out of memory" in text or (isinstance(error, sqlite3.DataError) and "too big" in text):
            return f"the statement needs more memory than the engine allows ({text}): aggregate, or add LIMIT"
        return f"SQLite could not run the statement: {text}"

    def _missing(self, name: str) -> str:
        bare = name.split(".")[-1]
        dropped = self._dropped.get(bare.lower())
        if dropped is not None:
            table, why = dropped
            return (
                f"table {table.name} was dropped to make room for newer ones ({why}); call {table.call()}"
                " again to keep its rows as a new table"
            )
        kept = ", ".join(self._tables) or "none yet: call a tool whose answer is rows first"
        return f"no kept table is called {bare}; kept tables: {kept}"


def _function_names(db: sqlite3.Connection) -> set[str] | None:
    """Every function this SQLite build has (3.30+), read before the guard is on."""
    try:
        return {str(row[0]) for row in db.execute("PRAGMA function_list")}
    except sqlite3.Error:
        return None


def _unique(names: Sequence[str]) -> list[str]:
    seen: set[str] = set()
    found = []
    for name in names:
        unique, n = name, 1
        while unique in seen:
            n += 1
            unique = f"{name}_{n}"
        seen.add(unique)
        found.append(unique)
    return found


def _plain(value: object) -> Value:
    if isinstance(value, bytes):
        return value.hex()
    return value  # type: ignore[return-value]
