"""Quant: prices, indicators and the market backdrop, for systematic and technical work.

For a quantitative or technical trader (or an agent screening and timing): live and batch
quotes, daily history (adjusted, and adjusted for dividends for total return), intraday bars,
every technical indicator, market movers and sector performance, trading hours and holidays,
treasury rates, economic indicators, the equity risk premium and the commitment of traders
reports. Company fundamentals and news are left to the analyst and news profiles.

Technical indicators need the starter plan, commitment of traders data the premium plan: set
MAX_TIER in a manifest that extends this one to keep only what your plan can call.

Tasks it is for, each with the tools that do it:

- quotes, one symbol or many: company.quote, batch.batch_quote
- daily history for total return: company.historical_prices_dividend_adjusted
- intraday bars: company.intraday_prices
- an indicator on any timeframe: technical.rsi, technical.sma, technical.adx
- today's movers and sectors: market.gainers, market.losers, market.sector_performance
- the yield curve and the economy: economics.treasury_rates, economics.economic_indicators
- how traders are positioned: economics.commitment_of_traders_report
"""

TOOLS = [
    # Quotes
    "company.quote",
    "batch.batch_quote",
    "batch.index_quotes",
    "company.stock_price_change",
    "company.aftermarket_quote",
    "market.search",
    # Price history
    "company.historical_prices",
    "company.historical_prices_dividend_adjusted",
    "company.intraday_prices",
    "company.share_float",
    # Market backdrop
    "market.gainers",
    "market.losers",
    "market.most_active",
    "market.sector_performance",
    "market.historical_sector_performance",
    "market.market_hours",
    "market.holidays_by_exchange",
    # Rates and the economy
    "economics.treasury_rates",
    "economics.economic_indicators",
    "economics.market_risk_premium",
    "economics.commitment_of_traders_report",
    "economics.commitment_of_traders_analysis",
    "economics.commitment_of_traders_list",
]

# Every indicator: a quant wants the whole family, including ones added later.
INCLUDE = ["group:technical"]
