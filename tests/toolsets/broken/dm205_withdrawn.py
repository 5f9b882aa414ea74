"""A warning, not an error: withdrawn endpoints are skipped, and their successor named."""

TOOLS = ["company.quote", "company.price_target", "market.pre_post_market"]
