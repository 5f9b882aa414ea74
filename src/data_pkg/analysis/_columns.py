"""An answer's rows as an SQL table: columns with the upstream's names, values SQLite can compare.

Numbers stay numbers (a column of whole numbers is INTEGER, of any numbers REAL), dates stay the
upstream's ISO text (which sorts and compares as time does, and which SQLite's date functions
read), booleans become 1 and 0, and a nested object or list becomes its JSON text (``->>`` reads it).
Scalar fields of the object around a nested list (``symbol`` of a price history) become columns too.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Value = int | float | str | None


@dataclass(frozen=True)
class Shape:
    """The columns of a table (names as SQLite will hold them) and their declared types."""

    names: tuple[str, ...]
    types: tuple[str, ...]
    sources: tuple[str, ...]
    """The key each column reads from a row (a name may have been made unique: ``Date`` beside ``date``)."""

    def create(self, table: str) -> str:
        """The ``CREATE TABLE`` statement."""
        columns = ", ".join(f"{quoted(n)} {t}" for n, t in zip(self.names, self.types, strict=True))
        return f"CREATE TABLE {quoted(table)} ({columns})"

    def insert(self, table: str) -> str:
        """The ``INSERT`` statement, one ``?`` per column."""
        return f"INSERT INTO {quoted(table)} VALUES ({', '.join('?' * len(self.names))})"  # noqa: S608 (names quoted)


def quoted(name: str) -> str:
    """``name`` as an SQL identifier."""
    return '"' + name.replace('"', '""') + '"'


def cell(value: Any) -> Value:
    """A JSON value as SQLite stores it."""
    if isinstance(value, bool):
        return int(value)
    if value is None or isinstance(value, (int, float, str)):
        return value
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def with_envelope(rows: Sequence[Any], envelope: Mapping[str, Any] | None) -> Iterator[Mapping[str, Any]]:
    """Each row (objects only), with the envelope's scalar fields it does not have itself."""
    extra = {k: v for k, v in (envelope or {}).items() if not isinstance(v, (dict, list))}
    for row in rows:
        if isinstance(row, Mapping):
            yield {**extra, **row} if extra else row


def shape_of(rows: Sequence[Mapping[str, Any]]) -> Shape:
    """The columns of ``rows`` in first-seen order, typed by every value they hold."""
    kinds: dict[str, set[type]] = {}
    for row in rows:
        for key, value in row.items():
            seen = kinds.setdefault(key, set())
            if value is not None:
                seen.add(type(value))
    names, types, taken = [], [], set()
    for key, seen in kinds.items():
        name = key or "column"
        n = 1
        while name.lower() in taken:  # SQLite's names ignore case: Date and date would clash
            n += 1
            name = f"{key}_{n}"
        taken.add(name.lower())
        names.append(name)
        types.append(_declared(seen))
    return Shape(tuple(names), tuple(types), tuple(kinds))


def _declared(seen: set[type]) -> str:
    if seen and seen <= {int, bool}:
        return "INTEGER"
    if seen and seen <= {int, float, bool}:
        return "REAL"
    return "TEXT" if seen <= {str} else ""


def values(row: Mapping[str, Any], shape: Shape) -> tuple[Value, ...]:
    """One row's values in the shape's column order."""
    return tuple(cell(row.get(key)) for key in shape.sources)


def size(row: tuple[Value, ...]) -> int:
    """Estimated bytes of one stored row: text by its length, a number as eight."""
    return sum(len(v) if isinstance(v, str) else 8 for v in row) + 8
