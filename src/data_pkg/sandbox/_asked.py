"""What an agent asks, answered: search matches its query, the screener its filters, a fund holds other symbols.

The row generator (:mod:`data_pkg.sandbox._data`) asks this module which symbol a
row of such a list is about, whether a screener row passes the request's filters,
and to finish a row whose values depend on the list as a whole (a holding's weight
is its share of the fund).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from data_pkg.sandbox import _vocab as v
from data_pkg.sandbox._depths import ANCHOR
from data_pkg.sandbox._prices import close_on, fund_assets
from data_pkg.sandbox._query import Value
from data_pkg.sandbox._universe import symbol_at

__all__ = ["HOLDINGS", "SCREENER", "SCREEN_SCAN", "SEARCHES", "accepts", "finish", "holding", "search_symbol"]

SEARCHES = frozenset({"/stable/search-symbol", "/stable/search-name"})
SCREENER = "/stable/company-screener"
HOLDINGS = "/stable/etf/holdings"
SCREEN_SCAN = 20_000
"""Stocks the screener looks at, at most, to fill a page: a filter nothing passes answers [] in bounded time."""

_SUFFIXES = ("", ".L", ".DE", ".TO", ".PA", ".SW", ".AX", ".HK", ".MX", ".SA")
"""Listings of one company on other exchanges, as the upstream's symbols write them."""
_BOUND = re.compile(r"(\w+?)(MoreThan|LowerThan)")
_BOUND_FIELDS = {"dividend": "lastAnnualDividend", "avgVolume": "volume"}
"""A bound's field where its name differs (the row carries the day's volume, which stands for the average)."""
_EQUAL_FIELDS = {"exchange": "exchangeShortName"}
"""An equality filter's field where its name differs: the screener's ``exchange`` is the exchange's full name."""
_NOT_FILTERS = frozenset({"limit", "page", "includeAllShareClasses", "apikey"})


def _letters(query: str) -> str:
    return "".join(ch for ch in query.upper() if ch.isalnum())[:5] or "Q"


def search_symbol(template: str, query: str, i: int) -> str:
    """The ``i``-th match for ``query``: the symbol itself, then its listings abroad (search by symbol),
    or the symbols of companies whose names hold the query (search by name)."""
    stem = _letters(query)
    if template == "/stable/search-name":
        stem = stem[:4]
    cycle, place = divmod(i, len(_SUFFIXES))
    base = stem if cycle == 0 else f"{stem}{cycle}"
    return base + _SUFFIXES[place]


def holding(fund: str, i: int) -> str:
    """The ``i``-th holding of ``fund``: the stock list in order, never the fund itself."""
    first = symbol_at("stocks", i)
    return first if first != fund else symbol_at("stocks", i + 1_000)


def _weight(i: int, count: int) -> float:
    """Holding ``i``'s weight in percent: shares of 1/(i+1), so the ``count`` holdings add up to 100."""
    total = sum(1 / (k + 1) for k in range(count))
    return round(100 / (i + 1) / total, 4)


def accepts(values: Mapping[str, Value], row: Mapping[str, Any]) -> bool:
    """Whether a screener row passes every filter of the request."""
    for param, wanted in values.items():
        if param in _NOT_FILTERS:
            continue
        bound = _BOUND.fullmatch(param)
        if bound:
            stem, side = bound.groups()
            value = row.get(_BOUND_FIELDS.get(stem, stem))
            if not isinstance(value, (int, float)) or not isinstance(wanted, (int, float)):
                return False
            if (side == "MoreThan" and value <= wanted) or (side == "LowerThan" and value >= wanted):
                return False
            continue
        value = row.get(_EQUAL_FIELDS.get(param, param))
        if isinstance(wanted, bool) or isinstance(value, bool):
            if value is not wanted:
                return False
        elif str(value).casefold() != str(wanted).casefold():
            return False
    return True


def finish(template: str, values: Mapping[str, Value], i: int, count: int, row: dict[str, Any]) -> None:
    """Complete row ``i`` of ``count`` where its values depend on the request or the list."""
    query = values.get("query")
    if template == "/stable/search-name" and isinstance(query, str) and "name" in row:
        ending = v.NAME_ENDINGS[i % len(v.NAME_ENDINGS)]
        row["name"] = f"{query.strip().title()} {ending}"
    exchange = values.get("exchange")
    if template in SEARCHES and isinstance(exchange, str) and "exchangeFullName" in row:
        row["exchangeFullName"] = v.EXCHANGE_NAMES.get(exchange.upper(), exchange)
    if template == SCREENER and "exchangeShortName" in row and "exchange" in row:
        row["exchange"] = v.EXCHANGE_NAMES.get(row["exchangeShortName"], row["exchangeShortName"])
    if template == HOLDINGS:
        _finish_holding(values, i, count, row)


def _finish_holding(values: Mapping[str, Value], i: int, count: int, row: dict[str, Any]) -> None:
    fund = str(values.get("symbol") or "")
    asset = str(row.get("symbol"))
    weight = _weight(i, count)
    value = round(fund_assets(fund) * weight / 100, 2)
    row.update(symbol=fund, asset=asset, weightPercentage=weight, marketValue=value)
    if "sharesNumber" in row:
        row["sharesNumber"] = max(1, round(value / close_on(asset, ANCHOR.toordinal())))
