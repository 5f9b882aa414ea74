"""Response models of the ``investment`` group.

ETF holdings, information and weightings, and mutual fund holdings, holders and portfolio disclosures.
"""

from __future__ import annotations

import datetime as dt

from pydantic import Field

from data_pkg.models._base import ETFSectorExposure, ResponseModel
from data_pkg.models._time import DateOrTime


class ETFHolding(ResponseModel):
    """One holding of an ETF or fund: the asset, shares, weight and market value."""

    symbol: str
    asset: str
    name: str
    isin: str | None = None
    security_cusip: str | None = Field(None, alias="securityCusip")
    shares_number: float = Field(alias="sharesNumber")
    weight_percentage: float = Field(alias="weightPercentage")
    market_value: float = Field(alias="marketValue")
    updated_at: DateOrTime | None = Field(None, alias="updatedAt")
    updated: DateOrTime | None = None
    cusip: str | None = None
    last_updated: DateOrTime | None = Field(None, alias="lastUpdated")


class ETFPortfolioDate(ResponseModel):
    """One date for which an ETF's holdings are available."""

    date: dt.date | None


class ETFInfo(ResponseModel):
    """An ETF's overview: issuer, expense ratio, assets, NAV and sector breakdown."""

    symbol: str
    name: str
    description: str | None = None
    isin: str | None = None
    asset_class: str | None = Field(None, alias="assetClass")
    security_cusip: str | None = Field(None, alias="securityCusip")
    domicile: str | None = None
    website: str | None = None
    etf_company: str | None = Field(None, alias="etfCompany")
    expense_ratio: float = Field(alias="expenseRatio")
    assets_under_management: float | None = Field(None, alias="assetsUnderManagement")
    avg_volume: int | None = Field(None, alias="avgVolume")
    inception_date: dt.date | None = Field(None, alias="inceptionDate")
    nav: float | None = None
    nav_currency: str | None = Field(None, alias="navCurrency")
    holdings_count: int | None = Field(None, alias="holdingsCount")
    is_actively_trading: bool | None = Field(None, alias="isActivelyTrading")
    updated_at: DateOrTime | None = Field(None, alias="updatedAt")
    sectors_list: list[ETFSectorExposure] | None = Field(None, alias="sectorsList")


class ETFSectorWeighting(ResponseModel):
    """An ETF's weight in one sector."""

    symbol: str | None = None
    sector: str
    weight_percentage: float = Field(alias="weightPercentage")


class ETFCountryWeighting(ResponseModel):
    """An ETF's weight in one country."""

    country: str
    weight_percentage: str = Field(alias="weightPercentage")


class ETFExposure(ResponseModel):
    """One ETF that holds a given stock, with the shares, weight and market value it holds."""

    symbol: str
    asset: str
    shares_number: int = Field(alias="sharesNumber")
    weight_percentage: float = Field(alias="weightPercentage")
    market_value: float = Field(alias="marketValue")


class ETFHolder(ResponseModel):
    """One holding of an ETF, with its identifiers, weight and market value."""

    asset: str
    name: str
    isin: str
    cusip: str
    shares_number: float = Field(alias="sharesNumber")
    weight_percentage: float = Field(alias="weightPercentage")
    market_value: float = Field(alias="marketValue")
    updated: DateOrTime | None


class PortfolioDate(ResponseModel):
    """One period for which a fund's portfolio disclosure is available."""

    date: dt.date | None
    year: int | None = None
    quarter: int | None = None


class MutualFundHolding(ResponseModel):
    """One holding of a mutual fund as of its reported date."""

    symbol: str
    cik: str
    name: str
    asset: str
    cusip: str | None = None
    isin: str | None = None
    shares: int
    weight_percentage: float = Field(alias="weightPercentage")
    market_value: float = Field(alias="marketValue")
    reported_date: dt.date | None = Field(alias="reportedDate")


class MutualFundHolder(ResponseModel):
    """One fund that holds a given stock, with its shares, weight and change."""

    holder: str
    shares: float
    date_reported: dt.date | None = Field(alias="dateReported")
    change: int
    weight_percent: float = Field(alias="weightPercent")


class FundDisclosureHolderLatest(ResponseModel):
    """One fund holding a given security in its latest disclosure, with shares, weight and change."""

    cik: str | None = None
    holder: str
    shares: float
    date_reported: dt.date | None = Field(alias="dateReported")
    change: float
    weight_percent: float = Field(alias="weightPercent")
    security_cusip: str | None = Field(None, alias="securityCusip")


class FundDisclosureHolding(ResponseModel):
    """One holding from a fund's portfolio disclosure (Form N-PORT)."""

    cik: str | None = None
    date: dt.date | None = None
    accepted_date: DateOrTime | None = Field(None, alias="acceptedDate")
    symbol: str | None = None
    name: str | None = None
    lei: str | None = None
    title: str | None = None
    cusip: str | None = None
    isin: str | None = None
    balance: float | None = None
    units: str | None = None
    cur_cd: str | None = None
    val_usd: float | None = Field(None, alias="valUsd")
    pct_val: float | None = Field(None, alias="pctVal")
    payoff_profile: str | None = Field(None, alias="payoffProfile")
    asset_cat: str | None = Field(None, alias="assetCat")
    issuer_cat: str | None = Field(None, alias="issuerCat")
    inv_country: str | None = Field(None, alias="invCountry")
    is_restricted_sec: str | None = Field(None, alias="isRestrictedSec")
    fair_val_level: str | None = Field(None, alias="fairValLevel")
    is_cash_collateral: str | None = Field(None, alias="isCashCollateral")
    is_non_cash_collateral: str | None = Field(None, alias="isNonCashCollateral")
    is_loan_by_fund: str | None = Field(None, alias="isLoanByFund")


class FundDisclosureSearchResult(ResponseModel):
    """A fund series and share class matching a name search, with its registrant details."""

    symbol: str | None = None
    cik: str | None = None
    class_id: str | None = Field(None, alias="classId")
    series_id: str | None = Field(None, alias="seriesId")
    entity_name: str | None = Field(None, alias="entityName")
    entity_org_type: str | None = Field(None, alias="entityOrgType")
    series_name: str | None = Field(None, alias="seriesName")
    class_name: str | None = Field(None, alias="className")
    reporting_file_number: str | None = Field(None, alias="reportingFileNumber")
    address: str | None = None
    city: str | None = None
    zip_code: str | None = Field(None, alias="zipCode")
    state: str | None = None
