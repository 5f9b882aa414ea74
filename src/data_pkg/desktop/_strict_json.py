"""A strict JSON reader that explains, with line and column, every way a config file is not JSON.

The host reads its config with a strict JSON parser and refuses the whole file on the first
problem. ``json.loads`` would tell us only that first problem, in parser words ("Expecting
property name enclosed in double quotes"). This reader accepts the usual non-JSON habits
(comments, trailing commas, single quotes, unquoted keys, ``NaN``), reports each one in plain
words, and keeps going, so one run lists everything to fix. ``json.loads`` stays the judge: a
file this reader finds clean is also checked by it, and anything it refuses is reported too.

A key's value is never quoted: each excerpt of the text in a finding masks the values of
``*_API_KEY`` / ``apikey`` fields (:class:`~data_pkg.desktop._redact.Redactor`), also where the file
is not JSON and the field was never parsed.

It also finds the silent kind of Windows-path mistake: ``"C:\\new\\tools.py"`` is valid JSON,
but ``\\n`` and ``\\t`` become a line break and a tab. The raw text of every string is scanned for
such escapes, and a string that looks like a Windows path and has one is reported where the
backslash is.

Positions are 1-based line and column counted in characters; ``offset`` is the 0-based index
in the text, which is what the host's own messages call "position" (for ASCII text).
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from data_pkg.desktop._findings import CODES
from data_pkg.desktop._redact import Redactor
from data_pkg.rules import Finding
from data_pkg.toolsets._parse_json import trailing_comma

__all__ = ["JsonNode", "StrictResult", "looks_like_windows_path", "read_strict"]

Kind = Literal["object", "array", "string", "number", "boolean", "null"]

_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_SILENT_NAMES = {"b": "a backspace", "f": "a form feed", "n": "a line break", "r": "a carriage return", "t": "a tab"}
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_LOOSE_NUMBER = re.compile(r"[-+]?(?:0[xX][0-9a-fA-F]+|(?:[0-9][0-9_]*\.?[0-9_]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?)")
_WORD = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_HEX4 = re.compile(r"[0-9a-fA-F]{4}")
_WINDOWS_PATH = re.compile(r"^(?:[A-Za-z]:[\\/]|\\\\)|\\[^\\]*\.(?:py|exe|json|ya?ml|cmd|bat)$", re.IGNORECASE)
_WHITESPACE = " \t\r\n"
_VALUE_START = "{[\"'-0123456789"
_NOT_JSON_WORDS = {  # word -> (what is wrong, what to write)
    "NaN": ("NaN is not JSON", "write null, or a number"),
    "Infinity": ("Infinity is not JSON", "write a large number, or null"),
    "undefined": ("undefined is not JSON", "write null"),
    "True": ("True is Python, not JSON", "write true"),
    "False": ("False is Python, not JSON", "write false"),
    "None": ("None is Python, not JSON", "write null"),
}
_CHECK_HERE = "look just before this point: a quote, comma, colon or bracket is missing or extra"


@dataclass(frozen=True)
class JsonNode:
    """A JSON value with where it starts; objects keep every member (duplicates too) in order."""

    kind: Kind
    value: Any
    """The Python value (objects as dicts in which, as in the host, the last duplicate wins)."""
    line: int
    col: int
    offset: int
    members: tuple[tuple[JsonNode, JsonNode], ...] = ()
    items: tuple[JsonNode, ...] = ()
    raw: str | None = None
    """For strings: the text between the quotes, escapes as written."""

    def member(self, key: str) -> JsonNode | None:
        """The value of ``key`` in an object (the last one when repeated), else None."""
        found = None
        for name, value in self.members:
            if name.value == key:
                found = value
        return found

    def key_node(self, key: str) -> JsonNode | None:
        """The key node of ``key`` in an object (the last one when repeated), else None."""
        found = None
        for name, _ in self.members:
            if name.value == key:
                found = name
        return found

    def walk(self) -> Iterator[JsonNode]:
        """This node and every node inside it, keys included, in document order."""
        yield self
        for key, value in self.members:
            yield key
            yield from value.walk()
        for item in self.items:
            yield from item.walk()


@dataclass(frozen=True)
class StrictResult:
    """What :func:`read_strict` found: the document (None unless it is strict JSON) and the findings."""

    node: JsonNode | None
    findings: tuple[Finding, ...] = field(default_factory=tuple)
    redactor: Redactor = field(default_factory=Redactor)
    """Where the key values are, to mask them in anything else said about this text."""

    @property
    def ok(self) -> bool:
        """Whether the text is strict JSON (warnings allowed)."""
        return self.node is not None


def looks_like_windows_path(raw: str) -> bool:
    """Whether a string's raw text looks like a Windows path: ``C:\\...``, ``C:/...``, ``\\\\server``, ``...\\x.py``."""
    return bool(_WINDOWS_PATH.search(raw))


def _path_suggestions(raw: str) -> tuple[str, str]:
    """The path as the user meant it, with forward slashes and with doubled backslashes."""
    meant = re.sub(r"\\+", lambda _: "\\", raw)
    return meant.replace("\\", "/"), meant.replace("\\", "\\\\")


class _CannotGoOnError(Exception):
    """The reader cannot go on past this point; the finding is already recorded."""


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.n = len(text)
        self.i = 0
        self.findings: list[Finding] = []
        self.redactor = Redactor.scan(text)
        self.starts = [0] + [k + 1 for k, ch in enumerate(text) if ch == "\n"]

    # -- positions and reporting ---------------------------------------------------------------

    def where(self, offset: int) -> tuple[int, int]:
        row = bisect_right(self.starts, offset) - 1
        return row + 1, offset - self.starts[row] + 1

    def report(self, code: str, offset: int, message: str, fix: str | None) -> None:
        line, col = self.where(offset)
        self.findings.append(CODES.finding(code, message, hint=fix, line=line, col=col))

    def stop(self, code: str, offset: int, message: str, fix: str | None) -> _CannotGoOnError:
        """Record a finding after which reading cannot continue; ``raise`` what it returns."""
        self.report(code, offset, message, fix)
        return _CannotGoOnError()

    def excerpt(self, start: int, end: int) -> str:
        """The text from ``start`` to ``end`` as a finding may quote it: key values masked."""
        return self.redactor.excerpt(self.text, start, end)

    def node(self, kind: Kind, value: Any, offset: int, **extra: Any) -> JsonNode:
        line, col = self.where(offset)
        return JsonNode(kind, value, line, col, offset, **extra)

    # -- whitespace and comments -----------------------------------------------------------------

    def skip(self) -> None:
        text = self.text
        while self.i < self.n:
            ch = text[self.i]
            if ch in _WHITESPACE:
                self.i += 1
            elif text.startswith("//", self.i) or ch == "#":
                end = text.find("\n", self.i)
                end = self.n if end < 0 else end
                marker = "//" if ch == "/" else "#"
                self.report(
                    "DC101",
                    self.i,
                    f"comment ({marker} ...): JSON has no comments, so the host refuses the whole file"
                    " (Invalid configuration)",
                    "delete the comment, up to the end of the line",
                )
                self.i = end
            elif text.startswith("/*", self.i):
                end = text.find("*/", self.i + 2)
                if end < 0:
                    raise self.stop(
                        "DC101", self.i, "comment (/* ...) that is never closed: JSON has no comments", None
                    )
                self.report(
                    "DC101",
                    self.i,
                    "comment (/* ... */): JSON has no comments, so the host refuses the whole file"
                    " (Invalid configuration)",
                    "delete the comment, from /* to */",
                )
                self.i = end + 2
            elif ch in "\u00a0\u2000\u2001\u2002\u2003\u2007\u2009\u200b\u202f\u3000\ufeff":
                self.report(
                    "DC108",
                    self.i,
                    f"invisible character U+{ord(ch):04X} (often pasted from a web page): JSON allows only"
                    " ordinary spaces, tabs and line breaks here",
                    "delete it and type an ordinary space",
                )
                self.i += 1
            else:
                return

    # -- values ----------------------------------------------------------------------------------

    def value(self, what: str) -> JsonNode:
        self.skip()
        if self.i >= self.n:
            raise self.stop(
                "DC108",
                self.n,
                f"the file ends where {what} should be: something is cut off, or a bracket is not closed",
                "compare the brackets: every { needs a } and every [ a ]",
            )
        ch = self.text[self.i]
        if ch == "{":
            return self.object()
        if ch == "[":
            return self.array()
        if ch in "\"'":
            return self.string()
        if ch in "-+.0123456789":
            return self.number()
        match = _WORD.match(self.text, self.i)
        if match:
            return self.word(match.group())
        raise self.stop("DC108", self.i, f"unexpected character {ch!r} where {what} should be", _CHECK_HERE)

    def object(self) -> JsonNode:
        start = self.i
        self.i += 1
        members: list[tuple[JsonNode, JsonNode]] = []
        seen: dict[str, JsonNode] = {}
        comma: int | None = None
        while True:
            self.skip()
            if self.i >= self.n:
                line, col = self.where(start)
                raise self.stop(
                    "DC108",
                    self.n,
                    f"the file ends inside the object opened at line {line}, column {col}",
                    "add the missing } (and check nothing was cut off)",
                )
            ch = self.text[self.i]
            if ch == "}":
                if comma is not None:
                    self.trailing(comma, "}")
                self.i += 1
                break
            if ch == ",":
                self.report("DC108", self.i, "a comma with no entry before it", "delete the extra comma")
                self.i += 1
                continue
            if members and comma is None:
                if ch not in "\"'" and not _WORD.match(self.text, self.i):
                    raise self.stop(
                        "DC108", self.i, f"unexpected {ch!r}: expected a comma or }} after the value", _CHECK_HERE
                    )
                self.report(
                    "DC108", self.i, "missing comma between two entries", "put a comma after the previous value"
                )
            key = self.key()
            self.skip()
            if self.i >= self.n or self.text[self.i] != ":":
                raise self.stop(
                    "DC108",
                    min(self.i, self.n),
                    f'expected ":" after the key "{key.value}"',
                    'write "key": value',
                )
            self.i += 1
            item = self.value(f'the value of "{key.value}"')
            if key.value in seen:
                first = seen[key.value]
                self.report(
                    "DC110",
                    key.offset,
                    f'"{key.value}" appears twice in this object (first at line {first.line}, column {first.col});'
                    " the host keeps only the last one",
                    "keep one of them (server names must be different)",
                )
            seen[key.value] = key
            members.append((key, item))
            self.skip()
            if self.i < self.n and self.text[self.i] == ",":
                comma = self.i
                self.i += 1
            else:
                comma = None
        value = {key.value: item.value for key, item in members}
        return self.node("object", value, start, members=tuple(members))

    def key(self) -> JsonNode:
        ch = self.text[self.i]
        if ch in "\"'":
            return self.string()
        match = _WORD.match(self.text, self.i)
        if match:
            name = match.group()
            shown = self.excerpt(*match.span())
            self.report(
                "DC104",
                self.i,
                f"unquoted key {shown}: JSON keys must be in double quotes",
                f'write "{shown}"',
            )
            node = self.node("string", name, self.i, raw=name)
            self.i = match.end()
            return node
        raise self.stop("DC108", self.i, f'unexpected {ch!r}: expected a key in double quotes, or "}}"', _CHECK_HERE)

    def array(self) -> JsonNode:
        start = self.i
        self.i += 1
        items: list[JsonNode] = []
        comma: int | None = None
        while True:
            self.skip()
            if self.i >= self.n:
                line, col = self.where(start)
                raise self.stop(
                    "DC108",
                    self.n,
                    f"the file ends inside the list opened at line {line}, column {col}",
                    "add the missing ]",
                )
            ch = self.text[self.i]
            if ch == "]":
                if comma is not None:
                    self.trailing(comma, "]")
                self.i += 1
                break
            if ch == ",":
                self.report("DC108", self.i, "a comma with no value before it", "delete the extra comma")
                self.i += 1
                continue
            if items and comma is None:
                if ch not in _VALUE_START and not _WORD.match(self.text, self.i):
                    raise self.stop(
                        "DC108", self.i, f"unexpected {ch!r}: expected a comma or ] after the value", _CHECK_HERE
                    )
                self.report("DC108", self.i, "missing comma between two values", "put a comma after the previous value")
            items.append(self.value("a value"))
            self.skip()
            if self.i < self.n and self.text[self.i] == ",":
                comma = self.i
                self.i += 1
            else:
                comma = None
        return self.node("array", [item.value for item in items], start, items=tuple(items))

    def trailing(self, comma: int, closer: str) -> None:
        self.report(
            "DC102",
            comma,
            f"trailing comma before {closer}: JSON allows no comma after the last entry, so the host refuses"
            " the whole file (Invalid configuration)",
            "delete this comma",
        )

    def string(self) -> JsonNode:
        text = self.text
        start = self.i
        quote = text[start]
        self.i += 1
        chars: list[str] = []
        invalid: list[tuple[int, str]] = []
        silent: list[tuple[int, str]] = []
        while True:
            if self.i >= self.n:
                raise self.stop(
                    "DC108", start, "this string is never closed", f"add the closing {quote} (JSON uses double quotes)"
                )
            ch = text[self.i]
            if ch == quote:
                self.i += 1
                break
            if ch in "\r\n":
                raise self.stop(
                    "DC108",
                    start,
                    "this string is not closed on its line (a JSON string cannot span lines)",
                    'add the closing " (write \\n for a line break inside a string)',
                )
            if ch == "\\":
                esc = text[self.i + 1] if self.i + 1 < self.n else ""
                if esc in _ESCAPES or (esc == "'" and quote == "'"):
                    chars.append(_ESCAPES.get(esc, esc))
                    if esc in _SILENT_NAMES:
                        silent.append((self.i, esc))
                    self.i += 2
                    continue
                if esc == "u" and _HEX4.fullmatch(text, self.i + 2, self.i + 6):
                    chars.append(chr(int(text[self.i + 2 : self.i + 6], 16)))
                    self.i += 6
                    continue
                invalid.append((self.i, "\\" + esc))
                chars.append("\\")  # what was meant: a backslash; the next character is read as itself
                self.i += 1
                continue
            if ord(ch) < 0x20:
                self.report(
                    "DC108",
                    self.i,
                    f"a raw control character (U+{ord(ch):04X}, e.g. a tab) inside a string",
                    "write \\t for a tab, or delete it",
                )
            chars.append(ch)
            self.i += 1
        raw = text[start + 1 : self.i - 1]
        shown = self.excerpt(start + 1, self.i - 1)
        secret = shown != raw  # a key's value: quoted masked, and no fix that would repeat it
        value = _join_surrogates("".join(chars))
        if quote == "'":
            self.report(
                "DC103",
                start,
                f"single-quoted string '{shown}': JSON strings use double quotes, so the host refuses the whole file"
                " (Invalid configuration)",
                "write the value between double quotes instead" if secret else f'write "{raw}"',
            )
        if invalid:
            self.bad_escape(raw, shown, invalid)
        elif silent and looks_like_windows_path(raw):
            self.silent_escape(raw, shown, silent)
        return self.node("string", value, start, raw=raw)

    def bad_escape(self, raw: str, shown: str, invalid: list[tuple[int, str]]) -> None:
        offset, escape = invalid[0]
        what = f'"{escape}"' if escape != "\\" else "a lone backslash"
        if looks_like_windows_path(raw) and shown == raw:
            forward, doubled = _path_suggestions(raw)
            self.report(
                "DC106",
                offset,
                f'invalid escape {what} in "{raw}": single backslashes in a Windows path; in JSON a backslash'
                " starts an escape, so the host refuses the whole file",
                f'write "{forward}" or "{doubled}"',
            )
            return
        self.report(
            "DC106",
            offset,
            f'invalid escape {what} in "{shown}": in JSON a backslash starts an escape'
            ' (only \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX exist)',
            "write \\\\ for a backslash (for a Windows path, forward slashes work too)",
        )

    def silent_escape(self, raw: str, shown: str, silent: list[tuple[int, str]]) -> None:
        offset = silent[0][0]
        named = sorted({f"\\{esc} as {_SILENT_NAMES[esc]}" for _, esc in silent})
        forward, doubled = _path_suggestions(raw)
        self.report(
            "DC107",
            offset,
            f'"{shown}" is valid JSON but not this path: JSON reads {", ".join(named)}, so the value silently'
            " holds control characters and names no file (single backslashes in a Windows path)",
            f'write "{forward}" or "{doubled}"' if shown == raw else "write \\\\ for each backslash",
        )

    def number(self) -> JsonNode:
        start = self.i
        if self.text.startswith("-Infinity", start):
            self.report("DC108", start, "-Infinity is not JSON", "write a number or null")
            self.i += len("-Infinity")
            return self.node("null", None, start)
        strict = _NUMBER.match(self.text, start)
        loose = _LOOSE_NUMBER.match(self.text, start)
        if strict and (loose is None or loose.end() <= strict.end()):
            self.i = strict.end()
            written = strict.group()
            number: int | float = float(written) if any(c in written for c in ".eE") else int(written)
            return self.node("number", number, start)
        if loose is None:
            raise self.stop(
                "DC108", start, f"unexpected {self.text[start]!r}: not the start of a JSON value", _CHECK_HERE
            )
        written = loose.group()
        self.report(
            "DC108",
            start,
            f"{self.excerpt(start, loose.end())} is not a JSON number"
            " (JSON numbers are decimal, with no leading + or 0, no bare dot, no _)",
            'write it as a plain decimal number, or as a string in double quotes: "1"',
        )
        self.i = loose.end()
        return self.node("string", written, start, raw=written)

    def word(self, word: str) -> JsonNode:
        start = self.i
        self.i += len(word)
        if word in ("true", "false"):
            return self.node("boolean", word == "true", start)
        if word == "null":
            return self.node("null", None, start)
        problem = _NOT_JSON_WORDS.get(word)
        if problem is not None:
            self.report("DC108", start, *problem)
            return self.node("null", None, start)
        shown = self.excerpt(start, self.i)
        self.report(
            "DC108",
            start,
            f"unquoted text {shown}: JSON strings must be in double quotes",
            "write the value between double quotes" if shown != word else f'write "{word}"',
        )
        return self.node("string", word, start, raw=word)

    # -- the document ----------------------------------------------------------------------------

    def document(self) -> JsonNode | None:
        if self.text.startswith("\ufeff"):
            self.report(
                "DC109",
                0,
                "the file starts with a byte-order mark (an invisible character some Windows editors add);"
                " the host's JSON reader refuses it",
                "save the file as UTF-8 without BOM",
            )
            self.i = 1
        try:
            self.skip()
            if self.i >= self.n:
                self.report(
                    "DC108",
                    0,
                    "the file is empty (or holds only comments): the host needs a JSON object",
                    'start from {"mcpServers": {}} (data-mcp config install writes one)',
                )
                return None
            node = self.value("the top-level object")
            end = self.i
            self.skip()
            if self.i < self.n:
                self.stray(end)
        except _CannotGoOnError:
            return None
        return node

    def stray(self, end: int) -> None:
        offset = self.i
        line, col = self.where(offset)
        end_line, end_col = self.where(max(end - 1, 0))
        line_end = self.text.find("\n", offset, offset + 20)
        snippet = self.excerpt(offset, line_end if line_end >= 0 else min(offset + 20, self.n))
        fix = (
            "keep everything inside one top-level { ... }: a } closes the object too early, or two objects were"
            " pasted one after the other; merge them"
            if self.text[offset] in "\"{,'"
            else "delete the text after the last }"
        )
        self.report(
            "DC105",
            offset,
            f"text after the end of the JSON value: the top-level value ends at line {end_line}, column {end_col},"
            f" and {snippet!r} follows; the host reports this as 'Unexpected non-whitespace character after JSON"
            f" at position {offset} (line {line} column {col})'",
            fix,
        )
        self.i = self.n


def _join_surrogates(value: str) -> str:
    """Combine ``\\uD83D\\uDE00``-style surrogate pairs the way JSON decoders do."""
    if not any("\ud800" <= ch <= "\udfff" for ch in value):
        return value
    return value.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not JSON")


def _judge(text: str) -> Finding | None:
    """What ``json.loads`` (the standard's judge) says, for a text this reader found clean."""
    try:
        json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        pos = error.pos
        comma = trailing_comma(text, pos)
        if comma is not None:
            pos = comma
        line = text.count("\n", 0, pos) + 1
        col = pos - (text.rfind("\n", 0, pos) + 1) + 1
        return CODES.finding("DC108", f"not strict JSON: {error.msg}", hint=_CHECK_HERE, line=line, col=col)
    except (ValueError, RecursionError) as error:
        return CODES.finding("DC108", f"not strict JSON: {error}", line=1, col=1)
    return None


_PARSES = frozenset({"DC107", "DC110"})
"""Findings about text that is strict JSON all the same (the host loads it, with a wrong value)."""


def read_strict(text: str) -> StrictResult:
    """Read ``text`` as strict JSON, explaining every deviation with its line and column.

    The node is None when the text is not strict JSON: the host refuses such a file entirely,
    so nothing in it is worth validating further. Silently garbled Windows paths (DC107) are
    errors, but the file is JSON, so the node is there.
    """
    reader = _Reader(text)
    try:
        node = reader.document()
    except RecursionError:
        reader.findings.append(CODES.finding("DC108", "nested too deeply to read", line=1, col=1))
        node = None
    findings = sorted(reader.findings, key=lambda f: (f.line or 0, f.col or 0))
    redactor = reader.redactor
    if node is not None and not any(f.is_error and f.code not in _PARSES for f in findings):
        verdict = _judge(text)
        if verdict is not None:
            return StrictResult(None, (*findings, verdict), redactor)
        return StrictResult(node, tuple(findings), redactor)
    return StrictResult(None, tuple(findings), redactor)
