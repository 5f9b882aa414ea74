"""Keep key values out of everything the config commands print.

A config file holds keys: ``DATA_API_KEY`` and, for other servers, other ``*_API_KEY`` values; a
URL or an argument may carry ``apikey=...``. A finding about a problem in or next to such a value
(a single-quoted key, an invalid escape in it, text after the JSON value that starts with it)
would quote it. :class:`Redactor` knows where those values are in the text (found by a lenient
scan, so it works on files that are not JSON) and what they are:

- :meth:`Redactor.excerpt` quotes a slice of the text with every key value in it masked, also a
  value the slice only partly covers;
- :meth:`Redactor.scrub` masks every known key value in a message made from parsed values
  (a settings error, a list of args, a check's detail).

A masked value is shown as ``config print`` and ``config install`` show the key: ``****`` and its
last four characters (``****`` alone for short values and for part of a value).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from data_pkg.rules import Finding

__all__ = ["MIN_SCRUBBED", "Redactor", "is_secret_name", "mask_key"]

_SECRET_NAME = re.compile(r"(?:.*[_-])?api[_-]?key", re.IGNORECASE | re.DOTALL)
_NAME_END = re.compile(r"api[_-]?key", re.IGNORECASE)
# After a key's name: a closing quote, then ``:`` (JSON, YAML) or ``=`` (a URL query, an argument,
# an environment assignment), then the value: quoted (to its closing quote or the end of the line,
# escapes kept) or bare (to the next separator).
_VALUE = re.compile(
    r"""["']?\s*[:=][ \t]*(?:"(?P<dq>(?:[^"\\\n]|\\.)*)|'(?P<sq>(?:[^'\\\n]|\\.)*)|(?P<bare>[^\s,{}\[\]&#;"'<>]+))"""
)
MIN_SCRUBBED = 6
"""Values shorter than this are masked where they are (excerpts) but not searched for in messages:
replacing every ``1`` or ``true`` in a message would garble it and protect nothing."""


def is_secret_name(name: str) -> bool:
    """Whether a field called ``name`` holds a key: ``DATA_API_KEY``, ``NOTES_API_KEY``, ``apikey``, ``api-key``."""
    return bool(_SECRET_NAME.fullmatch(name))


def mask_key(key: str | None) -> str:
    """``****`` and the key's last four characters (only ``****`` for keys under 12 characters)."""
    if not key:
        return "(none)"
    return f"****{key[-4:]}" if len(key) >= 12 else "****"


def _decoded(raw: str, quote: str) -> str:
    """The value a quoted raw text stands for (the raw text when it does not decode)."""
    if quote == "'":
        raw = raw.replace("\\'", "'").replace('"', '\\"')
    try:
        value = json.loads(f'"{raw}"')
    except ValueError:
        return raw
    return value if isinstance(value, str) else raw


@dataclass(frozen=True)
class Redactor:
    """Where the key values of one text are (``spans``) and what they are (``values``)."""

    spans: tuple[tuple[int, int], ...] = ()
    """``(start, end)`` offsets of each key value in the text, in order."""
    values: frozenset[str] = frozenset()
    """Key values to mask wherever they appear in a message, as written and as decoded."""

    @classmethod
    def scan(cls, text: str) -> Redactor:
        """Every value of a ``*_API_KEY`` / ``apikey`` field in ``text``, JSON or not."""
        spans: list[tuple[int, int]] = []
        values: set[str] = set()
        for name in _NAME_END.finditer(text):
            start, end = name.span()
            before = text[start - 1] if start else " "
            after = text[end] if end < len(text) else " "
            if before.isalnum() or after.isalnum() or after == "_":
                continue  # part of a longer word: apikeys, API_KEY_FILE, myapikey
            found = _VALUE.match(text, end)
            if found is None:
                continue
            group = next(g for g in ("dq", "sq", "bare") if found.group(g) is not None)
            if not found.group(group):
                continue
            spans.append(found.span(group))
            raw = found.group(group)
            values.update((raw, _decoded(raw, "'" if group == "sq" else '"')))
        return cls(tuple(spans), frozenset(values))

    def adding(self, values: Iterable[object]) -> Redactor:
        """This redactor, also masking ``values`` (None and empty values are skipped)."""
        extra = {str(v) for v in values if v is not None and str(v).strip()}
        return replace(self, values=self.values | extra) if extra - self.values else self

    def excerpt(self, text: str, start: int, end: int) -> str:
        """``text[start:end]`` with each key value in it masked (a value partly inside as ``****``)."""
        shown: list[str] = []
        at = start
        for low, high in self.spans:
            if high <= start or low >= end:
                continue
            shown.append(text[at : max(low, at)])
            shown.append(mask_key(text[low:high]) if start <= low and high <= end else "****")
            at = min(high, end)
        shown.append(text[at:end])
        return "".join(shown)

    def scrub(self, message: str) -> str:
        """``message`` with every known key value masked."""
        for value in sorted(self.values, key=len, reverse=True):  # longest first: a value may contain another
            if len(value) >= MIN_SCRUBBED and value in message:
                message = message.replace(value, mask_key(value))
        return message

    def finding(self, finding: Finding) -> Finding:
        """``finding`` with its message and hint scrubbed."""
        message = self.scrub(finding.message)
        hint = self.scrub(finding.hint) if finding.hint is not None else None
        if message == finding.message and hint == finding.hint:
            return finding
        return replace(finding, message=message, hint=hint)
