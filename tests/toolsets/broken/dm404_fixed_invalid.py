"""Broken on purpose: fixed arguments that do not fit their parameters."""

TOOLS = ["fundamental.income_statement", "company.intraday_prices", "company.dividends"]
OVERRIDES = {
    "fundamental.income_statement": {"fixed": {"limit": "5", "period": "monthly"}},
    "company.intraday_prices": {"fixed": {"interval": "2min", "symbols": ["AAPL"]}},
    "company.dividends": {"fixed": {"from_date": "2024-02-30"}},
}
