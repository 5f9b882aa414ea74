"""Broken on purpose: the extended file is not there."""

EXTENDS = ["./base/team.py"]
TOOLS = ["company.quote"]
