"""Broken on purpose: a field assigned twice."""

TOOLS = ["company.quote"]
TOOLS = ["company.profile"]
