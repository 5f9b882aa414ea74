"""Fields chosen for an answer that it does not have."""

TOOLS = ["company.historical_prices", "company.quote"]
OVERRIDES = {
    "company.historical_prices": {"fields": ["date", "closing", "volume"]},
    "company.quote": {"exclude_fields": ["change_percent"]},
}
