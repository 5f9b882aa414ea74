"""Deterministic synthetic rows for a route and a request.

Same route and same parameters (the key and ``limit`` aside) give the same
rows, byte for byte: the random streams are seeded from a SHA-256 of the
canonical request, and prices come from a fixed function of symbol and day,
so a symbol's quote, profile and chart agree with each other. ``limit`` is
left out of the seed so that a smaller limit answers a prefix of a larger one.
Nothing depends on today's date: the default range ends at :data:`ANCHOR`.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import importlib
import math
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from data_pkg.models._index import MODEL_MODULES
from data_pkg.sandbox import _vocab as v
from data_pkg.sandbox._fields import FieldPlan, plan_for
from data_pkg.sandbox._query import Value
from data_pkg.sandbox._routes import Route
from data_pkg.sandbox._row import RowContext

__all__ = ["ANCHOR", "RouteData", "load_model", "requested_range", "route_data"]

ANCHOR = dt.date(2026, 11, 20)
"""The "today" of the sandbox: default ranges end here."""

DEFAULT_SPAN_DAYS = 30
MAX_ROWS = 100
"""Most rows a list answer holds, whatever ``limit`` asks."""
MAX_SERIES_ROWS = 1000
MAX_BARS = 500
MAX_PAGES = 10
"""Pages 0..9 hold data; later pages answer ``[]`` so that paging loops end."""

_SERIES_TAGS = frozenset({"charts", "technical", "economics", "cot", "market_performance"})
_BAR_MINUTES = {"1min": 1, "5min": 5, "15min": 15, "30min": 30, "1hour": 60, "4hour": 240}
_OPEN_MINUTE, _CLOSE_MINUTE = 9 * 60 + 30, 16 * 60
_NO_ECHO = frozenset({"symbol", "symbols", "limit", "page", "from", "to", "period", "apikey"})


def load_model(name: str) -> type[BaseModel]:
    """The response model class called ``name``, importing its module on first use."""
    module = importlib.import_module(f"data_pkg.models.{MODEL_MODULES[name]}")
    model = getattr(module, name)
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        raise TypeError(f"{name} is not a pydantic model")
    return model


# ---------------------------------------------------------------------------
# Prices: a fixed function of symbol and day.


@functools.lru_cache(maxsize=8192)
def _symbol_profile(symbol: str) -> tuple[float, float, float, int, float]:
    digest = hashlib.sha256(symbol.encode()).digest()
    base = 15 + int.from_bytes(digest[0:4], "big") % 43_500 / 100  # 15.00 .. 449.99
    phase1 = digest[4] / 255 * 2 * math.pi
    phase2 = digest[5] / 255 * 2 * math.pi
    noise_seed = int.from_bytes(digest[6:10], "big")
    shares = float(10_000_000 + int.from_bytes(digest[10:14], "big") % 5_000_000_000)
    return base, phase1, phase2, noise_seed, shares


def close_on(symbol: str, ordinal: int) -> float:
    """The synthetic closing price of ``symbol`` on the day with this ordinal (unrounded)."""
    base, phase1, phase2, noise_seed, _ = _symbol_profile(symbol)
    noise = (((ordinal * 2_654_435_761) ^ noise_seed) & 0xFFFF) / 0xFFFF * 0.02 - 0.01
    return base * (1 + 0.12 * math.sin(ordinal / 37 + phase1) + 0.05 * math.sin(ordinal / 11.3 + phase2) + noise)


def _previous_weekday(day: dt.date) -> dt.date:
    back = {0: 3, 6: 2}.get(day.weekday(), 1)
    return day - dt.timedelta(days=back)


@dataclass(frozen=True, slots=True)
class _RowTime:
    day: dt.date
    minute: int | None
    year: int
    quarter: int
    period: str
    start: dt.date
    end: dt.date


def _context(rng: random.Random, symbol: str, t: _RowTime, explicit: bool) -> RowContext:
    ordinal = t.day.toordinal()
    close = close_on(symbol, ordinal)
    prev = close_on(symbol, _previous_weekday(t.day).toordinal())
    if t.minute is not None:
        # Intraday bars wiggle around the day's close; the previous bar stands in for the previous close.
        close *= 1 + 0.004 * math.sin(t.minute / 23 + ordinal)
        prev = close * (1 + 0.002 * math.sin(t.minute / 7))
    open_ = prev * (1 + rng.uniform(-0.01, 0.01))
    high = max(open_, close) * (1 + rng.uniform(0, 0.012))
    low = min(open_, close) * (1 - rng.uniform(0, 0.012))
    base, _, _, _, shares = _symbol_profile(symbol)
    # Rounding is monotonic, so low <= open/close <= high survives it.
    return RowContext(
        rng=rng,
        symbol=symbol,
        day=t.day,
        minute=t.minute,
        start=t.start,
        end=t.end,
        explicit_range=explicit,
        price=round(close, 2),
        open=round(open_, 2),
        high=round(high, 2),
        low=round(low, 2),
        prev_close=round(prev, 2),
        year_high=round(max(high, base * 1.2), 2),
        year_low=round(min(low, base * 0.8), 2),
        shares=shares,
        year=t.year,
        quarter=t.quarter,
        period=t.period,
    )


# ---------------------------------------------------------------------------
# Dates: the requested range and the day each row stands for.


def _quarter_of(day: dt.date) -> int:
    return (day.month - 1) // 3 + 1


def _quarter_end(year: int, quarter: int) -> dt.date:
    month = quarter * 3
    return dt.date(year, month, 31 if month in (3, 12) else 30)


def _quarter_before(year: int, quarter: int) -> tuple[int, int]:
    return (year, quarter - 1) if quarter > 1 else (year - 1, 4)


def _plain_time(day: dt.date, start: dt.date, end: dt.date, minute: int | None = None) -> _RowTime:
    quarter = _quarter_of(day)
    return _RowTime(day, minute, day.year, quarter, f"Q{quarter}", start, end)


def requested_range(values: Mapping[str, Value]) -> tuple[dt.date, dt.date, bool]:
    """First day, last day, and whether the request chose them (else the default range ending at ANCHOR)."""
    one = values.get("date")
    if isinstance(one, dt.date):
        return one, one, True
    start, end = values.get("from"), values.get("to")
    if isinstance(start, dt.date) and isinstance(end, dt.date):
        return start, end, True
    if isinstance(start, dt.date):
        return start, ANCHOR if start <= ANCHOR else start + dt.timedelta(days=DEFAULT_SPAN_DAYS - 1), True
    if isinstance(end, dt.date):
        return end - dt.timedelta(days=DEFAULT_SPAN_DAYS - 1), end, True
    year, quarter = values.get("year"), values.get("quarter")
    if isinstance(year, int) and 1 <= year <= 9999:
        if isinstance(quarter, int) and 1 <= quarter <= 4:
            return dt.date(year, quarter * 3 - 2, 1), _quarter_end(year, quarter), True
        return dt.date(year, 1, 1), dt.date(year, 12, 31), True
    return ANCHOR - dt.timedelta(days=DEFAULT_SPAN_DAYS - 1), ANCHOR, False


def _weekdays_back(start: dt.date, end: dt.date, cap: int) -> Iterator[dt.date]:
    day, count = end, 0
    while day >= start and count < cap:
        if day.weekday() < 5:
            yield day
            count += 1
        day -= dt.timedelta(days=1)


def _bars(start: dt.date, end: dt.date, minutes: int, cap: int) -> Iterator[_RowTime]:
    count = 0
    for day in _weekdays_back(start, end, cap):
        minute = _CLOSE_MINUTE - minutes
        while minute >= _OPEN_MINUTE and count < cap:
            yield _plain_time(day, start, end, minute)
            count += 1
            minute -= minutes
        if count >= cap:
            return


def _period_times(values: Mapping[str, Value], default_period: object, count: int) -> list[_RowTime]:
    """Fiscal periods, newest first: years for annual, quarters for quarterly, one quarter across years for Qn."""
    period = str(values.get("period") or default_period or "annual")
    year = values.get("year")
    given = isinstance(year, int)
    latest = ANCHOR - dt.timedelta(days=45)  # results are filed some weeks after the period ends
    steps: list[tuple[int, int]] = []
    if period in ("Q1", "Q2", "Q3", "Q4"):
        q = int(period[1])
        first = year if isinstance(year, int) else latest.year - (_quarter_end(latest.year, q) > latest)
        steps = [(first - i, q) for i in range(count)]
    elif period == "quarter":
        y, q = (year, 4) if isinstance(year, int) else (latest.year, _quarter_of(latest))
        if not given and _quarter_end(y, q) > latest:
            y, q = _quarter_before(y, q)
        for _ in range(count):
            steps.append((y, q))
            y, q = _quarter_before(y, q)
    else:
        first = year if isinstance(year, int) else latest.year - 1
        steps = [(first - i, 0) for i in range(count)]
    times: list[_RowTime] = []
    for y, q in steps:
        if not 1 <= y <= 9998:
            break
        day = _quarter_end(y, q or 4)
        filed = min(day + dt.timedelta(days=75), max(day, ANCHOR))
        times.append(_RowTime(day, None, y, q or 4, f"Q{q}" if q else "FY", day, filed))
    return times


def _days_back(rng: random.Random, start: dt.date, end: dt.date, count: int, spread: int) -> Iterator[dt.date]:
    """``count`` days walking back from ``end`` by random steps sized so ``spread`` rows roughly fill the range.

    The steps do not depend on ``count``, so fewer rows are a prefix of more; past ``start`` the walk stays there.
    """
    step = max(1, (end - start).days // max(1, spread))
    day = end
    for _ in range(count):
        yield day
        day = max(start, day - dt.timedelta(days=rng.randint(0, step)))


def _ticker(index: int) -> str:
    """A synthetic ticker per bulk row: AAAA, AAAB, ..."""
    letters = []
    for _ in range(4):
        index, r = divmod(index, 26)
        letters.append(chr(ord("A") + r))
    return "".join(reversed(letters)) + (str(index) if index else "")


def _text(value: Value) -> str:
    if isinstance(value, tuple):
        return ",".join(value)
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(value)


def _echo_value(kind: str, value: Value) -> object:
    """``value`` shaped for a field of ``kind``; _SKIP when it cannot be."""
    if isinstance(value, tuple):
        return _SKIP
    if isinstance(value, dt.date):
        # A plain date is valid for date, datetime and str fields alike.
        return value.isoformat() if kind in ("str", "date", "datetime") else _SKIP
    if kind == "str":
        return str(value).lower() if isinstance(value, bool) else str(value)
    if isinstance(value, bool):
        return value if kind == "bool" else _SKIP
    if kind in ("int", "epoch") and (isinstance(value, int) or (isinstance(value, str) and value.isdigit())):
        return int(value)
    if kind == "float" and isinstance(value, (int, float)):
        return float(value)
    return _SKIP


_SKIP = object()


# ---------------------------------------------------------------------------
# Per-route data: built on the first request that needs it, then reused.


@dataclass(frozen=True, slots=True)
class RouteData:
    """Everything about a route that does not depend on the request."""

    route: Route
    plan: FieldPlan
    models: tuple[type[BaseModel], ...]
    series: bool
    """One row per trading day (or bar) of the range."""
    periodic: bool
    """One row per fiscal period (statements)."""
    default_rows: int
    strings: tuple[str, ...] = ()
    """The vocabulary of a route whose model is ``str``."""

    @property
    def columns(self) -> tuple[str, ...]:
        """Wire names of the fields, in order: the CSV header."""
        return tuple(wire for wire, _, _ in self.plan)

    def seed(self, path: str, values: Mapping[str, Value]) -> tuple[random.Random, random.Random]:
        """The random streams of one request, from a SHA-256 of path and parameters (not key, not limit).

        Two streams, one for the layout (days, symbols) and one for field
        values, each drawn row by row: so a smaller limit answers a prefix.
        """
        canonical = path + "?" + "&".join(f"{k}={_text(values[k])}" for k in sorted(values) if k != "limit")
        digest = hashlib.sha256(canonical.encode()).digest()
        layout = random.Random(int.from_bytes(digest[:16], "big"))  # noqa: S311 - reproducible data, not secrets
        fields = random.Random(int.from_bytes(digest[16:], "big"))  # noqa: S311 - reproducible data, not secrets
        return layout, fields

    def rows(self, path: str, values: Mapping[str, Value]) -> list[Any]:
        """The JSON-ready answer: a list of rows (or of strings)."""
        page = values.get("page")
        if isinstance(page, int) and page >= MAX_PAGES:
            return []
        limit = values.get("limit")
        if self.strings:
            return list(self.strings[: limit if isinstance(limit, int) else None])
        layout, rng = self.seed(path, values)
        start, end, explicit = requested_range(values)
        if start > end:
            return []
        times, symbols = self._layout(layout, values, start, end)
        echo = self._echo(values)
        plan = self.plan
        rows: list[Any] = []
        for t, symbol in zip(times, symbols, strict=True):
            ctx = _context(rng, symbol, t, explicit)
            row = {wire: gen(ctx) for wire, gen, _ in plan}
            if echo:
                row.update(echo)
            rows.append(row)
        return rows

    def bulk_rows(self, values: Mapping[str, Value], count: int) -> Iterator[dict[str, Any]]:
        """Rows of a bulk file: one per synthetic symbol, all for the requested day or fiscal period."""
        _, rng = self.seed(self.route.template, values)
        part = values.get("part")
        offset = int(part) * count if isinstance(part, str) and part.isdigit() else 0
        start, end, explicit = requested_range(values)
        periods = _period_times(values, None, 1) if "period" in values else []
        t = periods[0] if periods else _plain_time(end, start, end)
        echo = self._echo(values)
        for i in range(count):
            ctx = _context(rng, _ticker(offset + i), t, explicit)
            row = {wire: gen(ctx) for wire, gen, _ in self.plan}
            if echo:
                row.update(echo)
            yield row

    def _layout(
        self, rng: random.Random, values: Mapping[str, Value], start: dt.date, end: dt.date
    ) -> tuple[list[_RowTime], list[str]]:
        """The day (or bar, or period) and the symbol of each row."""
        listed = values.get("symbols")
        listed = listed[:MAX_ROWS] if isinstance(listed, tuple) else None
        paged = "limit" in self.route.query or "page" in self.route.query
        if listed and not paged:
            # A batch quote: one row per symbol asked, in the order asked.
            return [_plain_time(end, start, end)] * len(listed), list(listed)
        # Symbols come from their own stream so that the number of rows drawn never shifts them.
        picker = random.Random(rng.getrandbits(64))  # noqa: S311 - reproducible data, not secrets
        limit = values.get("limit")
        wanted = 1 if self.route.single else min(limit, MAX_ROWS) if isinstance(limit, int) else self.default_rows
        times: list[_RowTime]
        if self.series:
            cap = min(limit, MAX_SERIES_ROWS) if isinstance(limit, int) else MAX_SERIES_ROWS
            bar = _BAR_MINUTES.get(str(values.get("interval") or values.get("timeframe") or ""))
            if bar is None:
                times = [_plain_time(day, start, end) for day in _weekdays_back(start, end, cap)]
            else:
                times = list(_bars(start, end, bar, min(cap, MAX_BARS)))
        elif self.periodic:
            default = self.route.query["period"].default if "period" in self.route.query else None
            times = _period_times(values, default, wanted)
        else:
            times = [_plain_time(day, start, end) for day in _days_back(rng, start, end, wanted, self.default_rows)]
        symbol = values.get("symbol")
        if isinstance(symbol, str):
            names = [symbol] * len(times)
        elif listed:
            # News for several symbols: the rows take turns among them.
            names = [listed[i % len(listed)] for i in range(len(times))]
        else:
            names = [picker.choice(v.SYMBOLS) for _ in times]
        return times, names

    def _echo(self, values: Mapping[str, Value]) -> dict[str, Any]:
        """Request values copied into same-named fields (``exchange``, ``cik``, ``year`` ...)."""
        echo: dict[str, Any] = {}
        for wire, _, kind in self.plan:
            if wire in values and wire not in _NO_ECHO:
                shaped = _echo_value(kind, values[wire])
                if shaped is not _SKIP:
                    echo[wire] = shaped
        return echo


_STRING_LISTS = {"sector": v.SECTORS, "industr": v.INDUSTRIES, "countr": v.COUNTRIES}


def route_data(route: Route) -> RouteData:
    """Build the data side of a route: import its models (first use only) and plan its fields."""
    if route.models == ("str",):
        strings = next((words for key, words in _STRING_LISTS.items() if key in route.template), v.WORDS)
        return RouteData(route, (), (), False, False, len(strings), tuple(strings))
    models = tuple(load_model(name) for name in route.models)
    plan = plan_for(models)
    wires = {wire for wire, _, _ in plan}
    tags = {tag for e in route.endpoints for tag in e.tags}
    series = (
        "from" in route.query
        and "limit" not in route.query
        and "page" not in route.query
        and "date" in wires
        and bool(tags & _SERIES_TAGS)
    )
    periodic = not series and "period" in route.query
    default_rows = 5 if periodic else 10
    limit_param = route.query.get("limit")
    if limit_param is not None and isinstance(limit_param.default, int) and 0 < limit_param.default < default_rows:
        default_rows = limit_param.default
    return RouteData(route, plan, models, series, periodic, default_rows)
