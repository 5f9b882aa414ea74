"""Broken on purpose: malformed patterns, and a pattern in TOOLS."""

TOOLS = ["company.quote", "fundamental.*"]
INCLUDE = ["groups:company", "tag:newz"]
