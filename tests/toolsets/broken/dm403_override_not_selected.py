"""Broken on purpose: an override of a tool this manifest does not select."""

TOOLS = ["company.quote"]
OVERRIDES = {"company.profile": {"description": "Who the company is."}}
