"""Response models of the ``batch`` group.

Multi-symbol quotes and short quotes, after-hours trades and quotes, and market capitalizations.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from pydantic import Field

from data_pkg.models._base import ResponseModel
from data_pkg.models._time import DateOrTime


class BatchQuote(ResponseModel):
    """A full quote for one instrument in a batch answer (a symbol list, an exchange or an asset class)."""

    former_fields: ClassVar[Mapping[str, str]] = {"changesPercentage": "changePercentage"}

    symbol: str
    name: str | None = None
    price: float | None = None
    change_percentage: float | None = Field(None, alias="changePercentage")
    change: float | None = None
    day_low: float | None = Field(None, alias="dayLow")
    day_high: float | None = Field(None, alias="dayHigh")
    year_high: float | None = Field(None, alias="yearHigh")
    year_low: float | None = Field(None, alias="yearLow")
    market_cap: float | None = Field(None, alias="marketCap")
    price_avg50: float | None = Field(None, alias="priceAvg50")
    price_avg200: float | None = Field(None, alias="priceAvg200")
    exchange: str | None = None
    volume: float | None = None
    avg_volume: float | None = Field(None, alias="avgVolume")
    open: float | None = None
    previous_close: float | None = Field(None, alias="previousClose")
    eps: float | None = None
    pe: float | None = None
    earnings_announcement: DateOrTime | None = Field(None, alias="earningsAnnouncement")
    shares_outstanding: int | None = Field(None, alias="sharesOutstanding")
    timestamp: int | None = None


class BatchQuoteShort(ResponseModel):
    """A short quote (price, change, volume) for one symbol in a batch answer."""

    symbol: str
    price: float | None = None
    change: float | None = None
    volume: float | None = None


class BatchAftermarketTrade(ResponseModel):
    """The latest after-hours trade of one symbol: price, size and time."""

    symbol: str
    price: float | None = None
    size: int | None = None
    trade_size: int | None = Field(None, alias="tradeSize")
    timestamp: int | None = None


class BatchAftermarketQuote(ResponseModel):
    """The latest after-hours bid and ask of one symbol, with sizes and volume."""

    symbol: str
    ask: float | None = None
    bid: float | None = None
    asize: int | None = None
    bsize: int | None = None
    ask_price: float | None = Field(None, alias="askPrice")
    bid_price: float | None = Field(None, alias="bidPrice")
    ask_size: int | None = Field(None, alias="askSize")
    bid_size: int | None = Field(None, alias="bidSize")
    volume: int | None = None
    timestamp: int | None = None


class BatchMarketCap(ResponseModel):
    """The market capitalization of one company on a date, from a multi-symbol request."""

    symbol: str
    date: DateOrTime | None = None
    market_cap: float | None = Field(None, alias="marketCap")
