"""Quotes \udcc8 for the desk."""

TOOLS = ["company.quote"]
