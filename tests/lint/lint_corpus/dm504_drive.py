"""A drive letter only works on one Windows machine."""

EXTENDS = ["C:/Users/me/base.yaml"]
TOOLS = ["company.quote"]
