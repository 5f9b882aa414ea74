"""A warning, not an error: patterns that select nothing."""

TOOLS = ["company.quote"]
INCLUDE = ["fundamentals.*"]
EXCLUDE = ["*.nothing_like_this"]
