"""Shared parameter vocabulary.

Most endpoints take the same handful of arguments (``symbol``, ``limit``,
``from_date`` ...). Their type and agent-facing description are declared
once here; an endpoint entry names the parameter and overrides only what
differs (wire name, requiredness, default, enum, a sharper description).
"""

from __future__ import annotations

from data_pkg.catalog._types import Param, ParamType, Scalar

_COMMON: dict[str, tuple[ParamType, str]] = {
    # identity
    "symbol": ("str", "Ticker symbol, e.g. AAPL (crypto BTCUSD, forex EURUSD, index ^GSPC)."),
    "symbols": ("list", 'Ticker symbols, e.g. ["AAPL", "MSFT"].'),
    "cik": ("cik", "SEC Central Index Key, digits only, e.g. 0000320193."),
    "cusip": ("str", "9-character CUSIP, e.g. 037833100."),
    "isin": ("str", "12-character ISIN, e.g. US0378331005."),
    "name": ("str", "Name or part of a name to search for."),
    "query": ("str", "Search text: a symbol or company name fragment."),
    "exchange": ("str", "Exchange short name, e.g. NASDAQ, NYSE, LSE."),
    "country": ("str", "Two-letter country code, e.g. US."),
    "sector": ("str", "Sector name, e.g. Technology."),
    "industry": ("str", "Industry name, e.g. Consumer Electronics."),
    # ranges and paging
    "from_date": ("date", "Start date, YYYY-MM-DD (inclusive)."),
    "to_date": ("date", "End date, YYYY-MM-DD (inclusive)."),
    "date": ("date", "Date, YYYY-MM-DD."),
    "limit": ("int", "Maximum number of records to return."),
    "page": ("int", "Page number, starting at 0."),
    "offset": ("int", "Number of records to skip."),
    "year": ("int", "Calendar or fiscal year, e.g. 2024."),
    "quarter": ("int", "Quarter 1-4."),
    "period": ("str", "Reporting period: annual or quarter (or FY, Q1-Q4)."),
    # prices and charts
    "interval": ("str", "Bar size of the intraday chart."),
    "timeframe": ("str", "Bar size the indicator is computed on."),
    "period_length": ("int", "Number of bars in the indicator window, e.g. 14."),
    "nonadjusted": ("bool", "True for prices not adjusted for splits and dividends."),
    "extended": ("bool", "True to include pre- and after-market bars."),
    "short": ("bool", "True for the short form: symbol, price, change and volume only."),
    "timestamp": ("int", "Unix time in seconds to evaluate the hours at; now when omitted."),
    # screener bounds
    "market_cap_more_than": ("float", "Minimum market capitalisation in USD."),
    "market_cap_less_than": ("float", "Maximum market capitalisation in USD."),
    "price_more_than": ("float", "Minimum share price."),
    "price_less_than": ("float", "Maximum share price."),
    "beta_more_than": ("float", "Minimum beta."),
    "beta_less_than": ("float", "Maximum beta."),
    "volume_more_than": ("int", "Minimum daily volume in shares."),
    "volume_less_than": ("int", "Maximum daily volume in shares."),
    "avg_volume_more_than": ("int", "Minimum average daily volume in shares."),
    "avg_volume_less_than": ("int", "Maximum average daily volume in shares."),
    "dividend_more_than": ("float", "Minimum annual dividend per share."),
    "dividend_less_than": ("float", "Maximum annual dividend per share."),
    "is_etf": ("bool", "True for ETFs only, false to exclude them."),
    "is_fund": ("bool", "True for funds only, false to exclude them."),
    "is_actively_trading": ("bool", "True for actively trading symbols only."),
    "include_all_share_classes": ("bool", "True to list every share class of a company."),
    # discounted cash flow assumptions
    "revenue_growth_pct": ("float", "Assumed yearly revenue growth, as a fraction (0.1 = 10%)."),
    "ebitda_pct": ("float", "EBITDA as a fraction of revenue."),
    "depreciation_and_amortization_pct": ("float", "D&A as a fraction of revenue."),
    "cash_and_short_term_investments_pct": ("float", "Cash and short-term investments as a fraction of revenue."),
    "receivables_pct": ("float", "Receivables as a fraction of revenue."),
    "inventories_pct": ("float", "Inventories as a fraction of revenue."),
    "payable_pct": ("float", "Payables as a fraction of revenue."),
    "ebit_pct": ("float", "EBIT as a fraction of revenue."),
    "capital_expenditure_pct": ("float", "Capital expenditure as a fraction of revenue."),
    "operating_cash_flow_pct": ("float", "Operating cash flow as a fraction of revenue."),
    "selling_general_and_administrative_expenses_pct": ("float", "SG&A as a fraction of revenue."),
    "tax_rate": ("float", "Effective tax rate, as a fraction."),
    "long_term_growth_rate": ("float", "Terminal growth rate, in percent."),
    "cost_of_debt": ("float", "Pre-tax cost of debt, in percent."),
    "cost_of_equity": ("float", "Cost of equity, in percent."),
    "market_risk_premium": ("float", "Equity market risk premium, in percent."),
    "beta": ("float", "Beta to use instead of the measured one."),
    "risk_free_rate": ("float", "Risk-free rate, in percent."),
    # everything else
    "structure": ("str", "flat for one row per period, nested for grouped rows."),
    "include_report_times": ("bool", "True to add before/after-market report times."),
    "indicator_name": ("str", "Economic indicator to fetch."),
    "part": ("str", "Part of the split bulk file, counting from 0: 0, 1, 2 ..."),
    "senate_id": ("str", "Member identifier as returned by the profile and trade tools."),
    "active": ("bool", "True for members currently in office."),
    "latest_party": ("str", "Party of the member's latest term, e.g. Democratic."),
    "latest_position": ("str", "Latest position held, e.g. Senator."),
    "party": ("str", "Party name, e.g. Republican."),
    "position": ("str", "Position held, e.g. Representative."),
    "totals_col": ("str", "Column to total the aggregation by."),
    "reporting_cik": ("str", "CIK of the insider who filed the report."),
    "company_cik": ("str", "CIK of the company whose shares were traded."),
    "transaction_type": ("str", "Insider transaction code, e.g. P-Purchase, S-Sale."),
    "form_type": ("str", "SEC form type, e.g. 8-K, 10-K, 10-Q."),
    "sic_code": ("str", "Four-digit Standard Industrial Classification code."),
    "industry_title": ("str", "SIC industry title or part of it."),
    "holdings_date": ("date", "Portfolio date, YYYY-MM-DD; latest when omitted."),
    "report_date": ("date", "Report date, YYYY-MM-DD."),
    "trade_date": ("date", "Trade date, YYYY-MM-DD."),
    "target_date": ("date", "Trading day, YYYY-MM-DD."),
    "invalid": ("str", "'true' to include changes of symbols that are no longer valid."),
    "type": ("str", "Sentiment direction: bullish or bearish."),
    "source": ("str", "Social platform the sentiment is measured on."),
}


def p(
    name: str,
    *,
    wire: str | None = None,
    type: ParamType | None = None,
    required: bool = False,
    default: Scalar | None = None,
    enum: tuple[Scalar, ...] = (),
    description: str | None = None,
    path: bool = False,
    aliases: tuple[str, ...] = (),
    client_default: Scalar | None = None,
    synonyms: tuple[tuple[str, str], ...] = (),
) -> Param:
    """Build a :class:`Param`, filling type and description from the shared vocabulary."""
    common = _COMMON.get(name)
    if common is None and (type is None or description is None):
        raise KeyError(f"parameter {name!r} is not in the shared vocabulary: give type and description")
    kind = type or (common[0] if common else "str")
    return Param(
        name=name,
        wire=wire or name,
        type=kind,
        description=description or (common[1] if common else ""),
        required=required,
        default=default,
        enum=enum,
        location="path" if path else "query",
        aliases=aliases,
        client_default=client_default,
        synonyms=synonyms,
    )
