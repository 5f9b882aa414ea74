"""Response models of the ``fundamental`` group.

Key metrics and ratios, full and latest statements, report dates, owner earnings, ratings and DCF valuations.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import Field

from data_pkg.models._base import ResponseModel
from data_pkg.models._time import DateOrTime


class LatestFinancialStatement(ResponseModel):
    """A notice that a company's statements for one period are available, with the date they were added."""

    symbol: str
    calendar_year: int | None = Field(None, alias="calendarYear")
    period: str
    date: DateOrTime | None
    date_added: DateOrTime | None = Field(alias="dateAdded")


class KeyMetrics(ResponseModel):
    """A company's key valuation, return and efficiency metrics for one fiscal period."""

    symbol: str | None = None
    date: DateOrTime | None = None
    fiscal_year: str | None = Field(None, alias="fiscalYear")
    period: str | None = None
    reported_currency: str | None = Field(None, alias="reportedCurrency")
    market_cap: float | None = Field(None, alias="marketCap")
    enterprise_value: float | None = Field(None, alias="enterpriseValue")
    ev_to_sales: float | None = Field(None, alias="evToSales")
    ev_to_operating_cash_flow: float | None = Field(None, alias="evToOperatingCashFlow")
    ev_to_free_cash_flow: float | None = Field(None, alias="evToFreeCashFlow")
    ev_to_ebitda: float | None = Field(None, alias="evToEBITDA")
    net_debt_to_ebitda: float | None = Field(None, alias="netDebtToEBITDA")
    current_ratio: float | None = Field(None, alias="currentRatio")
    income_quality: float | None = Field(None, alias="incomeQuality")
    graham_number: float | None = Field(None, alias="grahamNumber")
    graham_net_net: float | None = Field(None, alias="grahamNetNet")
    tax_burden: float | None = Field(None, alias="taxBurden")
    interest_burden: float | None = Field(None, alias="interestBurden")
    working_capital: float | None = Field(None, alias="workingCapital")
    invested_capital: float | None = Field(None, alias="investedCapital")
    return_on_assets: float | None = Field(None, alias="returnOnAssets")
    operating_return_on_assets: float | None = Field(None, alias="operatingReturnOnAssets")
    return_on_tangible_assets: float | None = Field(None, alias="returnOnTangibleAssets")
    return_on_equity: float | None = Field(None, alias="returnOnEquity")
    return_on_invested_capital: float | None = Field(None, alias="returnOnInvestedCapital")
    return_on_capital_employed: float | None = Field(None, alias="returnOnCapitalEmployed")
    earnings_yield: float | None = Field(None, alias="earningsYield")
    free_cash_flow_yield: float | None = Field(None, alias="freeCashFlowYield")
    capex_to_operating_cash_flow: float | None = Field(None, alias="capexToOperatingCashFlow")
    capex_to_depreciation: float | None = Field(None, alias="capexToDepreciation")
    capex_to_revenue: float | None = Field(None, alias="capexToRevenue")
    sales_general_and_administrative_to_revenue: float | None = Field(
        None, alias="salesGeneralAndAdministrativeToRevenue"
    )
    research_and_developement_to_revenue: float | None = Field(None, alias="researchAndDevelopementToRevenue")
    stock_based_compensation_to_revenue: float | None = Field(None, alias="stockBasedCompensationToRevenue")
    intangibles_to_total_assets: float | None = Field(None, alias="intangiblesToTotalAssets")
    average_receivables: float | None = Field(None, alias="averageReceivables")
    average_payables: float | None = Field(None, alias="averagePayables")
    average_inventory: float | None = Field(None, alias="averageInventory")
    days_of_sales_outstanding: float | None = Field(None, alias="daysOfSalesOutstanding")
    days_of_payables_outstanding: float | None = Field(None, alias="daysOfPayablesOutstanding")
    days_of_inventory_outstanding: float | None = Field(None, alias="daysOfInventoryOutstanding")
    operating_cycle: float | None = Field(None, alias="operatingCycle")
    cash_conversion_cycle: float | None = Field(None, alias="cashConversionCycle")
    free_cash_flow_to_equity: float | None = Field(None, alias="freeCashFlowToEquity")
    free_cash_flow_to_firm: float | None = Field(None, alias="freeCashFlowToFirm")
    tangible_asset_value: float | None = Field(None, alias="tangibleAssetValue")
    net_current_asset_value: float | None = Field(None, alias="netCurrentAssetValue")


class FinancialRatios(ResponseModel):
    """A company's financial ratios for one fiscal period: margins, turnover, liquidity, leverage and valuation."""

    symbol: str | None = None
    date: DateOrTime | None = None
    fiscal_year: str | None = Field(None, alias="fiscalYear")
    period: str | None = None
    reported_currency: str | None = Field(None, alias="reportedCurrency")
    gross_profit_margin: float | None = Field(None, alias="grossProfitMargin")
    ebit_margin: float | None = Field(None, alias="ebitMargin")
    ebitda_margin: float | None = Field(None, alias="ebitdaMargin")
    operating_profit_margin: float | None = Field(None, alias="operatingProfitMargin")
    pretax_profit_margin: float | None = Field(None, alias="pretaxProfitMargin")
    continuous_operations_profit_margin: float | None = Field(None, alias="continuousOperationsProfitMargin")
    net_profit_margin: float | None = Field(None, alias="netProfitMargin")
    bottom_line_profit_margin: float | None = Field(None, alias="bottomLineProfitMargin")
    receivables_turnover: float | None = Field(None, alias="receivablesTurnover")
    payables_turnover: float | None = Field(None, alias="payablesTurnover")
    inventory_turnover: float | None = Field(None, alias="inventoryTurnover")
    fixed_asset_turnover: float | None = Field(None, alias="fixedAssetTurnover")
    asset_turnover: float | None = Field(None, alias="assetTurnover")
    current_ratio: float | None = Field(None, alias="currentRatio")
    quick_ratio: float | None = Field(None, alias="quickRatio")
    solvency_ratio: float | None = Field(None, alias="solvencyRatio")
    cash_ratio: float | None = Field(None, alias="cashRatio")
    price_to_earnings_ratio: float | None = Field(None, alias="priceToEarningsRatio")
    price_to_earnings_diluted_ratio: float | None = Field(None, alias="priceToEarningsDilutedRatio")
    price_to_earnings_growth_ratio: float | None = Field(None, alias="priceToEarningsGrowthRatio")
    price_to_earnings_diluted_growth_ratio: float | None = Field(None, alias="priceToEarningsDilutedGrowthRatio")
    forward_price_to_earnings_growth_ratio: float | None = Field(None, alias="forwardPriceToEarningsGrowthRatio")
    price_to_book_ratio: float | None = Field(None, alias="priceToBookRatio")
    price_to_sales_ratio: float | None = Field(None, alias="priceToSalesRatio")
    price_to_free_cash_flow_ratio: float | None = Field(None, alias="priceToFreeCashFlowRatio")
    price_to_operating_cash_flow_ratio: float | None = Field(None, alias="priceToOperatingCashFlowRatio")
    debt_to_assets_ratio: float | None = Field(None, alias="debtToAssetsRatio")
    debt_to_equity_ratio: float | None = Field(None, alias="debtToEquityRatio")
    debt_to_capital_ratio: float | None = Field(None, alias="debtToCapitalRatio")
    long_term_debt_to_capital_ratio: float | None = Field(None, alias="longTermDebtToCapitalRatio")
    financial_leverage_ratio: float | None = Field(None, alias="financialLeverageRatio")
    working_capital_turnover_ratio: float | None = Field(None, alias="workingCapitalTurnoverRatio")
    operating_cash_flow_ratio: float | None = Field(None, alias="operatingCashFlowRatio")
    operating_cash_flow_sales_ratio: float | None = Field(None, alias="operatingCashFlowSalesRatio")
    free_cash_flow_operating_cash_flow_ratio: float | None = Field(None, alias="freeCashFlowOperatingCashFlowRatio")
    debt_service_coverage_ratio: float | None = Field(None, alias="debtServiceCoverageRatio")
    interest_coverage_ratio: float | None = Field(None, alias="interestCoverageRatio")
    short_term_operating_cash_flow_coverage_ratio: float | None = Field(
        None, alias="shortTermOperatingCashFlowCoverageRatio"
    )
    operating_cash_flow_coverage_ratio: float | None = Field(None, alias="operatingCashFlowCoverageRatio")
    capital_expenditure_coverage_ratio: float | None = Field(None, alias="capitalExpenditureCoverageRatio")
    dividend_paid_and_capex_coverage_ratio: float | None = Field(None, alias="dividendPaidAndCapexCoverageRatio")
    dividend_payout_ratio: float | None = Field(None, alias="dividendPayoutRatio")
    dividend_yield: float | None = Field(None, alias="dividendYield")
    dividend_yield_percentage: float | None = Field(None, alias="dividendYieldPercentage")
    dividend_per_share: float | None = Field(None, alias="dividendPerShare")
    revenue_per_share: float | None = Field(None, alias="revenuePerShare")
    net_income_per_share: float | None = Field(None, alias="netIncomePerShare")
    interest_debt_per_share: float | None = Field(None, alias="interestDebtPerShare")
    cash_per_share: float | None = Field(None, alias="cashPerShare")
    book_value_per_share: float | None = Field(None, alias="bookValuePerShare")
    tangible_book_value_per_share: float | None = Field(None, alias="tangibleBookValuePerShare")
    shareholders_equity_per_share: float | None = Field(None, alias="shareholdersEquityPerShare")
    operating_cash_flow_per_share: float | None = Field(None, alias="operatingCashFlowPerShare")
    capex_per_share: float | None = Field(None, alias="capexPerShare")
    free_cash_flow_per_share: float | None = Field(None, alias="freeCashFlowPerShare")
    net_income_per_ebt: float | None = Field(None, alias="netIncomePerEBT")
    ebt_per_ebit: float | None = Field(None, alias="ebtPerEbit")
    price_to_fair_value: float | None = Field(None, alias="priceToFairValue")
    debt_to_market_cap: float | None = Field(None, alias="debtToMarketCap")
    effective_tax_rate: float | None = Field(None, alias="effectiveTaxRate")
    enterprise_value_multiple: float | None = Field(None, alias="enterpriseValueMultiple")


class FinancialStatementFull(ResponseModel):
    """A company's combined statements for one period as filed, keyed by the filing's reporting tags."""

    date: DateOrTime | None = None
    symbol: str | None = None
    period: str | None = None
    documenttype: str | None = None
    filingdate: DateOrTime | None = None
    revenuefromcontractwithcustomerexcludingassessedtax: float | None = None
    costofgoodsandservicessold: float | None = None
    grossprofit: float | None = None
    operatingexpenses: float | None = None
    researchanddevelopmentexpense: float | None = None
    sellinggeneralandadministrativeexpense: float | None = None
    operatingincomeloss: float | None = None
    netincomeloss: float | None = None
    earningspersharebasic: float | None = None
    earningspersharediluted: float | None = None
    cashandcashequivalentsatcarryingvalue: float | None = None
    marketablesecuritiescurrent: float | None = None
    accountsreceivablenetcurrent: float | None = None
    inventorynet: float | None = None
    assetscurrent: float | None = None
    propertyplantandequipmentnet: float | None = None
    assetsnoncurrent: float | None = None
    assets: float | None = None
    accountspayablecurrent: float | None = None
    liabilitiescurrent: float | None = None
    longtermdebtnoncurrent: float | None = None
    liabilitiesnoncurrent: float | None = None
    liabilities: float | None = None
    commonstocksharesoutstanding: float | None = None
    commonstocksincludingadditionalpaidincapital: float | None = None
    retainedearningsaccumulateddeficit: float | None = None
    accumulatedothercomprehensiveincomelossnetoftax: float | None = None
    stockholdersequity: float | None = None
    netcashprovidedbyusedinoperatingactivities: float | None = None
    netcashprovidedbyusedininvestingactivities: float | None = None
    netcashprovidedbyusedinfinancingactivities: float | None = None
    depreciationdepletionandamortization: float | None = None
    marketcap: float | None = None
    full_time_employees: int | None = Field(None, alias="fullTimeEmployees")
    data: dict[str, Any] | None = None
    fiscal_year: int | None = Field(None, alias="fiscalYear")
    reported_currency: str | None = Field(None, alias="reportedCurrency")


class FinancialReportDate(ResponseModel):
    """One report period available for a company, with links to its spreadsheet and JSON downloads."""

    symbol: str
    fiscal_year: int | None = Field(None, alias="fiscalYear")
    date: str | None = None
    period: str
    link_xlsx: str = Field(alias="linkXlsx")
    link_json: str = Field(alias="linkJson")


class OwnerEarnings(ResponseModel):
    """A company's owner earnings for one period, with capital spending split into maintenance and growth."""

    former_fields: ClassVar[Mapping[str, str]] = {
        "reportedOwnerEarnings": "ownersEarnings",
        "ownerEarningsPerShare": "ownersEarningsPerShare",
    }

    date: DateOrTime | None
    symbol: str
    reported_currency: str | None = Field(None, alias="reportedCurrency")
    fiscal_year: str | None = Field(None, alias="fiscalYear")
    period: str | None = None
    average_ppe: float | None = Field(None, alias="averagePPE")
    maintenance_capex: float | None = Field(None, alias="maintenanceCapex")
    growth_capex: float | None = Field(None, alias="growthCapex")
    owners_earnings: float | None = Field(None, alias="ownersEarnings")
    owners_earnings_per_share: float | None = Field(None, alias="ownersEarningsPerShare")


class LeveredDCF(ResponseModel):
    """A levered discounted-cash-flow value per share for a company on one date, next to its share price."""

    former_fields: ClassVar[Mapping[str, str]] = {"leveredDcf": "dcf", "stockPrice": "Stock Price"}

    symbol: str
    date: DateOrTime | None
    dcf: float | None = None
    stock_price: float | None = Field(None, alias="Stock Price")
    growth_rate: float | None = Field(None, alias="growthRate")
    cost_of_equity: float | None = Field(None, alias="costOfEquity")


class LegacyHistoricalRating(ResponseModel):
    """A company's rating on one date, with the per-factor detail as a nested mapping."""

    date: DateOrTime | None
    rating: str
    rating_score: int = Field(alias="ratingScore")
    rating_recommendation: str = Field(alias="ratingRecommendation")
    rating_details: dict[str, Any] = Field(alias="ratingDetails")


class DCF(ResponseModel):
    """A discounted-cash-flow value per share for a company on one date, next to its share price."""

    former_fields: ClassVar[Mapping[str, str]] = {"stockPrice": "Stock Price"}

    symbol: str
    date: DateOrTime | None
    dcf: float | None = None
    stock_price: float | None = Field(None, alias="Stock Price")


class CustomDCF(ResponseModel):
    """One year of an unlevered DCF model built from caller-supplied assumptions, with the implied share value."""

    symbol: str
    year: str | int | None = None
    date: DateOrTime | None = None
    fcf0: float | None = None
    fcf1: float | None = None
    fcf2: float | None = None
    fcf3: float | None = None
    fcf4: float | None = None
    fcf5: float | None = None
    fcf6: float | None = None
    fcf7: float | None = None
    fcf8: float | None = None
    fcf9: float | None = None
    fcf10: float | None = None
    terminal_value: float | None = Field(None, alias="terminalValue")
    growth_rate: float | None = Field(None, alias="growthRate")
    terminal_growth_rate: float | None = Field(None, alias="terminalGrowthRate")
    wacc: float | None = None
    present_value_of_fcf: float | None = Field(None, alias="presentValueOfFCF")
    present_value_of_terminal_value: float | None = Field(None, alias="presentValueOfTerminalValue")
    enterprise_value: float | None = Field(None, alias="enterpriseValue")
    net_debt: float | None = Field(None, alias="netDebt")
    equity_value: float | None = Field(None, alias="equityValue")
    shares_outstanding: float | None = Field(None, alias="sharesOutstanding")
    dcf: float | None = None
    stock_price: float | None = Field(None, alias="stockPrice")
    implied_share_price: float | None = Field(None, alias="impliedSharePrice")
    after_tax_cost_of_debt: float | None = Field(None, alias="afterTaxCostOfDebt")
    beta: float | None = None
    capital_expenditure: float | None = Field(None, alias="capitalExpenditure")
    capital_expenditure_percentage: float | None = Field(None, alias="capitalExpenditurePercentage")
    cost_of_equity: float | None = Field(None, alias="costOfEquity")
    costof_debt: float | None = Field(None, alias="costofDebt")
    debt_weighting: float | None = Field(None, alias="debtWeighting")
    depreciation: float | None = None
    depreciation_percentage: float | None = Field(None, alias="depreciationPercentage")
    diluted_shares_outstanding: float | None = Field(None, alias="dilutedSharesOutstanding")
    ebiat: float | None = None
    ebit: float | None = None
    ebit_percentage: float | None = Field(None, alias="ebitPercentage")
    ebitda: float | None = None
    ebitda_percentage: float | None = Field(None, alias="ebitdaPercentage")
    equity_value_per_share: float | None = Field(None, alias="equityValuePerShare")
    equity_weighting: float | None = Field(None, alias="equityWeighting")
    free_cash_flow_t1: float | None = Field(None, alias="freeCashFlowT1")
    inventories: float | None = None
    inventories_percentage: float | None = Field(None, alias="inventoriesPercentage")
    long_term_growth_rate: float | None = Field(None, alias="longTermGrowthRate")
    market_risk_premium: float | None = Field(None, alias="marketRiskPremium")
    payable: float | None = None
    payable_percentage: float | None = Field(None, alias="payablePercentage")
    present_terminal_value: float | None = Field(None, alias="presentTerminalValue")
    price: float | None = None
    receivables: float | None = None
    receivables_percentage: float | None = Field(None, alias="receivablesPercentage")
    revenue: float | None = None
    revenue_percentage: float | None = Field(None, alias="revenuePercentage")
    risk_free_rate: float | None = Field(None, alias="riskFreeRate")
    sum_pv_ufcf: float | None = Field(None, alias="sumPvUfcf")
    tax_rate: float | None = Field(None, alias="taxRate")
    tax_rate_cash: float | None = Field(None, alias="taxRateCash")
    total_capital: float | None = Field(None, alias="totalCapital")
    total_cash: float | None = Field(None, alias="totalCash")
    total_cash_percentage: float | None = Field(None, alias="totalCashPercentage")
    total_debt: float | None = Field(None, alias="totalDebt")
    total_equity: float | None = Field(None, alias="totalEquity")
    ufcf: float | None = None


class CustomLeveredDCF(ResponseModel):
    """One year of a levered DCF model built from caller-supplied assumptions, with the implied share value."""

    symbol: str
    year: str | int | None = None
    date: DateOrTime | None = None
    fcfe0: float | None = None
    fcfe1: float | None = None
    fcfe2: float | None = None
    fcfe3: float | None = None
    fcfe4: float | None = None
    fcfe5: float | None = None
    fcfe6: float | None = None
    fcfe7: float | None = None
    fcfe8: float | None = None
    fcfe9: float | None = None
    fcfe10: float | None = None
    terminal_value: float | None = Field(None, alias="terminalValue")
    growth_rate: float | None = Field(None, alias="growthRate")
    terminal_growth_rate: float | None = Field(None, alias="terminalGrowthRate")
    cost_of_equity: float | None = Field(None, alias="costOfEquity")
    present_value_of_fcfe: float | None = Field(None, alias="presentValueOfFCFE")
    present_value_of_terminal_value: float | None = Field(None, alias="presentValueOfTerminalValue")
    equity_value: float | None = Field(None, alias="equityValue")
    shares_outstanding: float | None = Field(None, alias="sharesOutstanding")
    dcf: float | None = None
    stock_price: float | None = Field(None, alias="stockPrice")
    implied_share_price: float | None = Field(None, alias="impliedSharePrice")
    after_tax_cost_of_debt: float | None = Field(None, alias="afterTaxCostOfDebt")
    beta: float | None = None
    capital_expenditure: float | None = Field(None, alias="capitalExpenditure")
    capital_expenditure_percentage: float | None = Field(None, alias="capitalExpenditurePercentage")
    costof_debt: float | None = Field(None, alias="costofDebt")
    debt_weighting: float | None = Field(None, alias="debtWeighting")
    diluted_shares_outstanding: float | None = Field(None, alias="dilutedSharesOutstanding")
    enterprise_value: float | None = Field(None, alias="enterpriseValue")
    equity_value_per_share: float | None = Field(None, alias="equityValuePerShare")
    equity_weighting: float | None = Field(None, alias="equityWeighting")
    free_cash_flow: float | None = Field(None, alias="freeCashFlow")
    free_cash_flow_t1: float | None = Field(None, alias="freeCashFlowT1")
    long_term_growth_rate: float | None = Field(None, alias="longTermGrowthRate")
    market_risk_premium: float | None = Field(None, alias="marketRiskPremium")
    net_debt: float | None = Field(None, alias="netDebt")
    operating_cash_flow: float | None = Field(None, alias="operatingCashFlow")
    operating_cash_flow_percentage: float | None = Field(None, alias="operatingCashFlowPercentage")
    present_terminal_value: float | None = Field(None, alias="presentTerminalValue")
    price: float | None = None
    pv_lfcf: float | None = Field(None, alias="pvLfcf")
    revenue: float | None = None
    revenue_percentage: float | None = Field(None, alias="revenuePercentage")
    risk_free_rate: float | None = Field(None, alias="riskFreeRate")
    sum_pv_lfcf: float | None = Field(None, alias="sumPvLfcf")
    tax_rate: float | None = Field(None, alias="taxRate")
    total_capital: float | None = Field(None, alias="totalCapital")
    total_debt: float | None = Field(None, alias="totalDebt")
    total_equity: float | None = Field(None, alias="totalEquity")
    wacc: float | None = None
