"""Rows as text: a compact table (header once, one line per row) or compact JSON.

The table is CSV: a cell holding a comma, a quote or outer spaces is quoted (quotes doubled); a
null is an empty cell; a whole float is written as an integer (``3.0`` as ``3``); an empty string
is ``""``; text that would read as a number or a boolean (a CIK such as ``"0000320193"``) is
quoted too. So the table keeps everything the JSON said about flat rows (numbers, text,
true/false, null) at a fraction of the tokens, since no key is repeated. Rows holding an object
or a list are written as JSON instead.

No upstream text can pass for the server's own words, whichever format:

- every row is one line: a line break, another control character, a backslash, a character that
  reorders or separates lines on screen, or a lone surrogate inside a cell is written quoted with
  JSON's escape (``\\n``, ``\\u2028``, ``\\\\``), and JSON text escapes the same characters;
- text that starts a line (the first column, and the header's first key) is quoted when it holds
  a space or starts with ``[``: the server's note and its ``[category]`` lines are prose, so no row
  line can read as one;
- text starting with ``=``, ``+``, ``-`` or ``@`` is quoted behind a ``'``, the way CSV-injection
  guidance neutralises formulas, unless it is a number (``-1.5``, ``+3%``), which is data. A text
  that already starts with ``'`` before one of them gets one more, so the table stays lossless.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

_SHOWN_AS_ESCAPES = r"\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff"
_UNSAFE = r"\\\x00-\x1f" + _SHOWN_AS_ESCAPES
"""Escaped wherever upstream text is written: a backslash (so escapes read back), C0 and C1 controls and DEL,
line and paragraph separators, the marks that reorder text on screen, and lone surrogates (not characters,
so no UTF-8 encoder takes them)."""
_ESCAPE = re.compile(f"[{_UNSAFE}]")
_ESCAPE_IN_JSON = re.compile(f"[{_SHOWN_AS_ESCAPES}]")
"""What json.dumps leaves as it is of :data:`_UNSAFE` (it escapes the backslash and C0 itself)."""
_SHORT_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}
_PLAIN_TEXT = re.compile(f"""[^ ,"'=+\\-@\\[{_UNSAFE}](?:[^,"{_UNSAFE}]*[^ ,"{_UNSAFE}])?""")
"""Text that needs no quotes anywhere: not empty, no comma, quote, escape or outer space, no formula or ``[`` first."""
_BARE_TEXT = re.compile(r'[^ ,"](?:[^,"]*[^ ,"])?')
"""Text without escapes that needs no quotes where it does not start a line."""
_FORMULA = re.compile(r"'*[=+\-@]")
_NUMBER_TEXT = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?%?")
"""A number written as text: data, never a formula, even with a sign first."""
_DATE_TIME = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?")
"""The one value with a space that often starts a line (an intraday bar's time): a value, not prose."""
_EXACT = 2**53
"""Integral floats below this are exact as integers."""
_LOOKS_TYPED = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|-?\d+")


def _escaped(found: re.Match[str]) -> str:
    char = found.group()
    return _SHORT_ESCAPES.get(char) or f"\\u{ord(char):04x}"


def safe_text(text: str) -> str:
    """``text`` with :data:`_UNSAFE` characters as JSON escapes: one line, encodable, in the order it reads."""
    return _ESCAPE.sub(_escaped, text)


class NotFlatError(Exception):
    """A row holds an object or a list: the rows are written as JSON instead."""


_NAME = re.compile(r"[A-Za-z0-9_\-]+")


def name_text(key: str) -> str:
    """An upstream key as the server's note names it: as it is when it is a plain name, else as a JSON string."""
    return key if _NAME.fullmatch(key) else json_text(key)


def json_text(value: Any) -> str:
    """Compact JSON, UTF-8 as it is (no ``\\u`` escapes, which cost tokens) but for the unsafe characters."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return _ESCAPE_IN_JSON.sub(_escaped, text)


def cell(value: Any, *, starts_line: bool = False) -> str:
    """One CSV cell, written so that it reads back as the JSON value it was (see the module docstring)."""
    kind = type(value)
    if kind is str:
        return _text_cell(value, starts_line)
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


def _text_cell(text: str, starts_line: bool) -> str:
    prose = starts_line and " " in text and not _DATE_TIME.fullmatch(text)
    if not prose and _PLAIN_TEXT.fullmatch(text) and not _LOOKS_TYPED.fullmatch(text):
        return text  # the common case, decided by one match
    written = safe_text(text)
    formula = _FORMULA.match(written) is not None and not _NUMBER_TEXT.fullmatch(written)
    if formula:
        written = "'" + written
    elif (
        written is text  # nothing escaped (sub returns the same string when nothing matched)
        and not prose
        and not (starts_line and text.startswith("["))
        and _BARE_TEXT.fullmatch(text)
        and not _LOOKS_TYPED.fullmatch(text)
    ):
        return text
    return '"' + written.replace('"', '""') + '"'


def _row_line(values: list[Any]) -> str:
    """One line of cells; the first starts the line (see :func:`cell`)."""
    if not values:
        return ""
    return ",".join([cell(values[0], starts_line=True), *[cell(value) for value in values[1:]]])


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
        return _row_line(list(self.keys)) if self.objects else ""

    def line(self, row: Any) -> str:
        """One row; NotFlatError when it holds an object or a list, or when objects and plain values mix."""
        is_object = isinstance(row, dict)
        if self.objects is None:
            self.objects = is_object
        elif self.objects is not is_object:
            raise NotFlatError
        if not is_object:
            return cell(row, starts_line=True)
        for key in row:
            self.keys.setdefault(key, len(self.keys))
        self._widths.append(len(self.keys))
        return _row_line([row.get(key) for key in self.keys])

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
