"""Broken on purpose: profiles are analyst, default, full, minimal, news and quant."""

EXTENDS = ["analist"]
TOOLS = ["company.quote"]
