"""Rows as text: a compact table (header once, one line per row) or compact JSON.

The table is CSV: a cell holding a comma, a quote, a line break or outer spaces is quoted
(quotes doubled); a null is an empty cell; a whole float is written as an integer (``3.0`` as
``3``); an empty string is ``""``; text that would read as a number or a boolean (a CIK such as
``"0000320193"``) is quoted too. So the table keeps everything the JSON said about flat rows
(numbers, text, true/false, null) at a fraction of the tokens, since no key is repeated. Rows
holding an object or a list are written as JSON instead.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

_PLAIN_TEXT = re.compile(r'[^ ,"\n\r](?:[^,"\n\r]*[^ ,"\n\r])?')
"""Text that needs no quotes: not empty, no comma, quote or line break, no space at either end."""
_EXACT = 2**53
"""Integral floats below this are exact as integers."""
_LOOKS_TYPED = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|-?\d+")


class NotFlatError(Exception):
    """A row holds an object or a list: the rows are written as JSON instead."""


def json_text(value: Any) -> str:
    """Compact JSON, UTF-8 as it is (no ``\\u`` escapes, which cost tokens)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def cell(value: Any) -> str:
    """One CSV cell, written so that it reads back as the JSON value it was."""
    kind = type(value)
    if kind is str:
        text: str = value
        if _PLAIN_TEXT.fullmatch(text) and not _LOOKS_TYPED.fullmatch(text):
            return text
        return '"' + text.replace('"', '""') + '"'
    if kind is float:
        if value.is_integer() and abs(value) < _EXACT:
            return str(int(value))  # 37739387.0 is 37739387: the ".0" costs two tokens and says nothing
        return repr(value)  # the shortest text that reads back as the same float, as JSON writes it
    if kind is int:
        return str(value)
    if value is None:
        return ""
    if kind is bool:
        return "true" if value else "false"
    raise NotFlatError


class Table:
    """Renders rows of objects (or of plain values) as CSV lines, learning the columns as rows come.

    A column first seen in a later row goes at the end, and earlier lines are padded with empty
    cells when the table is joined, so no row is read before it is needed.
    """

    def __init__(self) -> None:
        self.keys: dict[str, int] = {}
        self.objects: bool | None = None
        self._widths: list[int] = []

    def header(self) -> str:
        """The header line, or nothing for a list of plain values."""
        return ",".join(cell(key) for key in self.keys) if self.objects else ""

    def line(self, row: Any) -> str:
        """One row; NotFlatError when it holds an object or a list, or when objects and plain values mix."""
        is_object = isinstance(row, dict)
        if self.objects is None:
            self.objects = is_object
        elif self.objects is not is_object:
            raise NotFlatError
        if not is_object:
            return cell(row)
        for key in row:
            self.keys.setdefault(key, len(self.keys))
        self._widths.append(len(self.keys))
        return ",".join([cell(row.get(key)) for key in self.keys])

    def lines(self, rows: Iterable[Any]) -> Iterator[str]:
        """Every row's line, lazily."""
        return (self.line(row) for row in rows)

    def join(self, lines: Sequence[str]) -> str:
        """The table text of the first ``len(lines)`` rendered lines."""
        if not self.objects:
            return "\n".join(lines)
        width = len(self.keys)
        padded = [line + "," * (width - max(self._widths[i], 1)) for i, line in enumerate(lines)]
        return "\n".join([self.header(), *padded])
