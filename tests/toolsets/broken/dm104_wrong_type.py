"""Broken on purpose: values of the wrong type."""

TOOLS = "company.quote"
INCLUDE = ["tag:news", 7, ""]
OUTPUT_SCHEMAS = "yes"
