"""Spec names have dots: fine for MCP, refused by strict model APIs."""

TOOLS = ["company.quote", "market.search"]
NAME_STYLE = "spec"
