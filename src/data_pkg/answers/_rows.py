"""Where the rows of an answer are, and which of their fields the manifest keeps.

An answer is a list of rows, one object, or one object holding a list (``{"symbol": ...,
"historical": [...]}``). The rows are what a budget may cut; everything else is kept whole.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

JsonObject = dict[str, Any]


@dataclass(frozen=True)
class Rows:
    """The rows of an answer, and the object around them when they are nested (``key`` names the list)."""

    rows: Sequence[Any]
    envelope: JsonObject | None = None
    key: str | None = None

    def rebuild(self, kept: list[Any]) -> Any:
        """The answer with only ``kept`` rows, in the shape it came in."""
        if self.envelope is None or self.key is None:
            return kept
        return {**self.envelope, self.key: kept}


def find_rows(value: Any) -> Rows | None:
    """The rows of ``value``: the list itself, or an object's longest list of objects; None when there are none.

    A list may be any sequence of rows but a string: the client's rows read on demand are one.
    """
    if isinstance(value, Sequence) and not isinstance(value, (str, bytes)):
        return Rows(value)
    if isinstance(value, dict):
        lists = [(len(v), k) for k, v in value.items() if isinstance(v, list) and v and isinstance(v[0], dict)]
        if lists:
            _, key = max(lists)
            return Rows(value[key], {k: v for k, v in value.items() if k != key}, key)
    return None


WALKED_DEPTH = 64
"""How deep the writer walks into a value (to drop nulls, to find a text to shorten). Deeper parts are kept
as they came: an upstream can nest values hundreds deep, and a recursive walk would exhaust the stack."""


def without_nulls(value: Any, depth: int = 0) -> Any:
    """JSON values without null fields, which cost an agent tokens and tell it nothing (to :data:`WALKED_DEPTH`)."""
    if depth >= WALKED_DEPTH:
        return value
    if isinstance(value, dict):
        return {k: without_nulls(v, depth + 1) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [without_nulls(item, depth + 1) for item in value]
    return value


def project(value: Any, fields: tuple[str, ...] | None, exclude: tuple[str, ...]) -> Any:
    """``value`` with each row keeping only ``fields`` (when set) and none of ``exclude``.

    A row is what the endpoint's response model describes: each object of a list answer, or a
    single-object answer itself. ``exclude`` also drops its names from the objects inside a row (a
    sector of a fund, a statement's ``data``), which the agent sees as well; ``fields`` keeps a row's own.
    """
    if fields is None and not exclude:
        return value
    keep = None if fields is None else frozenset(fields)
    drop = frozenset(exclude)

    def row(item: Any) -> Any:
        if not isinstance(item, Mapping):
            return item
        return {k: inside(v) for k, v in item.items() if (keep is None or k in keep) and k not in drop}

    def inside(part: Any) -> Any:
        if not drop:
            return part
        if isinstance(part, Mapping):
            return {k: v for k, v in part.items() if k not in drop}
        if isinstance(part, list):
            return [{k: v for k, v in x.items() if k not in drop} if isinstance(x, Mapping) else x for x in part]
        return part

    if isinstance(value, list):
        return [row(item) for item in value]
    return row(value)
