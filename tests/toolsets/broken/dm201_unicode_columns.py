"""Ünïcödé before the error: columns count characters, not bytes."""

TOOLS = ["company.quote", "naïve_quote", "quot"]
