"""Broken on purpose: the same tool twice, once by key and once by spec name."""

TOOLS = ["company.quote", "company.profile", "quote"]
INCLUDE = ["tag:news", "tag:news"]
