"""Analyst: fundamental research on one company at a time.

For an equity analyst (or an agent acting as one) building a view of a business: the three
statements and their trailing and growth variants, ratios, key metrics and scores, valuation
(DCF and levered DCF, enterprise value), the Street's view (estimates, price targets, grades,
ratings), earnings history and dates, dividends, peers and management, segment revenue, company
news, press releases and filings, and earnings call transcripts. Market-wide screens, charts
beyond daily prices and technical indicators are left to the quant profile.

Transcripts need the ultimate plan: a manifest extending this one can set MAX_TIER to drop them.
The list is explicit on purpose: a profile never grows because the catalog did.
"""

TOOLS = [
    # The company and its price
    "company.quote",
    "market.search",
    "company.profile",
    "company.key_executives",
    "company.stock_peers",
    "company.market_cap",
    "company.historical_prices",
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
    "fundamental.owner_earnings",
    "company.product_revenue_segmentation",
    "company.geographic_revenue_segmentation",
    # Valuation
    "fundamental.discounted_cash_flow",
    "fundamental.levered_dcf",
    # The Street's view
    "company.analyst_estimates",
    "company.price_target_summary",
    "company.price_target_consensus",
    "intelligence.grades",
    "intelligence.grades_consensus",
    "intelligence.ratings_snapshot",
    # Earnings, dividends, news and filings
    "intelligence.historical_earnings",
    "intelligence.earnings_calendar",
    "company.dividends",
    "intelligence.stock_symbol_news",
    "intelligence.press_releases_by_symbol",
    "sec.filings_search_symbol",
    "transcripts.transcript",
    "transcripts.transcript_dates",
]
