"""Deterministic synthetic rows for a route and a request, generated lazily at the upstream's depths.

Same route and same parameters (the key and ``limit`` aside) give the same
rows, byte for byte: the random streams are seeded from a SHA-256 of the
canonical request, and prices come from a fixed function of symbol and day,
so a symbol's quote, profile and chart agree with each other.

Rows are produced one at a time (an answer can hold tens of thousands) and
each can be made without the ones before it: a series row is seeded by its
day, so a day's bar is the same whatever range asks for it; a list row by its
block of :data:`BLOCK` rows, so a page from the middle of a long list costs no
more than the first. ``limit``, ``page`` and ``offset`` pick a slice of one
fixed list (:mod:`data_pkg.sandbox._depths`), so a smaller limit answers a
prefix of a larger one and consecutive pages tile it.
Nothing depends on today's date: default ranges end at :data:`ANCHOR`.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import importlib
import itertools
import math
import random
import zlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from data_pkg.models._index import MODEL_MODULES
from data_pkg.sandbox import _vocab as v
from data_pkg.sandbox._asked import HOLDINGS, SCREEN_SCAN, SCREENER, SEARCHES, accepts, finish, holding, search_symbol
from data_pkg.sandbox._calendar import previous_trading_day, session_minutes, trading_days_back
from data_pkg.sandbox._depths import ANCHOR, HISTORY_START, INTRADAY_DAYS, SERIES_YEARS, Depth, depth_for
from data_pkg.sandbox._fields import FieldPlan, plan_for
from data_pkg.sandbox._indicators import COMPUTED, daily_indicator
from data_pkg.sandbox._prices import close_on, symbol_profile
from data_pkg.sandbox._query import Value
from data_pkg.sandbox._routes import Route
from data_pkg.sandbox._row import RowContext
from data_pkg.sandbox._universe import CAPACITY, symbol_at
from data_pkg.sandbox._wire import SHAPES
from data_pkg.sandbox._wire_plan import wire_plan

__all__ = ["ANCHOR", "RouteData", "load_model", "requested_range", "route_data", "shape_key"]

DEFAULT_SPAN_DAYS = 30
"""Days a list's dates (and a non-price series) cover when no dates are given."""
SERIES_SPAN_DAYS = SERIES_YEARS * 365 + 1
"""Days a daily price series covers when no dates are given: five years, 2021-11-21 to 2026-11-20."""
LOOKAHEAD = dt.timedelta(days=366)
"""Calendars and other non-price series may hold rows up to a year after ANCHOR; prices stop at ANCHOR."""
BLOCK = 64
"""List rows seeded together: a slice starting mid-block draws at most BLOCK - 1 rows it does not answer."""

_SERIES_TAGS = frozenset({"charts", "technical", "economics", "cot", "market_performance"})
_PRICE_TAGS = frozenset({"charts", "technical"})
INDICATORS = "/stable/technical-indicators/"
_BAR_MINUTES = {"1min": 1, "5min": 5, "15min": 15, "30min": 30, "1hour": 60, "4hour": 240}
_NO_ECHO = frozenset({"symbol", "symbols", "limit", "page", "offset", "from", "to", "period", "apikey"})
_SLICING = frozenset({"limit", "page", "offset"})
_PEERS = frozenset({"/stable/stock-peers"})
"""Lists whose rows are other companies than the one asked about."""
_RANGE = frozenset({"from", "to"})
_FINISHED = SEARCHES | {HOLDINGS}
"""Lists whose rows :func:`data_pkg.sandbox._asked.finish` completes."""
_DAY_MINUTES = 24 * 60
_QUARTERLY = {"/stable/earnings": dt.timedelta(days=161)}
"""Lists of one company's quarters, newest first, from this far after today: its next reports, then those made."""
_QUARTER = dt.timedelta(days=91)
_MAX_PERIODS = 4 * (ANCHOR.year - HISTORY_START.year + 1)
"""Quarters since HISTORY_START: more fiscal periods than any statement history holds."""


def load_model(name: str) -> type[BaseModel]:
    """The response model class called ``name``, importing its module on first use."""
    module = importlib.import_module(f"data_pkg.models.{MODEL_MODULES[name]}")
    model = getattr(module, name)
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        raise TypeError(f"{name} is not a pydantic model")
    return model


@dataclass(frozen=True, slots=True)
class _RowTime:
    day: dt.date
    minute: int | None
    year: int
    quarter: int
    period: str
    start: dt.date
    end: dt.date


def _context(rng: random.Random, symbol: str, t: _RowTime, explicit: bool, moment: int | None = None) -> RowContext:
    ordinal = t.day.toordinal()
    close = close_on(symbol, ordinal)
    prev = close_on(symbol, previous_trading_day(t.day).toordinal())
    if t.minute is not None:
        # Intraday bars wiggle around the day's close; the previous bar stands in for the previous close.
        close *= 1 + 0.004 * math.sin(t.minute / 23 + ordinal)
        prev = close * (1 + 0.002 * math.sin(t.minute / 7))
    open_ = prev * (1 + rng.uniform(-0.01, 0.01))
    high = max(open_, close) * (1 + rng.uniform(0, 0.012))
    low = min(open_, close) * (1 - rng.uniform(0, 0.012))
    base, _, _, _, shares = symbol_profile(symbol)
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
        moment=moment,
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


def requested_range(values: Mapping[str, Value], span_days: int = DEFAULT_SPAN_DAYS) -> tuple[dt.date, dt.date, bool]:
    """First day, last day, and whether the request chose them (else ``span_days`` ending at ANCHOR)."""
    one = values.get("date")
    if isinstance(one, dt.date):
        return one, one, True
    start, end = values.get("from"), values.get("to")
    if isinstance(start, dt.date) and isinstance(end, dt.date):
        return start, end, True
    span = dt.timedelta(days=span_days - 1)
    if isinstance(start, dt.date):
        return start, ANCHOR if start <= ANCHOR else _add(start, span), True
    if isinstance(end, dt.date):
        return _sub(end, span), end, True
    year, quarter = values.get("year"), values.get("quarter")
    if isinstance(year, int) and 1 <= year <= 9999:
        if isinstance(quarter, int) and 1 <= quarter <= 4:
            return dt.date(year, quarter * 3 - 2, 1), _quarter_end(year, quarter), True
        return dt.date(year, 1, 1), dt.date(year, 12, 31), True
    return ANCHOR - span, ANCHOR, False


def _add(day: dt.date, span: dt.timedelta) -> dt.date:
    return day + span if day <= dt.date.max - span else dt.date.max


def _sub(day: dt.date, span: dt.timedelta) -> dt.date:
    return day - span if day >= dt.date.min + span else dt.date.min


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
        if not HISTORY_START.year <= y <= 9998:
            break
        day = _quarter_end(y, q or 4)
        filed = min(day + dt.timedelta(days=75), max(day, ANCHOR))
        times.append(_RowTime(day, None, y, q or 4, f"Q{q}" if q else "FY", day, filed))
    return times


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


def _peer(symbol: str, i: int) -> str:
    """The ``i``-th peer of ``symbol``: the other sample symbols, from a place that depends on it."""
    others = [s for s in v.SYMBOLS if s != symbol]
    return others[(zlib.crc32(symbol.encode()) + i) % len(others)]


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
    depth: Depth
    """How many rows the route's list holds and how ``limit``/``page`` slice it."""
    prices: bool = False
    """A price series or indicator: five years deep by default, and nothing after ANCHOR."""
    strings: tuple[str, ...] = ()
    """The names a list of names answers (as strings, or one-field rows when ``plan`` has that field)."""

    @property
    def columns(self) -> tuple[str, ...]:
        """Wire names of the fields, in order: the CSV header."""
        return tuple(wire for wire, _, _ in self.plan)

    def seed(self, path: str, values: Mapping[str, Value]) -> tuple[random.Random, random.Random]:
        """The random streams of one request, from a SHA-256 of path and parameters (not key, not the slice).

        Two streams, one for the layout and one for field values, each drawn
        row by row: so a smaller limit answers a prefix.
        """
        digest = self._digest(path, values, _SLICING)
        layout = random.Random(int.from_bytes(digest[:16], "big"))  # noqa: S311 - reproducible data, not secrets
        fields = random.Random(int.from_bytes(digest[16:], "big"))  # noqa: S311 - reproducible data, not secrets
        return layout, fields

    @staticmethod
    def _digest(path: str, values: Mapping[str, Value], skip: frozenset[str]) -> bytes:
        canonical = path + "?" + "&".join(f"{k}={_text(values[k])}" for k in sorted(values) if k not in skip)
        return hashlib.sha256(canonical.encode()).digest()

    def rows(self, path: str, values: Mapping[str, Value]) -> list[Any]:
        """The whole JSON-ready answer as a list (see :meth:`iter_rows`)."""
        return list(self.iter_rows(path, values))

    def iter_rows(self, path: str, values: Mapping[str, Value]) -> Iterator[Any]:
        """The JSON-ready answer, one row (or string) at a time, in the upstream's order."""
        if self.strings:
            window = self.depth.window(values)
            names = self.strings[window.start : window.stop]
            return iter([{self.plan[0][0]: name} for name in names] if self.plan else names)
        if self.series:
            return self._series(path, values)
        listed = values.get("symbols")
        if isinstance(listed, tuple) and "limit" not in self.route.query and "page" not in self.route.query:
            return self._batch(path, values, listed)
        if self.periodic:
            return self._periodic(path, values)
        return self._list(path, values)

    def _row(self, ctx: RowContext, echo: Mapping[str, Any]) -> dict[str, Any]:
        row = {wire: gen(ctx) for wire, gen, _ in self.plan}
        if echo:
            row.update(echo)
        return row

    def _series(self, path: str, values: Mapping[str, Value]) -> Iterator[dict[str, Any]]:
        """Trading days (or their bars) from the end of the range back to its start, newest first."""
        timeframe = str(values.get("interval") or values.get("timeframe") or "")
        bar = _BAR_MINUTES.get(timeframe)
        span = INTRADAY_DAYS[timeframe] if bar else SERIES_SPAN_DAYS if self.prices else DEFAULT_SPAN_DAYS
        start, end, explicit = requested_range(values, span)
        last = min(end, ANCHOR if self.prices else ANCHOR + LOOKAHEAD)
        # Each day seeds its own stream, from the request without its range: a day's bars
        # are the same in every range that holds them.
        base = int.from_bytes(self._digest(path, values, _SLICING | _RANGE)[:16], "big")
        symbol = values.get("symbol")
        echo = self._echo(values)
        minutes: Iterable[int | None] = session_minutes(bar) if bar else (None,)
        first = max(start, HISTORY_START)
        computed = None if bar else self._computed_indicator(path, values, first, last)
        for day in trading_days_back(first, last):
            rng = random.Random(base + day.toordinal())  # noqa: S311 - reproducible data, not secrets
            name = symbol if isinstance(symbol, str) else rng.choice(v.SYMBOLS)
            for minute in minutes:
                row = self._row(_context(rng, name, _plain_time(day, start, end, minute), explicit), echo)
                if computed is not None:
                    field, values_by_day = computed
                    row[field] = values_by_day.get(day)
                yield row

    def _computed_indicator(
        self, path: str, values: Mapping[str, Value], first: dt.date, last: dt.date
    ) -> tuple[str, dict[dt.date, float]] | None:
        """The field a daily indicator route computes from the symbol's closes, and its value by day."""
        name = path.rsplit("/", 1)[-1]
        symbol, length = values.get("symbol"), values.get("periodLength")
        if not path.startswith(INDICATORS) or name not in COMPUTED or not isinstance(symbol, str):
            return None
        field = next((wire for wire, _, _ in self.plan if wire.lower() == name), None)
        if field is None or not isinstance(length, int) or length < 1:
            return None
        return field, daily_indicator(name, symbol, first, last, length)

    def _batch(self, path: str, values: Mapping[str, Value], listed: tuple[str, ...]) -> Iterator[dict[str, Any]]:
        """A batch quote: one row per symbol asked, in the order asked."""
        start, end, explicit = requested_range(values)
        _, rng = self.seed(path, values)
        echo = self._echo(values)
        t = _plain_time(end, start, end)
        for name in listed:
            yield self._row(_context(rng, name, t, explicit), echo)

    def _periodic(self, path: str, values: Mapping[str, Value]) -> Iterator[dict[str, Any]]:
        """Fiscal periods newest first; a slice from the middle draws the rows before it to keep the stream."""
        window = self.depth.window(values)
        default = self.route.query["period"].default if "period" in self.route.query else None
        start, end, explicit = requested_range(values)
        if start > end:
            return
        _, rng = self.seed(path, values)
        echo = self._echo(values)
        symbol = str(values.get("symbol") or v.SYMBOLS[0])
        for i, t in enumerate(_period_times(values, default, window.stop)):
            row = self._row(_context(rng, symbol, t, explicit), echo)
            if i >= window.start:
                yield row

    def _list(self, path: str, values: Mapping[str, Value]) -> Iterator[dict[str, Any]]:
        """Rows ``limit``/``page``/``offset`` pick from the route's list, newest first: each row a moment
        further back through the range, so news and calendars come in the upstream's order."""
        if self.route.template == SCREENER:
            yield from self._screen(path, values)
            return
        window = range(1) if self.route.single else self.depth.window(values)
        start, end, explicit = requested_range(values)
        if not window or start > end:
            return
        base = int.from_bytes(self._digest(path, values, _SLICING)[:16], "big")
        symbol, listed, query = values.get("symbol"), values.get("symbols"), values.get("query")
        universe, total, minutes = self.depth.universe, self.depth.total, ((end - start).days + 1) * _DAY_MINUTES
        echo = self._echo(values)
        template = self.route.template
        # A directory is a snapshot as of the range's end; other rows walk back through the range.
        snapshot = _plain_time(end, start, end) if universe is not None else None
        latest = dt.datetime.combine(end, dt.time(23, 59))
        for block in itertools.count(window.start // BLOCK):
            rng = random.Random(base + block)  # noqa: S311 - reproducible data, not secrets
            for i in range(block * BLOCK, (block + 1) * BLOCK):
                if i >= window.stop:
                    return
                if template in _PEERS:
                    name = _peer(str(symbol or ""), i)
                elif template == HOLDINGS:
                    name = holding(str(symbol), i)
                elif template in SEARCHES and isinstance(query, str):
                    name = search_symbol(template, query, i)
                elif isinstance(symbol, str):
                    name = symbol
                elif universe is not None:
                    name = symbol_at(universe, i)
                elif isinstance(listed, tuple):
                    name = listed[i % len(listed)]  # news for several symbols: the rows take turns
                else:
                    name = rng.choice(v.SYMBOLS)
                moment = None
                if template in _QUARTERLY:
                    when = dt.datetime.combine(ANCHOR + _QUARTERLY[template] - i * _QUARTER, dt.time(16))
                    t = _plain_time(when.date(), start, end)
                elif snapshot is None:
                    when = latest - dt.timedelta(minutes=i * minutes // total)
                    t, moment = _plain_time(when.date(), start, end), when.hour * 60 + when.minute
                row = self._row(_context(rng, name, snapshot or t, explicit, moment), echo)
                if template in _FINISHED:
                    finish(template, values, i, len(window), row)
                if i >= window.start:
                    yield row

    def _screen(self, path: str, values: Mapping[str, Value]) -> Iterator[dict[str, Any]]:
        """The stocks that pass every filter of the request, in the stock list's order, a page of them.

        Each stock's row is seeded by the stock alone, so it is the same whatever the filters.
        """
        window = self.depth.window(values)
        start, end, explicit = requested_range(values)
        base = int.from_bytes(self._digest(path, {}, _SLICING)[:16], "big")
        t = _plain_time(end, start, end)
        found = 0
        for j in range(min(SCREEN_SCAN, CAPACITY["stocks"])):
            if found >= window.stop:
                return
            rng = random.Random(base + j)  # noqa: S311 - reproducible data, not secrets
            row = self._row(_context(rng, symbol_at("stocks", j), t, explicit), {})
            finish(SCREENER, values, found, window.stop, row)
            if accepts(values, row):
                if found >= window.start:
                    yield row
                found += 1

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
            yield self._row(_context(rng, _ticker(offset + i), t, explicit), echo)

    def _echo(self, values: Mapping[str, Value]) -> dict[str, Any]:
        """Request values copied into same-named fields (``exchange``, ``cik``, ``year`` ...)."""
        echo: dict[str, Any] = {}
        for wire, _, kind in self.plan:
            if wire in values and wire not in _NO_ECHO:
                shaped = _echo_value(kind, values[wire])
                if shaped is not _SKIP:
                    echo[wire] = shaped
        return echo


_NAME_LISTS = {
    "/stable/available-sectors": v.SECTORS,
    "/stable/available-industries": v.INDUSTRIES,
    "/stable/available-countries": v.COUNTRIES,
}
"""Lists of names: strings where the model is ``str``, else one-field objects (``{"sector": ...}``, as upstream)."""


def shape_key(route: Route, path: str) -> str | None:
    """Which entry of the upstream's shapes answers ``path`` (a path of ``route``), if any has an example."""
    if not route.models:
        return None  # a spreadsheet
    if path in SHAPES:
        return path
    return route.template if route.template in SHAPES else None


def route_data(route: Route, *, list_rows: int | None = None, shape: str | None = None) -> RouteData:
    """Build the data side of a route: import its models (first use only) and plan its fields.

    ``shape`` names the upstream's shape to answer in (:func:`shape_key`); without one the
    fields are the response models'. ``list_rows`` caps a symbol list's size
    (:attr:`SandboxConfig.list_rows`).
    """
    names = _NAME_LISTS.get(route.template)
    if route.models == ("str",) or names is not None:
        strings = tuple(names or v.WORDS)
        # The one field of such a row is its name; a list of strings has no fields.
        one = () if route.models == ("str",) or shape is None else wire_plan(SHAPES[shape][:1], route.models[0])
        return RouteData(route, one, (), False, False, Depth(len(strings), len(strings)), strings=strings)
    models = tuple(load_model(name) for name in route.models)
    plan = plan_for(models)
    if shape:
        plan = wire_plan(SHAPES[shape], route.models[0], plan)
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
    if periodic:
        # Statements answer five periods unless asked for more; the history goes back to HISTORY_START.
        limit = route.query.get("limit")
        size = limit.default if limit is not None and isinstance(limit.default, int) else 5
        depth = Depth(_MAX_PERIODS, min(5, size))
    else:
        depth = depth_for(route, list_rows)
    return RouteData(route, plan, models, series, periodic, depth, prices=series and bool(tags & _PRICE_TAGS))
