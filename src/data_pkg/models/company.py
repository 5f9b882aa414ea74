"""Response models of the ``company`` group.

Quotes and price history, profiles and executives, share float and market cap, analyst targets and
estimates, dividends, earnings and splits, and financial statements with their derived metrics.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import Field, GetJsonSchemaHandler, SerializerFunctionWrapHandler, model_serializer, model_validator
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from data_pkg.models._base import Empty, ResponseModel
from data_pkg.models._time import DateOrTime, Timestamp


class Quote(ResponseModel):
    """A real-time quote for one listed security."""

    symbol: str
    name: str
    price: float
    change_percentage: float = Field(alias="changePercentage")
    change: float
    day_low: float = Field(alias="dayLow")
    day_high: float = Field(alias="dayHigh")
    year_high: float | None = Field(None, alias="yearHigh")
    year_low: float | None = Field(None, alias="yearLow")
    market_cap: float | None = Field(None, alias="marketCap")
    price_avg50: float | None = Field(None, alias="priceAvg50")
    price_avg200: float | None = Field(None, alias="priceAvg200")
    volume: int | None = None
    exchange: str
    open: float | None = None
    previous_close: float | None = Field(None, alias="previousClose")
    timestamp: Timestamp | None


class SimpleQuote(ResponseModel):
    """A short quote for one security: price, change and volume."""

    symbol: str
    price: float
    volume: int | None = None
    change: float | None = None


class AftermarketTrade(ResponseModel):
    """The latest after-hours trade of one symbol: price, trade size and time."""

    symbol: str
    price: float | None = None
    trade_size: int | None = Field(None, alias="tradeSize")
    timestamp: int | None = None


class AftermarketQuote(ResponseModel):
    """The latest after-hours bid and ask of one symbol, with sizes and volume."""

    symbol: str
    bid_size: int | None = Field(None, alias="bidSize")
    bid_price: float | None = Field(None, alias="bidPrice")
    ask_size: int | None = Field(None, alias="askSize")
    ask_price: float | None = Field(None, alias="askPrice")
    volume: int | None = None
    timestamp: int | None = None


class StockPriceChange(ResponseModel):
    """A security's price change over fixed look-back windows, from one day to ten years, year to date and all time."""

    symbol: str
    n1_d: float | None = Field(None, alias="1D")
    n5_d: float | None = Field(None, alias="5D")
    n1_m: float | None = Field(None, alias="1M")
    n3_m: float | None = Field(None, alias="3M")
    n6_m: float | None = Field(None, alias="6M")
    ytd: float | None = None
    n1_y: float | None = Field(None, alias="1Y")
    n3_y: float | None = Field(None, alias="3Y")
    n5_y: float | None = Field(None, alias="5Y")
    n10_y: float | None = Field(None, alias="10Y")
    max: float | None = None


class HistoricalPrice(ResponseModel):
    """One trading day's prices and volume for a security (full, light, unadjusted or dividend-adjusted series)."""

    date: DateOrTime | None
    open: float | None = None
    high: float | None = None
    low: float | None = None
    close: float | None = None
    price: float | None = None
    adj_close: float | None = Field(None, alias="adjClose")
    adj_high: float | None = Field(None, alias="adjHigh")
    adj_low: float | None = Field(None, alias="adjLow")
    adj_open: float | None = Field(None, alias="adjOpen")
    volume: int | None = None
    change: float | None = None
    change_percent: float | None = Field(None, alias="changePercent")
    vwap: float | None = None
    symbol: str | None = None


class IntradayPrice(ResponseModel):
    """One intraday price bar for a security at the requested interval."""

    date: DateOrTime | None
    open: float
    low: float
    high: float
    close: float
    volume: float


class CompanyProfile(ResponseModel):
    """A company's profile: identifiers, listing, sector, description and headline market figures."""

    former_fields: ClassVar[Mapping[str, str]] = {
        "mktCap": "marketCap",
        "lastDiv": "lastDividend",
        "changes": "change",
        "volAvg": "averageVolume",
    }

    symbol: str
    price: float | None = None
    beta: float | None = None
    average_volume: int | float | None = Field(None, alias="averageVolume")
    market_cap: int | float | None = Field(None, alias="marketCap")
    last_dividend: float | None = Field(None, alias="lastDividend")
    range: str | None = None
    change: float | None = None
    change_percentage: float | None = Field(None, alias="changePercentage")
    volume: int | None = None
    company_name: str | None = Field(None, alias="companyName")
    currency: str | None = None
    cik: str | None = None
    isin: str | None = None
    cusip: str | None = None
    exchange: str | None = None
    exchange_full_name: str | None = Field(None, alias="exchangeFullName")
    exchange_short_name: str | None = Field(None, alias="exchangeShortName")
    industry: str | None = None
    website: str | None = None
    description: str | None = None
    ceo: str | None = None
    sector: str | None = None
    country: str | None = None
    full_time_employees: str | None = Field(None, alias="fullTimeEmployees")
    phone: str | None = None
    address: str | None = None
    city: str | None = None
    state: str | None = None
    zip: str | None = None
    dcf_diff: float | None = Field(None, alias="dcfDiff")
    dcf: float | None = None
    image: str | None = None
    ipo_date: DateOrTime | None = Field(None, alias="ipoDate")
    default_image: bool | None = Field(None, alias="defaultImage")
    is_etf: bool | None = Field(None, alias="isEtf")
    is_actively_trading: bool | None = Field(None, alias="isActivelyTrading")
    is_adr: bool | None = Field(None, alias="isAdr")
    is_fund: bool | None = Field(None, alias="isFund")


class CompanyCoreInformation(ResponseModel):
    """A company's registration details: CIK, SIC code, state of incorporation, fiscal year end and addresses."""

    symbol: str
    cik: str
    exchange: str | None = None
    sic_code: str | None = Field(None, alias="sicCode")
    sic_group: str | None = Field(None, alias="sicGroup")
    sic_description: str | None = Field(None, alias="sicDescription")
    state_location: str | None = Field(None, alias="stateLocation")
    state_of_incorporation: str | None = Field(None, alias="stateOfIncorporation")
    fiscal_year_end: str | None = Field(None, alias="fiscalYearEnd")
    business_address: str | None = Field(None, alias="businessAddress")
    mailing_address: str | None = Field(None, alias="mailingAddress")
    tax_identification_number: str | None = Field(None, alias="taxIdentificationNumber")
    registrant_name: str | None = Field(None, alias="registrantName")


class CompanyExecutive(ResponseModel):
    """One key executive of a company, with title, pay and tenure."""

    title: str
    name: str
    pay: int | None = None
    currency_pay: str | None = Field(None, alias="currencyPay")
    gender: str | None = None
    year_born: int | None = Field(None, alias="yearBorn")
    title_since: DateOrTime | None = Field(None, alias="titleSince")
    active: bool | None = None


class ExecutiveCompensation(ResponseModel):
    """One executive's pay for one year, as disclosed in a company's proxy filing."""

    cik: str
    symbol: str
    company_name: str | None = Field(None, alias="companyName")
    industry_title: str | None = Field(None, alias="industryTitle")
    filing_date: dt.date | None = Field(alias="filingDate")
    accepted_date: DateOrTime | None = Field(alias="acceptedDate")
    name_and_position: str = Field(alias="nameAndPosition")
    year: int
    salary: float
    bonus: float
    stock_award: float = Field(alias="stockAward")
    option_award: float | None = Field(None, alias="optionAward")
    incentive_plan_compensation: float = Field(alias="incentivePlanCompensation")
    all_other_compensation: float = Field(alias="allOtherCompensation")
    total: float
    link: str | None = None


class EmployeeCount(ResponseModel):
    """A company's employee count as reported in one regulatory filing."""

    symbol: str
    cik: str
    acceptance_time: DateOrTime | None = Field(alias="acceptanceTime")
    period_of_report: str = Field(alias="periodOfReport")
    company_name: str | None = Field(None, alias="companyName")
    form_type: str = Field(alias="formType")
    filing_date: str = Field(alias="filingDate")
    employee_count: int = Field(alias="employeeCount")
    source: str | None = None


class CompanyNote(ResponseModel):
    """One debt note a company has listed, with its title and exchange."""

    title: str
    cik: str
    symbol: str
    exchange: str


class HistoricalShareFloat(ResponseModel):
    """A company's free float and share counts on one date."""

    symbol: str
    date: DateOrTime | None = None
    free_float: float | None = Field(None, alias="freeFloat")
    float_shares: float | None = Field(None, alias="floatShares")
    outstanding_shares: float | None = Field(None, alias="outstandingShares")
    source: str | None = None


class ProductRevenueSegment(ResponseModel):
    """A company's revenue split by product line for one fiscal period."""

    date: str
    data: dict[str, float]
    symbol: str | None = None
    fiscal_year: int | None = Field(None, alias="fiscalYear")
    period: str | None = None
    reported_currency: str | None = Field(None, alias="reportedCurrency")


class GeographicRevenueSegment(ResponseModel):
    """A company's revenue split by region for one fiscal period."""

    date: str
    data: dict[str, float]
    symbol: str | None = None
    fiscal_year: int | None = Field(None, alias="fiscalYear")
    period: str | None = None
    reported_currency: str | None = Field(None, alias="reportedCurrency")


class SymbolChange(ResponseModel):
    """One ticker change: a company's old and new symbol and the date it took effect."""

    date: dt.date | None
    company_name: str = Field(alias="companyName")
    old_symbol: str = Field(alias="oldSymbol")
    new_symbol: str = Field(alias="newSymbol")


class ShareFloat(ResponseModel):
    """A company's free float with its floating and outstanding share counts."""

    symbol: str
    date: DateOrTime | None = None
    free_float: float | None = Field(None, alias="freeFloat")
    float_shares: float | None = Field(None, alias="floatShares")
    outstanding_shares: float | None = Field(None, alias="outstandingShares")
    source: str | None = None


class MarketCapitalization(ResponseModel):
    """A company's market capitalization on one date."""

    symbol: str
    date: DateOrTime | None = None
    market_cap: float | None = Field(None, alias="marketCap")


class PriceTarget(ResponseModel):
    """One analyst's price target for a stock, with the news item that reported it."""

    symbol: str
    published_date: DateOrTime | None = Field(alias="publishedDate")
    news_url: str = Field(alias="newsURL")
    news_title: str | None = Field(None, alias="newsTitle")
    analyst_name: str | None = Field(None, alias="analystName")
    price_target: float = Field(alias="priceTarget")
    adj_price_target: float = Field(alias="adjPriceTarget")
    price_when_posted: float = Field(alias="priceWhenPosted")
    news_publisher: str = Field(alias="newsPublisher")
    news_base_url: str = Field(alias="newsBaseURL")
    analyst_company: str = Field(alias="analystCompany")


class PriceTargetSummary(ResponseModel):
    """Counts and averages of analyst price targets for a stock over the last month, quarter, year and all time."""

    symbol: str
    last_month_count: int = Field(alias="lastMonthCount")
    last_month_avg_price_target: float = Field(alias="lastMonthAvgPriceTarget")
    last_quarter_count: int = Field(alias="lastQuarterCount")
    last_quarter_avg_price_target: float = Field(alias="lastQuarterAvgPriceTarget")
    last_year_count: int = Field(alias="lastYearCount")
    last_year_avg_price_target: float = Field(alias="lastYearAvgPriceTarget")
    all_time_count: int = Field(alias="allTimeCount")
    all_time_avg_price_target: float = Field(alias="allTimeAvgPriceTarget")
    publishers: str


class PriceTargetConsensus(ResponseModel):
    """The high, low, median and consensus analyst price target for a stock."""

    symbol: str
    target_high: float = Field(alias="targetHigh")
    target_low: float = Field(alias="targetLow")
    target_consensus: float = Field(alias="targetConsensus")
    target_median: float = Field(alias="targetMedian")


class AnalystEstimate(ResponseModel):
    """Analysts' low, high and average forecasts of revenue, profit and EPS for one company and fiscal period."""

    former_fields: ClassVar[Mapping[str, str]] = {
        "estimatedRevenueLow": "revenueLow",
        "estimatedRevenueHigh": "revenueHigh",
        "estimatedRevenueAvg": "revenueAvg",
        "estimatedEbitdaLow": "ebitdaLow",
        "estimatedEbitdaHigh": "ebitdaHigh",
        "estimatedEbitdaAvg": "ebitdaAvg",
        "estimatedEbitLow": "ebitLow",
        "estimatedEbitHigh": "ebitHigh",
        "estimatedEbitAvg": "ebitAvg",
        "estimatedNetIncomeLow": "netIncomeLow",
        "estimatedNetIncomeHigh": "netIncomeHigh",
        "estimatedNetIncomeAvg": "netIncomeAvg",
        "estimatedSgaExpenseLow": "sgaExpenseLow",
        "estimatedSgaExpenseHigh": "sgaExpenseHigh",
        "estimatedSgaExpenseAvg": "sgaExpenseAvg",
        "estimatedEpsLow": "epsLow",
        "estimatedEpsHigh": "epsHigh",
        "estimatedEpsAvg": "epsAvg",
        "numberAnalystEstimatedRevenue": "numAnalystsRevenue",
        "numberAnalystsEstimatedEps": "numAnalystsEps",
    }

    symbol: str
    date: DateOrTime | None = None
    revenue_low: float | None = Field(None, alias="revenueLow")
    revenue_high: float | None = Field(None, alias="revenueHigh")
    revenue_avg: float | None = Field(None, alias="revenueAvg")
    ebitda_low: float | None = Field(None, alias="ebitdaLow")
    ebitda_high: float | None = Field(None, alias="ebitdaHigh")
    ebitda_avg: float | None = Field(None, alias="ebitdaAvg")
    ebit_low: float | None = Field(None, alias="ebitLow")
    ebit_high: float | None = Field(None, alias="ebitHigh")
    ebit_avg: float | None = Field(None, alias="ebitAvg")
    net_income_low: float | None = Field(None, alias="netIncomeLow")
    net_income_high: float | None = Field(None, alias="netIncomeHigh")
    net_income_avg: float | None = Field(None, alias="netIncomeAvg")
    sga_expense_low: float | None = Field(None, alias="sgaExpenseLow")
    sga_expense_high: float | None = Field(None, alias="sgaExpenseHigh")
    sga_expense_avg: float | None = Field(None, alias="sgaExpenseAvg")
    eps_low: float | None = Field(None, alias="epsLow")
    eps_high: float | None = Field(None, alias="epsHigh")
    eps_avg: float | None = Field(None, alias="epsAvg")
    num_analysts_revenue: int | None = Field(None, alias="numAnalystsRevenue")
    num_analysts_eps: int | None = Field(None, alias="numAnalystsEps")


class AnalystRecommendation(ResponseModel):
    """Counts of analyst ratings from strong buy to strong sell for a stock on one date."""

    symbol: str
    date: DateOrTime | None
    analyst_ratingsbuy: int = Field(alias="analystRatingsbuy")
    analyst_ratings_hold: int = Field(alias="analystRatingsHold")
    analyst_ratings_sell: int = Field(alias="analystRatingsSell")
    analyst_ratings_strong_sell: int = Field(alias="analystRatingsStrongSell")
    analyst_ratings_strong_buy: int = Field(alias="analystRatingsStrongBuy")


class UpgradeDowngrade(ResponseModel):
    """One analyst rating change on a stock, with the news item that reported it."""

    symbol: str
    published_date: DateOrTime | None = Field(alias="publishedDate")
    news_url: str = Field(alias="newsURL")
    news_title: str = Field(alias="newsTitle")
    news_base_url: str = Field(alias="newsBaseURL")
    news_publisher: str = Field(alias="newsPublisher")
    new_grade: str = Field(alias="newGrade")
    previous_grade: str | None = Field(None, alias="previousGrade")
    grading_company: str = Field(alias="gradingCompany")
    action: str
    price_when_posted: float = Field(alias="priceWhenPosted")


class UpgradeDowngradeConsensus(ResponseModel):
    """The consensus analyst rating for a stock, with counts from strong buy to strong sell."""

    symbol: str
    consensus: str
    strong_buy: int = Field(alias="strongBuy")
    buy: int
    hold: int
    sell: int
    strong_sell: int = Field(alias="strongSell")


class CompanyPeer(ResponseModel):
    """One peer company of a given stock, with its price and market cap."""

    symbol: str
    company_name: str | None = Field(None, alias="companyName")
    price: float | None = None
    mkt_cap: int | None = Field(None, alias="mktCap")
    peers: str | None = None


class DelistedCompany(ResponseModel):
    """A company removed from its exchange, with its listing and delisting dates."""

    symbol: str
    company_name: str | None = Field(None, alias="companyName")
    exchange: str | None = None
    ipo_date: dt.date | None = Field(None, alias="ipoDate")
    delisted_date: dt.date | None = Field(None, alias="delistedDate")


class CompanyOutlook(ResponseModel):
    """A combined overview of one company, carrying its profile."""

    symbol: str | None = None
    company_name: str | None = Field(None, alias="companyName")
    profile: CompanyProfile | None = None


class MergerAcquisition(ResponseModel):
    """One merger or acquisition filing: the acquirer, the target and the transaction date."""

    company_name: str | None = Field(None, alias="companyName")
    targeted_company_name: str | None = Field(None, alias="targetedCompanyName")
    deal_date: str | None = Field(None, alias="dealDate")
    acceptance_time: str | None = Field(None, alias="acceptanceTime")
    url: str | None = None
    symbol: str | None = None
    cik: str | None = None
    targeted_symbol: str | None = Field(None, alias="targetedSymbol")
    targeted_cik: str | None = Field(None, alias="targetedCik")
    transaction_date: str | None = Field(None, alias="transactionDate")
    accepted_date: str | None = Field(None, alias="acceptedDate")
    link: str | None = None


class ExecutiveCompensationBenchmark(ResponseModel):
    """Average executive pay in one industry for one year."""

    year: int
    industry_title: str = Field(alias="industryTitle")
    market_capitalization: str | None = Field(None, alias="marketCapitalization")
    average_compensation: float | None = Field(None, alias="averageCompensation")
    average_total_compensation: float | None = Field(None, alias="averageTotalCompensation")
    average_cash_compensation: float | None = Field(None, alias="averageCashCompensation")
    average_equity_compensation: float | None = Field(None, alias="averageEquityCompensation")
    average_other_compensation: float | None = Field(None, alias="averageOtherCompensation")


class DividendEvent(ResponseModel):
    """One dividend of a stock: amount, yield, frequency and its record, payment and declaration dates."""

    symbol: str
    date: dt.date | None
    label: str | None = None
    adj_dividend: float | None = Field(None, alias="adjDividend")
    dividend: float | None = None
    yield_: float | None = Field(None, alias="yield")
    frequency: str | None = None
    record_date: dt.date | Empty | None = Field(None, alias="recordDate")
    payment_date: dt.date | Empty | None = Field(None, alias="paymentDate")
    declaration_date: dt.date | Empty | None = Field(None, alias="declarationDate")


class EarningEvent(ResponseModel):
    """One earnings report of a company, past or scheduled: actual and estimated EPS and revenue."""

    date: dt.date | None
    symbol: str
    eps_actual: float | None = Field(None, alias="epsActual")
    eps_estimated: float | None = Field(None, alias="epsEstimated")
    time: str | None = None
    revenue_actual: float | None = Field(None, alias="revenueActual")
    revenue_estimated: float | None = Field(None, alias="revenueEstimated")
    period_ending: dt.date | None = Field(None, alias="periodEnding")
    fiscal_period: str | None = Field(None, alias="fiscalPeriod")
    fiscal_year: int | None = Field(None, alias="fiscalYear")
    confirmed: bool | None = None
    fiscal_date_ending: dt.date | None = Field(None, alias="fiscalDateEnding")
    updated_from_date: dt.date | None = Field(None, alias="updatedFromDate")
    last_updated: dt.date | None = Field(None, alias="lastUpdated")


class StockSplitEvent(ResponseModel):
    """One stock split: its date and the numerator and denominator of the split ratio."""

    symbol: str
    date: dt.date | None
    label: str | None = None
    numerator: float
    denominator: float
    split_type: str | None = Field(None, alias="splitType")


class IncomeStatement(ResponseModel):
    """A company's income statement for one fiscal period or the trailing twelve months."""

    date: DateOrTime | None
    symbol: str
    reported_currency: str = Field(alias="reportedCurrency")
    cik: str
    filing_date: DateOrTime | None = Field(alias="filingDate")
    accepted_date: DateOrTime | None = Field(alias="acceptedDate")
    fiscal_year: str = Field(alias="fiscalYear")
    period: str
    revenue: float | None = None
    cost_of_revenue: float | None = Field(None, alias="costOfRevenue")
    gross_profit: float | None = Field(None, alias="grossProfit")
    gross_profit_ratio: float | None = Field(None, alias="grossProfitRatio")
    research_and_development_expenses: float | None = Field(None, alias="researchAndDevelopmentExpenses")
    general_and_administrative_expenses: float | None = Field(None, alias="generalAndAdministrativeExpenses")
    selling_and_marketing_expenses: float | None = Field(None, alias="sellingAndMarketingExpenses")
    selling_general_and_administrative_expenses: float | None = Field(
        None, alias="sellingGeneralAndAdministrativeExpenses"
    )
    other_expenses: float | None = Field(None, alias="otherExpenses")
    operating_expenses: float | None = Field(None, alias="operatingExpenses")
    cost_and_expenses: float | None = Field(None, alias="costAndExpenses")
    net_interest_income: float | None = Field(None, alias="netInterestIncome")
    interest_income: float | None = Field(None, alias="interestIncome")
    interest_expense: float | None = Field(None, alias="interestExpense")
    depreciation_and_amortization: float | None = Field(None, alias="depreciationAndAmortization")
    ebitda: float | None = None
    ebitdaratio: float | None = None
    ebit: float | None = None
    non_operating_income_excluding_interest: float | None = Field(None, alias="nonOperatingIncomeExcludingInterest")
    operating_income: float | None = Field(None, alias="operatingIncome")
    operating_income_ratio: float | None = Field(None, alias="operatingIncomeRatio")
    total_other_income_expenses_net: float | None = Field(None, alias="totalOtherIncomeExpensesNet")
    income_before_tax: float | None = Field(None, alias="incomeBeforeTax")
    income_before_tax_ratio: float | None = Field(None, alias="incomeBeforeTaxRatio")
    income_tax_expense: float | None = Field(None, alias="incomeTaxExpense")
    net_income_from_continuing_operations: float | None = Field(None, alias="netIncomeFromContinuingOperations")
    net_income_from_discontinued_operations: float | None = Field(None, alias="netIncomeFromDiscontinuedOperations")
    other_adjustments_to_net_income: float | None = Field(None, alias="otherAdjustmentsToNetIncome")
    net_income: float | None = Field(None, alias="netIncome")
    net_income_deductions: float | None = Field(None, alias="netIncomeDeductions")
    bottom_line_net_income: float | None = Field(None, alias="bottomLineNetIncome")
    net_income_ratio: float | None = Field(None, alias="netIncomeRatio")
    eps: float | None = None
    eps_diluted: float | None = Field(None, alias="epsDiluted")
    weighted_average_shs_out: float | None = Field(None, alias="weightedAverageShsOut")
    weighted_average_shs_out_dil: float | None = Field(None, alias="weightedAverageShsOutDil")


class BalanceSheet(ResponseModel):
    """A company's balance sheet at the end of one fiscal period or for the trailing twelve months."""

    date: DateOrTime | None
    symbol: str
    reported_currency: str = Field(alias="reportedCurrency")
    cik: str
    filing_date: DateOrTime | None = Field(alias="filingDate")
    accepted_date: DateOrTime | None = Field(alias="acceptedDate")
    fiscal_year: str = Field(alias="fiscalYear")
    period: str
    cash_and_cash_equivalents: float | None = Field(None, alias="cashAndCashEquivalents")
    short_term_investments: float | None = Field(None, alias="shortTermInvestments")
    cash_and_short_term_investments: float | None = Field(None, alias="cashAndShortTermInvestments")
    net_receivables: float | None = Field(None, alias="netReceivables")
    accounts_receivables: float | None = Field(None, alias="accountsReceivables")
    other_receivables: float | None = Field(None, alias="otherReceivables")
    inventory: float | None = None
    prepaids: float | None = None
    other_current_assets: float | None = Field(None, alias="otherCurrentAssets")
    total_current_assets: float | None = Field(None, alias="totalCurrentAssets")
    property_plant_equipment_net: float | None = Field(None, alias="propertyPlantEquipmentNet")
    goodwill: float | None = None
    intangible_assets: float | None = Field(None, alias="intangibleAssets")
    goodwill_and_intangible_assets: float | None = Field(None, alias="goodwillAndIntangibleAssets")
    long_term_investments: float | None = Field(None, alias="longTermInvestments")
    tax_assets: float | None = Field(None, alias="taxAssets")
    other_non_current_assets: float | None = Field(None, alias="otherNonCurrentAssets")
    total_non_current_assets: float | None = Field(None, alias="totalNonCurrentAssets")
    other_assets: float | None = Field(None, alias="otherAssets")
    total_assets: float | None = Field(None, alias="totalAssets")
    total_payables: float | None = Field(None, alias="totalPayables")
    account_payables: float | None = Field(None, alias="accountPayables")
    other_payables: float | None = Field(None, alias="otherPayables")
    accrued_expenses: float | None = Field(None, alias="accruedExpenses")
    short_term_debt: float | None = Field(None, alias="shortTermDebt")
    capital_lease_obligations_current: float | None = Field(None, alias="capitalLeaseObligationsCurrent")
    tax_payables: float | None = Field(None, alias="taxPayables")
    deferred_revenue: float | None = Field(None, alias="deferredRevenue")
    other_current_liabilities: float | None = Field(None, alias="otherCurrentLiabilities")
    total_current_liabilities: float | None = Field(None, alias="totalCurrentLiabilities")
    long_term_debt: float | None = Field(None, alias="longTermDebt")
    deferred_revenue_non_current: float | None = Field(None, alias="deferredRevenueNonCurrent")
    deferred_tax_liabilities_non_current: float | None = Field(None, alias="deferredTaxLiabilitiesNonCurrent")
    other_non_current_liabilities: float | None = Field(None, alias="otherNonCurrentLiabilities")
    total_non_current_liabilities: float | None = Field(None, alias="totalNonCurrentLiabilities")
    other_liabilities: float | None = Field(None, alias="otherLiabilities")
    capital_lease_obligations: float | None = Field(None, alias="capitalLeaseObligations")
    capital_lease_obligations_non_current: float | None = Field(None, alias="capitalLeaseObligationsNonCurrent")
    total_liabilities: float | None = Field(None, alias="totalLiabilities")
    treasury_stock: float | None = Field(None, alias="treasuryStock")
    preferred_stock: float | None = Field(None, alias="preferredStock")
    common_stock: float | None = Field(None, alias="commonStock")
    retained_earnings: float | None = Field(None, alias="retainedEarnings")
    additional_paid_in_capital: float | None = Field(None, alias="additionalPaidInCapital")
    accumulated_other_comprehensive_income_loss: float | None = Field(
        None, alias="accumulatedOtherComprehensiveIncomeLoss"
    )
    other_total_stockholders_equity: float | None = Field(None, alias="otherTotalStockholdersEquity")
    total_stockholders_equity: float | None = Field(None, alias="totalStockholdersEquity")
    total_equity: float | None = Field(None, alias="totalEquity")
    minority_interest: float | None = Field(None, alias="minorityInterest")
    total_liabilities_and_total_equity: float | None = Field(None, alias="totalLiabilitiesAndTotalEquity")
    total_investments: float | None = Field(None, alias="totalInvestments")
    total_debt: float | None = Field(None, alias="totalDebt")
    net_debt: float | None = Field(None, alias="netDebt")


class CashFlowStatement(ResponseModel):
    """A company's cash flow statement for one fiscal period or the trailing twelve months."""

    date: DateOrTime | None
    symbol: str
    reported_currency: str = Field(alias="reportedCurrency")
    cik: str
    filing_date: DateOrTime | None = Field(alias="filingDate")
    accepted_date: DateOrTime | None = Field(alias="acceptedDate")
    fiscal_year: str = Field(alias="fiscalYear")
    period: str
    net_income: float | None = Field(None, alias="netIncome")
    depreciation_and_amortization: float | None = Field(None, alias="depreciationAndAmortization")
    deferred_income_tax: float | None = Field(None, alias="deferredIncomeTax")
    stock_based_compensation: float | None = Field(None, alias="stockBasedCompensation")
    change_in_working_capital: float | None = Field(None, alias="changeInWorkingCapital")
    accounts_receivables: float | None = Field(None, alias="accountsReceivables")
    inventory: float | None = None
    accounts_payables: float | None = Field(None, alias="accountsPayables")
    other_working_capital: float | None = Field(None, alias="otherWorkingCapital")
    other_non_cash_items: float | None = Field(None, alias="otherNonCashItems")
    net_cash_provided_by_operating_activities: float | None = Field(None, alias="netCashProvidedByOperatingActivities")
    operating_cash_flow: float | None = Field(None, alias="operatingCashFlow")
    investments_in_property_plant_and_equipment: float | None = Field(
        None, alias="investmentsInPropertyPlantAndEquipment"
    )
    capital_expenditure: float | None = Field(None, alias="capitalExpenditure")
    acquisitions_net: float | None = Field(None, alias="acquisitionsNet")
    purchases_of_investments: float | None = Field(None, alias="purchasesOfInvestments")
    sales_maturities_of_investments: float | None = Field(None, alias="salesMaturitiesOfInvestments")
    other_investing_activities: float | None = Field(None, alias="otherInvestingActivities")
    net_cash_provided_by_investing_activities: float | None = Field(None, alias="netCashProvidedByInvestingActivities")
    net_debt_issuance: float | None = Field(None, alias="netDebtIssuance")
    long_term_net_debt_issuance: float | None = Field(None, alias="longTermNetDebtIssuance")
    short_term_net_debt_issuance: float | None = Field(None, alias="shortTermNetDebtIssuance")
    net_stock_issuance: float | None = Field(None, alias="netStockIssuance")
    net_common_stock_issuance: float | None = Field(None, alias="netCommonStockIssuance")
    common_stock_issuance: float | None = Field(None, alias="commonStockIssuance")
    common_stock_repurchased: float | None = Field(None, alias="commonStockRepurchased")
    net_preferred_stock_issuance: float | None = Field(None, alias="netPreferredStockIssuance")
    net_dividends_paid: float | None = Field(None, alias="netDividendsPaid")
    common_dividends_paid: float | None = Field(None, alias="commonDividendsPaid")
    preferred_dividends_paid: float | None = Field(None, alias="preferredDividendsPaid")
    other_financing_activities: float | None = Field(None, alias="otherFinancingActivities")
    net_cash_provided_by_financing_activities: float | None = Field(None, alias="netCashProvidedByFinancingActivities")
    effect_of_forex_changes_on_cash: float | None = Field(None, alias="effectOfForexChangesOnCash")
    net_change_in_cash: float | None = Field(None, alias="netChangeInCash")
    cash_at_end_of_period: float | None = Field(None, alias="cashAtEndOfPeriod")
    cash_at_beginning_of_period: float | None = Field(None, alias="cashAtBeginningOfPeriod")
    free_cash_flow: float | None = Field(None, alias="freeCashFlow")
    income_taxes_paid: float | None = Field(None, alias="incomeTaxesPaid")
    interest_paid: float | None = Field(None, alias="interestPaid")


class KeyMetricsTTM(ResponseModel):
    """A company's key valuation, return and efficiency metrics over the trailing twelve months."""

    symbol: str | None = None
    market_cap: float | None = Field(None, alias="marketCap")
    enterprise_value_ttm: float | None = Field(None, alias="enterpriseValueTTM")
    ev_to_sales_ttm: float | None = Field(None, alias="evToSalesTTM")
    ev_to_operating_cash_flow_ttm: float | None = Field(None, alias="evToOperatingCashFlowTTM")
    ev_to_free_cash_flow_ttm: float | None = Field(None, alias="evToFreeCashFlowTTM")
    ev_to_ebitdattm: float | None = Field(None, alias="evToEBITDATTM")
    net_debt_to_ebitdattm: float | None = Field(None, alias="netDebtToEBITDATTM")
    current_ratio_ttm: float | None = Field(None, alias="currentRatioTTM")
    income_quality_ttm: float | None = Field(None, alias="incomeQualityTTM")
    graham_number_ttm: float | None = Field(None, alias="grahamNumberTTM")
    graham_net_net_ttm: float | None = Field(None, alias="grahamNetNetTTM")
    tax_burden_ttm: float | None = Field(None, alias="taxBurdenTTM")
    interest_burden_ttm: float | None = Field(None, alias="interestBurdenTTM")
    working_capital_ttm: float | None = Field(None, alias="workingCapitalTTM")
    invested_capital_ttm: float | None = Field(None, alias="investedCapitalTTM")
    return_on_assets_ttm: float | None = Field(None, alias="returnOnAssetsTTM")
    operating_return_on_assets_ttm: float | None = Field(None, alias="operatingReturnOnAssetsTTM")
    return_on_tangible_assets_ttm: float | None = Field(None, alias="returnOnTangibleAssetsTTM")
    return_on_equity_ttm: float | None = Field(None, alias="returnOnEquityTTM")
    return_on_invested_capital_ttm: float | None = Field(None, alias="returnOnInvestedCapitalTTM")
    return_on_capital_employed_ttm: float | None = Field(None, alias="returnOnCapitalEmployedTTM")
    earnings_yield_ttm: float | None = Field(None, alias="earningsYieldTTM")
    free_cash_flow_yield_ttm: float | None = Field(None, alias="freeCashFlowYieldTTM")
    capex_to_operating_cash_flow_ttm: float | None = Field(None, alias="capexToOperatingCashFlowTTM")
    capex_to_depreciation_ttm: float | None = Field(None, alias="capexToDepreciationTTM")
    capex_to_revenue_ttm: float | None = Field(None, alias="capexToRevenueTTM")
    sales_general_and_administrative_to_revenue_ttm: float | None = Field(
        None, alias="salesGeneralAndAdministrativeToRevenueTTM"
    )
    research_and_developement_to_revenue_ttm: float | None = Field(None, alias="researchAndDevelopementToRevenueTTM")
    stock_based_compensation_to_revenue_ttm: float | None = Field(None, alias="stockBasedCompensationToRevenueTTM")
    intangibles_to_total_assets_ttm: float | None = Field(None, alias="intangiblesToTotalAssetsTTM")
    average_receivables_ttm: float | None = Field(None, alias="averageReceivablesTTM")
    average_payables_ttm: float | None = Field(None, alias="averagePayablesTTM")
    average_inventory_ttm: float | None = Field(None, alias="averageInventoryTTM")
    days_of_sales_outstanding_ttm: float | None = Field(None, alias="daysOfSalesOutstandingTTM")
    days_of_payables_outstanding_ttm: float | None = Field(None, alias="daysOfPayablesOutstandingTTM")
    days_of_inventory_outstanding_ttm: float | None = Field(None, alias="daysOfInventoryOutstandingTTM")
    operating_cycle_ttm: float | None = Field(None, alias="operatingCycleTTM")
    cash_conversion_cycle_ttm: float | None = Field(None, alias="cashConversionCycleTTM")
    free_cash_flow_to_equity_ttm: float | None = Field(None, alias="freeCashFlowToEquityTTM")
    free_cash_flow_to_firm_ttm: float | None = Field(None, alias="freeCashFlowToFirmTTM")
    tangible_asset_value_ttm: float | None = Field(None, alias="tangibleAssetValueTTM")
    net_current_asset_value_ttm: float | None = Field(None, alias="netCurrentAssetValueTTM")


class FinancialRatiosTTM(ResponseModel):
    """A company's financial ratios over the trailing twelve months."""

    symbol: str | None = None
    gross_profit_margin_ttm: float | None = Field(None, alias="grossProfitMarginTTM")
    ebit_margin_ttm: float | None = Field(None, alias="ebitMarginTTM")
    ebitda_margin_ttm: float | None = Field(None, alias="ebitdaMarginTTM")
    operating_profit_margin_ttm: float | None = Field(None, alias="operatingProfitMarginTTM")
    pretax_profit_margin_ttm: float | None = Field(None, alias="pretaxProfitMarginTTM")
    continuous_operations_profit_margin_ttm: float | None = Field(None, alias="continuousOperationsProfitMarginTTM")
    net_profit_margin_ttm: float | None = Field(None, alias="netProfitMarginTTM")
    bottom_line_profit_margin_ttm: float | None = Field(None, alias="bottomLineProfitMarginTTM")
    receivables_turnover_ttm: float | None = Field(None, alias="receivablesTurnoverTTM")
    payables_turnover_ttm: float | None = Field(None, alias="payablesTurnoverTTM")
    inventory_turnover_ttm: float | None = Field(None, alias="inventoryTurnoverTTM")
    fixed_asset_turnover_ttm: float | None = Field(None, alias="fixedAssetTurnoverTTM")
    asset_turnover_ttm: float | None = Field(None, alias="assetTurnoverTTM")
    current_ratio_ttm: float | None = Field(None, alias="currentRatioTTM")
    quick_ratio_ttm: float | None = Field(None, alias="quickRatioTTM")
    solvency_ratio_ttm: float | None = Field(None, alias="solvencyRatioTTM")
    cash_ratio_ttm: float | None = Field(None, alias="cashRatioTTM")
    price_to_earnings_ratio_ttm: float | None = Field(None, alias="priceToEarningsRatioTTM")
    price_to_earnings_diluted_ratio_ttm: float | None = Field(None, alias="priceToEarningsDilutedRatioTTM")
    price_to_earnings_growth_ratio_ttm: float | None = Field(None, alias="priceToEarningsGrowthRatioTTM")
    price_to_earnings_diluted_growth_ratio_ttm: float | None = Field(None, alias="priceToEarningsDilutedGrowthRatioTTM")
    forward_price_to_earnings_growth_ratio_ttm: float | None = Field(None, alias="forwardPriceToEarningsGrowthRatioTTM")
    price_to_book_ratio_ttm: float | None = Field(None, alias="priceToBookRatioTTM")
    price_to_sales_ratio_ttm: float | None = Field(None, alias="priceToSalesRatioTTM")
    price_to_free_cash_flow_ratio_ttm: float | None = Field(None, alias="priceToFreeCashFlowRatioTTM")
    price_to_operating_cash_flow_ratio_ttm: float | None = Field(None, alias="priceToOperatingCashFlowRatioTTM")
    debt_to_assets_ratio_ttm: float | None = Field(None, alias="debtToAssetsRatioTTM")
    debt_to_equity_ratio_ttm: float | None = Field(None, alias="debtToEquityRatioTTM")
    debt_to_capital_ratio_ttm: float | None = Field(None, alias="debtToCapitalRatioTTM")
    long_term_debt_to_capital_ratio_ttm: float | None = Field(None, alias="longTermDebtToCapitalRatioTTM")
    financial_leverage_ratio_ttm: float | None = Field(None, alias="financialLeverageRatioTTM")
    working_capital_turnover_ratio_ttm: float | None = Field(None, alias="workingCapitalTurnoverRatioTTM")
    operating_cash_flow_ratio_ttm: float | None = Field(None, alias="operatingCashFlowRatioTTM")
    operating_cash_flow_sales_ratio_ttm: float | None = Field(None, alias="operatingCashFlowSalesRatioTTM")
    free_cash_flow_operating_cash_flow_ratio_ttm: float | None = Field(
        None, alias="freeCashFlowOperatingCashFlowRatioTTM"
    )
    debt_service_coverage_ratio_ttm: float | None = Field(None, alias="debtServiceCoverageRatioTTM")
    interest_coverage_ratio_ttm: float | None = Field(None, alias="interestCoverageRatioTTM")
    short_term_operating_cash_flow_coverage_ratio_ttm: float | None = Field(
        None, alias="shortTermOperatingCashFlowCoverageRatioTTM"
    )
    operating_cash_flow_coverage_ratio_ttm: float | None = Field(None, alias="operatingCashFlowCoverageRatioTTM")
    capital_expenditure_coverage_ratio_ttm: float | None = Field(None, alias="capitalExpenditureCoverageRatioTTM")
    dividend_paid_and_capex_coverage_ratio_ttm: float | None = Field(None, alias="dividendPaidAndCapexCoverageRatioTTM")
    dividend_payout_ratio_ttm: float | None = Field(None, alias="dividendPayoutRatioTTM")
    dividend_yield_ttm: float | None = Field(None, alias="dividendYieldTTM")
    dividend_per_share_ttm: float | None = Field(None, alias="dividendPerShareTTM")
    enterprise_value_ttm: float | None = Field(None, alias="enterpriseValueTTM")
    revenue_per_share_ttm: float | None = Field(None, alias="revenuePerShareTTM")
    net_income_per_share_ttm: float | None = Field(None, alias="netIncomePerShareTTM")
    interest_debt_per_share_ttm: float | None = Field(None, alias="interestDebtPerShareTTM")
    cash_per_share_ttm: float | None = Field(None, alias="cashPerShareTTM")
    book_value_per_share_ttm: float | None = Field(None, alias="bookValuePerShareTTM")
    tangible_book_value_per_share_ttm: float | None = Field(None, alias="tangibleBookValuePerShareTTM")
    shareholders_equity_per_share_ttm: float | None = Field(None, alias="shareholdersEquityPerShareTTM")
    operating_cash_flow_per_share_ttm: float | None = Field(None, alias="operatingCashFlowPerShareTTM")
    capex_per_share_ttm: float | None = Field(None, alias="capexPerShareTTM")
    free_cash_flow_per_share_ttm: float | None = Field(None, alias="freeCashFlowPerShareTTM")
    net_income_per_ebtttm: float | None = Field(None, alias="netIncomePerEBTTTM")
    ebt_per_ebit_ttm: float | None = Field(None, alias="ebtPerEbitTTM")
    price_to_fair_value_ttm: float | None = Field(None, alias="priceToFairValueTTM")
    debt_to_market_cap_ttm: float | None = Field(None, alias="debtToMarketCapTTM")
    effective_tax_rate_ttm: float | None = Field(None, alias="effectiveTaxRateTTM")
    enterprise_value_multiple_ttm: float | None = Field(None, alias="enterpriseValueMultipleTTM")


class FinancialScore(ResponseModel):
    """A company's Altman Z-score and Piotroski score, with the figures behind them."""

    symbol: str | None = None
    reported_currency: str | None = Field(None, alias="reportedCurrency")
    altman_z_score: float | None = Field(None, alias="altmanZScore")
    piotroski_score: float | None = Field(None, alias="piotroskiScore")
    working_capital: float | None = Field(None, alias="workingCapital")
    total_assets: float | None = Field(None, alias="totalAssets")
    retained_earnings: float | None = Field(None, alias="retainedEarnings")
    ebit: float | None = None
    market_cap: float | None = Field(None, alias="marketCap")
    total_liabilities: float | None = Field(None, alias="totalLiabilities")
    revenue: float | None = None


class EnterpriseValue(ResponseModel):
    """A company's enterprise value on one date, built up from share price, share count, cash and debt."""

    symbol: str
    date: DateOrTime | None
    stock_price: float | None = Field(None, alias="stockPrice")
    number_of_shares: float | None = Field(None, alias="numberOfShares")
    market_capitalization: float | None = Field(None, alias="marketCapitalization")
    minus_cash_and_cash_equivalents: float | None = Field(None, alias="minusCashAndCashEquivalents")
    add_total_debt: float | None = Field(None, alias="addTotalDebt")
    enterprise_value: float | None = Field(None, alias="enterpriseValue")


class FinancialGrowth(ResponseModel):
    """Period-over-period growth of a company's statement lines for one fiscal period."""

    former_fields: ClassVar[Mapping[str, str]] = {"epsGrowth": "epsgrowth"}

    symbol: str | None = None
    date: DateOrTime | None = None
    fiscal_year: str | None = Field(None, alias="fiscalYear")
    period: str | None = None
    reported_currency: str | None = Field(None, alias="reportedCurrency")
    revenue_growth: float | None = Field(None, alias="revenueGrowth")
    gross_profit_growth: float | None = Field(None, alias="grossProfitGrowth")
    ebitgrowth: float | None = None
    ebitda_growth: float | None = Field(None, alias="ebitdaGrowth")
    operating_income_growth: float | None = Field(None, alias="operatingIncomeGrowth")
    net_income_growth: float | None = Field(None, alias="netIncomeGrowth")
    eps_growth: float | None = Field(None, alias="epsgrowth")
    epsdiluted_growth: float | None = Field(None, alias="epsdilutedGrowth")
    weighted_average_shares_growth: float | None = Field(None, alias="weightedAverageSharesGrowth")
    weighted_average_shares_diluted_growth: float | None = Field(None, alias="weightedAverageSharesDilutedGrowth")
    dividends_per_share_growth: float | None = Field(None, alias="dividendsPerShareGrowth")
    operating_cash_flow_growth: float | None = Field(None, alias="operatingCashFlowGrowth")
    free_cash_flow_growth: float | None = Field(None, alias="freeCashFlowGrowth")
    receivables_growth: float | None = Field(None, alias="receivablesGrowth")
    inventory_growth: float | None = Field(None, alias="inventoryGrowth")
    asset_growth: float | None = Field(None, alias="assetGrowth")
    debt_growth: float | None = Field(None, alias="debtGrowth")
    book_valueper_share_growth: float | None = Field(None, alias="bookValueperShareGrowth")
    rdexpense_growth: float | None = Field(None, alias="rdexpenseGrowth")
    sgaexpenses_growth: float | None = Field(None, alias="sgaexpensesGrowth")
    growth_capital_expenditure: float | None = Field(None, alias="growthCapitalExpenditure")
    ten_y_revenue_growth_per_share: float | None = Field(None, alias="tenYRevenueGrowthPerShare")
    five_y_revenue_growth_per_share: float | None = Field(None, alias="fiveYRevenueGrowthPerShare")
    three_y_revenue_growth_per_share: float | None = Field(None, alias="threeYRevenueGrowthPerShare")
    ten_y_operating_cf_growth_per_share: float | None = Field(None, alias="tenYOperatingCFGrowthPerShare")
    five_y_operating_cf_growth_per_share: float | None = Field(None, alias="fiveYOperatingCFGrowthPerShare")
    three_y_operating_cf_growth_per_share: float | None = Field(None, alias="threeYOperatingCFGrowthPerShare")
    ten_y_net_income_growth_per_share: float | None = Field(None, alias="tenYNetIncomeGrowthPerShare")
    five_y_net_income_growth_per_share: float | None = Field(None, alias="fiveYNetIncomeGrowthPerShare")
    three_y_net_income_growth_per_share: float | None = Field(None, alias="threeYNetIncomeGrowthPerShare")
    ten_y_shareholders_equity_growth_per_share: float | None = Field(None, alias="tenYShareholdersEquityGrowthPerShare")
    five_y_shareholders_equity_growth_per_share: float | None = Field(
        None, alias="fiveYShareholdersEquityGrowthPerShare"
    )
    three_y_shareholders_equity_growth_per_share: float | None = Field(
        None, alias="threeYShareholdersEquityGrowthPerShare"
    )
    ten_y_dividendper_share_growth_per_share: float | None = Field(None, alias="tenYDividendperShareGrowthPerShare")
    five_y_dividendper_share_growth_per_share: float | None = Field(None, alias="fiveYDividendperShareGrowthPerShare")
    three_y_dividendper_share_growth_per_share: float | None = Field(None, alias="threeYDividendperShareGrowthPerShare")
    ten_y_bottom_line_net_income_growth_per_share: float | None = Field(
        None, alias="tenYBottomLineNetIncomeGrowthPerShare"
    )
    five_y_bottom_line_net_income_growth_per_share: float | None = Field(
        None, alias="fiveYBottomLineNetIncomeGrowthPerShare"
    )
    three_y_bottom_line_net_income_growth_per_share: float | None = Field(
        None, alias="threeYBottomLineNetIncomeGrowthPerShare"
    )
    growth_revenue: float | None = Field(None, alias="growthRevenue")
    growth_cost_of_revenue: float | None = Field(None, alias="growthCostOfRevenue")
    growth_gross_profit: float | None = Field(None, alias="growthGrossProfit")
    growth_gross_profit_ratio: float | None = Field(None, alias="growthGrossProfitRatio")
    growth_research_and_development_expenses: float | None = Field(None, alias="growthResearchAndDevelopmentExpenses")
    growth_general_and_administrative_expenses: float | None = Field(
        None, alias="growthGeneralAndAdministrativeExpenses"
    )
    growth_selling_and_marketing_expenses: float | None = Field(None, alias="growthSellingAndMarketingExpenses")
    growth_other_expenses: float | None = Field(None, alias="growthOtherExpenses")
    growth_operating_expenses: float | None = Field(None, alias="growthOperatingExpenses")
    growth_operating_income: float | None = Field(None, alias="growthOperatingIncome")
    growth_cost_and_expenses: float | None = Field(None, alias="growthCostAndExpenses")
    growth_interest_income: float | None = Field(None, alias="growthInterestIncome")
    growth_interest_expense: float | None = Field(None, alias="growthInterestExpense")
    growth_depreciation_and_amortization: float | None = Field(None, alias="growthDepreciationAndAmortization")
    growth_ebitda: float | None = Field(None, alias="growthEBITDA")
    growth_ebit: float | None = Field(None, alias="growthEBIT")
    growth_net_income: float | None = Field(None, alias="growthNetIncome")
    growth_net_income_deductions: float | None = Field(None, alias="growthNetIncomeDeductions")
    growth_net_income_from_continuing_operations: float | None = Field(
        None, alias="growthNetIncomeFromContinuingOperations"
    )
    growth_net_interest_income: float | None = Field(None, alias="growthNetInterestIncome")
    growth_non_operating_income_excluding_interest: float | None = Field(
        None, alias="growthNonOperatingIncomeExcludingInterest"
    )
    growth_income_before_tax: float | None = Field(None, alias="growthIncomeBeforeTax")
    growth_income_tax_expense: float | None = Field(None, alias="growthIncomeTaxExpense")
    growth_eps: float | None = Field(None, alias="growthEPS")
    growth_eps_diluted: float | None = Field(None, alias="growthEPSDiluted")
    growth_weighted_average_shs_out: float | None = Field(None, alias="growthWeightedAverageShsOut")
    growth_weighted_average_shs_out_dil: float | None = Field(None, alias="growthWeightedAverageShsOutDil")
    growth_total_other_income_expenses_net: float | None = Field(None, alias="growthTotalOtherIncomeExpensesNet")
    growth_other_adjustments_to_net_income: float | None = Field(None, alias="growthOtherAdjustmentsToNetIncome")
    growth_cash_and_cash_equivalents: float | None = Field(None, alias="growthCashAndCashEquivalents")
    growth_cash_and_short_term_investments: float | None = Field(None, alias="growthCashAndShortTermInvestments")
    growth_net_receivables: float | None = Field(None, alias="growthNetReceivables")
    growth_inventory: float | None = Field(None, alias="growthInventory")
    growth_other_current_assets: float | None = Field(None, alias="growthOtherCurrentAssets")
    growth_total_current_assets: float | None = Field(None, alias="growthTotalCurrentAssets")
    growth_property_plant_equipment_net: float | None = Field(None, alias="growthPropertyPlantEquipmentNet")
    growth_goodwill: float | None = Field(None, alias="growthGoodwill")
    growth_intangible_assets: float | None = Field(None, alias="growthIntangibleAssets")
    growth_goodwill_and_intangible_assets: float | None = Field(None, alias="growthGoodwillAndIntangibleAssets")
    growth_long_term_investments: float | None = Field(None, alias="growthLongTermInvestments")
    growth_tax_assets: float | None = Field(None, alias="growthTaxAssets")
    growth_tax_payables: float | None = Field(None, alias="growthTaxPayables")
    growth_other_non_current_assets: float | None = Field(None, alias="growthOtherNonCurrentAssets")
    growth_total_non_current_assets: float | None = Field(None, alias="growthTotalNonCurrentAssets")
    growth_other_assets: float | None = Field(None, alias="growthOtherAssets")
    growth_total_assets: float | None = Field(None, alias="growthTotalAssets")
    growth_account_payables: float | None = Field(None, alias="growthAccountPayables")
    growth_other_payables: float | None = Field(None, alias="growthOtherPayables")
    growth_total_payables: float | None = Field(None, alias="growthTotalPayables")
    growth_short_term_debt: float | None = Field(None, alias="growthShortTermDebt")
    growth_deferred_revenue: float | None = Field(None, alias="growthDeferredRevenue")
    growth_other_current_liabilities: float | None = Field(None, alias="growthOtherCurrentLiabilities")
    growth_total_current_liabilities: float | None = Field(None, alias="growthTotalCurrentLiabilities")
    growth_long_term_debt: float | None = Field(None, alias="growthLongTermDebt")
    growth_deferred_revenue_non_current: float | None = Field(None, alias="growthDeferredRevenueNonCurrent")
    growth_deferred_tax_liabilities_non_current: float | None = Field(
        None, alias="growthDeferredTaxLiabilitiesNonCurrent"
    )
    growth_other_non_current_liabilities: float | None = Field(None, alias="growthOtherNonCurrentLiabilities")
    growth_total_non_current_liabilities: float | None = Field(None, alias="growthTotalNonCurrentLiabilities")
    growth_other_liabilities: float | None = Field(None, alias="growthOtherLiabilities")
    growth_capital_lease_obligations_current: float | None = Field(None, alias="growthCapitalLeaseObligationsCurrent")
    growth_total_liabilities: float | None = Field(None, alias="growthTotalLiabilities")
    growth_total_liabilities_and_stockholders_equity: float | None = Field(
        None, alias="growthTotalLiabilitiesAndStockholdersEquity"
    )
    growth_common_stock: float | None = Field(None, alias="growthCommonStock")
    growth_retained_earnings: float | None = Field(None, alias="growthRetainedEarnings")
    growth_accumulated_other_comprehensive_income_loss: float | None = Field(
        None, alias="growthAccumulatedOtherComprehensiveIncomeLoss"
    )
    growth_other_receivables: float | None = Field(None, alias="growthOtherReceivables")
    growth_accounts_receivables: float | None = Field(None, alias="growthAccountsReceivables")
    growth_accrued_expenses: float | None = Field(None, alias="growthAccruedExpenses")
    growth_additional_paid_in_capital: float | None = Field(None, alias="growthAdditionalPaidInCapital")
    growth_preferred_stock: float | None = Field(None, alias="growthPreferredStock")
    growth_prepaids: float | None = Field(None, alias="growthPrepaids")
    growth_short_term_investments: float | None = Field(None, alias="growthShortTermInvestments")
    growth_total_investments: float | None = Field(None, alias="growthTotalInvestments")
    growth_net_debt: float | None = Field(None, alias="growthNetDebt")
    growth_total_debt: float | None = Field(None, alias="growthTotalDebt")
    growth_total_equity: float | None = Field(None, alias="growthTotalEquity")
    growth_minority_interest: float | None = Field(None, alias="growthMinorityInterest")
    growth_treasury_stock: float | None = Field(None, alias="growthTreasuryStock")
    growth_total_stockholders_equity: float | None = Field(None, alias="growthTotalStockholdersEquity")
    growth_othertotal_stockholders_equity: float | None = Field(None, alias="growthOthertotalStockholdersEquity")
    growth_stock_based_compensation: float | None = Field(None, alias="growthStockBasedCompensation")
    growth_deferred_income_tax: float | None = Field(None, alias="growthDeferredIncomeTax")
    growth_change_in_working_capital: float | None = Field(None, alias="growthChangeInWorkingCapital")
    growth_other_working_capital: float | None = Field(None, alias="growthOtherWorkingCapital")
    growth_other_non_cash_items: float | None = Field(None, alias="growthOtherNonCashItems")
    growth_operating_cash_flow: float | None = Field(None, alias="growthOperatingCashFlow")
    growth_investments_in_property_plant_and_equipment: float | None = Field(
        None, alias="growthInvestmentsInPropertyPlantAndEquipment"
    )
    growth_acquisitions_net: float | None = Field(None, alias="growthAcquisitionsNet")
    growth_purchases_of_investments: float | None = Field(None, alias="growthPurchasesOfInvestments")
    growth_sales_maturities_of_investments: float | None = Field(None, alias="growthSalesMaturitiesOfInvestments")
    growth_other_investing_activites: float | None = Field(None, alias="growthOtherInvestingActivites")
    growth_net_cash_used_for_investing_activites: float | None = Field(
        None, alias="growthNetCashUsedForInvestingActivites"
    )
    growth_debt_repayment: float | None = Field(None, alias="growthDebtRepayment")
    growth_common_stock_issued: float | None = Field(None, alias="growthCommonStockIssued")
    growth_common_stock_repurchased: float | None = Field(None, alias="growthCommonStockRepurchased")
    growth_dividends_paid: float | None = Field(None, alias="growthDividendsPaid")
    growth_preferred_dividends_paid: float | None = Field(None, alias="growthPreferredDividendsPaid")
    growth_other_financing_activites: float | None = Field(None, alias="growthOtherFinancingActivites")
    growth_net_cash_used_provided_by_financing_activities: float | None = Field(
        None, alias="growthNetCashUsedProvidedByFinancingActivities"
    )
    growth_effect_of_forex_changes_on_cash: float | None = Field(None, alias="growthEffectOfForexChangesOnCash")
    growth_net_change_in_cash: float | None = Field(None, alias="growthNetChangeInCash")
    growth_cash_at_end_of_period: float | None = Field(None, alias="growthCashAtEndOfPeriod")
    growth_cash_at_beginning_of_period: float | None = Field(None, alias="growthCashAtBeginningOfPeriod")
    growth_net_cash_provided_by_operating_activites: float | None = Field(
        None, alias="growthNetCashProvidedByOperatingActivites"
    )
    growth_free_cash_flow: float | None = Field(None, alias="growthFreeCashFlow")
    growth_net_debt_issuance: float | None = Field(None, alias="growthNetDebtIssuance")
    growth_long_term_net_debt_issuance: float | None = Field(None, alias="growthLongTermNetDebtIssuance")
    growth_short_term_net_debt_issuance: float | None = Field(None, alias="growthShortTermNetDebtIssuance")
    growth_net_stock_issuance: float | None = Field(None, alias="growthNetStockIssuance")
    growth_interest_paid: float | None = Field(None, alias="growthInterestPaid")
    growth_income_taxes_paid: float | None = Field(None, alias="growthIncomeTaxesPaid")
    growth_accounts_payables: float | None = Field(None, alias="growthAccountsPayables")


class FinancialReportJSON(ResponseModel):
    """A company's full annual or quarterly report as filed, grouped into named sections of rows.

    The upstream sends each section as a key of its own beside ``symbol``, ``period`` and ``year``
    (``"Cover Page": [...]``): section names are the filing's, not fields. The model gathers them in
    ``sections`` and writes them back where they came from, so its JSON is the upstream's.
    """

    symbol: str
    period: str | None = None
    year: int | str | None = None
    sections: dict[str, list[dict[str, Any]]] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _gather_sections(cls, data: Any) -> Any:
        if not isinstance(data, Mapping) or "sections" in data:
            return data
        fixed = {name: value for name, value in data.items() if name in _REPORT_FIELDS}
        return {**fixed, "sections": {name: value for name, value in data.items() if name not in _REPORT_FIELDS}}

    @model_serializer(mode="wrap")
    def _spread_sections(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        written: dict[str, Any] = handler(self)
        sections = written.pop("sections", {})
        return {**written, **sections}

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        if handler.mode == "validation":
            return handler(schema)
        # What the serializer writes: the fields, and each section as a key of its own.
        fields = cls.model_json_schema(mode="validation")
        sections = fields["properties"].pop("sections")
        return {**fields, "additionalProperties": sections["additionalProperties"]}


_REPORT_FIELDS = frozenset({"symbol", "period", "year"})


class AsReportedIncomeStatement(ResponseModel):
    """A company's income statement for one period, with the figures as filed."""

    date: DateOrTime | None = None
    symbol: str | None = None
    period: str | None = None
    filing_date: DateOrTime | None = Field(None, alias="filingDate")
    form_type: str | None = Field(None, alias="formType")
    source_filing_url: str | None = Field(None, alias="sourceFilingURL")
    start_date: DateOrTime | None = Field(None, alias="startDate")
    end_date: DateOrTime | None = Field(None, alias="endDate")
    fiscal_year: int | None = Field(None, alias="fiscalYear")
    fiscal_period: str | None = Field(None, alias="fiscalPeriod")
    units: str | None = None
    reported_currency: str | None = Field(None, alias="reportedCurrency")
    audited: bool | None = None
    original_filing_url: str | None = Field(None, alias="originalFilingUrl")
    filing_date_time: DateOrTime | None = Field(None, alias="filingDateTime")
    revenues: float | None = None
    cost_of_revenue: float | None = Field(None, alias="costOfRevenue")
    gross_profit: float | None = Field(None, alias="grossProfit")
    operating_expenses: float | None = Field(None, alias="operatingExpenses")
    selling_general_and_administrative: float | None = Field(None, alias="sellingGeneralAndAdministrative")
    research_and_development: float | None = Field(None, alias="researchAndDevelopment")
    operating_income: float | None = Field(None, alias="operatingIncome")
    interest_expense: float | None = Field(None, alias="interestExpense")
    interest_income: float | None = Field(None, alias="interestIncome")
    other_income_expense: float | None = Field(None, alias="otherIncomeExpense")
    income_before_tax: float | None = Field(None, alias="incomeBeforeTax")
    income_tax_expense: float | None = Field(None, alias="incomeTaxExpense")
    net_income: float | None = Field(None, alias="netIncome")
    net_income_to_common: float | None = Field(None, alias="netIncomeToCommon")
    preferred_dividends: float | None = Field(None, alias="preferredDividends")
    earnings_per_share_basic: float | None = Field(None, alias="earningsPerShareBasic")
    earnings_per_share_diluted: float | None = Field(None, alias="earningsPerShareDiluted")
    weighted_average_shares: float | None = Field(None, alias="weightedAverageShares")
    weighted_average_shares_diluted: float | None = Field(None, alias="weightedAverageSharesDiluted")
    data: dict[str, Any] | None = None


class AsReportedBalanceSheet(ResponseModel):
    """A company's balance sheet for one period, with the figures as filed."""

    date: DateOrTime | None = None
    symbol: str | None = None
    period: str | None = None
    filing_date: DateOrTime | None = Field(None, alias="filingDate")
    form_type: str | None = Field(None, alias="formType")
    source_filing_url: str | None = Field(None, alias="sourceFilingURL")
    start_date: DateOrTime | None = Field(None, alias="startDate")
    end_date: DateOrTime | None = Field(None, alias="endDate")
    fiscal_year: int | None = Field(None, alias="fiscalYear")
    fiscal_period: str | None = Field(None, alias="fiscalPeriod")
    units: str | None = None
    reported_currency: str | None = Field(None, alias="reportedCurrency")
    audited: bool | None = None
    original_filing_url: str | None = Field(None, alias="originalFilingUrl")
    filing_date_time: DateOrTime | None = Field(None, alias="filingDateTime")
    cash_and_equivalents: float | None = Field(None, alias="cashAndEquivalents")
    short_term_investments: float | None = Field(None, alias="shortTermInvestments")
    accounts_receivable: float | None = Field(None, alias="accountsReceivable")
    inventory: float | None = None
    other_current_assets: float | None = Field(None, alias="otherCurrentAssets")
    total_current_assets: float | None = Field(None, alias="totalCurrentAssets")
    property_plant_and_equipment: float | None = Field(None, alias="propertyPlantAndEquipment")
    long_term_investments: float | None = Field(None, alias="longTermInvestments")
    goodwill: float | None = None
    intangible_assets: float | None = Field(None, alias="intangibleAssets")
    other_assets: float | None = Field(None, alias="otherAssets")
    total_assets: float | None = Field(None, alias="totalAssets")
    accounts_payable: float | None = Field(None, alias="accountsPayable")
    accrued_expenses: float | None = Field(None, alias="accruedExpenses")
    short_term_debt: float | None = Field(None, alias="shortTermDebt")
    current_portion_long_term_debt: float | None = Field(None, alias="currentPortionLongTermDebt")
    other_current_liabilities: float | None = Field(None, alias="otherCurrentLiabilities")
    total_current_liabilities: float | None = Field(None, alias="totalCurrentLiabilities")
    long_term_debt: float | None = Field(None, alias="longTermDebt")
    deferred_taxes: float | None = Field(None, alias="deferredTaxes")
    other_liabilities: float | None = Field(None, alias="otherLiabilities")
    total_liabilities: float | None = Field(None, alias="totalLiabilities")
    common_stock: float | None = Field(None, alias="commonStock")
    additional_paid_in_capital: float | None = Field(None, alias="additionalPaidInCapital")
    retained_earnings: float | None = Field(None, alias="retainedEarnings")
    treasury_stock: float | None = Field(None, alias="treasuryStock")
    accumulated_other_comprehensive_income: float | None = Field(None, alias="accumulatedOtherComprehensiveIncome")
    total_shareholders_equity: float | None = Field(None, alias="totalShareholdersEquity")
    data: dict[str, Any] | None = None


class AsReportedCashFlowStatement(ResponseModel):
    """A company's cash flow statement for one period, with the figures as filed."""

    date: DateOrTime | None = None
    symbol: str | None = None
    period: str | None = None
    filing_date: DateOrTime | None = Field(None, alias="filingDate")
    form_type: str | None = Field(None, alias="formType")
    source_filing_url: str | None = Field(None, alias="sourceFilingURL")
    start_date: DateOrTime | None = Field(None, alias="startDate")
    end_date: DateOrTime | None = Field(None, alias="endDate")
    fiscal_year: int | None = Field(None, alias="fiscalYear")
    fiscal_period: str | None = Field(None, alias="fiscalPeriod")
    units: str | None = None
    reported_currency: str | None = Field(None, alias="reportedCurrency")
    audited: bool | None = None
    original_filing_url: str | None = Field(None, alias="originalFilingUrl")
    filing_date_time: DateOrTime | None = Field(None, alias="filingDateTime")
    net_income: float | None = Field(None, alias="netIncome")
    depreciation_amortization: float | None = Field(None, alias="depreciationAmortization")
    stock_based_compensation: float | None = Field(None, alias="stockBasedCompensation")
    deferred_taxes: float | None = Field(None, alias="deferredTaxes")
    changes_in_working_capital: float | None = Field(None, alias="changesInWorkingCapital")
    accounts_receivable_changes: float | None = Field(None, alias="accountsReceivableChanges")
    inventory_changes: float | None = Field(None, alias="inventoryChanges")
    accounts_payable_changes: float | None = Field(None, alias="accountsPayableChanges")
    other_operating_activities: float | None = Field(None, alias="otherOperatingActivities")
    net_cash_from_operating_activities: float | None = Field(None, alias="netCashFromOperatingActivities")
    capital_expenditures: float | None = Field(None, alias="capitalExpenditures")
    acquisitions: float | None = None
    purchases_of_investments: float | None = Field(None, alias="purchasesOfInvestments")
    sales_of_investments: float | None = Field(None, alias="salesOfInvestments")
    other_investing_activities: float | None = Field(None, alias="otherInvestingActivities")
    net_cash_used_in_investing_activities: float | None = Field(None, alias="netCashUsedInInvestingActivities")
    debt_repayment: float | None = Field(None, alias="debtRepayment")
    common_stock_issued: float | None = Field(None, alias="commonStockIssued")
    common_stock_repurchased: float | None = Field(None, alias="commonStockRepurchased")
    dividends_paid: float | None = Field(None, alias="dividendsPaid")
    other_financing_activities: float | None = Field(None, alias="otherFinancingActivities")
    net_cash_used_in_financing_activities: float | None = Field(None, alias="netCashUsedInFinancingActivities")
    effect_of_exchange_rates: float | None = Field(None, alias="effectOfExchangeRates")
    net_change_in_cash: float | None = Field(None, alias="netChangeInCash")
    cash_at_beginning_of_period: float | None = Field(None, alias="cashAtBeginningOfPeriod")
    cash_at_end_of_period: float | None = Field(None, alias="cashAtEndOfPeriod")
    data: dict[str, Any] | None = None


class HistoricalEmployeeCount(ResponseModel):
    """A company's employee count as reported in one past regulatory filing."""

    symbol: str
    cik: str
    acceptance_time: str = Field(alias="acceptanceTime")
    period_of_report: str = Field(alias="periodOfReport")
    company_name: str = Field(alias="companyName")
    form_type: str = Field(alias="formType")
    filing_date: str = Field(alias="filingDate")
    employee_count: float = Field(alias="employeeCount")
    source: str
