"""Broken on purpose: a rename takes another tool's name."""

TOOLS = ["company.quote", "company.profile"]
OVERRIDES = {"company.quote": {"name": "profile"}}
