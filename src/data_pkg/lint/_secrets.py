"""DM503: find API keys written into a manifest, by a scan of its text.

Three checks, all on the raw text (comments and docstrings included: a key in a comment is just
as committed):

- a URL whose query passes a key (``apikey=``, ``api_key=``, ``key=``, ``token=``, ...) with a value
  that is not a placeholder (``$KEY``, ``{key}``, ``<key>``, ``***``, ``YOUR_KEY``: :mod:`data_pkg.placeholders`)
  nor the sandbox's published key ``demo``;
- an assignment to a credential name outside a URL (``DATA_API_KEY=...``, ``apikey: ...``,
  ``access_token=...``) whose value is not a placeholder and is key-like: 8 characters or more
  with a digit, or 16 or more. Short keys are caught here, where their name gives them away;
- a run of 24 or more letters and digits that looks random rather than like a word or an
  identifier. Random keys switch between digits and letters (or between cases) every few
  characters; identifiers such as ``performance1yearRelativeToSP500Percentage`` are runs of
  words. Lowercase hex of exactly 40 or 64 characters is a commit or content hash (git's SHA-1
  and SHA-256 ids), not a key. The test suite checks both directions: random keys of the usual
  alphabets are found, and nothing in the catalog, the profiles or the example manifests is.

A finding never repeats the secret: the position is enough to find it, and lint output ends up
in CI logs.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass

from data_pkg.placeholders import is_placeholder

_EDITOR_VARIABLE = re.compile(r"\$\{\w+:[^}]*\}?")
_URL = re.compile(r"https?://[^\s\"'<>`\\]+", re.IGNORECASE)
_QUERY_PARAM = re.compile(r"[?&;]([A-Za-z][A-Za-z0-9_.-]*)=([^&#;\s]*)")
_KEY_PARAMS = frozenset(
    {"apikey", "key", "token", "accesstoken", "authtoken", "secret", "clientsecret", "password", "apitoken"}
)
"""Query parameter names that carry a credential, lowercased with ``-``, ``_`` and ``.`` removed."""
_PUBLIC_KEYS = frozenset({"demo"})
"""Keys that are published, not secret: the sandbox's (``data-mcp demo``, the docs' examples) may be committed."""
# The credential word, then the value; the name it ends is found by stepping back over [A-Za-z0-9_]
# (``DATA_API_KEY``). A pattern that matched the name's start first would try every ``_`` of a long
# ``a_a_a_...`` run as a start and scan the rest of the run from each: quadratic in the run.
_ASSIGNMENT = re.compile(
    r"(?P<word>api[_-]?key|api[_-]?token|access[_-]?token|auth[_-]?token|client[_-]?secret|password)"
    r"[\"']?\s*[=:]\s*[\"']?(?P<value>[^\s\"'&,;#)}\]]+)",
    re.IGNORECASE,
)
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
_HASH = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")

MIN_TOKEN = 24
_TOKEN = re.compile(rf"(?<![A-Za-z0-9])[A-Za-z0-9]{{{MIN_TOKEN},}}(?![A-Za-z0-9])")
_CHUNK = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")
_DIGIT_RUN = re.compile(r"[0-9]+")
_LETTER_RUN = re.compile(r"[A-Za-z]+")


@dataclass(frozen=True, slots=True)
class Secret:
    """Where a secret starts (1-based line and column, in characters) and what kind it is."""

    line: int
    col: int
    length: int
    """How many characters the secret has."""
    param: str | None = None
    """The query parameter or the name that carries it; None for a key-like string."""
    assigned: bool = False
    """Whether it is assigned to a name (``DATA_API_KEY=...``) rather than passed in a URL."""


def looks_like_key(token: str) -> bool:
    """Whether a run of letters and digits looks like a random key rather than words.

    Digits and letters alternating several times (at least three runs of digits, or two with
    short chunks between), or short chunks of mixed case, are what random strings look like; a
    long identifier is a few whole words with a number or two.
    """
    if len(token) < MIN_TOKEN:
        return False
    chunks = len(_CHUNK.findall(token))
    mean_chunk = len(token) / chunks
    digit_runs = len(_DIGIT_RUN.findall(token))
    letter_runs = len(_LETTER_RUN.findall(token))
    if digit_runs >= 2 and letter_runs >= 2 and (digit_runs >= 3 or mean_chunk <= 3.5):
        return True
    mixed_case = any(c.isupper() for c in token) and any(c.islower() for c in token)
    return mixed_case and mean_chunk <= 2.5


def _not_secret(value: str) -> bool:
    # A secret check asks "is this a real secret?": a placeholder is not a key at all (the rule every
    # command shares, data_pkg.placeholders), a published key is a key but no secret, and an editor's
    # variable (${input:ID}, ${env:NAME}) is where the key will come from, not the key. The desktop
    # validator reads such a variable differently (a prompted key), so it is not a placeholder there.
    return is_placeholder(value) or value.lower() in _PUBLIC_KEYS or bool(_EDITOR_VARIABLE.fullmatch(value))


def _key_like(value: str) -> bool:
    """Whether a value assigned to a credential name looks like a key rather than a word."""
    return len(value) >= 16 or (len(value) >= 8 and any(c.isdigit() for c in value))


def find_secrets(text: str) -> Iterator[Secret]:
    """Every secret in ``text``, in order of position."""
    starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def where(offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(starts, offset)
        return line, offset - starts[line - 1] + 1

    found: dict[int, Secret] = {}
    # Which characters a secret found so far covers: one flag per character keeps every later
    # check constant-time, however many secrets a file holds.
    covered = bytearray(len(text))

    def cover(start: int, length: int) -> None:
        covered[start : start + length] = b"\1" * length

    for url in _URL.finditer(text):
        for param in _QUERY_PARAM.finditer(url.group()):
            name = re.sub(r"[-_.]", "", param.group(1).lower())
            value = param.group(2)
            if name in _KEY_PARAMS and not _not_secret(value):
                start = url.start() + param.start(2)
                found[start] = Secret(*where(start), len(value), param.group(1))
                cover(start, len(value))
    for assignment in _ASSIGNMENT.finditer(text):
        start = assignment.start("value")
        value = assignment.group("value")
        if covered[start] or _not_secret(value) or not _key_like(value):
            continue
        begin = assignment.start()
        while begin > 0 and text[begin - 1] in _NAME_CHARS:
            begin -= 1
        found[start] = Secret(*where(start), len(value), text[begin : assignment.end("word")], assigned=True)
        cover(start, len(value))
    for token in _TOKEN.finditer(text):
        if not covered[token.start()] and not _HASH.fullmatch(token.group()) and looks_like_key(token.group()):
            found[token.start()] = Secret(*where(token.start()), len(token.group()))
    for start in sorted(found):
        yield found[start]
