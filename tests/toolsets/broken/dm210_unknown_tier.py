"""Broken on purpose: there is no gold plan."""

TOOLS = ["company.quote"]
MAX_TIER = "gold"
