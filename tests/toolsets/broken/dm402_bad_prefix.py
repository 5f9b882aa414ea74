"""Broken on purpose: a prefix must start with a letter."""

TOOLS = ["company.quote"]
PREFIX = "1st_"
