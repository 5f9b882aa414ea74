"""The exchange calendar of the synthetic data: which days have a trading session, and the bars of a session.

Daily series hold one row per trading day: a weekday that is not one of the
regular US exchange holidays. So a year holds about 252 rows and five years
about 1,260, as the upstream's do (one-off closures, such as a national day of
mourning, are not modelled). Intraday bars start at the 09:30 open and step by
their interval until the 16:00 close.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Iterator

__all__ = [
    "CLOSE_MINUTE",
    "OPEN_MINUTE",
    "holidays",
    "is_trading_day",
    "previous_trading_day",
    "session_minutes",
    "trading_days_back",
]

OPEN_MINUTE, CLOSE_MINUTE = 9 * 60 + 30, 16 * 60
"""Minutes after midnight of the regular session's open and close."""

_DAY = dt.timedelta(days=1)


def _easter(year: int) -> dt.date:
    """Easter Sunday of the Gregorian calendar (the anonymous Gregorian algorithm)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    l_ = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l_) // 451
    month, day = divmod(h + l_ - 7 * m + 114, 31)
    return dt.date(year, month, day + 1)


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> dt.date:
    """The ``n``-th ``weekday`` (Monday = 0) of a month; ``n = -1`` for the last one."""
    if n > 0:
        first = dt.date(year, month, 1)
        return first + dt.timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    last = dt.date(year + month // 12, month % 12 + 1, 1) - _DAY
    return last - dt.timedelta(days=(last.weekday() - weekday) % 7)


def _observed(day: dt.date) -> dt.date | None:
    """The weekday a fixed-date holiday is kept on: Friday before a Saturday, Monday after a Sunday.

    A Saturday New Year's Day is not kept on the Friday before (that Friday closes a year's books).
    """
    if day.weekday() == 5:
        return None if (day.month, day.day) == (1, 1) else day - _DAY
    if day.weekday() == 6:
        return day + _DAY
    return day


@functools.lru_cache(maxsize=256)
def holidays(year: int) -> frozenset[dt.date]:
    """The regular exchange holidays of ``year`` that fall on weekdays."""
    fixed = [dt.date(year, 1, 1), dt.date(year, 7, 4), dt.date(year, 12, 25)]
    if year >= 2022:
        fixed.append(dt.date(year, 6, 19))
    days = {kept for kept in map(_observed, fixed) if kept is not None}
    days |= {
        _nth_weekday(year, 2, 0, 3),  # Washington's Birthday
        _easter(year) - 2 * _DAY,  # Good Friday
        _nth_weekday(year, 5, 0, -1),  # Memorial Day
        _nth_weekday(year, 9, 0, 1),  # Labor Day
        _nth_weekday(year, 11, 3, 4),  # Thanksgiving
    }
    if year >= 1998:
        days.add(_nth_weekday(year, 1, 0, 3))  # Martin Luther King Jr. Day
    return frozenset(days)


def is_trading_day(day: dt.date) -> bool:
    """Whether the exchange holds a session on ``day``."""
    return day.weekday() < 5 and day not in holidays(day.year)


@functools.lru_cache(maxsize=4096)
def previous_trading_day(day: dt.date) -> dt.date:
    """The last trading day before ``day``."""
    day -= _DAY
    while not is_trading_day(day):
        day -= _DAY
    return day


def trading_days_back(start: dt.date, end: dt.date) -> Iterator[dt.date]:
    """The trading days from ``end`` back to ``start`` (both included), newest first."""
    day = end
    while day >= start:
        if is_trading_day(day):
            yield day
        if day == dt.date.min:
            return
        day -= _DAY


@functools.lru_cache(maxsize=16)
def session_minutes(bar_minutes: int) -> tuple[int, ...]:
    """Start minutes of a session's bars of ``bar_minutes`` each, latest first (15:59 ... 09:30 for 1min)."""
    return tuple(range(OPEN_MINUTE, CLOSE_MINUTE, bar_minutes))[::-1]
