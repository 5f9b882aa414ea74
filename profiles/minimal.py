"""Minimal: the handful of tools almost every market question starts with.

For small-context models and hosts that cap tools per request, and as a base to extend: a live
quote (one symbol or several), symbol search, the company profile, daily price history, the
income statement, key metrics and the news about a symbol. Everything else is one extends away.

Tasks it is for, each with the tools that do it:

- a live quote, of one symbol or several: company.quote, batch.batch_quote
- a ticker from part of a symbol: market.search
- what a company does: company.profile
- a year of daily closes: company.historical_prices
- revenue and earnings over the years: fundamental.income_statement, fundamental.key_metrics
- the news about a stock: intelligence.stock_symbol_news

The list is explicit on purpose: a profile never grows because the catalog did.
"""

TOOLS = [
    "company.quote",
    "batch.batch_quote",
    "market.search",
    "company.profile",
    "company.historical_prices",
    "fundamental.income_statement",
    "fundamental.key_metrics",
    "intelligence.stock_symbol_news",
]
