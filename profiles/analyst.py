"""Analyst: research on one company at a time, and the market data that research reaches for.

A company's statements, ratios, metrics, scores and valuation, the Street's view, earnings,
dividends, news, filings, transcripts and insider trades; a company found by name, a stock
screen, an ETF's holdings, treasury yields and an RSI. Intraday bars, market movers and the
other indicators are in the quant profile.

Tasks it is for, each with the tools that do it:

- five years of closes and their CAGR: company.historical_prices
- two companies' gross margins over five years: fundamental.financial_ratios
- the latest 50 news items: intelligence.stock_symbol_news
- a year of insider trades: institutional.insider_trades
- next month's earnings calendar: intelligence.earnings_calendar
- a 14-day RSI: technical.rsi
- a large-cap tech screen: company.stock_screener
- an ETF's top holdings: investment.etf_holdings
- a year of 10-year treasury yields: economics.treasury_rates
- a company found by name: market.search_name
- a company's statements and valuation: fundamental.income_statement, fundamental.discounted_cash_flow
"""

# The description is the server's instructions too, so notes for people are here: tests/mcp/test_profile_tasks.py
# holds each task above to tools this profile serves, and its tool list to 6,000 o200k tokens. Indicators need the
# starter plan and transcripts the ultimate: a manifest extending this one can set MAX_TIER. The list is explicit
# on purpose: a profile never grows because the catalog did.

TOOLS = [
    # The company and its price
    "company.quote",
    "market.search_name",
    "company.profile",
    "company.key_executives",
    "company.stock_peers",
    "company.historical_prices",
    "technical.rsi",
    # Statements and what is derived from them
    "fundamental.income_statement",
    "fundamental.balance_sheet",
    "fundamental.cash_flow",
    "company.income_statement_ttm",
    "company.financial_growth",
    "fundamental.key_metrics",
    "fundamental.financial_ratios",
    "company.key_metrics_ttm",
    "company.financial_ratios_ttm",
    "company.financial_scores",
    "company.enterprise_values",
    "company.product_revenue_segmentation",
    # Valuation
    "fundamental.discounted_cash_flow",
    # The Street's view
    "company.analyst_estimates",
    "company.price_target_summary",
    "intelligence.grades",
    "intelligence.grades_consensus",
    # Earnings, dividends, news, filings and insiders
    "intelligence.historical_earnings",
    "intelligence.earnings_calendar",
    "company.dividends",
    "intelligence.stock_symbol_news",
    "intelligence.press_releases_by_symbol",
    "sec.filings_search_symbol",
    "transcripts.transcript",
    "transcripts.transcript_dates",
    "institutional.insider_trades",
    # The market around it
    "company.stock_screener",
    "investment.etf_holdings",
    "economics.treasury_rates",
]
