"""Fields chosen by the names the earlier client's models gave them."""

TOOLS = ["company.profile", "company.analyst_estimates"]
OVERRIDES = {
    "company.profile": {"fields": ["symbol", "mktCap", "lastDiv"]},
    "company.analyst_estimates": {"exclude_fields": ["estimatedEpsAvg"]},
}
