"""Analysis limits out of range."""

TOOLS = ["company.historical_prices"]
ANALYSIS = {"max_query_ms": 5, "max_table_rows": 2000000, "max_rows": 1000000}
