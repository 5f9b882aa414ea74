"""Response models of the ``alternative`` group.

Cryptocurrency, forex and commodity symbol lists, quotes, daily prices and intraday bars.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import ClassVar

from pydantic import Field

from data_pkg.models._base import ResponseModel
from data_pkg.models._time import DateOrTime, Timestamp


class CryptoPair(ResponseModel):
    """One cryptocurrency pair in the directory of tradable crypto symbols."""

    symbol: str
    name: str | None = None
    currency: str | None = None
    stock_exchange: str | None = Field(None, alias="stockExchange")
    exchange_short_name: str | None = Field(None, alias="exchangeShortName")
    exchange: str | None = None
    ico_date: dt.date | None = Field(None, alias="icoDate")
    circulating_supply: float | None = Field(None, alias="circulatingSupply")
    total_supply: float | None = Field(None, alias="totalSupply")


class CryptoQuote(ResponseModel):
    """A current quote for one cryptocurrency pair."""

    former_fields: ClassVar[Mapping[str, str]] = {"changesPercentage": "changePercentage"}

    symbol: str
    price: float
    change: float
    change_percentage: float | None = Field(None, alias="changePercentage")
    timestamp: Timestamp | None
    name: str | None = None
    volume: float | None = None
    market_cap: float | None = Field(None, alias="marketCap")
    day_low: float | None = Field(None, alias="dayLow")
    day_high: float | None = Field(None, alias="dayHigh")
    year_high: float | None = Field(None, alias="yearHigh")
    year_low: float | None = Field(None, alias="yearLow")
    price_avg50: float | None = Field(None, alias="priceAvg50")
    price_avg200: float | None = Field(None, alias="priceAvg200")
    avg_volume: float | None = Field(None, alias="avgVolume")
    exchange: str | None = None
    open: float | None = None
    previous_close: float | None = Field(None, alias="previousClose")
    shares_outstanding: float | None = Field(None, alias="sharesOutstanding")


class CryptoHistoricalPrice(ResponseModel):
    """One day's open, high, low, close and volume for a cryptocurrency pair."""

    date: dt.date | None
    open: float
    high: float
    low: float
    close: float
    adj_close: float | None = Field(None, alias="adjClose")
    volume: float
    unadjusted_volume: float | None = Field(None, alias="unadjustedVolume")
    change: float
    change_percent: float | None = Field(None, alias="changePercent")
    vwap: float | None = None
    label: str | None = None
    change_over_time: float | None = Field(None, alias="changeOverTime")
    symbol: str | None = None


class CryptoIntradayPrice(ResponseModel):
    """One intraday price bar for a cryptocurrency pair at the requested interval."""

    date: DateOrTime | None
    open: float
    high: float
    low: float
    close: float
    volume: float | None = None


class ForexPair(ResponseModel):
    """One currency pair in the directory of tradable forex symbols."""

    symbol: str
    name: str | None = None
    currency: str | None = None
    stock_exchange: str | None = Field(None, alias="stockExchange")
    exchange_short_name: str | None = Field(None, alias="exchangeShortName")
    exchange: str | None = None
    from_currency: str | None = Field(None, alias="fromCurrency")
    from_name: str | None = Field(None, alias="fromName")
    to_currency: str | None = Field(None, alias="toCurrency")
    to_name: str | None = Field(None, alias="toName")


class ForexQuote(ResponseModel):
    """A current quote for one currency pair."""

    former_fields: ClassVar[Mapping[str, str]] = {"changesPercentage": "changePercentage"}

    symbol: str
    price: float
    change: float
    change_percentage: float | None = Field(None, alias="changePercentage")
    timestamp: Timestamp | None
    name: str | None = None
    volume: float | None = None
    market_cap: float | None = Field(None, alias="marketCap")
    day_low: float | None = Field(None, alias="dayLow")
    day_high: float | None = Field(None, alias="dayHigh")
    year_high: float | None = Field(None, alias="yearHigh")
    year_low: float | None = Field(None, alias="yearLow")
    price_avg50: float | None = Field(None, alias="priceAvg50")
    price_avg200: float | None = Field(None, alias="priceAvg200")
    avg_volume: float | None = Field(None, alias="avgVolume")
    exchange: str | None = None
    open: float | None = None
    previous_close: float | None = Field(None, alias="previousClose")


class ForexHistoricalPrice(ResponseModel):
    """One day's open, high, low, close and volume for a currency pair."""

    date: dt.date | None
    open: float
    high: float
    low: float
    close: float
    adj_close: float | None = Field(None, alias="adjClose")
    volume: float
    unadjusted_volume: float | None = Field(None, alias="unadjustedVolume")
    change: float
    change_percent: float | None = Field(None, alias="changePercent")
    vwap: float | None = None
    label: str | None = None
    change_over_time: float | None = Field(None, alias="changeOverTime")
    symbol: str | None = None


class ForexIntradayPrice(ResponseModel):
    """One intraday price bar for a currency pair at the requested interval."""

    date: DateOrTime | None
    open: float
    high: float
    low: float
    close: float
    volume: float | None = None


class Commodity(ResponseModel):
    """One commodity contract in the directory of tradable commodity symbols."""

    symbol: str
    name: str | None = None
    currency: str | None = None
    stock_exchange: str | None = Field(None, alias="stockExchange")
    exchange_short_name: str | None = Field(None, alias="exchangeShortName")
    exchange: str | None = None
    trade_month: str | None = Field(None, alias="tradeMonth")


class CommodityQuote(ResponseModel):
    """A current quote for one commodity contract."""

    former_fields: ClassVar[Mapping[str, str]] = {"changesPercentage": "changePercentage"}

    symbol: str
    price: float
    change: float
    change_percentage: float | None = Field(None, alias="changePercentage")
    timestamp: Timestamp | None
    name: str | None = None
    volume: float | None = None
    market_cap: float | None = Field(None, alias="marketCap")
    day_low: float | None = Field(None, alias="dayLow")
    day_high: float | None = Field(None, alias="dayHigh")
    year_high: float | None = Field(None, alias="yearHigh")
    year_low: float | None = Field(None, alias="yearLow")
    price_avg50: float | None = Field(None, alias="priceAvg50")
    price_avg200: float | None = Field(None, alias="priceAvg200")
    avg_volume: float | None = Field(None, alias="avgVolume")
    exchange: str | None = None
    open: float | None = None
    previous_close: float | None = Field(None, alias="previousClose")


class CommodityHistoricalPrice(ResponseModel):
    """One day's open, high, low, close and volume for a commodity contract."""

    date: dt.date | None
    open: float
    high: float
    low: float
    close: float
    adj_close: float | None = Field(None, alias="adjClose")
    volume: float
    unadjusted_volume: float | None = Field(None, alias="unadjustedVolume")
    change: float
    change_percent: float | None = Field(None, alias="changePercent")
    vwap: float | None = None
    label: str | None = None
    change_over_time: float | None = Field(None, alias="changeOverTime")
    symbol: str | None = None


class CommodityIntradayPrice(ResponseModel):
    """One intraday price bar for a commodity contract at the requested interval."""

    date: DateOrTime | None
    open: float
    high: float
    low: float
    close: float
    volume: float | None = None
