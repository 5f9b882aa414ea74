"""Broken on purpose: an unclosed list."""

TOOLS = [
    "company.quote",
    "company.profile"

INCLUDE = []
