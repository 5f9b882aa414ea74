"""Response models of the ``market`` group.

Symbol directories and searches, exchange hours and holidays, market movers, sector and industry
performance and P/E, and IPO filings.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from pydantic import Field

from data_pkg.models._base import ResponseModel
from data_pkg.models._time import DateOrTime, Timestamp


class CompanySymbol(ResponseModel):
    """One tradable symbol from a symbol directory, with its name, exchange and type."""

    symbol: str
    name: str | None = None
    price: float | None = None
    exchange: str | None = None
    exchange_short_name: str | None = Field(None, alias="exchangeShortName")
    type: str | None = None
    company_name: str | None = Field(None, alias="companyName")
    reporting_currency: str | None = Field(None, alias="reportingCurrency")
    trading_currency: str | None = Field(None, alias="tradingCurrency")


class SectorName(ResponseModel):
    """One sector name, valid as the sector filter of other endpoints."""

    sector: str


class IndustryName(ResponseModel):
    """One industry name, valid as the industry filter of other endpoints."""

    industry: str


class CountryCode(ResponseModel):
    """One country code, valid as the country filter of other endpoints."""

    country: str


class AvailableIndex(ResponseModel):
    """One market index available for quotes, with its currency and exchange."""

    symbol: str
    name: str
    currency: str | None = None
    exchange: str | None = None
    stock_exchange: str | None = Field(None, alias="stockExchange")
    exchange_short_name: str | None = Field(None, alias="exchangeShortName")


class CompanySearchResult(ResponseModel):
    """One security matching a name or symbol search or a screener query."""

    former_fields: ClassVar[Mapping[str, str]] = {"stockExchange": "exchange"}

    symbol: str
    name: str | None = None
    currency: str | None = None
    exchange: str | None = None
    exchange_short_name: str | None = Field(None, alias="exchangeShortName")
    exchange_full_name: str | None = Field(None, alias="exchangeFullName")
    beta: float | None = None
    country: str | None = None
    industry: str | None = None
    is_actively_trading: bool | None = Field(None, alias="isActivelyTrading")
    is_etf: bool | None = Field(None, alias="isEtf")
    is_fund: bool | None = Field(None, alias="isFund")
    last_annual_dividend: float | None = Field(None, alias="lastAnnualDividend")
    market_cap: float | None = Field(None, alias="marketCap")
    # The exchange-variants answer is a profile, under the profile's earlier name for the market cap.
    mkt_cap: float | None = Field(None, alias="mktCap")
    price: float | None = None
    sector: str | None = None
    volume: int | None = None
    address: str | None = None
    ceo: str | None = None
    changes: float | None = None
    cik: str | None = None
    city: str | None = None
    cusip: str | None = None
    dcf: float | None = None
    dcf_diff: float | None = Field(None, alias="dcfDiff")
    default_image: bool | None = Field(None, alias="defaultImage")
    description: str | None = None
    full_time_employees: str | None = Field(None, alias="fullTimeEmployees")
    image: str | None = None
    ipo_date: str | None = Field(None, alias="ipoDate")
    is_adr: bool | None = Field(None, alias="isAdr")
    isin: str | None = None
    last_div: float | None = Field(None, alias="lastDiv")
    phone: str | None = None
    range: str | None = None
    state: str | None = None
    vol_avg: int | None = Field(None, alias="volAvg")
    website: str | None = None
    zip: str | None = None
    company_name: str | None = Field(None, alias="companyName")


class CIKResult(ResponseModel):
    """One company matching a CIK search."""

    cik: str
    symbol: str
    company_name: str = Field(alias="companyName")
    exchange_full_name: str | None = Field(None, alias="exchangeFullName")
    exchange: str | None = None
    currency: str | None = None


class CUSIPResult(ResponseModel):
    """One security matching a CUSIP search."""

    cusip: str
    symbol: str
    company_name: str | None = Field(None, alias="companyName")
    market_cap: float | None = Field(None, alias="marketCap")


class ISINResult(ResponseModel):
    """One security matching an ISIN search."""

    isin: str
    symbol: str
    name: str
    market_cap: float | None = Field(None, alias="marketCap")


class MarketHours(ResponseModel):
    """One exchange's trading hours and time zone, and whether it is open now."""

    exchange: str
    name: str
    opening_hour: str = Field(alias="openingHour")
    closing_hour: str = Field(alias="closingHour")
    timezone: str
    is_market_open: bool = Field(alias="isMarketOpen")
    closing_additional: str | None = Field(None, alias="closingAdditional")
    opening_additional: str | None = Field(None, alias="openingAdditional")


class MarketHoliday(ResponseModel):
    """One exchange holiday, with whether trading closes fully or early."""

    former_fields: ClassVar[Mapping[str, str]] = {"holiday": "name"}

    date: DateOrTime | None = None
    exchange: str | None = None
    name: str | None = None
    adj_close_time: str | None = Field(None, alias="adjCloseTime")
    adj_open_time: str | None = Field(None, alias="adjOpenTime")
    is_closed: bool | None = Field(None, alias="isClosed")
    is_fully_closed: bool | None = Field(None, alias="isFullyClosed")


class MarketMover(ResponseModel):
    """One stock among the day's biggest gainers, biggest losers or most active."""

    symbol: str
    name: str
    change: float
    price: float
    changes_percentage: float | None = Field(None, alias="changesPercentage")
    exchange: str | None = None


class SectorPerformance(ResponseModel):
    """One sector's average price change on one date."""

    former_fields: ClassVar[Mapping[str, str]] = {"changePercentage": "averageChange"}

    date: DateOrTime | None = None
    sector: str
    exchange: str | None = None
    average_change: float | None = Field(None, alias="averageChange")


class IndustryPerformance(ResponseModel):
    """One industry's average price change on one date."""

    former_fields: ClassVar[Mapping[str, str]] = {"changePercentage": "averageChange"}

    date: DateOrTime | None = None
    industry: str
    exchange: str | None = None
    average_change: float | None = Field(None, alias="averageChange")


class SectorPESnapshot(ResponseModel):
    """One sector's price-to-earnings ratio on one date."""

    date: DateOrTime | None = None
    sector: str
    exchange: str | None = None
    pe: float | None = None


class IndustryPESnapshot(ResponseModel):
    """One industry's price-to-earnings ratio on one date."""

    date: DateOrTime | None = None
    industry: str
    exchange: str | None = None
    pe: float | None = None


class PrePostMarketQuote(ResponseModel):
    """A pre-market or after-hours price and volume for one symbol."""

    symbol: str
    timestamp: Timestamp | None
    price: float
    volume: int
    session: str


class CIKListEntry(ResponseModel):
    """One company's CIK with its name and symbol."""

    cik: str
    company_name: str | None = Field(None, alias="companyName")
    symbol: str | None = None


class ExchangeSymbol(ResponseModel):
    """One stock exchange: its name, country, symbol suffix and quote delay."""

    symbol: str | None = None
    name: str | None = None
    price: float | None = None
    changes_percentage: float | None = Field(None, alias="changesPercentage")
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
    shares_outstanding: float | None = Field(None, alias="sharesOutstanding")
    timestamp: int | None = None
    country_code: str | None = Field(None, alias="countryCode")
    country_name: str | None = Field(None, alias="countryName")
    delay: str | None = None
    symbol_suffix: str | None = Field(None, alias="symbolSuffix")


class IPODisclosure(ResponseModel):
    """One IPO registration filing, with its filing, acceptance and effectiveness dates."""

    symbol: str | None = None
    filing_date: DateOrTime | None = Field(None, alias="filingDate")
    accepted_date: DateOrTime | None = Field(None, alias="acceptedDate")
    effectiveness_date: DateOrTime | None = Field(None, alias="effectivenessDate")
    cik: str | None = None
    form: str | None = None
    url: str | None = None


class IPOProspectus(ResponseModel):
    """One IPO prospectus: offer price, underwriting discounts and proceeds, per share and in total."""

    symbol: str | None = None
    accepted_date: DateOrTime | None = Field(None, alias="acceptedDate")
    filing_date: DateOrTime | None = Field(None, alias="filingDate")
    ipo_date: DateOrTime | None = Field(None, alias="ipoDate")
    cik: str | None = None
    price_public_per_share: float | None = Field(None, alias="pricePublicPerShare")
    price_public_total: float | None = Field(None, alias="pricePublicTotal")
    discounts_and_commissions_per_share: float | None = Field(None, alias="discountsAndCommissionsPerShare")
    discounts_and_commissions_total: float | None = Field(None, alias="discountsAndCommissionsTotal")
    proceeds_before_expenses_per_share: float | None = Field(None, alias="proceedsBeforeExpensesPerShare")
    proceeds_before_expenses_total: float | None = Field(None, alias="proceedsBeforeExpensesTotal")
    form: str | None = None
    url: str | None = None
