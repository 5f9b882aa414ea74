"""Broken on purpose: dots are allowed only in the spec style."""

TOOLS = ["company.quote"]
OVERRIDES = {"company.quote": {"name": "stock.quote"}}
