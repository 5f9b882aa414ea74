"""How deep each answer goes: rows a list holds, rows one page shows, and how far back a series reaches.

The upstream answers at real depths: a symbol directory of tens of thousands
of rows in one reply, five years of daily bars when no dates are given, pages
of its default ``limit``. The sandbox answers at the same depths so that
whatever handles large answers (budgets, tables, paging notes) meets them in
tests. The sizes of the directories are of the upstream's order, not its exact
counts, and they never change, so tests can rely on them.

``limit`` and ``page`` work as upstream: ``limit`` rows per answer (the
endpoint's default ``limit`` when none is given), ``page`` counts from 0 in
steps of that size, and a page past the last row answers ``[]``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass

from data_pkg.sandbox._query import Value
from data_pkg.sandbox._routes import Route

__all__ = [
    "ANCHOR",
    "DEFAULT_PAGE",
    "DIRECTORIES",
    "GENERIC_PAGES",
    "HISTORY_START",
    "INTRADAY_DAYS",
    "SERIES_YEARS",
    "Depth",
    "depth_for",
]

DEFAULT_PAGE = 10
"""Rows a list answers when its endpoint has no default ``limit`` (and it is not a directory)."""
GENERIC_PAGES = 10
"""Pages of that size a list holds when it is not a directory: pages 0..9 hold rows."""

SERIES_YEARS = 5
"""Years a daily price series or indicator covers when no dates are given (about 1,256 trading days)."""
INTRADAY_DAYS = {"1min": 7, "5min": 14, "15min": 21, "30min": 28, "1hour": 28, "4hour": 28}
"""Calendar days of intraday bars answered when no dates are given, by bar size."""
ANCHOR = dt.date(2026, 11, 20)
"""The "today" of the sandbox: default ranges end here."""
HISTORY_START = dt.date(1970, 1, 2)
"""The first day any series holds: an older ``from`` is answered from here."""


@dataclass(frozen=True, slots=True)
class Directory:
    """A symbol list the upstream answers in full."""

    total: int
    """Rows the whole list holds."""
    universe: str | None = None
    """The kind of symbol its rows carry (:mod:`data_pkg.sandbox._universe`), each row its own."""
    page: int | None = None
    """Rows per page when the endpoint pages the list and gives no default ``limit``."""


DIRECTORIES: Mapping[str, Directory] = {
    "/stable/stock-list": Directory(25_874, "stocks"),
    "/stable/financial-statement-symbol-list": Directory(48_210, "stocks"),
    "/stable/actively-trading-list": Directory(21_336, "stocks"),
    "/stable/tradable-list": Directory(44_902, "stocks"),
    "/stable/cik-list": Directory(60_000, "stocks"),
    "/stable/shares-float-all": Directory(25_874, "stocks", page=1000),
    "/stable/symbol-change": Directory(4_512, "stocks"),
    "/stable/delisted-companies": Directory(9_634, "stocks"),
    "/stable/earnings-transcript-list": Directory(8_975, "stocks"),
    "/stable/batch-exchange-quote": Directory(5_120, "stocks"),
    "/stable/sp500-constituent": Directory(503, "stocks"),
    "/stable/nasdaq-constituent": Directory(101, "stocks"),
    "/stable/dowjones-constituent": Directory(30, "stocks"),
    "/stable/etf-list": Directory(13_206, "etfs"),
    "/stable/batch-etf-quotes": Directory(13_206, "etfs"),
    "/stable/batch-mutualfund-quotes": Directory(24_118, "funds"),
    "/stable/cryptocurrency-list": Directory(4_786, "crypto"),
    "/stable/batch-crypto-quotes": Directory(4_786, "crypto"),
    "/stable/forex-list": Directory(1_568, "forex"),
    "/stable/batch-forex-quotes": Directory(1_568, "forex"),
    "/stable/commodities-list": Directory(40, "commodities"),
    "/stable/commodity-list": Directory(40, "commodities"),
    "/stable/batch-commodity-quotes": Directory(40, "commodities"),
    "/stable/index-list": Directory(228, "indexes"),
    "/stable/batch-index-quotes": Directory(228, "indexes"),
    "/stable/available-exchanges": Directory(72),
    "/stable/all-exchange-market-hours": Directory(72),
}
"""The symbol lists, by path: how many rows each holds and what kind of symbol they carry."""


@dataclass(frozen=True, slots=True)
class Depth:
    """The rows a route's list holds and how a request picks its slice."""

    total: int
    page_size: int
    """Rows one answer holds when the request gives no ``limit``."""
    universe: str | None = None

    def window(self, values: Mapping[str, Value]) -> range:
        """The row numbers one request answers: ``limit`` rows from ``offset + page * limit``."""
        limit, page, offset = values.get("limit"), values.get("page"), values.get("offset")
        size = limit if isinstance(limit, int) else self.page_size
        first = (offset if isinstance(offset, int) else 0) + (page if isinstance(page, int) else 0) * size
        return range(min(first, self.total), min(first + size, self.total))


def depth_for(route: Route, list_rows: int | None = None) -> Depth:
    """The depth of a list route: a directory's size (at most ``list_rows``), or GENERIC_PAGES default pages."""
    limit = route.query.get("limit")
    default_limit = limit.default if limit is not None and isinstance(limit.default, int) else None
    directory = DIRECTORIES.get(route.template)
    if directory is not None:
        total = directory.total if list_rows is None else min(directory.total, list_rows)
        # A directory answers in full unless the endpoint pages it.
        page = default_limit or directory.page or total
        return Depth(total, page, directory.universe)
    page_size = default_limit or DEFAULT_PAGE
    return Depth(page_size * GENERIC_PAGES, page_size)
