"""Broken on purpose: extends itself."""

EXTENDS = ["dm301_cycle_self.py"]
TOOLS = ["company.quote"]
