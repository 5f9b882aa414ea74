"""One synthetic row: the context every field of it is derived from, and the generator type.

A row's prices, dates and period are drawn once into a :class:`RowContext`;
each field then gets its value from a small closure over it (a :data:`Gen`),
so the fields of one row agree with each other (a close inside the day's range,
a market cap from that price).
"""

from __future__ import annotations

import datetime as dt
import random
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from data_pkg.sandbox import _vocab as v

__all__ = ["Gen", "RowContext", "company_name", "stable_hash"]


@dataclass(slots=True)
class RowContext:
    """What every field of one row is derived from."""

    rng: random.Random
    symbol: str
    day: dt.date
    minute: int | None
    """Minute of the day for an intraday bar, else None."""
    start: dt.date
    end: dt.date
    explicit_range: bool
    """Whether the request gave the range (so every date must fall inside it)."""
    price: float
    open: float
    high: float
    low: float
    prev_close: float
    year_high: float
    year_low: float
    shares: float
    year: int
    quarter: int
    period: str
    moment: int | None = None
    """Minute of the day a list row stands for (a news item's time), else None."""

    def any_day(self) -> dt.date:
        """A day inside the requested range."""
        span = (self.end - self.start).days
        return self.start + dt.timedelta(days=self.rng.randint(0, span)) if span > 0 else self.start

    def clock(self) -> str:
        """A time of day for a datetime field: the bar's or the list row's time, or a random business hour."""
        minute = self.minute if self.minute is not None else self.moment
        if minute is None:
            minute = self.rng.randint(6 * 60, 20 * 60)
        return f"{minute // 60:02d}:{minute % 60:02d}:00"


Gen = Callable[[RowContext], Any]
"""A field's value generator: a closure over the row's context."""


def stable_hash(text: str) -> int:
    """A 32-bit hash that is the same in every process (unlike ``hash()``)."""
    return zlib.crc32(text.encode())


def company_name(symbol: str) -> str:
    """The invented company name a symbol always maps to."""
    h = stable_hash(symbol)
    return f"{v.NAME_STEMS[h % len(v.NAME_STEMS)]} {v.NAME_ENDINGS[(h >> 8) % len(v.NAME_ENDINGS)]}"
