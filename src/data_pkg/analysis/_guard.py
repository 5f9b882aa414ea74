"""What a query may do: read kept tables and call safe functions, nothing else.

SQLite asks the authorizer about every action a statement would take while it compiles it, before
anything runs. Only reading a kept table's columns, selecting and calling an allowed function pass;
the first action refused is remembered, so the agent is told which rule the statement broke (SQLite
itself only says "not authorized").
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Collection

ALLOWED_ACTIONS = frozenset(
    code
    for code in (
        sqlite3.SQLITE_SELECT,
        sqlite3.SQLITE_READ,
        sqlite3.SQLITE_FUNCTION,
        getattr(sqlite3, "SQLITE_RECURSIVE", 33),
    )
)
"""SELECT, reading a column, calling a function, a recursive CTE (the time limit bounds it)."""

DENIED_FUNCTIONS = frozenset(
    {
        "load_extension",
        "fts3_tokenizer",
        "readfile",
        "writefile",
        "edit",
        "sqlite_log",
        "zeroblob",
        "randomblob",
        "printf",
        "format",
        "optimize",
        "rtreecheck",
        "rtreenode",
        "rtreedepth",
    }
)
"""Functions that load code, touch files, write to the log, or make memory the time limit cannot stop
(``printf('%.*c', 100000000, 'x')`` spends seconds inside one call; ``round`` formats numbers)."""

_INTERNAL = ("sqlite_", "pragma_")
"""SQLite's schema tables and its pragmas as table-valued functions."""

_ACTION_RULES: dict[int, str] = {
    sqlite3.SQLITE_ATTACH: "ATTACH is not allowed: a query reads the kept tables only",
    sqlite3.SQLITE_DETACH: "DETACH is not allowed: a query reads the kept tables only",
    sqlite3.SQLITE_PRAGMA: "PRAGMA is not allowed: the engine's settings are fixed",
    sqlite3.SQLITE_TRANSACTION: "transactions are not allowed: a query only reads",
    getattr(sqlite3, "SQLITE_SAVEPOINT", 32): "savepoints are not allowed: a query only reads",
}


def refusal(action: int, first: str | None, second: str | None) -> str:
    """The rule a refused action breaks, in words an agent can act on."""
    if action in _ACTION_RULES:
        return _ACTION_RULES[action]
    if action == sqlite3.SQLITE_READ:
        return f"reading {first!r} is not allowed: a query reads the kept tables only"
    if action == sqlite3.SQLITE_FUNCTION:
        return f"the function {second}() is not allowed in a query"
    return "only SELECT is allowed: a query cannot write, create, drop or change anything"


class Guard:
    """The authorizer of the query engine: off while the server itself stores tables, on for queries."""

    def __init__(self, functions: Collection[str] | None) -> None:
        self.functions = None if functions is None else frozenset(f.lower() for f in functions) - DENIED_FUNCTIONS
        """Allowed function names (lowercase); None when the SQLite build cannot list its functions."""
        self.tables: Callable[[], Collection[str]] = frozenset
        self.active = False
        self.refused: str | None = None
        """Why the last statement was refused (its first refused action), for the error."""

    def __call__(
        self, action: int, first: str | None, second: str | None, database: str | None, inner: str | None
    ) -> int:
        if not self.active or self._allowed(action, first, second):
            return sqlite3.SQLITE_OK
        if self.refused is None:
            self.refused = refusal(action, first, second)
        return sqlite3.SQLITE_DENY

    def _allowed(self, action: int, first: str | None, second: str | None) -> bool:
        if action not in ALLOWED_ACTIONS:
            return False
        if action == sqlite3.SQLITE_READ:
            # The database holds the kept tables and SQLite's own; any other name read is a CTE's.
            name = (first or "").lower()
            return name in self.tables() or not name.startswith(_INTERNAL)
        if action == sqlite3.SQLITE_FUNCTION:
            name = (second or "").lower()
            return name not in DENIED_FUNCTIONS and (self.functions is None or name in self.functions)
        return True
