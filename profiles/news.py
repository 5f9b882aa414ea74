"""News: what happened and what is scheduled, for monitoring and briefings.

For a news desk, an event-driven trader or an agent writing a morning briefing: general, stock,
forex and crypto news, press releases, analyst grade and price-target changes as they are
published, the earnings, dividend, split, IPO and economic calendars, trades disclosed by
members of Congress and by company insiders, fresh 8-K filings and M&A announcements, plus a
quote and symbol search to put a story in context.

Tasks it is for, each with the tools that do it:

- this morning's market news: intelligence.general_news, intelligence.stock_news
- one stock's news: intelligence.stock_symbol_news, intelligence.press_releases_by_symbol
- this week's earnings and IPOs: intelligence.earnings_calendar, intelligence.ipo_calendar
- the economic calendar: economics.economic_calendar
- upgrades, downgrades and new price targets: intelligence.grades_latest_news, intelligence.price_target_latest_news
- trades by members of Congress and insiders: intelligence.senate_latest, institutional.insider_trading_latest
- fresh 8-K filings and M&A: sec.filings_8k, company.mergers_acquisitions_latest
"""

# Articles published by the data provider itself need a configured path segment (DATA_PROVIDER_SEGMENT); a manifest
# extending this one may add intelligence.provider_articles.

TOOLS = [
    # Context
    "company.quote",
    "market.search",
    # News and press releases
    "intelligence.general_news",
    "intelligence.stock_news",
    "intelligence.stock_symbol_news",
    "intelligence.forex_news",
    "intelligence.crypto_news",
    "intelligence.forex_symbol_news",
    "intelligence.crypto_symbol_news",
    "intelligence.press_releases",
    "intelligence.press_releases_by_symbol",
    # Analyst actions as news
    "intelligence.grades_latest_news",
    "intelligence.grades_news",
    "intelligence.price_target_latest_news",
    "intelligence.price_target_news",
    # Calendars
    "intelligence.earnings_calendar",
    "intelligence.dividends_calendar",
    "intelligence.stock_splits_calendar",
    "intelligence.ipo_calendar",
    "economics.economic_calendar",
    # Disclosed trades
    "intelligence.senate_latest",
    "intelligence.house_latest",
    "intelligence.senate_trading",
    "intelligence.house_disclosure",
    "institutional.insider_trading_latest",
    "institutional.insider_trading_search",
    # Corporate events
    "sec.filings_8k",
    "company.mergers_acquisitions_latest",
]
