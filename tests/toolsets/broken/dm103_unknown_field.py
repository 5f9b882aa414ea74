"""Broken on purpose: misspelled and lowercase fields."""

TOOL = ["company.quote"]
tools = ["company.quote"]
