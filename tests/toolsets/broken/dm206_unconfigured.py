"""Broken on purpose: this endpoint needs DATA_PROVIDER_SEGMENT, which is not set."""

TOOLS = ["company.quote", "intelligence.provider_articles"]
