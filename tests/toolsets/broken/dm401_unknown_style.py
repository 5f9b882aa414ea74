"""Broken on purpose: kebab is not a naming style."""

TOOLS = ["company.quote"]
NAME_STYLE = "kebab"
