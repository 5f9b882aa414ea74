"""The local server's default tool set: what an agent gets when no manifest or profile is chosen.

Listed in the order ``tools/list`` presents them. Agents read a tool list top down and lean on what comes first,
so the tools most questions need (a quote, a symbol lookup, prices, the statements) lead, and reference lists
close it. Kept to about 40 tools, the most an agent chooses among reliably.
"""

from __future__ import annotations

__all__ = ["DEFAULT_SET"]

DEFAULT_SET: tuple[str, ...] = (
    # Prices and finding a symbol.
    "company.quote",
    "market.search",
    "market.search_name",
    "company.profile",
    "company.historical_prices",
    "company.intraday_prices",
    "batch.batch_quote",
    "company.stock_price_change",
    # Fundamentals.
    "fundamental.income_statement",
    "fundamental.balance_sheet",
    "fundamental.cash_flow",
    "fundamental.key_metrics",
    "fundamental.financial_ratios",
    "fundamental.discounted_cash_flow",
    "company.market_cap",
    "company.key_executives",
    "company.stock_peers",
    "company.dividends",
    # What analysts and the news say.
    "company.analyst_estimates",
    "company.price_target_summary",
    "company.price_target_consensus",
    "intelligence.grades_consensus",
    "intelligence.ratings_snapshot",
    "intelligence.stock_symbol_news",
    "intelligence.press_releases_by_symbol",
    "intelligence.general_news",
    "intelligence.historical_earnings",
    "intelligence.earnings_calendar",
    "intelligence.ipo_calendar",
    "institutional.insider_trades",
    "intelligence.senate_trading",
    # The market as a whole.
    "market.gainers",
    "market.losers",
    "market.most_active",
    "market.sector_performance",
    "market.market_hours",
    "investment.etf_info",
    "investment.etf_holdings",
    "economics.treasury_rates",
    "economics.economic_indicators",
    "economics.economic_calendar",
    # Reference lists.
    "alternative.crypto_list",
    "alternative.forex_list",
)
