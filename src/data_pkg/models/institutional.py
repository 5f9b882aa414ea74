"""Response models of the ``institutional`` group.

13F institutional holdings and analytics, insider transactions and statistics, beneficial ownership
filings and failures to deliver.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import ClassVar

from pydantic import Field

from data_pkg.models._base import ResponseModel
from data_pkg.models._time import DateOrTime


class Form13F(ResponseModel):
    """One position reported in an institutional manager's 13F filing."""

    date: dt.date | None
    filing_date: dt.date | None = Field(alias="filingDate")
    accepted_date: dt.date | None = Field(alias="acceptedDate")
    cik: str
    security_cusip: str = Field(alias="securityCusip")
    symbol: str | None = None
    name_of_issuer: str = Field(alias="nameOfIssuer")
    shares: int
    title_of_class: str = Field(alias="titleOfClass")
    shares_type: str | None = Field(None, alias="sharesType")
    put_call_share: str | None = Field(None, alias="putCallShare")
    value: float
    link: str
    final_link: str | None = Field(None, alias="finalLink")


class Form13FDate(ResponseModel):
    """One quarter for which an institution's 13F filing is available."""

    date: dt.date | None = None
    year: int | None = None
    quarter: int | None = None


class AssetAllocation(ResponseModel):
    """The share of an institution's 13F portfolio held in one asset type for a quarter."""

    date: dt.date | None
    cik: str
    company_name: str = Field(alias="companyName")
    asset_type: str = Field(alias="assetType")
    percentage: float
    current_quarter: bool = Field(alias="currentQuarter")


class InstitutionalHolder(ResponseModel):
    """The latest 13F filing of one institutional manager."""

    cik: str
    name: str
    date: str | None = None
    filing_date: str | None = Field(None, alias="filingDate")
    accepted_date: str | None = Field(None, alias="acceptedDate")
    form_type: str | None = Field(None, alias="formType")
    link: str | None = None
    final_link: str | None = Field(None, alias="finalLink")


class InstitutionalHolding(ResponseModel):
    """Institutional ownership of one stock for a quarter, with changes in holders, shares and positions."""

    symbol: str
    cik: str
    date: dt.date | None
    investors_holding: int = Field(alias="investorsHolding")
    last_investors_holding: int = Field(alias="lastInvestorsHolding")
    investors_holding_change: int = Field(alias="investorsHoldingChange")
    number_of13_fshares: int = Field(alias="numberOf13Fshares")
    last_number_of13_fshares: int = Field(alias="lastNumberOf13Fshares")
    number_of13_fshares_change: int = Field(alias="numberOf13FsharesChange")
    total_invested: float = Field(alias="totalInvested")
    last_total_invested: float = Field(alias="lastTotalInvested")
    total_invested_change: float = Field(alias="totalInvestedChange")
    ownership_percent: float = Field(alias="ownershipPercent")
    last_ownership_percent: float = Field(alias="lastOwnershipPercent")
    ownership_percent_change: float = Field(alias="ownershipPercentChange")
    closed_positions: int | None = Field(None, alias="closedPositions")
    closed_positions_change: int | None = Field(None, alias="closedPositionsChange")
    increased_positions: int | None = Field(None, alias="increasedPositions")
    increased_positions_change: int | None = Field(None, alias="increasedPositionsChange")
    last_closed_positions: int | None = Field(None, alias="lastClosedPositions")
    last_increased_positions: int | None = Field(None, alias="lastIncreasedPositions")
    last_new_positions: int | None = Field(None, alias="lastNewPositions")
    last_put_call_ratio: float | None = Field(None, alias="lastPutCallRatio")
    last_reduced_positions: int | None = Field(None, alias="lastReducedPositions")
    last_total_calls: int | None = Field(None, alias="lastTotalCalls")
    last_total_puts: int | None = Field(None, alias="lastTotalPuts")
    new_positions: int | None = Field(None, alias="newPositions")
    new_positions_change: int | None = Field(None, alias="newPositionsChange")
    put_call_ratio: float | None = Field(None, alias="putCallRatio")
    put_call_ratio_change: float | None = Field(None, alias="putCallRatioChange")
    reduced_positions: int | None = Field(None, alias="reducedPositions")
    reduced_positions_change: int | None = Field(None, alias="reducedPositionsChange")
    total_calls: int | None = Field(None, alias="totalCalls")
    total_calls_change: int | None = Field(None, alias="totalCallsChange")
    total_puts: int | None = Field(None, alias="totalPuts")
    total_puts_change: int | None = Field(None, alias="totalPutsChange")


class InsiderTrade(ResponseModel):
    """One insider transaction in a company's stock, as reported in an ownership filing."""

    former_fields: ClassVar[Mapping[str, str]] = {"link": "url"}

    symbol: str
    filing_date: DateOrTime | None = Field(alias="filingDate")
    transaction_date: dt.date | None = Field(alias="transactionDate")
    reporting_cik: str = Field(alias="reportingCik")
    transaction_type: str = Field(alias="transactionType")
    securities_owned: float | None = Field(None, alias="securitiesOwned")
    company_cik: str = Field(alias="companyCik")
    reporting_name: str = Field(alias="reportingName")
    type_of_owner: str = Field(alias="typeOfOwner")
    acquisition_or_disposition: str = Field(alias="acquisitionOrDisposition")
    direct_or_indirect: str | None = Field(None, alias="directOrIndirect")
    form_type: str = Field(alias="formType")
    securities_transacted: float | None = Field(None, alias="securitiesTransacted")
    price: float
    security_name: str = Field(alias="securityName")
    url: str | None = None


class InsiderTransactionType(ResponseModel):
    """One insider transaction type code and what it means."""

    transaction_type: str = Field(alias="transactionType")
    code: str | None = None
    description: str | None = None
    is_acquisition: bool | None = Field(None, alias="isAcquisition")


class InsiderRoster(ResponseModel):
    """One person reported as an insider of a company, with their latest transaction."""

    reporting_name: str = Field(alias="reportingName")
    transaction_date: dt.date | None = Field(alias="transactionDate")
    type_of_owner: str | None = Field(None, alias="typeOfOwner")
    symbol: str | None = None
    filing_date: str | None = Field(None, alias="filingDate")
    reporting_cik: str | None = Field(None, alias="reportingCik")
    company_cik: str | None = Field(None, alias="companyCik")
    transaction_type: str | None = Field(None, alias="transactionType")
    acquisition_or_disposition: str | None = Field(None, alias="acquisitionOrDisposition")
    direct_or_indirect: str | None = Field(None, alias="directOrIndirect")
    form_type: str | None = Field(None, alias="formType")
    security_name: str | None = Field(None, alias="securityName")
    url: str | None = None
    price: float | None = None
    securities_owned: float | None = Field(None, alias="securitiesOwned")
    securities_transacted: float | None = Field(None, alias="securitiesTransacted")


class InsiderStatistic(ResponseModel):
    """Quarterly totals of insider acquisitions and disposals in one company's stock."""

    symbol: str
    cik: str
    year: int
    quarter: int
    acquired_transactions: int = Field(alias="acquiredTransactions")
    disposed_transactions: int = Field(alias="disposedTransactions")
    acquired_disposed_ratio: float = Field(alias="acquiredDisposedRatio")
    total_acquired: float = Field(alias="totalAcquired")
    total_disposed: float = Field(alias="totalDisposed")
    average_acquired: float = Field(alias="averageAcquired")
    average_disposed: float = Field(alias="averageDisposed")
    total_purchases: int = Field(alias="totalPurchases")
    total_sales: int = Field(alias="totalSales")


class CIKMapping(ResponseModel):
    """A reporting owner's CIK and name, as used in insider filings."""

    former_fields: ClassVar[Mapping[str, str]] = {"reportingCik": "cik", "reportingName": "companyName"}

    cik: str | None = None
    company_name: str | None = Field(None, alias="companyName")


class BeneficialOwnership(ResponseModel):
    """One beneficial-ownership filing (Schedule 13D or 13G) reporting a stake in a company."""

    symbol: str
    filing_date: DateOrTime | None = Field(alias="filingDate")
    accepted_date: DateOrTime | None = Field(alias="acceptedDate")
    cusip: str
    citizenship_or_place_of_organization: str | None = Field(None, alias="citizenshipOrPlaceOfOrganization")
    sole_voting_power: str | None = Field(None, alias="soleVotingPower")
    shared_voting_power: str | None = Field(None, alias="sharedVotingPower")
    sole_dispositive_power: str | None = Field(None, alias="soleDispositivePower")
    shared_dispositive_power: str | None = Field(None, alias="sharedDispositivePower")
    amount_beneficially_owned: str = Field(alias="amountBeneficiallyOwned")
    percent_of_class: str = Field(alias="percentOfClass")
    type_of_reporting_person: str = Field(alias="typeOfReportingPerson")
    url: str
    cik: str | None = None
    name_of_reporting_person: str | None = Field(None, alias="nameOfReportingPerson")


class FailToDeliver(ResponseModel):
    """Shares of a security that failed to deliver on one settlement date."""

    symbol: str
    date: dt.date | None
    price: float
    quantity: int
    cusip: str
    name: str


class InsiderTradingLatest(ResponseModel):
    """One recently reported insider transaction."""

    former_fields: ClassVar[Mapping[str, str]] = {"link": "url"}

    symbol: str
    filing_date: DateOrTime | None = Field(alias="filingDate")
    transaction_date: dt.date | None = Field(alias="transactionDate")
    reporting_cik: str = Field(alias="reportingCik")
    transaction_type: str = Field(alias="transactionType")
    securities_owned: float | None = Field(None, alias="securitiesOwned")
    company_cik: str = Field(alias="companyCik")
    reporting_name: str = Field(alias="reportingName")
    type_of_owner: str = Field(alias="typeOfOwner")
    acquisition_or_disposition: str = Field(alias="acquisitionOrDisposition")
    direct_or_indirect: str | None = Field(None, alias="directOrIndirect")
    form_type: str = Field(alias="formType")
    securities_transacted: float | None = Field(None, alias="securitiesTransacted")
    price: float
    security_name: str = Field(alias="securityName")
    url: str | None = None


class InsiderTradingSearch(ResponseModel):
    """One insider transaction matching a search by symbol, owner or transaction type."""

    former_fields: ClassVar[Mapping[str, str]] = {"link": "url"}

    symbol: str
    filing_date: DateOrTime | None = Field(alias="filingDate")
    transaction_date: dt.date | None = Field(alias="transactionDate")
    reporting_cik: str = Field(alias="reportingCik")
    transaction_type: str = Field(alias="transactionType")
    securities_owned: float | None = Field(None, alias="securitiesOwned")
    company_cik: str = Field(alias="companyCik")
    reporting_name: str = Field(alias="reportingName")
    type_of_owner: str = Field(alias="typeOfOwner")
    acquisition_or_disposition: str = Field(alias="acquisitionOrDisposition")
    direct_or_indirect: str | None = Field(None, alias="directOrIndirect")
    form_type: str = Field(alias="formType")
    securities_transacted: float | None = Field(None, alias="securitiesTransacted")
    price: float
    security_name: str = Field(alias="securityName")
    url: str | None = None


class InsiderTradingByName(ResponseModel):
    """A reporting owner matching a name search, with transaction fields when the answer carries them."""

    reporting_cik: str = Field(alias="reportingCik")
    reporting_name: str = Field(alias="reportingName")
    symbol: str | None = None
    filing_date: DateOrTime | None = Field(None, alias="filingDate")
    transaction_date: dt.date | None = Field(None, alias="transactionDate")
    transaction_type: str | None = Field(None, alias="transactionType")
    securities_owned: float | None = Field(None, alias="securitiesOwned")
    company_cik: str | None = Field(None, alias="companyCik")
    type_of_owner: str | None = Field(None, alias="typeOfOwner")
    acquisition_or_disposition: str | None = Field(None, alias="acquisitionOrDisposition")
    direct_or_indirect: str | None = Field(None, alias="directOrIndirect")
    form_type: str | None = Field(None, alias="formType")
    securities_transacted: float | None = Field(None, alias="securitiesTransacted")
    price: float | None = None
    security_name: str | None = Field(None, alias="securityName")
    link: str | None = None


class InsiderTradingStatistics(ResponseModel):
    """Quarterly totals of insider acquisitions and disposals in one company's stock."""

    symbol: str
    cik: str
    year: int
    quarter: int
    acquired_transactions: int = Field(alias="acquiredTransactions")
    disposed_transactions: int = Field(alias="disposedTransactions")
    acquired_disposed_ratio: float = Field(alias="acquiredDisposedRatio")
    total_acquired: float = Field(alias="totalAcquired")
    total_disposed: float = Field(alias="totalDisposed")
    average_acquired: float = Field(alias="averageAcquired")
    average_disposed: float = Field(alias="averageDisposed")
    total_purchases: int = Field(alias="totalPurchases")
    total_sales: int = Field(alias="totalSales")


class InstitutionalOwnershipLatest(ResponseModel):
    """The latest 13F filing of one institutional manager."""

    cik: str
    name: str
    date: dt.date | None
    filing_date: DateOrTime | None = Field(None, alias="filingDate")
    accepted_date: DateOrTime | None = Field(None, alias="acceptedDate")
    form_type: str | None = Field(None, alias="formType")
    link: str | None = None
    final_link: str | None = Field(None, alias="finalLink")


class InstitutionalOwnershipExtract(ResponseModel):
    """One position from an institution's 13F filing for a given quarter."""

    cik: str
    date: dt.date | None
    filing_date: dt.date | None = Field(None, alias="filingDate")
    accepted_date: dt.date | None = Field(None, alias="acceptedDate")
    security_cusip: str = Field(alias="securityCusip")
    symbol: str | None = None
    name_of_issuer: str = Field(alias="nameOfIssuer")
    title_of_class: str = Field(alias="titleOfClass")
    shares: int
    shares_type: str | None = Field(None, alias="sharesType")
    put_call_share: str | None = Field(None, alias="putCallShare")
    value: float
    link: str
    final_link: str | None = Field(None, alias="finalLink")


class InstitutionalOwnershipDates(ResponseModel):
    """One quarter for which an institution has filed a 13F report."""

    cik: str | None = None
    date: dt.date | None
    year: int | None = None
    quarter: int | None = None


class InstitutionalOwnershipAnalytics(ResponseModel):
    """One institution's position in a stock for a quarter, with changes in weight, value, shares and ownership."""

    date: dt.date | None
    cik: str
    filing_date: dt.date | None = Field(None, alias="filingDate")
    investor_name: str | None = Field(None, alias="investorName")
    symbol: str
    security_name: str | None = Field(None, alias="securityName")
    type_of_security: str | None = Field(None, alias="typeOfSecurity")
    security_cusip: str | None = Field(None, alias="securityCusip")
    shares_type: str | None = Field(None, alias="sharesType")
    put_call_share: str | None = Field(None, alias="putCallShare")
    investment_discretion: str | None = Field(None, alias="investmentDiscretion")
    industry_title: str | None = Field(None, alias="industryTitle")
    weight: float | None = None
    last_weight: float | None = Field(None, alias="lastWeight")
    change_in_weight: float | None = Field(None, alias="changeInWeight")
    change_in_weight_percentage: float | None = Field(None, alias="changeInWeightPercentage")
    market_value: float | None = Field(None, alias="marketValue")
    last_market_value: float | None = Field(None, alias="lastMarketValue")
    change_in_market_value: float | None = Field(None, alias="changeInMarketValue")
    change_in_market_value_percentage: float | None = Field(None, alias="changeInMarketValuePercentage")
    shares_number: int | None = Field(None, alias="sharesNumber")
    last_shares_number: int | None = Field(None, alias="lastSharesNumber")
    change_in_shares_number: int | None = Field(None, alias="changeInSharesNumber")
    change_in_shares_number_percentage: float | None = Field(None, alias="changeInSharesNumberPercentage")
    quarter_end_price: float | None = Field(None, alias="quarterEndPrice")
    avg_price_paid: float | None = Field(None, alias="avgPricePaid")
    is_new: bool | None = Field(None, alias="isNew")
    is_sold_out: bool | None = Field(None, alias="isSoldOut")
    ownership: float | None = None
    last_ownership: float | None = Field(None, alias="lastOwnership")
    change_in_ownership: float | None = Field(None, alias="changeInOwnership")
    change_in_ownership_percentage: float | None = Field(None, alias="changeInOwnershipPercentage")
    holding_period: int | None = Field(None, alias="holdingPeriod")
    first_added: dt.date | None = Field(None, alias="firstAdded")
    performance: float | None = None
    performance_percentage: float | None = Field(None, alias="performancePercentage")
    last_performance: float | None = Field(None, alias="lastPerformance")
    change_in_performance: float | None = Field(None, alias="changeInPerformance")
    is_counted_for_performance: bool | None = Field(None, alias="isCountedForPerformance")


class HolderPerformanceSummary(ResponseModel):
    """An institution's portfolio summary for a quarter: size, turnover, holding periods and performance."""

    date: dt.date | None
    cik: str
    investor_name: str = Field(alias="investorName")
    portfolio_size: int = Field(alias="portfolioSize")
    securities_added: int = Field(alias="securitiesAdded")
    securities_removed: int = Field(alias="securitiesRemoved")
    market_value: float = Field(alias="marketValue")
    previous_market_value: float = Field(alias="previousMarketValue")
    change_in_market_value: float = Field(alias="changeInMarketValue")
    change_in_market_value_percentage: float = Field(alias="changeInMarketValuePercentage")
    average_holding_period: int = Field(alias="averageHoldingPeriod")
    average_holding_period_top10: int = Field(alias="averageHoldingPeriodTop10")
    average_holding_period_top20: int = Field(alias="averageHoldingPeriodTop20")
    turnover: float
    turnover_alternate_sell: float = Field(alias="turnoverAlternateSell")
    turnover_alternate_buy: float = Field(alias="turnoverAlternateBuy")
    performance: float
    performance_percentage: float = Field(alias="performancePercentage")
    last_performance: float = Field(alias="lastPerformance")
    change_in_performance: float = Field(alias="changeInPerformance")
    performance1year: float
    performance_percentage1year: float = Field(alias="performancePercentage1year")
    performance3year: float
    performance_percentage3year: float = Field(alias="performancePercentage3year")
    performance5year: float
    performance_percentage5year: float = Field(alias="performancePercentage5year")
    performance_since_inception: float = Field(alias="performanceSinceInception")
    performance_since_inception_percentage: float = Field(alias="performanceSinceInceptionPercentage")
    performance_relative_to_sp500_percentage: float = Field(alias="performanceRelativeToSP500Percentage")
    performance1year_relative_to_sp500_percentage: float = Field(alias="performance1yearRelativeToSP500Percentage")
    performance3year_relative_to_sp500_percentage: float = Field(alias="performance3yearRelativeToSP500Percentage")
    performance5year_relative_to_sp500_percentage: float = Field(alias="performance5yearRelativeToSP500Percentage")
    performance_since_inception_relative_to_sp500_percentage: float = Field(
        alias="performanceSinceInceptionRelativeToSP500Percentage"
    )


class HolderIndustryBreakdown(ResponseModel):
    """An institution's portfolio weight and performance in one industry for a quarter."""

    date: dt.date | None
    cik: str
    investor_name: str = Field(alias="investorName")
    industry_title: str | None = Field(None, alias="industryTitle")
    weight: float
    last_weight: float | None = Field(None, alias="lastWeight")
    change_in_weight: float | None = Field(None, alias="changeInWeight")
    change_in_weight_percentage: float | None = Field(None, alias="changeInWeightPercentage")
    performance: float | None = None
    performance_percentage: float | None = Field(None, alias="performancePercentage")
    last_performance: float | None = Field(None, alias="lastPerformance")
    change_in_performance: float | None = Field(None, alias="changeInPerformance")


class SymbolPositionsSummary(ResponseModel):
    """Institutional ownership of one stock for a quarter: holders, shares, value, position changes and options."""

    symbol: str
    cik: str | None = None
    date: dt.date | None
    investors_holding: int = Field(alias="investorsHolding")
    last_investors_holding: int = Field(alias="lastInvestorsHolding")
    investors_holding_change: int = Field(alias="investorsHoldingChange")
    number_of13_fshares: int = Field(alias="numberOf13Fshares")
    last_number_of13_fshares: int = Field(alias="lastNumberOf13Fshares")
    number_of13_fshares_change: int = Field(alias="numberOf13FsharesChange")
    total_invested: float = Field(alias="totalInvested")
    last_total_invested: float = Field(alias="lastTotalInvested")
    total_invested_change: float = Field(alias="totalInvestedChange")
    ownership_percent: float = Field(alias="ownershipPercent")
    last_ownership_percent: float = Field(alias="lastOwnershipPercent")
    ownership_percent_change: float = Field(alias="ownershipPercentChange")
    new_positions: int | None = Field(None, alias="newPositions")
    last_new_positions: int | None = Field(None, alias="lastNewPositions")
    new_positions_change: int | None = Field(None, alias="newPositionsChange")
    increased_positions: int | None = Field(None, alias="increasedPositions")
    last_increased_positions: int | None = Field(None, alias="lastIncreasedPositions")
    increased_positions_change: int | None = Field(None, alias="increasedPositionsChange")
    closed_positions: int | None = Field(None, alias="closedPositions")
    last_closed_positions: int | None = Field(None, alias="lastClosedPositions")
    closed_positions_change: int | None = Field(None, alias="closedPositionsChange")
    reduced_positions: int | None = Field(None, alias="reducedPositions")
    last_reduced_positions: int | None = Field(None, alias="lastReducedPositions")
    reduced_positions_change: int | None = Field(None, alias="reducedPositionsChange")
    total_calls: int | None = Field(None, alias="totalCalls")
    last_total_calls: int | None = Field(None, alias="lastTotalCalls")
    total_calls_change: int | None = Field(None, alias="totalCallsChange")
    total_puts: int | None = Field(None, alias="totalPuts")
    last_total_puts: int | None = Field(None, alias="lastTotalPuts")
    total_puts_change: int | None = Field(None, alias="totalPutsChange")
    put_call_ratio: float | None = Field(None, alias="putCallRatio")
    last_put_call_ratio: float | None = Field(None, alias="lastPutCallRatio")
    put_call_ratio_change: float | None = Field(None, alias="putCallRatioChange")


class IndustryPerformanceSummary(ResponseModel):
    """The total institutional holding value in one industry for a quarter."""

    industry_title: str = Field(alias="industryTitle")
    industry_value: float = Field(alias="industryValue")
    date: dt.date | None
