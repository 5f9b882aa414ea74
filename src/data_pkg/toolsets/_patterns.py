"""Selection patterns and name lookups, with suggestions for near misses.

A pattern is a glob over spec names (``fundamental.*``, ``*.quote``; case-sensitive),
``group:NAME`` or ``tag:NAME``. An entry with no glob character and no colon is a tool name
(spec name or bare key) and is held to the stricter rules of explicit names.
"""

from __future__ import annotations

from fnmatch import fnmatchcase
from functools import cache

from data_pkg.catalog import ENDPOINTS, Endpoint
from data_pkg.suggest import suggest

_GLOB_CHARS = frozenset("*?[")
PATTERN_KINDS: tuple[str, ...] = ("group", "tag")


def is_pattern(entry: str) -> bool:
    """Whether ``entry`` is a pattern rather than a tool name."""
    return ":" in entry or not _GLOB_CHARS.isdisjoint(entry)


@cache
def catalog_groups() -> frozenset[str]:
    """Every group name in the catalog."""
    return frozenset(e.group for e in ENDPOINTS)


@cache
def catalog_tags() -> frozenset[str]:
    """Every tag used in the catalog."""
    return frozenset(t for e in ENDPOINTS for t in e.tags)


def pattern_problem(pattern: str) -> tuple[str, str | None] | None:
    """What is wrong with ``pattern`` as (message, hint), or None when it is well formed."""
    if ":" not in pattern:
        return None
    kind, _, value = pattern.partition(":")
    if kind not in PATTERN_KINDS:
        return f"unknown pattern kind {kind + ':'!r}", "use group:NAME, tag:NAME or a glob such as fundamental.*"
    known = catalog_groups() if kind == "group" else catalog_tags()
    if value not in known:
        return f"no {kind} is called {value!r}", suggest(value, known) or f"{kind}s: {', '.join(sorted(known))}"
    return None


def matches(pattern: str, endpoint: Endpoint) -> bool:
    """Whether a well-formed ``pattern`` selects ``endpoint``."""
    kind, colon, value = pattern.partition(":")
    if colon:
        return endpoint.group == value if kind == "group" else value in endpoint.tags
    return fnmatchcase(endpoint.spec, pattern)


@cache
def tool_names() -> frozenset[str]:
    """Every spec name and key of an endpoint that can be a tool: the vocabulary of suggestions."""
    found: set[str] = set()
    for e in ENDPOINTS:
        if e.is_tool_candidate and e.status == "live":
            found.update((e.key, e.spec))
    return frozenset(found)
