"""The id of a message nested too deeply to parse, read without following its nesting.

A request whose params nest deeper than the parser follows is refused, but its id usually sits
at the top, readable: the refusal should carry it, so the client can match it to its request.
This reader walks only the top-level object: it steps over each member's value (strings by a
pattern, brackets by counting, never recursing) and decodes only the ``"id"`` member's value.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

_SPACE = re.compile(r"[ \t\n\r]*")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET_OR_QUOTE = re.compile(r'["\[\]{}]')
_SCALAR = re.compile(r"[^,}\]\s]*")


def shallow_id(text: str, parse_int: Callable[[str], object]) -> str | int | None:
    """The ``"id"`` of the top-level JSON object ``text``, if it is a string or an integer; else None.

    Nothing below the top level is decoded, so any depth takes one pass over the text. A text
    that is not an object, or that breaks off before its id, gives None. ``parse_int`` is how an
    integer is read (it may refuse an absurdly long one).
    """
    decoder = json.JSONDecoder(parse_int=parse_int)
    at = _skip_space(text, 0)
    if not text.startswith("{", at):
        return None
    at += 1
    while True:
        key = _STRING.match(text, _skip_space(text, at))
        if key is None:
            return None
        at = _skip_space(text, key.end())
        if not text.startswith(":", at):
            return None
        at = _skip_space(text, at + 1)
        if key.group() == '"id"':
            try:
                value, _ = decoder.raw_decode(text, at)
            except (ValueError, RecursionError):
                return None
            return value if isinstance(value, str) or type(value) is int else None
        end = _skip_value(text, at)
        if end is None:
            return None
        at = _skip_space(text, end)
        if not text.startswith(",", at):
            return None
        at += 1


def _skip_space(text: str, at: int) -> int:
    match = _SPACE.match(text, at)
    return match.end() if match else at


def _skip_value(text: str, at: int) -> int | None:
    """Where the JSON value starting at ``at`` ends (not checked, only stepped over); None if it never does."""
    if text.startswith('"', at):
        string = _STRING.match(text, at)
        return string.end() if string else None
    if not text.startswith(("{", "["), at):
        scalar = _SCALAR.match(text, at)
        return scalar.end() if scalar else None
    depth = 0
    while (found := _BRACKET_OR_QUOTE.search(text, at)) is not None:
        mark = found.group()
        if mark == '"':
            string = _STRING.match(text, found.start())
            if string is None:
                return None
            at = string.end()
            continue
        depth += 1 if mark in "[{" else -1
        at = found.end()
        if depth == 0:
            return at
    return None
