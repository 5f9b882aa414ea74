"""The line that ends a cut answer: how many rows exist, which are shown, which call gets the rest.

The note's promise: an agent that follows every note (each call it names, in order, and each of
those answers' own notes before the next) gets every row its first call covered, exactly once,
whatever the paging style, page size or budget. Rows no argument can reach are named instead.

- **Dates** (a series newest first with ``to_date``, or oldest first with ``from_date``): the next
  bound is the day after the last day shown, the other bound is pinned to where this answer ends, and
  ``limit`` (when the tool has one) shrinks by the rows shown, so the rest is one call. Rows are cut
  at a day boundary; a day that alone is over the budget is shown in part and the note names the rows
  of it that no argument reaches.
- **Offset**: ``offset`` moves past the rows shown and ``limit`` shrinks by them.
- **Page and limit**: a call returns rows ``page × limit`` to ``(page + 1) × limit``, so the rest
  (up to where the first call ended, the agent's own ``limit``) is a few aligned pages; the rows shown
  are chosen among those that fit so that the pages are as few as possible.

An answer shown whole that may be a full page (:func:`more_rows`) ends with a line of its own: more
rows may exist past the call, and which argument gets them. It is worded unlike the note of a cut
answer ("call again with the same arguments and ..."): those calls get the rest of what the call asked
for, and an agent that follows notes to the end stops at this one.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from data_pkg.catalog import Endpoint
from data_pkg.toolsets import FIELDS_ARGUMENT

SERIES_KEY = "date"
"""The field that makes rows a time series (the upstream's name for it in every series)."""

SAME = "call again with the same arguments and"

CANDIDATES = 64
"""How many row counts (from the most that fit, downwards) the page planner weighs: bounds its work."""


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

    def number(self, name: str) -> int | None:
        """The agent's value of ``name``, else its default, when it is a whole number of at least 0."""
        value = self.arguments.get(name)
        return _int(value) if value is not None else _int(self.defaults.get(name))


@dataclass(frozen=True)
class Cut:
    """The rows kept and what to say about the rest."""

    kept: int
    note: str


def _day(value: object) -> dt.date | None:
    if isinstance(value, dt.date):
        return value if not isinstance(value, dt.datetime) else value.date()
    if not isinstance(value, str) or len(value) < 10:
        return None
    try:
        return dt.date.fromisoformat(value[:10])
    except ValueError:
        return None


def _row_day(row: Any) -> dt.date | None:
    return _day(row.get(SERIES_KEY)) if isinstance(row, dict) else None


def series_order(rows: Sequence[Any]) -> str | None:
    """``"newest first"`` / ``"oldest first"`` for rows dated by :data:`SERIES_KEY`, else None."""
    if len(rows) < 2:
        return None
    first, last = _row_day(rows[0]), _row_day(rows[-1])
    if first is None or last is None or first == last:
        return None
    return "newest first" if first > last else "oldest first"


def whole_days(rows: Sequence[Any], kept: int) -> int:
    """``kept``, lowered so that no day is split between the rows shown and the rest (intraday bars).

    A date bound cannot start in the middle of a day, so the next slice would repeat or skip bars.
    A day that alone is over the budget is split all the same (``kept`` is returned as it is).
    """
    if not 0 < kept < len(rows):
        return kept
    boundary = _row_day(rows[kept])
    start = kept
    while start > 0 and _row_day(rows[start - 1]) == boundary:
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


def note(rows: Sequence[Any], fit: int, *, budget: int, where: str, call: CallContext) -> Cut:
    """The cut of ``rows`` showing at most ``fit`` of them, and its note (``where`` names a nested list)."""
    total = len(rows)
    order = series_order(rows)
    kept, rest = _continuation(rows, max(1, min(fit, total - 1)), order, call)
    shown = f"Rows 1-{_count(kept)} of {_count(total)}{where} shown"
    if order is not None:
        shown += f" ({_shown_date(rows[0].get(SERIES_KEY))} to {_shown_date(rows[kept - 1].get(SERIES_KEY))}, {order})"
    shown += f" to fit {_count(budget)} tokens."
    return Cut(kept, f"{shown} {rest}")


def more_rows(count: int, call: CallContext) -> str | None:
    """What an answer of ``count`` rows, shown whole, says when it may be a full page: which argument gets more.

    A page is full when it holds as many rows as the ``limit`` the call applied (the agent's, else the
    catalog's default). A tool that pages without a known ``limit`` (no such parameter, or none given and
    no default) pages by the data service's own size, which the catalog does not know: any rows it
    answers may be a full page, and the line says that an empty page ends them.
    """
    if count < 1:
        return None
    limit = call.number("limit") if "limit" in call.params else None
    if limit is not None and count != limit:
        return None
    same = "so more may exist: the same arguments with"
    if "page" in call.params:
        page = (call.number("page") or 0) + 1
        if limit is None:
            return (
                f"These {_count(count)} rows may fill a page (its size is the data service's), {same} page={page}"
                " get the next ones (an empty answer: there are none)."
            )
        return f"These {_count(count)} rows fill a page of limit={limit}, {same} page={page} get the next ones."
    if limit is None:
        return None
    full = f"These {_count(count)} rows are as many as limit={limit} allows, {same}"
    if "offset" in call.params:
        return f"{full} offset={(call.number('offset') or 0) + count} get the next ones."
    return f"{full} limit={2 * limit} get these and the next ones."


def _continuation(rows: Sequence[Any], fit: int, order: str | None, call: CallContext) -> tuple[int, str]:
    """How many rows to show (at most ``fit``) and the sentence that gets the rest."""
    total = len(rows)
    page, limit = call.number("page") or 0, call.number("limit")
    paged = {"page", "limit"} <= call.params and (page == 0 or limit is not None)
    bound = {"newest first": "to_date", "oldest first": "from_date"}.get(order or "")
    if bound in call.params and not (paged and page):
        kept = whole_days(rows, fit)
        split = _row_day(rows[kept]) == _row_day(rows[kept - 1])
        sentence = None if split and paged else _by_date(rows, kept, bound == "to_date", call)
        if sentence is not None:  # None: the bound would fall past the calendar's ends
            return kept, sentence
    if paged:
        return _by_pages(page * (limit or 0), fit, total)
    if "offset" in call.params:
        start = call.number("offset") or 0
        more = f", limit={total - fit}" if "limit" in call.params else ""
        return fit, f"For rows {_count(fit + 1)}-{_count(total)} {SAME} offset={start + fit}{more}."
    if FIELDS_ARGUMENT in call.params:  # the tool takes it (the writer adds it): fewer columns, more rows
        return fit, (
            f"No argument of this tool reaches rows {_count(fit + 1)}-{_count(total)}: call again with the"
            " columns the task needs (fields) or narrow the request (other arguments or another tool), or ask the"
            " user to raise max_answer_tokens."
        )
    return fit, (
        f"No argument of this tool reaches rows {_count(fit + 1)}-{_count(total)}: narrow the request (other"
        " arguments or another tool), or ask the user to raise max_answer_tokens or choose fewer fields for"
        " this tool in the manifest."
    )


def _by_date(rows: Sequence[Any], kept: int, newest_first: bool, call: CallContext) -> str | None:
    """The next date bound, the other bound pinned, ``limit`` shrunk; rows of a split day named."""
    total, last = len(rows), _row_day(rows[kept - 1])
    assert last is not None  # series_order read a day on this row's day, or whole_days did
    skipped = 0
    while kept + skipped < total and _row_day(rows[kept + skipped]) == last:
        skipped += 1
    lost = ""
    if skipped:
        first, end = _shown_date(rows[kept].get(SERIES_KEY)), _shown_date(rows[kept + skipped - 1].get(SERIES_KEY))
        lost = (
            f"Rows {_count(kept + 1)}-{_count(kept + skipped)} ({first} to {end}) are not shown: {last} alone is"
            " over the budget and no argument of this tool starts inside a day. "
        )
    consumed = kept + skipped  # < total: the last row's day differs from the first's (series_order)
    next_day = _step(last, -1 if newest_first else 1)
    if next_day is None:
        return None
    moved, pinned = ("to_date", "from_date") if newest_first else ("from_date", "to_date")
    parts = [f"{moved}={next_day}"]
    if pinned in call.params and call.arguments.get(pinned) is None:
        parts.append(f"{pinned}={_row_day(rows[-1])}")
    limit = call.number("limit")
    if "limit" in call.params and limit is not None:
        parts.append(f"limit={max(limit, total) - consumed}")
    which = "older" if newest_first else "newer"
    return f"{lost}For {which} rows ({_count(consumed + 1)}-{_count(total)}) {SAME} {', '.join(parts)}."


def _by_pages(origin: int, fit: int, total: int) -> tuple[int, str]:
    """Show at most ``fit`` rows such that the rest, up to ``origin + total``, takes the fewest pages."""
    end = origin + total
    best: tuple[int, list[tuple[int, int]]] | None = None
    for kept in range(fit, max(0, fit - CANDIDATES, fit // 2), -1):
        pages = aligned_pages(origin + kept, end)
        if best is None or len(pages) < len(best[1]):
            best = (kept, pages)
        if len(pages) == 1:
            break
    assert best is not None  # fit >= 1, so the loop ran
    kept, pages = best
    calls = "; ".join(f"limit={size}, page={number}" for size, number in pages)
    rows = f"rows {_count(kept + 1)}-{_count(total)}"
    if len(pages) == 1:
        return kept, f"For {rows} {SAME} {calls}."
    return kept, f"For {rows} {SAME}, in turn (each answer's own note before the next call): {calls}."


def aligned_pages(start: int, end: int) -> list[tuple[int, int]]:
    """``(limit, page)`` calls that return rows ``start`` to ``end`` exactly once, in order.

    A call returns rows ``page × limit`` to ``(page + 1) × limit``: each call takes the largest
    ``limit`` that divides where it starts and does not pass ``end``.
    """
    pages = []
    while start < end:
        size = largest_divisor(start, end - start)
        pages.append((size, start // size))
        start += size
    return pages


def largest_divisor(number: int, most: int) -> int:
    """The largest divisor of ``number`` that is at most ``most`` (``most`` itself for 0: page 0 of any size)."""
    if number == 0 or number <= most:
        return number or most
    best = 1
    small = 1
    while small * small <= number:
        if number % small == 0:
            if number // small <= most:
                return number // small  # the co-divisors fall as ``small`` rises: the first that fits is largest
            if small <= most:
                best = small
        small += 1
    return best


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None
