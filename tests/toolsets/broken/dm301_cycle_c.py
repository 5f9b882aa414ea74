"""Broken on purpose: closes the cycle a -> b -> c -> a."""

EXTENDS = ["./dm301_cycle_a.yaml"]
TOOLS = ["market.search"]
