"""Daily technical indicators computed from the sandbox's own closes, as the upstream computes them from its prices.

A daily indicator row carries the day's close (``close_on`` rounded to cents, as the history shows it) and the
indicator over the ``periodLength`` trading days ending that day, so an indicator answer agrees with the history
of the same symbol: the RSI an agent computes from kept closes equals the one this route sends. Smoothed
indicators (EMA and its doubles, Wilder's RSI) start :data:`WARM_UP` trading days before the first day asked, as
the upstream's start at the beginning of its history; the start's weight has decayed below rounding by then.

Williams %R and ADX need the day's high and low, which the sandbox draws per request: they stay drawn values.
Intraday bars are not computed either (their closes are a wiggle around the day's).
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable, Sequence

from data_pkg.sandbox._calendar import trading_days_back
from data_pkg.sandbox._depths import HISTORY_START
from data_pkg.sandbox._prices import close_on

__all__ = ["COMPUTED", "WARM_UP", "daily_indicator"]

WARM_UP = 400
"""Trading days before a range's first day that smoothed indicators start from (0.93 ** 400 is 1e-13)."""

Series = Callable[[Sequence[float], int], list[float | None]]
"""Closes oldest first and the window length -> the indicator at each close (None until it is defined)."""


def _sma(closes: Sequence[float], n: int) -> list[float | None]:
    out: list[float | None] = [None] * len(closes)
    total = 0.0
    for i, close in enumerate(closes):
        total += close
        if i >= n:
            total -= closes[i - n]
        if i >= n - 1:
            out[i] = total / n
    return out


def _ema(closes: Sequence[float | None], n: int) -> list[float | None]:
    """Seeded with the mean of the first ``n`` values, then ``e = e + (x - e) * 2 / (n + 1)``."""
    out: list[float | None] = [None] * len(closes)
    alpha = 2 / (n + 1)
    seen: list[float] = []
    value: float | None = None
    for i, close in enumerate(closes):
        if close is None:
            continue
        if value is None:
            seen.append(close)
            if len(seen) == n:
                value = sum(seen) / n
                out[i] = value
            continue
        value += (close - value) * alpha
        out[i] = value
    return out


def _dema(closes: Sequence[float], n: int) -> list[float | None]:
    once = _ema(closes, n)
    twice = _ema(once, n)
    return [None if a is None or b is None else 2 * a - b for a, b in zip(once, twice, strict=True)]


def _tema(closes: Sequence[float], n: int) -> list[float | None]:
    once = _ema(closes, n)
    twice = _ema(once, n)
    thrice = _ema(twice, n)
    return [
        None if a is None or b is None or c is None else 3 * a - 3 * b + c
        for a, b, c in zip(once, twice, thrice, strict=True)
    ]


def _wma(closes: Sequence[float], n: int) -> list[float | None]:
    weights = n * (n + 1) / 2
    return [
        None if i < n - 1 else sum(w * c for w, c in enumerate(closes[i - n + 1 : i + 1], start=1)) / weights
        for i in range(len(closes))
    ]


def _standard_deviation(closes: Sequence[float], n: int) -> list[float | None]:
    """The population standard deviation of the last ``n`` closes."""
    out: list[float | None] = [None] * len(closes)
    for i in range(n - 1, len(closes)):
        window = closes[i - n + 1 : i + 1]
        mean = sum(window) / n
        out[i] = math.sqrt(sum((c - mean) ** 2 for c in window) / n)
    return out


def _rsi(closes: Sequence[float], n: int) -> list[float | None]:
    """Wilder's RSI: mean gain and loss of the first ``n`` changes, then ``a = (a * (n - 1) + x) / n``."""
    out: list[float | None] = [None] * len(closes)
    gain = loss = 0.0
    for i in range(1, len(closes)):
        change = closes[i] - closes[i - 1]
        up, down = max(change, 0.0), max(-change, 0.0)
        if i <= n:
            gain, loss = gain + up / n, loss + down / n
            if i < n:
                continue
        else:
            gain, loss = (gain * (n - 1) + up) / n, (loss * (n - 1) + down) / n
        out[i] = 100.0 if loss == 0 else 100 - 100 / (1 + gain / loss)
    return out


COMPUTED: dict[str, Series] = {
    "sma": _sma,
    "ema": _ema,
    "wma": _wma,
    "dema": _dema,
    "tema": _tema,
    "rsi": _rsi,
    "standarddeviation": _standard_deviation,
}
"""Each computed indicator by its route's last path segment (the lower-cased name of its field)."""


def daily_indicator(name: str, symbol: str, first: dt.date, last: dt.date, n: int) -> dict[dt.date, float]:
    """``name`` over ``n`` trading days for each trading day from ``first`` to ``last`` where it is defined."""
    days = [*trading_days_back(first, last), *_before(first, WARM_UP + n)]
    days.reverse()
    closes = [round(close_on(symbol, day.toordinal()), 2) for day in days]
    values = COMPUTED[name](closes, n)
    return {day: value for day, value in zip(days, values, strict=True) if value is not None and day >= first}


def _before(day: dt.date, count: int) -> list[dt.date]:
    """Up to ``count`` trading days before ``day``, newest first, none before HISTORY_START."""
    found: list[dt.date] = []
    for earlier in trading_days_back(HISTORY_START, day - dt.timedelta(days=1)):
        found.append(earlier)
        if len(found) == count:
            break
    return found
