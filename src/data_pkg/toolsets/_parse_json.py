"""JSON manifests: strict JSON (as the standard library reads it), then a second pass for positions.

``json.loads`` decides validity and gives syntax errors their line and column; ``NaN`` and
``Infinity`` are refused because they are not JSON. A small scanner then walks the (now known
good) text once more to build position-carrying nodes, keeping duplicate keys so the validator
can report them.

The limits (``_limits``) are checked before either pass can suffer: nesting by a quick look at
the brackets (``json.loads`` recurses in C, and a reload runs in a thread with a smaller stack),
numbers are left as text by ``json.loads`` and converted by the scanner only after their digits
are counted, and the scanner counts every value it builds.
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
import re
from bisect import bisect_right

from data_pkg.toolsets._diagnostics import Diagnostic, diagnostic
from data_pkg.toolsets._document import Node
from data_pkg.toolsets._limits import MAX_DEPTH, Budget, LimitError

_WHITESPACE = " \t\n\r"
_LITERALS: dict[str, bool | None] = {"true": True, "false": False, "null": None}
_SPECIAL = re.compile(r'[\[\]{}"\\]')


class _NotJsonError(ValueError):
    pass


def _refuse_constant(name: str) -> float:
    raise _NotJsonError(f"{name} is not valid JSON")


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]
        self.budget = Budget()

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
        self.budget.spend(1, line, col)
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
        if fraction or exponent:
            return Node("scalar", float(match.group()), line, col), match.end()
        self.budget.digits(len(integer.lstrip("-")), line, col)
        return Node("scalar", int(integer), line, col), match.end()


def check_nesting(text: str) -> None:
    """Raise :class:`LimitError` at the first bracket nested deeper than the limit allows.

    One pass over brackets, quotes and backslashes (brackets inside strings do not count), so it
    costs little even when the text is not JSON at all: ``json.loads`` judges that afterwards.
    """
    depth, in_string, escaped_until = 0, False, -1
    for match in _SPECIAL.finditer(text):
        index = match.start()
        if index < escaped_until:
            continue
        char = text[index]
        if in_string:
            if char == "\\":
                escaped_until = index + 2
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                line = text.count("\n", 0, index) + 1
                Budget.depth(depth, line, index - (text.rfind("\n", 0, index) + 1) + 1)
        elif char in "]}":
            depth -= 1


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
        check_nesting(text)
        # Numbers stay text here: the scanner converts them once their digits are counted.
        json.loads(text, parse_constant=_refuse_constant, parse_int=str, parse_float=str)
        node, _ = _Scanner(text).value(0)
    except LimitError as limit:
        return None, [limit.diagnostic(file)]
    except json.JSONDecodeError as error:
        return None, [_syntax_error(text, error, file)]
    except (_NotJsonError, RecursionError) as error:
        return None, [diagnostic("DM101", f"invalid JSON: {error}", file=file, line=1, col=1)]
    return node, []
