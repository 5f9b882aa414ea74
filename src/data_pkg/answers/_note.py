"""The line that ends a cut answer: how many rows exist, which are shown, which argument gets the rest.

An agent that follows the note gets the next slice. For a date series that is a date bound
(``to_date`` the day before the oldest row shown, when the series runs newest first); for a
paged list it is ``page`` with ``limit`` set to the rows shown, or ``offset``. When no argument
of the tool reaches the rest, the note says so instead of pretending.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from data_pkg.catalog import Endpoint

SERIES_KEY = "date"
"""The field that makes rows a time series (the upstream's name for it in every series)."""


@dataclass(frozen=True)
class CallContext:
    """What the note may suggest: the arguments the agent can send (not fixed by the manifest) and those it sent."""

    params: frozenset[str] = frozenset()
    arguments: Mapping[str, object] = field(default_factory=dict)
    defaults: Mapping[str, object] = field(default_factory=dict)
    """Catalog defaults of the parameters (e.g. ``limit``), for working out where a page starts."""

    @classmethod
    def of(cls, endpoint: Endpoint, arguments: Mapping[str, object] | None, fixed: Collection[str] = ()) -> CallContext:
        """The context of a call of ``endpoint``: its parameters less those the server fixes."""
        return cls(
            params=frozenset(p.name for p in endpoint.params if p.name not in fixed),
            arguments=dict(arguments or {}),
            defaults={p.name: p.default for p in endpoint.params if p.default is not None},
        )


@dataclass(frozen=True)
class Cut:
    """The rows kept and what to say about the rest."""

    kept: int
    note: str


def _day(value: object) -> dt.date | None:
    if not isinstance(value, str) or len(value) < 10:
        return None
    try:
        return dt.date.fromisoformat(value[:10])
    except ValueError:
        return None


def series_order(rows: Sequence[Any]) -> str | None:
    """``"newest first"`` / ``"oldest first"`` for rows dated by :data:`SERIES_KEY`, else None."""
    if len(rows) < 2 or not all(isinstance(rows[i], dict) for i in (0, -1)):
        return None
    first, last = _day(rows[0].get(SERIES_KEY)), _day(rows[-1].get(SERIES_KEY))
    if first is None or last is None or first == last:
        return None
    return "newest first" if first > last else "oldest first"


def whole_days(rows: Sequence[Any], kept: int) -> int:
    """``kept``, lowered so that no day is split between the rows shown and the rest (intraday bars).

    A date bound cannot start in the middle of a day, so the next slice would repeat or skip
    bars; a day that alone exceeds the budget is split all the same (the note says so).
    """
    if not 0 < kept < len(rows):
        return kept
    boundary = _day(rows[kept].get(SERIES_KEY))
    start = kept
    while start > 0 and _day(rows[start - 1].get(SERIES_KEY)) == boundary:
        start -= 1
    return start or kept


def _count(n: int) -> str:
    return f"{n:,}"


_SHOWN_DATE = re.compile(r"\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?")


def _shown_date(value: object) -> str:
    """A row's date as the note names it: as sent when it is a date or a time, else its day.

    The value is upstream text, and the note is the server's voice: only a date's own characters
    may reach it (a "date" of ``2026-11-20`` followed by a line break and an instruction does not).
    """
    if isinstance(value, str) and _SHOWN_DATE.fullmatch(value):
        return value
    day = _day(value)
    return "?" if day is None else day.isoformat()


def _step(day: dt.date, days: int) -> dt.date | None:
    """``day`` moved by ``days``, or None past the calendar's ends (0001-01-01, 9999-12-31)."""
    try:
        return day + dt.timedelta(days=days)
    except OverflowError:
        return None


def note(rows: Sequence[Any], kept: int, *, budget: int, where: str, call: CallContext) -> Cut:
    """The cut of ``rows`` after ``kept`` of them, and its note (``where`` names the list when it is nested)."""
    total = len(rows)
    order = series_order(rows)
    if order is not None:
        kept = whole_days(rows, kept)
    elif "offset" not in call.params:
        kept = _page_aligned(kept, call)
    shown = f"Rows 1-{_count(kept)} of {_count(total)}{where} shown"
    if order is not None and kept:
        newest, oldest = _shown_date(rows[0].get(SERIES_KEY)), _shown_date(rows[kept - 1].get(SERIES_KEY))
        shown += f" ({newest} to {oldest}, {order})"
    shown += f" to fit {_count(budget)} tokens."
    return Cut(kept, f"{shown} {_next(rows, kept, order, call)}")


def _next(rows: Sequence[Any], kept: int, order: str | None, call: CallContext) -> str:
    """The sentence that names the argument getting the rest."""
    same = "call again with the same arguments and"
    last_day = _day(rows[kept - 1].get(SERIES_KEY)) if order is not None and kept else None
    split_day = last_day is not None and kept < len(rows) and _day(rows[kept].get(SERIES_KEY)) == last_day
    if last_day is not None and order == "newest first" and "to_date" in call.params:
        bound = last_day if split_day else _step(last_day, -1)
        if bound is not None:
            repeat = f" (bars of {bound} already shown come again)" if split_day else ""
            return f"For older rows {same} to_date={bound}{repeat}."
    if last_day is not None and order == "oldest first" and "from_date" in call.params:
        bound = last_day if split_day else _step(last_day, 1)
        if bound is not None:
            repeat = f" (bars of {bound} already shown come again)" if split_day else ""
            return f"For newer rows {same} from_date={bound}{repeat}."
    if "offset" in call.params:
        offset = _int(call.arguments.get("offset")) or 0
        return f"For the next rows {same} offset={offset + kept}."
    start = _page_start(call)
    if start is not None and kept and start % kept == 0:
        return f"For the next rows {same} limit={kept}, page={start // kept + 1}."
    return (
        "No argument of this tool pages past them: narrow the request (other arguments or another tool),"
        " or ask the user to raise max_answer_tokens or choose fewer fields for this tool in the manifest."
    )


def _page_start(call: CallContext) -> int | None:
    """Where the page asked for starts, in rows; None when the tool has no page and limit to move it."""
    if not {"page", "limit"} <= call.params:
        return None
    page = _int(call.arguments.get("page")) or 0
    limit = _int(call.arguments.get("limit")) or _int(call.defaults.get("limit"))
    if page == 0:
        return 0
    return page * limit if limit else None


def _page_aligned(kept: int, call: CallContext) -> int:
    """``kept``, lowered so that a page of that size starts right after it (page * limit = offset)."""
    start = _page_start(call)
    if not start or kept <= 0:
        return kept
    while start % kept:
        kept -= 1
    return kept


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None
