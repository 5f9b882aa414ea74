"""Read an answer table back as JSON rows, by the rules docs/server.md states (for lossless checks)."""

from __future__ import annotations

import json
import re
from typing import Any

_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?|-?\d+")
_FORMULA = re.compile(r"'+[=+\-@]")


def _cells(line: str) -> list[tuple[str, bool]]:
    """The cells of one CSV line, each with whether it was quoted."""
    cells: list[tuple[str, bool]] = []
    i = 0
    while True:
        if i < len(line) and line[i] == '"':
            j, text = i + 1, []
            while True:
                k = line.index('"', j)
                text.append(line[j:k])
                if line[k + 1 : k + 2] == '"':
                    text.append('"')
                    j = k + 2
                    continue
                i = k + 1
                break
            cells.append(("".join(text), True))
        else:
            k = line.find(",", i)
            k = len(line) if k < 0 else k
            cells.append((line[i:k], False))
            i = k
        if i >= len(line):
            return cells
        assert line[i] == ","
        i += 1


def _value(text: str, quoted: bool) -> Any:
    if quoted:
        # A quoted cell's backslashes are JSON escapes; a formula was neutralised with one more quote.
        text = json.loads('"' + text.replace('"', '\\"') + '"')
        return text[1:] if _FORMULA.match(text) else text
    if text == "":
        return None
    if text in ("true", "false"):
        return text == "true"
    if _NUMBER.fullmatch(text):
        return json.loads(text)
    return text


def _lines(text: str) -> list[str]:
    """Split on line breaks outside quotes."""
    lines: list[str] = []
    current: list[str] = []
    quoted = False
    for char in text:
        if char == '"':
            quoted = not quoted
        if char == "\n" and not quoted:
            lines.append("".join(current))
            current = []
        else:
            current.append(char)
    lines.append("".join(current))
    return lines


def read_table(text: str) -> list[dict[str, Any]]:
    """The rows of a table answer; a null cell leaves its key out, as the writer drops nulls."""
    header, *rows = _lines(text)
    keys = [_value(name, quoted) if quoted else name for name, quoted in _cells(header)]
    out = []
    for line in rows:
        values = [_value(t, q) for t, q in _cells(line)]
        assert len(values) == len(keys), line
        out.append({k: v for k, v in zip(keys, values, strict=True) if v is not None})
    return out
