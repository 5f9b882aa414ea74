"""The server's side of ``analysis``: keeping answers as tables, and answering the query tool.

The tables live in this process only (``data_pkg.analysis.KeptTables``, created on first use). Storing
and querying block, so both run in a worker thread, one at a time: the event loop keeps answering
other requests while a statement runs to its time limit.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import anyio
import mcp_types as types

from data_pkg.analysis import KeptTables, QueryRefusedError
from data_pkg.answers import CallContext, find_rows
from data_pkg.answers.results import ResultWriter, plain
from data_pkg.toolsets import MAX_SQL_CHARS, AnswerSpec, Registry, Tool

logger = logging.getLogger("data_pkg.mcp")


class Analysis:
    """The kept tables of this server process (made on first use) and the two things done with them."""

    def __init__(self, writer: ResultWriter) -> None:
        self.writer = writer
        self._tables: KeptTables | None = None

    def tables(self) -> KeptTables:
        """The kept tables, created on first use (a server without analysis never opens SQLite)."""
        if self._tables is None:
            self._tables = KeptTables()
        return self._tables

    async def keep(
        self, registry: Registry, key: str, tool: Tool, value: Any, arguments: Mapping[str, Any]
    ) -> tuple[str | None, AnswerSpec]:
        """Keep an answer's rows as a table: the sentence the note ends with (None when nothing was kept) and how
        the answer is written (shorter when every row was kept: the agent reads the rest with the query tool)."""
        if registry.analysis is None or registry.query is None:
            return None, tool.answer
        found = find_rows(plain(value))
        if found is None:
            return None, tool.answer
        spec, query = registry.analysis, registry.query.name
        store = self.tables()
        try:
            kept = await anyio.to_thread.run_sync(
                lambda: store.keep(key, found.rows, found.envelope, tool=tool.name, arguments=arguments, spec=spec)
            )
        except Exception:  # the answer itself is fine: say nothing of a table rather than fail the call
            logger.exception("could not keep the answer of %s as a table", tool.name)
            return None, tool.answer
        if kept is None:
            return None, tool.answer
        return kept.note(query), kept.written_as(tool.answer, spec)

    async def query(self, registry: Registry, arguments: Mapping[str, Any]) -> types.CallToolResult:
        """The query tool: one read-only statement over the kept tables, answered through the writer."""
        assert registry.analysis is not None and registry.query is not None
        sql = arguments.get("sql")
        extra = sorted(set(arguments) - {"sql"})
        if extra:
            return self.refused(f"{registry.query.name} takes only sql, not {', '.join(extra)}")
        if not isinstance(sql, str) or not sql.strip():
            return self.refused("sql must be one SELECT statement, as text")
        if len(sql) > MAX_SQL_CHARS:
            return self.refused(f"the statement has {len(sql):,} characters; at most {MAX_SQL_CHARS:,}")
        spec, store = registry.analysis, self.tables()
        try:
            result = await anyio.to_thread.run_sync(lambda: store.query(sql, spec))
        except QueryRefusedError as refusal:
            return self.refused(refusal.message)
        except Exception:
            logger.exception("%s failed unexpectedly", registry.query.name)
            return self.writer.problem(
                f"[internal] {registry.query.name} failed unexpectedly; the server log has the details."
            )
        also = None if result.rows else "The statement returned no rows."
        return self.writer.answer(result.rows, registry.query.answer, CallContext(), also=also)

    def refused(self, message: str) -> types.CallToolResult:
        """``[bad_arguments]`` naming the rule the statement broke."""
        return self.writer.problem(f"[bad_arguments] {message}. {self.writer.next_steps['bad_arguments']}")
