"""Answers computed where the data is: kept tables and read-only SQL over them, with finance functions.

A manifest with ``analysis: true`` makes the local server keep each answer made of rows as a named
table (:class:`KeptTables`) and serve a query tool that runs one read-only statement over them under
lock-down (:meth:`KeptTables.query`); a refused or failed statement raises :class:`QueryRefusedError`.
The standard library's ``sqlite3`` is the engine; ``docs/analysis.md`` has the functions and limits.
"""

from __future__ import annotations

from data_pkg.analysis._finance import FUNCTION_NAMES
from data_pkg.analysis._store import KeptTable, KeptTables, QueryRefusedError, QueryResult

__all__ = ["FUNCTION_NAMES", "KeptTable", "KeptTables", "QueryRefusedError", "QueryResult"]
