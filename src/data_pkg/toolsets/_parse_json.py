"""JSON manifests: strict JSON (as the standard library reads it), then a second pass for positions.

``json.loads`` decides validity and gives syntax errors their line and column; ``NaN`` and
``Infinity`` are refused because they are not JSON. A small scanner then walks the (now known
good) text once more to build position-carrying nodes, keeping duplicate keys so the validator
can report them.
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
from bisect import bisect_right

from data_pkg.toolsets._diagnostics import Diagnostic, diagnostic
from data_pkg.toolsets._document import Node

_WHITESPACE = " \t\n\r"
_LITERALS: dict[str, bool | None] = {"true": True, "false": False, "null": None}


class _NotJsonError(ValueError):
    pass


def _refuse_constant(name: str) -> float:
    raise _NotJsonError(f"{name} is not valid JSON")


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]

    def at(self, index: int) -> tuple[int, int]:
        row = bisect_right(self.starts, index) - 1
        return row + 1, index - self.starts[row] + 1

    def skip(self, index: int) -> int:
        while index < len(self.text) and self.text[index] in _WHITESPACE:
            index += 1
        return index

    def value(self, index: int) -> tuple[Node, int]:
        index = self.skip(index)
        line, col = self.at(index)
        char = self.text[index]
        if char == "{":
            pairs: list[tuple[Node, Node]] = []
            index = self.skip(index + 1)
            while self.text[index] != "}":
                key, index = self.value(index)
                index = self.skip(index) + 1  # the colon
                item, index = self.value(index)
                pairs.append((key, item))
                index = self.skip(index)
                if self.text[index] == ",":
                    index = self.skip(index + 1)
            return Node("map", tuple(pairs), line, col), index + 1
        if char == "[":
            items: list[Node] = []
            index = self.skip(index + 1)
            while self.text[index] != "]":
                item, index = self.value(index)
                items.append(item)
                index = self.skip(index)
                if self.text[index] == ",":
                    index = self.skip(index + 1)
            return Node("list", tuple(items), line, col), index + 1
        if char == '"':
            string, end = json.decoder.scanstring(self.text, index + 1)  # type: ignore[attr-defined]
            return Node("scalar", string, line, col), end
        for word, constant in _LITERALS.items():
            if self.text.startswith(word, index):
                return Node("scalar", constant, line, col), index + len(word)
        match = json.scanner.NUMBER_RE.match(self.text, index)
        assert match is not None, "json.loads accepted the text, so this is a number"
        integer, fraction, exponent = match.groups()
        number: int | float = float(match.group()) if fraction or exponent else int(integer)
        return Node("scalar", number, line, col), match.end()


def trailing_comma(text: str, pos: int) -> int | None:
    """Offset of the trailing comma a decoder error at ``pos`` is about, or None.

    Python versions disagree on where they report it (3.13 at the comma, earlier ones at the
    bracket after it, as "Expecting value"), so find the comma ourselves and report it the same way.
    """
    if pos < len(text) and text[pos] == ",":
        after = pos + 1
        while after < len(text) and text[after] in " \t\r\n":
            after += 1
        return pos if after < len(text) and text[after] in "]}" else None
    if pos < len(text) and text[pos] in "]}":
        before = pos - 1
        while before >= 0 and text[before] in " \t\r\n":
            before -= 1
        return before if before >= 0 and text[before] == "," else None
    return None


def _syntax_error(text: str, error: json.JSONDecodeError, file: str) -> Diagnostic:
    comma = trailing_comma(text, error.pos)
    if comma is None:
        return diagnostic("DM101", f"invalid JSON: {error.msg}", file=file, line=error.lineno, col=error.colno)
    line = text.count("\n", 0, comma) + 1
    col = comma - (text.rfind("\n", 0, comma) + 1) + 1
    return diagnostic(
        "DM101", "invalid JSON: trailing comma (JSON allows none); remove it", file=file, line=line, col=col
    )


def parse_json(text: str, file: str) -> tuple[Node | None, list[Diagnostic]]:
    """Parse a JSON manifest into a node tree (None when it is not strict JSON)."""
    try:
        json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        return None, [_syntax_error(text, error, file)]
    except (_NotJsonError, RecursionError) as error:
        return None, [diagnostic("DM101", f"invalid JSON: {error}", file=file, line=1, col=1)]
    scanner = _Scanner(text)
    try:
        node, _ = scanner.value(0)
    except RecursionError:  # pragma: no cover - json.loads fails first on such nesting
        return None, [diagnostic("DM101", "invalid JSON: nested too deeply", file=file, line=1, col=1)]
    return node, []
