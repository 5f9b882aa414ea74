"""One JSON reader for manifests and desktop configs: strict, position-aware, explaining every deviation.

``json.loads`` says only that a text is not JSON, once, in parser words ("Expecting property name
enclosed in double quotes"), and loses where each value was written. This reader accepts the usual
non-JSON habits (comments, trailing commas, single quotes, unquoted keys, ``NaN``), names each one
in plain words with its line and column, and keeps going where it can, so one run lists everything
to fix. What it finds clean is exactly what ``json.loads`` reads (with ``NaN`` and ``Infinity``
refused), to the same values; the tests hold it to that.

Each value is a :class:`JsonNode` that remembers where it starts; objects keep every member,
duplicates too, in order. Each problem is a :class:`JsonProblem` whose ``kind`` is the slug of a
desktop config rule (``trailing-comma`` is DC102): the desktop commands report each under its own
code, manifests report the first as DM101.

Three things belong to the caller:

- :class:`Voice`: what a problem means for whoever reads the file (the assistant's host refuses
  the whole file; a manifest is simply not loaded). The reader says what is wrong.
- ``bounds``: limits on values, nesting and integer digits (manifests: ``toolsets._limits``),
  checked before anything is built or converted; whatever the bounds raise ends the reading.
- ``excerpt``: how a slice of the text is quoted in a message (desktop configs mask key values).

It also finds the silent kind of Windows-path mistake: ``"C:\\new\\tools.py"`` is valid JSON,
but ``\\n`` and ``\\t`` become a line break and a tab. A string that looks like a Windows path and
holds such an escape is reported where the backslash is (``garbled-path``).

Positions are 1-based line and column counted in characters; ``offset`` is the 0-based index in
the text, which is what the assistant's host calls "position" (for ASCII text).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal, Protocol

__all__ = [
    "LENIENT",
    "Bounds",
    "JsonNode",
    "JsonProblem",
    "JsonReading",
    "ProblemKind",
    "Voice",
    "looks_like_windows_path",
    "read_json",
]

NodeKind = Literal["object", "array", "string", "number", "boolean", "null"]
ProblemKind = Literal[
    "comment",
    "trailing-comma",
    "single-quoted-string",
    "unquoted-key",
    "text-after-value",
    "invalid-escape",
    "garbled-path",
    "syntax",
    "byte-order-mark",
    "duplicate-key",
]

LENIENT: frozenset[ProblemKind] = frozenset({"garbled-path", "duplicate-key"})
"""Problems in a text that is strict JSON all the same (it loads, with a value nobody meant)."""

INT_DIGITS = 4_000
"""Longer integers are read as floats (as a JavaScript host reads every number): Python refuses to
convert more than 4,300 digits, and no setting takes such a number anyway."""

_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_SILENT_NAMES = {"b": "a backspace", "f": "a form feed", "n": "a line break", "r": "a carriage return", "t": "a tab"}
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_LOOSE_NUMBER = re.compile(r"[-+]?(?:0[xX][0-9a-fA-F]+|(?:[0-9][0-9_]*\.?[0-9_]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?)")
_WORD = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_HEX4 = re.compile(r"[0-9a-fA-F]{4}")
_WINDOWS_PATH = re.compile(r"^(?:[A-Za-z]:[\\/]|\\\\)|\\[^\\]*\.(?:py|exe|json|ya?ml|cmd|bat)$", re.IGNORECASE)
_WHITESPACE = " \t\r\n"
_INVISIBLE = "\u00a0\u2000\u2001\u2002\u2003\u2007\u2009\u200b\u202f\u3000\ufeff"
_NUMBER_START = "-+.0123456789"
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
class Voice:
    """What a problem means for whoever reads the file: the words the reader adds to its own."""

    refused: str = ""
    """Ends the message of a habit JSON does not allow (a comment, a trailing comma, single quotes,
    a lone backslash in a path): ``", so the host refuses the whole file"``."""
    byte_order_mark: str = "JSON readers may refuse it"
    duplicate: str = "the last one counts"
    duplicate_fix: str = "keep one of them"
    empty: str = "a JSON value is needed"
    empty_fix: str | None = None
    after_end: str = ""
    """Ends the message about text after the JSON value; ``{offset}``, ``{line}`` and ``{col}`` are
    where that text starts."""


class Bounds(Protocol):
    """Limits on what a text may build; each check raises past its limit, and the reading ends."""

    def spend(self, count: int, line: int, col: int) -> None:
        """Count ``count`` more values, built at ``line:col``."""

    def depth(self, depth: int, line: int, col: int) -> None:
        """Check an object or array at nesting ``depth`` (the document itself is 1)."""

    def digits(self, count: int, line: int, col: int) -> None:
        """Check an integer written with ``count`` digits, before it is converted."""


@dataclass(frozen=True)
class JsonNode:
    """A JSON value with where it starts; objects keep every member (duplicates too) in order."""

    kind: NodeKind
    value: Any
    """The Python value (objects as dicts in which, as in ``json.loads`` and the host, the last duplicate wins)."""
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

    def walk(self) -> Iterator[JsonNode]:
        """This node and every node inside it, keys included, in document order."""
        yield self
        for key, value in self.members:
            yield key
            yield from value.walk()
        for item in self.items:
            yield from item.walk()


@dataclass(frozen=True)
class JsonProblem:
    """One way the text is not (the JSON it was meant to be), with where it is."""

    kind: ProblemKind
    message: str
    hint: str | None
    offset: int
    line: int
    col: int


@dataclass(frozen=True)
class JsonReading:
    """What :func:`read_json` found: the document (None unless the text is strict JSON) and the problems."""

    node: JsonNode | None
    problems: tuple[JsonProblem, ...]


def looks_like_windows_path(raw: str) -> bool:
    """Whether a string's raw text looks like a Windows path: ``C:\\...``, ``C:/...``, ``\\\\server``, ``...\\x.py``."""
    return bool(_WINDOWS_PATH.search(raw))


def _path_suggestions(raw: str) -> tuple[str, str]:
    """The path as the user meant it, with forward slashes and with doubled backslashes."""
    meant = re.sub(r"\\+", lambda _: "\\", raw)
    return meant.replace("\\", "/"), meant.replace("\\", "\\\\")


def _plain(text: str, start: int, end: int) -> str:
    return text[start:end]


class _CannotGoOnError(Exception):
    """The reader cannot go on past this point; the problem is already recorded."""


class _Reader:
    def __init__(self, text: str, voice: Voice, bounds: Bounds | None, excerpt: Callable[[str, int, int], str]):
        self.text = text
        self.n = len(text)
        self.i = 0
        self.voice = voice
        self.bounds = bounds
        self.quote = excerpt
        self.level = 0
        self.problems: list[JsonProblem] = []
        self.starts = [0] + [k + 1 for k, ch in enumerate(text) if ch == "\n"]

    # -- positions and reporting ---------------------------------------------------------------

    def where(self, offset: int) -> tuple[int, int]:
        row = bisect_right(self.starts, offset) - 1
        return row + 1, offset - self.starts[row] + 1

    def report(self, kind: ProblemKind, offset: int, message: str, hint: str | None) -> None:
        self.problems.append(JsonProblem(kind, message, hint, offset, *self.where(offset)))

    def stop(self, offset: int, message: str, hint: str | None, kind: ProblemKind = "syntax") -> _CannotGoOnError:
        """Record a problem after which reading cannot continue; ``raise`` what it returns."""
        self.report(kind, offset, message, hint)
        return _CannotGoOnError()

    def excerpt(self, start: int, end: int) -> str:
        return self.quote(self.text, start, end)

    def node(self, kind: NodeKind, value: Any, offset: int, **extra: Any) -> JsonNode:
        return JsonNode(kind, value, *self.where(offset), offset, **extra)

    def counted(self, offset: int) -> None:
        """Count one more value (at ``offset``) against the bounds."""
        if self.bounds is not None:
            self.bounds.spend(1, *self.where(offset))

    # -- whitespace and comments -----------------------------------------------------------------

    def skip(self) -> None:
        text = self.text
        while self.i < self.n:
            ch = text[self.i]
            if ch in _WHITESPACE:
                self.i += 1
            elif text.startswith("//", self.i) or ch == "#":
                end = text.find("\n", self.i)
                self.report(
                    "comment",
                    self.i,
                    f"comment ({'//' if ch == '/' else '#'} ...): JSON has no comments{self.voice.refused}",
                    "delete the comment, up to the end of the line",
                )
                self.i = self.n if end < 0 else end
            elif text.startswith("/*", self.i):
                end = text.find("*/", self.i + 2)
                if end < 0:
                    raise self.stop(
                        self.i, "comment (/* ...) that is never closed: JSON has no comments", None, "comment"
                    )
                self.report(
                    "comment",
                    self.i,
                    f"comment (/* ... */): JSON has no comments{self.voice.refused}",
                    "delete the comment, from /* to */",
                )
                self.i = end + 2
            elif ch in _INVISIBLE:
                self.report(
                    "syntax",
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
                self.n,
                f"the file ends where {what} should be: something is cut off, or a bracket is not closed",
                "compare the brackets: every { needs a } and every [ a ]",
            )
        ch = self.text[self.i]
        self.counted(self.i)
        if ch in "{[":
            return self.container(ch)
        if ch in "\"'":
            return self.string()
        if ch in _NUMBER_START:
            return self.number()
        match = _WORD.match(self.text, self.i)
        if match:
            return self.word(match.group())
        raise self.stop(self.i, f"unexpected character {ch!r} where {what} should be", _CHECK_HERE)

    def container(self, opener: str) -> JsonNode:
        start = self.i
        self.level += 1
        if self.bounds is not None:
            self.bounds.depth(self.level, *self.where(start))
        node = self.object() if opener == "{" else self.array()
        self.level -= 1
        return node

    def entries(self, start: int, closer: str, read: Callable[[], None]) -> None:
        """The entries of the object or array opened at ``start``, up to its ``closer``: commas between
        them, a missing one, an extra one and a trailing one each reported, and the closer consumed."""
        what, one, many = ("object", "entry", "entries") if closer == "}" else ("list", "value", "values")
        self.i += 1
        comma: int | None = None
        first = True
        while True:
            self.skip()
            if self.i >= self.n:
                line, col = self.where(start)
                raise self.stop(
                    self.n,
                    f"the file ends inside the {what} opened at line {line}, column {col}",
                    "add the missing } (and check nothing was cut off)" if closer == "}" else "add the missing ]",
                )
            ch = self.text[self.i]
            if ch == closer:
                if comma is not None:
                    self.report(
                        "trailing-comma",
                        comma,
                        f"trailing comma before {closer}: JSON allows no comma after the last entry"
                        f"{self.voice.refused}",
                        "delete this comma",
                    )
                self.i += 1
                return
            if ch == ",":
                self.report("syntax", self.i, f"a comma with no {one} before it", "delete the extra comma")
                self.i += 1
                continue
            if not first and comma is None:
                starts = "\"'" if closer == "}" else _VALUE_START
                if ch not in starts and not _WORD.match(self.text, self.i):
                    raise self.stop(
                        self.i, f"unexpected {ch!r}: expected a comma or {closer} after the value", _CHECK_HERE
                    )
                self.report(
                    "syntax", self.i, f"missing comma between two {many}", "put a comma after the previous value"
                )
            read()
            first = False
            self.skip()
            comma = None
            if self.i < self.n and self.text[self.i] == ",":
                comma = self.i
                self.i += 1

    def object(self) -> JsonNode:
        start = self.i
        members: list[tuple[JsonNode, JsonNode]] = []
        seen: dict[str, JsonNode] = {}

        def member() -> None:
            key = self.key()
            self.skip()
            if self.i >= self.n or self.text[self.i] != ":":
                raise self.stop(self.i, f'expected ":" after the key "{key.value}"', 'write "key": value')
            self.i += 1
            item = self.value(f'the value of "{key.value}"')
            first = seen.get(key.value)
            if first is not None:
                self.report(
                    "duplicate-key",
                    key.offset,
                    f'"{key.value}" appears twice in this object (first at line {first.line}, column {first.col});'
                    f" {self.voice.duplicate}",
                    self.voice.duplicate_fix,
                )
            seen[key.value] = key
            members.append((key, item))

        self.entries(start, "}", member)
        value = {key.value: item.value for key, item in members}
        return self.node("object", value, start, members=tuple(members))

    def key(self) -> JsonNode:
        ch = self.text[self.i]
        self.counted(self.i)
        if ch in "\"'":
            return self.string()
        match = _WORD.match(self.text, self.i)
        if match is None:
            raise self.stop(self.i, f'unexpected {ch!r}: expected a key in double quotes, or "}}"', _CHECK_HERE)
        name = match.group()
        shown = self.excerpt(*match.span())
        self.report(
            "unquoted-key", self.i, f"unquoted key {shown}: JSON keys must be in double quotes", f'write "{shown}"'
        )
        node = self.node("string", name, self.i, raw=name)
        self.i = match.end()
        return node

    def array(self) -> JsonNode:
        start = self.i
        items: list[JsonNode] = []
        self.entries(start, "]", lambda: items.append(self.value("a value")))
        return self.node("array", [item.value for item in items], start, items=tuple(items))

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
                    start, "this string is never closed", f"add the closing {quote} (JSON uses double quotes)"
                )
            ch = text[self.i]
            if ch == quote:
                self.i += 1
                break
            if ch in "\r\n":
                raise self.stop(
                    start,
                    "this string is not closed on its line (a JSON string cannot span lines)",
                    'add the closing " (write \\n for a line break inside a string)',
                )
            if ch == "\\":
                self.escape(quote, chars, invalid, silent)
                continue
            if ord(ch) < 0x20:
                self.report(
                    "syntax",
                    self.i,
                    f"a raw control character (U+{ord(ch):04X}, e.g. a tab) inside a string",
                    "write \\t for a tab, or delete it",
                )
            chars.append(ch)
            self.i += 1
        raw = text[start + 1 : self.i - 1]
        shown = self.excerpt(start + 1, self.i - 1)
        if quote == "'":
            secret = shown != raw  # a key's value: quoted masked, and no hint that would repeat it
            self.report(
                "single-quoted-string",
                start,
                f"single-quoted string '{shown}': JSON strings use double quotes{self.voice.refused}",
                "write the value between double quotes instead" if secret else f'write "{raw}"',
            )
        if invalid:
            self.bad_escape(raw, shown, invalid[0])
        elif silent and looks_like_windows_path(raw):
            self.silent_escape(raw, shown, silent)
        return self.node("string", _join_surrogates("".join(chars)), start, raw=raw)

    def escape(
        self, quote: str, chars: list[str], invalid: list[tuple[int, str]], silent: list[tuple[int, str]]
    ) -> None:
        """Read the escape at the backslash under the cursor into ``chars``, noting a bad or a silent one."""
        text = self.text
        esc = text[self.i + 1 : self.i + 2]
        if esc in _ESCAPES or (esc == "'" and quote == "'"):
            chars.append(_ESCAPES.get(esc, esc))
            if esc in _SILENT_NAMES:
                silent.append((self.i, esc))
            self.i += 2
        elif esc == "u" and _HEX4.fullmatch(text, self.i + 2, self.i + 6):
            chars.append(chr(int(text[self.i + 2 : self.i + 6], 16)))
            self.i += 6
        else:
            invalid.append((self.i, "\\" + esc))  # the text is not JSON: its value is never used
            self.i += 1  # the next character is read as itself

    def bad_escape(self, raw: str, shown: str, first: tuple[int, str]) -> None:
        offset, escape = first
        what = f'"{escape}"'  # never a lone backslash: the string closed after it, so a character follows
        if looks_like_windows_path(raw) and shown == raw:
            forward, doubled = _path_suggestions(raw)
            self.report(
                "invalid-escape",
                offset,
                f'invalid escape {what} in "{raw}": single backslashes in a Windows path; in JSON a backslash'
                f" starts an escape{self.voice.refused}",
                f'write "{forward}" or "{doubled}"',
            )
            return
        self.report(
            "invalid-escape",
            offset,
            f'invalid escape {what} in "{shown}": in JSON a backslash starts an escape'
            ' (only \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX exist)',
            "write \\\\ for a backslash (for a Windows path, forward slashes work too)",
        )

    def silent_escape(self, raw: str, shown: str, silent: list[tuple[int, str]]) -> None:
        named = sorted({f"\\{esc} as {_SILENT_NAMES[esc]}" for _, esc in silent})
        forward, doubled = _path_suggestions(raw)
        self.report(
            "garbled-path",
            silent[0][0],
            f'"{shown}" is valid JSON but not this path: JSON reads {", ".join(named)}, so the value silently'
            " holds control characters and names no file (single backslashes in a Windows path)",
            f'write "{forward}" or "{doubled}"' if shown == raw else "write \\\\ for each backslash",
        )

    def number(self) -> JsonNode:
        start = self.i
        if self.text.startswith("-Infinity", start):
            self.report("syntax", start, "-Infinity is not JSON", "write a number or null")
            self.i += len("-Infinity")
            return self.node("null", None, start)
        strict = _NUMBER.match(self.text, start)
        loose = _LOOSE_NUMBER.match(self.text, start)
        if strict and (loose is None or loose.end() <= strict.end()):
            self.i = strict.end()
            return self.node("number", self.convert(strict.group(), start), start)
        if loose is None:
            raise self.stop(start, f"unexpected {self.text[start]!r}: not the start of a JSON value", _CHECK_HERE)
        written = loose.group()
        self.report(
            "syntax",
            start,
            f"{self.excerpt(start, loose.end())} is not a JSON number"
            " (JSON numbers are decimal, with no leading + or 0, no bare dot, no _)",
            'write it as a plain decimal number, or as a string in double quotes: "1"',
        )
        self.i = loose.end()
        return self.node("string", written, start, raw=written)

    def convert(self, written: str, start: int) -> int | float:
        """The value of a strict JSON number, its digits counted against the bounds before converting."""
        if any(c in written for c in ".eE"):
            return float(written)
        digits = len(written) - written.startswith("-")
        if self.bounds is not None:
            self.bounds.digits(digits, *self.where(start))
        return int(written) if digits <= INT_DIGITS else float(written)

    def word(self, word: str) -> JsonNode:
        start = self.i
        self.i += len(word)
        if word in ("true", "false"):
            return self.node("boolean", word == "true", start)
        if word == "null":
            return self.node("null", None, start)
        problem = _NOT_JSON_WORDS.get(word)
        if problem is not None:
            self.report("syntax", start, *problem)
            return self.node("null", None, start)
        shown = self.excerpt(start, self.i)
        self.report(
            "syntax",
            start,
            f"unquoted text {shown}: JSON strings must be in double quotes",
            "write the value between double quotes" if shown != word else f'write "{word}"',
        )
        return self.node("string", word, start, raw=word)

    # -- the document ----------------------------------------------------------------------------

    def document(self) -> JsonNode | None:
        if self.text.startswith("\ufeff"):
            self.report(
                "byte-order-mark",
                0,
                "the file starts with a byte-order mark (an invisible character some Windows editors add);"
                f" {self.voice.byte_order_mark}",
                "save the file as UTF-8 without BOM",
            )
            self.i = 1
        try:
            self.skip()
            if self.i >= self.n:
                self.report(
                    "syntax", 0, f"the file is empty (or holds only comments): {self.voice.empty}", self.voice.empty_fix
                )
                return None
            node = self.value("the top-level object")
            end = self.i
            self.skip()
            if self.i < self.n:
                self.after_end(end)
        except _CannotGoOnError:
            return None
        except RecursionError:
            self.report("syntax", 0, "nested too deeply to read", None)
            return None
        return node

    def after_end(self, end: int) -> None:
        offset = self.i
        line, col = self.where(offset)
        end_line, end_col = self.where(end - 1)  # every value is at least one character: end >= 1
        line_end = self.text.find("\n", offset, offset + 20)
        snippet = self.excerpt(offset, line_end if line_end >= 0 else min(offset + 20, self.n))
        hint = (
            "keep everything inside one top-level { ... }: a } closes the object too early, or two objects were"
            " pasted one after the other; merge them"
            if self.text[offset] in "\"{,'"
            else "delete the text after the last }"
        )
        self.report(
            "text-after-value",
            offset,
            f"text after the end of the JSON value: the top-level value ends at line {end_line}, column {end_col},"
            f" and {snippet!r} follows{self.voice.after_end.format(offset=offset, line=line, col=col)}",
            hint,
        )


def _join_surrogates(value: str) -> str:
    """Combine ``\\uD83D\\uDE00``-style surrogate pairs the way JSON decoders do."""
    if not any("\ud800" <= ch <= "\udfff" for ch in value):
        return value
    return value.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def read_json(
    text: str,
    *,
    voice: Voice = Voice(),
    bounds: Bounds | None = None,
    excerpt: Callable[[str, int, int], str] = _plain,
) -> JsonReading:
    """Read ``text`` as strict JSON, explaining every deviation with its line and column.

    The node is None exactly when a problem of a kind not :data:`LENIENT` was found: the text is
    not strict JSON, and nothing in it is worth validating further. Problems are in text order. Whatever
    ``bounds`` raises ends the reading and propagates.
    """
    reader = _Reader(text, voice, bounds, excerpt)
    node = reader.document()
    problems = tuple(sorted(reader.problems, key=lambda p: p.offset))
    if any(p.kind not in LENIENT for p in problems):
        node = None
    return JsonReading(node, problems)
