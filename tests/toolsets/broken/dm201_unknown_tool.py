"""Broken on purpose: tool names that do not exist."""

TOOLS = ["company.quote", "quot", "get_profile"]
EXCLUDE = ["company.nothing"]
