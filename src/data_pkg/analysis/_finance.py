"""Finance functions for queries over kept tables, registered in SQLite as aggregates.

Each series function takes ``(date, price)`` pairs and sorts them by date itself, so a result never
depends on the order SQLite feeds rows in (aggregates see rows in no promised order). Dates are the
upstream's ISO text (``2024-01-02`` or ``2024-01-02 09:30:00``), which sorts as time does. Rows whose
date or price is NULL are skipped; too few rows give NULL. Formulas are in ``docs/analysis.md``.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

TRADING_DAYS = 252
"""Trading days in a year, for annualising daily volatility."""

DAYS_PER_YEAR = 365.25
"""Calendar days in a year, for CAGR over calendar time."""


def _day(value: str) -> dt.date:
    return dt.date.fromisoformat(value[:10])


def period_return(prices: Sequence[float]) -> float | None:
    """Last over first, minus one."""
    if len(prices) < 2 or prices[0] == 0:
        return None
    return prices[-1] / prices[0] - 1


def cagr(dates: Sequence[str], prices: Sequence[float]) -> float | None:
    """``(last / first) ** (365.25 / calendar days between them) - 1``."""
    if len(prices) < 2 or prices[0] <= 0 or prices[-1] < 0:
        return None
    days = (_day(dates[-1]) - _day(dates[0])).days
    if days <= 0:
        return None
    return float((prices[-1] / prices[0]) ** (DAYS_PER_YEAR / days) - 1)


def volatility(prices: Sequence[float], periods: float = TRADING_DAYS) -> float | None:
    """Sample standard deviation of log returns ``ln(p[t] / p[t-1])``, times ``sqrt(periods)``."""
    if any(p <= 0 for p in prices):
        return None
    returns = [math.log(b / a) for a, b in pairwise(prices)]
    if len(returns) < 2:
        return None
    mean = sum(returns) / len(returns)
    variance = sum((r - mean) ** 2 for r in returns) / (len(returns) - 1)
    return math.sqrt(variance) * math.sqrt(periods)


def max_drawdown(prices: Sequence[float]) -> float | None:
    """The lowest ``p[t] / max(p[0..t]) - 1``: zero or negative (-0.25 is a fall of 25% from a peak)."""
    if not prices:
        return None
    peak, worst = prices[0], 0.0
    for price in prices:
        peak = max(peak, price)
        if peak > 0:
            worst = min(worst, price / peak - 1)
    return worst


def sma(prices: Sequence[float], n: int) -> float | None:
    """The mean of the last ``n`` prices."""
    if n < 1 or len(prices) < n:
        return None
    return sum(prices[-n:]) / n


def ema(prices: Sequence[float], n: int) -> float | None:
    """Exponential moving average at the last price: seeded with the mean of the first ``n``, then
    ``e = e + (2 / (n + 1)) * (p - e)`` for each later price."""
    if n < 1 or len(prices) < n:
        return None
    alpha = 2 / (n + 1)
    value = sum(prices[:n]) / n
    for price in prices[n:]:
        value += alpha * (price - value)
    return value


def rsi(prices: Sequence[float], n: int = 14) -> float | None:
    """Wilder's relative strength index at the last price, 0 to 100.

    Average gain and loss start as the means of the first ``n`` changes, then each later change
    updates them as ``a = (a * (n - 1) + x) / n``; ``RSI = 100 - 100 / (1 + gain / loss)`` (100 when
    there was no loss).
    """
    if n < 1 or len(prices) <= n:
        return None
    changes = [b - a for a, b in pairwise(prices)]
    gain = sum(max(c, 0.0) for c in changes[:n]) / n
    loss = sum(max(-c, 0.0) for c in changes[:n]) / n
    for change in changes[n:]:
        gain = (gain * (n - 1) + max(change, 0.0)) / n
        loss = (loss * (n - 1) + max(-change, 0.0)) / n
    if loss == 0:
        return 100.0
    return 100 - 100 / (1 + gain / loss)


def correlation(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Pearson's correlation coefficient of the pairs, -1 to 1 (NULL when either side does not vary)."""
    if len(xs) < 2:
        return None
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx == 0 or syy == 0:
        return None
    return sxy / math.sqrt(sxx * syy)


class _Series:
    """An aggregate over ``(date, price[, n])`` rows: collects them, sorts by date, applies a function."""

    compute: Callable[[list[str], list[float], Any], float | None]

    def __init__(self) -> None:
        self.rows: list[tuple[str, float]] = []
        self.arg: Any = None

    def step(self, date: object, price: object, arg: object = None) -> None:
        if isinstance(date, str) and isinstance(price, (int, float)) and not isinstance(price, bool):
            self.rows.append((date, float(price)))
        if arg is not None:
            self.arg = arg

    def finalize(self) -> float | None:
        self.rows.sort(key=lambda row: row[0])
        try:
            return type(self).compute([d for d, _ in self.rows], [p for _, p in self.rows], self.arg)
        except (ValueError, ArithmeticError, TypeError):  # a date that is not ISO text, an overflow
            return None


def _series(function: Callable[[list[str], list[float], Any], float | None]) -> type[_Series]:
    return type(function.__name__, (_Series,), {"compute": staticmethod(function)})


class _Pairs:
    """``correlation(x, y)``: the pairs where both are numbers."""

    def __init__(self) -> None:
        self.xs: list[float] = []
        self.ys: list[float] = []

    def step(self, x: object, y: object) -> None:
        if isinstance(x, (int, float)) and isinstance(y, (int, float)):
            self.xs.append(float(x))
            self.ys.append(float(y))

    def finalize(self) -> float | None:
        return correlation(self.xs, self.ys)


def _whole(arg: Any, default: int | None = None) -> int:
    if arg is None and default is not None:
        return default
    if isinstance(arg, bool) or not isinstance(arg, (int, float)) or int(arg) != arg:
        raise ValueError("n must be a whole number")
    return int(arg)


_RSI = _series(lambda d, p, a: rsi(p, _whole(a, 14)))

AGGREGATES: tuple[tuple[str, int, type[Any]], ...] = (
    ("period_return", 2, _series(lambda d, p, a: period_return(p))),
    ("cagr", 2, _series(lambda d, p, a: cagr(d, p))),
    ("volatility", 2, _series(lambda d, p, a: volatility(p))),
    ("max_drawdown", 2, _series(lambda d, p, a: max_drawdown(p))),
    ("sma", 3, _series(lambda d, p, a: sma(p, _whole(a)))),
    ("ema", 3, _series(lambda d, p, a: ema(p, _whole(a)))),
    ("rsi", 2, _RSI),
    ("rsi", 3, _RSI),
    ("correlation", 2, _Pairs),
)
"""(name, number of arguments, aggregate class), as ``create_aggregate`` takes them."""

FUNCTION_NAMES: frozenset[str] = frozenset(name for name, _, _ in AGGREGATES)
"""The finance functions a query may call (``ema``, ``rsi``, ``correlation``, ...)."""
